// Attack: replay a TOTP code that was already accepted by first re-registering the same key. The
// code was seen (over the shoulder, through a phishing proxy) after it opened a session; the
// attacker, or an app that re-runs its "set up 2FA" step, registers the user's key again with the
// previous step's code, which resets the last used step, and the seen code then passes verify-2fa
// a second time. Re-registering the same key keeps the highest step used so far; a new key starts
// from its own registering code.
import { expect, test } from "bun:test";
import { authenticatorCode, createUser, serverForThisFile } from "../support/server.ts";

const STEP = 30_000;

const server = serverForThisFile();

function register(userId: string, key: Uint8Array, code: string) {
	return server.request("POST", `/users/${userId}/register-totp`, { key: Buffer.from(key).toString("base64"), code });
}

function verify(userId: string, code: string) {
	return server.request("POST", `/users/${userId}/verify-2fa/totp`, { code });
}

test("re-registering the same key with an older code does not let a used code through again", async () => {
	const user = await createUser(server);
	const key = crypto.getRandomValues(new Uint8Array(20));
	expect((await register(user.id, key, authenticatorCode(key, server.clock.now))).status).toBe(200);
	server.clock.advance(STEP);
	const current = authenticatorCode(key, server.clock.now);
	expect((await verify(user.id, current)).status).toBe(204);

	const previous = authenticatorCode(key, server.clock.now - STEP);
	expect((await register(user.id, key, previous)).status).toBe(200);
	expect((await verify(user.id, current)).body).toEqual({ error: "INCORRECT_CODE" });
	expect((await verify(user.id, previous)).body).toEqual({ error: "INCORRECT_CODE" });
	// The next step's code is a new code and passes.
	server.clock.advance(STEP);
	expect((await verify(user.id, authenticatorCode(key, server.clock.now))).status).toBe(204);
});

test("a new key starts fresh: its codes are judged only against its own registering code", async () => {
	const user = await createUser(server);
	const oldKey = crypto.getRandomValues(new Uint8Array(20));
	expect((await register(user.id, oldKey, authenticatorCode(oldKey, server.clock.now))).status).toBe(200);
	server.clock.advance(STEP);
	expect((await verify(user.id, authenticatorCode(oldKey, server.clock.now))).status).toBe(204);

	// A new key registered with the previous step's code: its current code has not been used.
	const newKey = crypto.getRandomValues(new Uint8Array(20));
	expect((await register(user.id, newKey, authenticatorCode(newKey, server.clock.now - STEP))).status).toBe(200);
	expect((await verify(user.id, authenticatorCode(newKey, server.clock.now))).status).toBe(204);
	expect((await verify(user.id, authenticatorCode(newKey, server.clock.now))).body).toEqual({ error: "INCORRECT_CODE" });
});
