// Attack: a password with a lone surrogate (half of a UTF-16 pair, which is no character at all).
// Hashed as UTF-8, each lone surrogate becomes U+FFFD, so "abc\ud800defghij" and "abc\udc00defghij"
// are one password: whoever knows the one passes with the other, and a client that sends the user's
// password through another encoder gets a different hash. Every password that is set or checked
// must be well-formed Unicode; anything else is INVALID_DATA, before any limit or hash is spent.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, uniqueEmail, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile({ leakCheck: { mode: "off" } });

const LONE_HIGH = "abc\ud800defghij";
const LONE_LOW = "abc\udc00defghij";

test("a user cannot be created with a lone surrogate in the password, so no other one can pass for it", async () => {
	const email = uniqueEmail();
	const created = await server.request("POST", "/users", { email, password: LONE_HIGH });
	expect(created.body).toEqual({ error: "INVALID_DATA" });
	// On the old code the account existed, and the other lone surrogate signed in to it.
	const signIn = await server.request("POST", "/authenticate/password", { email, password: LONE_LOW });
	expect(signIn.body).toEqual({ error: "INVALID_DATA" });
});

test("every call that sets or checks a password refuses one that is not well-formed", async () => {
	const user = await createUser(server);
	const path = `/users/${user.id}`;
	for (const bad of [LONE_HIGH, LONE_LOW, "\udfff" + STRONG_PASSWORD, STRONG_PASSWORD + "\ud83d"]) {
		expect((await server.request("POST", `${path}/verify-password`, { password: bad })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", `${path}/update-password`, { password: bad, new_password: STRONG_PASSWORD })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", `${path}/update-password`, { password: STRONG_PASSWORD, new_password: bad })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", "/authenticate/password", { email: user.email, password: bad })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", "/reset-password", { request_id: "a".repeat(24), password: bad })).body).toEqual({ error: "INVALID_DATA" });
	}
	// A whole pair is a character like any other.
	expect((await server.request("POST", `${path}/update-password`, { password: STRONG_PASSWORD, new_password: "emoji \ud83d\ude00 pass" })).status).toBe(204);
	expect((await server.request("POST", `${path}/verify-password`, { password: "emoji \ud83d\ude00 pass" })).status).toBe(204);
});
