// Attack: guess another user's password from one address, and after every 4 wrong guesses sign in
// to an account of one's own from the same address. If any correct password cleared the address's
// failure count, the 5-per-15-minutes block would never come: 76 guesses in 15 minutes were seen.
// A correct password clears only the failures that address made against that same user.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();

test("signing in to one's own account between guesses does not reset the address's block", async () => {
	const victim = await createUser(server);
	const attacker = await createUser(server);
	const ip = "203.0.113.40";
	async function verify(userId: string, password: string) {
		server.clock.advance(10_000); // keeps the hashing bucket full: this is about the failure count
		return (await server.request("POST", `/users/${userId}/verify-password`, { password, client_ip: ip })).body;
	}
	const answers: unknown[] = [];
	const ownLogins: unknown[] = [];
	for (let round = 0; round < 3; round++) {
		for (let i = 0; i < 4; i++) answers.push(await verify(victim.id, `guess ${round}-${i}`));
		ownLogins.push(await verify(attacker.id, STRONG_PASSWORD));
	}
	// Only the first 5 guesses at the victim were checked; the rest were refused, and so were the
	// attacker's own logins once the address was blocked.
	expect(answers.filter((a) => (a as { error?: string })?.error === "INCORRECT_PASSWORD")).toHaveLength(5);
	expect(answers.slice(5).every((a) => (a as { error?: string })?.error === "TOO_MANY_REQUESTS")).toBe(true);
	expect(ownLogins).toEqual([null, { error: "TOO_MANY_REQUESTS" }, { error: "TOO_MANY_REQUESTS" }]);
});

test("the user's own correct password still clears that user's failures from that address", async () => {
	const user = await createUser(server);
	const ip = "203.0.113.41";
	async function verify(password: string) {
		server.clock.advance(10_000);
		return (await server.request("POST", `/users/${user.id}/verify-password`, { password, client_ip: ip })).body;
	}
	for (let round = 0; round < 3; round++) {
		for (let i = 0; i < 4; i++) expect(await verify("a typo of mine")).toEqual({ error: "INCORRECT_PASSWORD" });
		expect(await verify(STRONG_PASSWORD)).toBeNull();
	}
});
