// POST /users/{user_id}/unblock (API.md section 12): a user locked out by someone guessing at their
// account gets back in at once, instead of waiting up to 15 minutes (passwords) or 24 hours (second
// factor); the escalation starts over; blocks of addresses stay.
import { expect, test } from "bun:test";
import { feedSettled } from "../support/events-flow.ts";
import { authenticatorCode, createUser, serverForThisFile, startTestServer, STRONG_PASSWORD } from "../support/server.ts";

const server = serverForThisFile();

async function lastEvent(type: string, userId: string): Promise<any> {
	await feedSettled(server);
	const page = await server.request("GET", `/users/${userId}/events?type=${type}&limit=1000`);
	return page.body.events.at(-1);
}

test("a user blocked by 10 incorrect passwords can sign in again once unblocked; the guessing address stays blocked", async () => {
	const user = await createUser(server);
	for (let i = 0; i < 10; i++) {
		await server.request("POST", `/users/${user.id}/verify-password`, { password: `guess ${i}`, client_ip: i < 5 ? "198.51.100.1" : `198.51.100.${i}` });
	}
	const blocked = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "192.0.2.50" });
	expect(blocked.body).toEqual({ error: "TOO_MANY_REQUESTS" });

	const unblocked = await server.request("POST", `/users/${user.id}/unblock`);
	expect(unblocked.status).toBe(204);
	expect(unblocked.body).toBeNull();
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "192.0.2.50" })).status).toBe(204);
	// The address that made 5 of the guesses may be guessing at others too: still blocked.
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "198.51.100.1" })).body).toEqual({
		error: "TOO_MANY_REQUESTS",
	});
	expect(await lastEvent("user_unblocked", user.id)).toMatchObject({ type: "user_unblocked", user_id: user.id, client_ip: null, data: {} });
});

test("second-factor locks end, and the next lock is 15 minutes again rather than twice the last", async () => {
	const user = await createUser(server);
	const key = crypto.getRandomValues(new Uint8Array(20));
	await server.request("POST", `/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, server.clock.now) });
	server.clock.advance(30_000);
	const valid = new Set([-1, 0, 1].map((steps) => authenticatorCode(key, server.clock.now + steps * 30_000)));
	const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
	const guessFive = async () => {
		for (let i = 0; i < 5; i++) await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: wrong });
	};

	// Two locks: 15 minutes, then (after the first ends) 30.
	await guessFive();
	server.clock.advance(15 * 60_000 + 1000);
	await guessFive();
	expect((await lastEvent("second_factor_locked", user.id)).data).toEqual({ check: "totp", lock_seconds: 1800 });
	const recovery = (await server.request("GET", `/users/${user.id}`)).body.recovery_code;
	for (let i = 0; i < 5; i++) await server.request("POST", `/users/${user.id}/reset-2fa`, { recovery_code: "WRONG234" });
	expect((await server.request("POST", `/users/${user.id}/reset-2fa`, { recovery_code: recovery })).body).toEqual({ error: "TOO_MANY_REQUESTS" });

	expect((await server.request("POST", `/users/${user.id}/unblock`, {})).status).toBe(204);
	const code = authenticatorCode(key, server.clock.now);
	expect((await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code })).status).toBe(204);
	// The escalation starts over: the next lock is the first one again.
	server.clock.advance(60_000);
	await guessFive();
	expect((await lastEvent("second_factor_locked", user.id)).data).toEqual({ check: "totp", lock_seconds: 900 });
	// And the recovery-code check is open again too.
	expect((await server.request("POST", `/users/${user.id}/reset-2fa`, { recovery_code: recovery })).status).toBe(200);
});

test("unblock: NOT_FOUND for no such user, INVALID_DATA for a body that is not an object", async () => {
	expect((await server.request("POST", "/users/aaaaaaaaaaaaaaaaaaaaaaaa/unblock")).body).toEqual({ error: "NOT_FOUND" });
	expect((await server.request("POST", "/users/not-an-id/unblock")).status).toBe(404);
	const user = await createUser(server);
	expect((await server.request("POST", `/users/${user.id}/unblock`, "[1]")).body).toEqual({ error: "INVALID_DATA" });
	// Unblocking a user with nothing to lift is fine, and still recorded.
	expect((await server.request("POST", `/users/${user.id}/unblock`)).status).toBe(204);
	expect(await lastEvent("user_unblocked", user.id)).toMatchObject({ user_id: user.id });
});

test("with --limit figures: a user blocked after 3 incorrect passwords, and a second-factor check locked after 2 codes for 5 minutes, are unblocked", async () => {
	const limited = await startTestServer({ limits: ["incorrect-passwords-user=3/1h", "incorrect-passwords-address=100/1h", "second-factor=2/5m"] });
	try {
		const user = await createUser(limited);
		for (let i = 0; i < 3; i++) await limited.request("POST", `/users/${user.id}/verify-password`, { password: `guess ${i}`, client_ip: `198.51.100.${i}` });
		expect((await limited.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).body).toEqual({ error: "TOO_MANY_REQUESTS" });

		const key = crypto.getRandomValues(new Uint8Array(20));
		await limited.request("POST", `/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, limited.clock.now) });
		limited.clock.advance(30_000);
		const valid = new Set([-1, 0, 1].map((steps) => authenticatorCode(key, limited.clock.now + steps * 30_000)));
		const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
		for (let i = 0; i < 2; i++) await limited.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: wrong });
		const locked = await limited.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: authenticatorCode(key, limited.clock.now) });
		expect(locked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect(locked.headers.get("Retry-After")).toBe("300");

		expect((await limited.request("POST", `/users/${user.id}/unblock`)).status).toBe(204);
		expect((await limited.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
		expect((await limited.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: authenticatorCode(key, limited.clock.now) })).status).toBe(204);
		// The escalation starts over at the configured first lock, 5 minutes.
		limited.clock.advance(60_000);
		for (let i = 0; i < 2; i++) await limited.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: wrong });
		await feedSettled(limited);
		const page = await limited.request("GET", `/users/${user.id}/events?type=second_factor_locked&type=user_blocked&type=user_unblocked`);
		expect(page.body.events.map((event: any) => [event.type, event.data])).toEqual([
			["user_blocked", { limit: "incorrect_passwords_user" }],
			["second_factor_locked", { check: "totp", lock_seconds: 300 }],
			["user_unblocked", {}],
			["second_factor_locked", { check: "totp", lock_seconds: 300 }],
		]);
	} finally {
		await limited.stop();
	}
});
