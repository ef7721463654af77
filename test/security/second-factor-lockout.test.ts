// Attack: someone holding a user's password (or session) guesses the second factor. A TOTP code
// has 10^6 values and three are valid at any moment, so unlimited guessing wins within hours; the
// recovery code is stronger but guessed the same way. Five incorrect codes in a row lock each check
// for 15 minutes per user. The count sits in the database and is checked and updated in one
// synchronous transaction, so neither fifty parallel guesses nor a server restart buy a sixth try.
import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { authenticatorCode, createUser, serverForThisFile, startTestServer, tempDir, type Answer, type TestServer } from "../support/server.ts";

const STEP = 30_000;
const MINUTE = 60_000;

const server = serverForThisFile();

function codeAt(on: TestServer, key: Uint8Array, offsetMs = 0): string {
	return authenticatorCode(key, on.clock.now + offsetMs);
}

/** A code valid at none of the steps around now. */
function wrongTotp(on: TestServer, key: Uint8Array): string {
	const valid = new Set([-1, 0, 1].map((steps) => codeAt(on, key, steps * STEP)));
	return valid.has("000000") ? (valid.has("111111") ? "222222" : "111111") : "000000";
}

function wrongRecoveryCode(code: string): string {
	return code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
}

async function userWithTotp(on: TestServer): Promise<{ id: string; recoveryCode: string; key: Uint8Array }> {
	const user = await createUser(on);
	const key = crypto.getRandomValues(new Uint8Array(20));
	const body = { key: Buffer.from(key).toString("base64"), code: codeAt(on, key) };
	expect((await on.request("POST", `/users/${user.id}/register-totp`, body)).status).toBe(200);
	// The registering code is used up; the tests verify from the next step on.
	on.clock.advance(STEP);
	return { id: user.id, recoveryCode: user.recovery_code, key };
}

function verifyTotp(on: TestServer, userId: string, code: string): Promise<Answer> {
	return on.request("POST", `/users/${userId}/verify-2fa/totp`, { code });
}

function resetTwoFactor(on: TestServer, userId: string, code: string): Promise<Answer> {
	return on.request("POST", `/users/${userId}/reset-2fa`, { recovery_code: code });
}

describe("verify-2fa/totp", () => {
	test("5 incorrect codes lock the check for 15 minutes, even against the right code", async () => {
		const user = await userWithTotp(server);
		for (let i = 0; i < 5; i++) {
			expect((await verifyTotp(server, user.id, wrongTotp(server, user.key))).body).toEqual({ error: "INCORRECT_CODE" });
		}
		const locked = await verifyTotp(server, user.id, codeAt(server, user.key));
		expect(locked.status).toBe(400);
		expect(locked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		server.clock.advance(15 * MINUTE - 1000);
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		server.clock.advance(1000);
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).status).toBe(204);
	});

	test("after the lock expires the user has 5 fresh tries, not 1", async () => {
		const user = await userWithTotp(server);
		for (let i = 0; i < 5; i++) await verifyTotp(server, user.id, wrongTotp(server, user.key));
		server.clock.advance(15 * MINUTE);
		for (let i = 0; i < 5; i++) {
			expect((await verifyTotp(server, user.id, wrongTotp(server, user.key))).body).toEqual({ error: "INCORRECT_CODE" });
		}
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	});

	test("only incorrect codes in a row count: a correct one starts the count again", async () => {
		const user = await userWithTotp(server);
		for (let i = 0; i < 4; i++) await verifyTotp(server, user.id, wrongTotp(server, user.key));
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).status).toBe(204);
		for (let i = 0; i < 4; i++) {
			expect((await verifyTotp(server, user.id, wrongTotp(server, user.key))).body).toEqual({ error: "INCORRECT_CODE" });
		}
		server.clock.advance(STEP);
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).status).toBe(204);
	});

	test("a replayed code counts as incorrect", async () => {
		const user = await userWithTotp(server);
		const code = codeAt(server, user.key);
		expect((await verifyTotp(server, user.id, code)).status).toBe(204);
		for (let i = 0; i < 5; i++) expect((await verifyTotp(server, user.id, code)).body).toEqual({ error: "INCORRECT_CODE" });
		server.clock.advance(STEP);
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	});

	test("50 parallel wrong guesses: exactly 5 are checked, the rest TOO_MANY_REQUESTS", async () => {
		const user = await userWithTotp(server);
		const valid = new Set([-1, 0, 1].map((steps) => codeAt(server, user.key, steps * STEP)));
		const guesses = Array.from({ length: 60 }, (_, i) => String(100000 + i)).filter((code) => !valid.has(code)).slice(0, 50);
		const answers = await Promise.all(guesses.map((code) => verifyTotp(server, user.id, code)));
		const errors = answers.map((answer) => answer.body?.error);
		expect(errors.filter((error) => error === "INCORRECT_CODE")).toHaveLength(5);
		expect(errors.filter((error) => error === "TOO_MANY_REQUESTS")).toHaveLength(45);
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	});

	test("the lock is per user and per check", async () => {
		const locked = await userWithTotp(server);
		const other = await userWithTotp(server);
		for (let i = 0; i < 5; i++) await verifyTotp(server, locked.id, wrongTotp(server, locked.key));
		expect((await verifyTotp(server, locked.id, codeAt(server, locked.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect((await verifyTotp(server, other.id, codeAt(server, other.key))).status).toBe(204);
		// The recovery code still works, and a reset with it lifts the TOTP lock for the new credential.
		expect((await resetTwoFactor(server, locked.id, locked.recoveryCode)).status).toBe(200);
		const key = crypto.getRandomValues(new Uint8Array(20));
		const body = { key: Buffer.from(key).toString("base64"), code: codeAt(server, key) };
		expect((await server.request("POST", `/users/${locked.id}/register-totp`, body)).status).toBe(200);
		server.clock.advance(STEP);
		expect((await verifyTotp(server, locked.id, codeAt(server, key))).status).toBe(204);
	});

	test("the lock outlives a restart of the server", async () => {
		const dir = tempDir();
		const first = await startTestServer({ dir });
		const user = await userWithTotp(first);
		for (let i = 0; i < 5; i++) await verifyTotp(first, user.id, wrongTotp(first, user.key));
		await first.stop();
		const second = await startTestServer({ dir });
		try {
			second.clock.advance(first.clock.now - second.clock.now);
			expect((await verifyTotp(second, user.id, codeAt(second, user.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
			second.clock.advance(15 * MINUTE);
			expect((await verifyTotp(second, user.id, codeAt(second, user.key))).status).toBe(204);
		} finally {
			await second.stop();
			rmSync(dir, { recursive: true, force: true });
		}
	});

	test("the count of a restart-interrupted run of guesses is kept too", async () => {
		const dir = tempDir();
		const first = await startTestServer({ dir });
		const user = await userWithTotp(first);
		for (let i = 0; i < 3; i++) await verifyTotp(first, user.id, wrongTotp(first, user.key));
		await first.stop();
		const second = await startTestServer({ dir });
		try {
			second.clock.advance(first.clock.now - second.clock.now);
			for (let i = 0; i < 2; i++) {
				expect((await verifyTotp(second, user.id, wrongTotp(second, user.key))).body).toEqual({ error: "INCORRECT_CODE" });
			}
			expect((await verifyTotp(second, user.id, codeAt(second, user.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		} finally {
			await second.stop();
			rmSync(dir, { recursive: true, force: true });
		}
	});

	test("the sweep keeps counts in progress, live locks and the record of earlier locks", async () => {
		const counting = await userWithTotp(server);
		const locked = await userWithTotp(server);
		const expired = await userWithTotp(server);
		for (let i = 0; i < 5; i++) await verifyTotp(server, expired.id, wrongTotp(server, expired.key));
		server.clock.advance(15 * MINUTE);
		for (let i = 0; i < 3; i++) await verifyTotp(server, counting.id, wrongTotp(server, counting.key));
		for (let i = 0; i < 5; i++) await verifyTotp(server, locked.id, wrongTotp(server, locked.key));
		await server.sweep();
		for (let i = 0; i < 2; i++) await verifyTotp(server, counting.id, wrongTotp(server, counting.key));
		expect((await verifyTotp(server, counting.id, codeAt(server, counting.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect((await verifyTotp(server, locked.id, codeAt(server, locked.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		// The expired lock is remembered: the next one lasts 30 minutes, not 15.
		for (let i = 0; i < 5; i++) await verifyTotp(server, expired.id, wrongTotp(server, expired.key));
		server.clock.advance(15 * MINUTE);
		expect((await verifyTotp(server, expired.id, codeAt(server, expired.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	});
});

// Attack: hold the password and guess TOTP codes at the pace the lock allows, forever. With a lock
// that never grew, 5 guesses every 15 minutes is about a 41% chance of success in a year. Each
// further lock without a correct code in between lasts twice as long (15, 30, 60 minutes, ... at
// most 24 hours), counted in the database.
describe("lock escalation", () => {
	async function lockTotp(on: TestServer, user: { id: string; key: Uint8Array }): Promise<void> {
		for (let i = 0; i < 5; i++) {
			expect((await verifyTotp(on, user.id, wrongTotp(on, user.key))).body).toEqual({ error: "INCORRECT_CODE" });
		}
	}

	test("each further lock of verify-2fa/totp lasts twice as long, up to 24 hours", async () => {
		const user = await userWithTotp(server);
		const minutes = [15, 30, 60, 120, 240, 480, 960, 1440, 1440];
		for (const length of minutes) {
			await lockTotp(server, user);
			const locked = await verifyTotp(server, user.id, codeAt(server, user.key));
			expect(locked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
			expect(Number(locked.headers.get("Retry-After"))).toBe(length * 60);
			server.clock.advance(length * MINUTE - 1000);
			expect((await verifyTotp(server, user.id, codeAt(server, user.key))).body).toEqual({ error: "TOO_MANY_REQUESTS" });
			server.clock.advance(1000);
		}
		// A correct code ends the run: the next lock is 15 minutes again.
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).status).toBe(204);
		server.clock.advance(STEP);
		await lockTotp(server, user);
		server.clock.advance(15 * MINUTE);
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).status).toBe(204);
	});

	test("reset-2fa escalates the same way, separately", async () => {
		const user = await userWithTotp(server);
		for (const length of [15, 30, 60]) {
			for (let i = 0; i < 5; i++) await resetTwoFactor(server, user.id, wrongRecoveryCode(user.recoveryCode));
			const locked = await resetTwoFactor(server, user.id, user.recoveryCode);
			expect(locked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
			expect(Number(locked.headers.get("Retry-After"))).toBe(length * 60);
			server.clock.advance(length * MINUTE);
		}
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).status).toBe(204);
	});

	test("the escalation survives a restart", async () => {
		const dir = tempDir();
		const first = await startTestServer({ dir });
		const user = await userWithTotp(first);
		await lockTotp(first, user);
		first.clock.advance(15 * MINUTE);
		await first.stop();
		const second = await startTestServer({ dir });
		try {
			second.clock.advance(first.clock.now - second.clock.now);
			await lockTotp(second, user);
			second.clock.advance(15 * MINUTE);
			const locked = await verifyTotp(second, user.id, codeAt(second, user.key));
			expect(locked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
			expect(Number(locked.headers.get("Retry-After"))).toBe(15 * 60);
		} finally {
			await second.stop();
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("reset-2fa", () => {
	test("5 incorrect recovery codes lock the check for 15 minutes, even against the right code", async () => {
		const user = await userWithTotp(server);
		for (let i = 0; i < 5; i++) {
			expect((await resetTwoFactor(server, user.id, wrongRecoveryCode(user.recoveryCode))).body).toEqual({ error: "INCORRECT_CODE" });
		}
		expect((await resetTwoFactor(server, user.id, user.recoveryCode)).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect((await server.request("GET", `/users/${user.id}`)).body.totp_registered).toBe(true);
		// The TOTP check is a separate lock.
		expect((await verifyTotp(server, user.id, codeAt(server, user.key))).status).toBe(204);
		server.clock.advance(15 * MINUTE);
		expect((await resetTwoFactor(server, user.id, user.recoveryCode)).status).toBe(200);
	});

	test("50 parallel wrong guesses: exactly 5 are checked, the rest TOO_MANY_REQUESTS", async () => {
		const user = await createUser(server);
		const guesses = Array.from({ length: 50 }, (_, i) => `GUESS${String(i).padStart(3, "2")}`).filter((code) => code !== user.recovery_code);
		const answers = await Promise.all(guesses.map((code) => resetTwoFactor(server, user.id, code)));
		const errors = answers.map((answer) => answer.body?.error);
		expect(errors.filter((error) => error === "INCORRECT_CODE")).toHaveLength(5);
		expect(errors.filter((error) => error === "TOO_MANY_REQUESTS")).toHaveLength(guesses.length - 5);
		expect((await resetTwoFactor(server, user.id, user.recovery_code)).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	});

	test("the lock outlives a restart of the server", async () => {
		const dir = tempDir();
		const first = await startTestServer({ dir });
		const user = await createUser(first);
		for (let i = 0; i < 5; i++) await resetTwoFactor(first, user.id, wrongRecoveryCode(user.recovery_code));
		await first.stop();
		const second = await startTestServer({ dir });
		try {
			expect((await resetTwoFactor(second, user.id, user.recovery_code)).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		} finally {
			await second.stop();
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
