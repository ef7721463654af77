// POST /users/:user_id/register-totp, GET/DELETE /users/:user_id/totp-credential, POST /users/:user_id/verify-2fa/totp.
// Codes are made with otpauth as a user's authenticator app would make them, at the server's injected time.
import { beforeAll, describe, expect, test } from "bun:test";
import handlers from "../../src/features/two-factor/handlers.ts";
import { documentedErrorsOf, last } from "../support/documented-errors.ts";
import { authenticatorCode, createUser, serverForThisFile } from "../support/server.ts";

const STEP = 30_000;
const UNKNOWN_USER = "abcdefghijkmnpqrstuvwxyz";

let bystander: { id: string };

const server = serverForThisFile();
beforeAll(async () => {
	bystander = await createUser(server);
});

function randomKey(): Uint8Array {
	return crypto.getRandomValues(new Uint8Array(20));
}

function base64(bytes: Uint8Array): string {
	return Buffer.from(bytes).toString("base64");
}

/** The code an authenticator shows `offsetMs` from the server's current time. */
function codeAt(key: Uint8Array, offsetMs = 0): string {
	return authenticatorCode(key, server.clock.now + offsetMs);
}

/** A 6-digit code valid at none of the steps around now. */
function wrongCodeNow(key: Uint8Array): string {
	const valid = new Set([-2, -1, 0, 1, 2].map((steps) => codeAt(key, steps * STEP)));
	for (let n = 0; ; n++) {
		const candidate = String(n).padStart(6, "0");
		if (!valid.has(candidate)) return candidate;
	}
}

async function registered(): Promise<{ userId: string; key: Uint8Array }> {
	const user = await createUser(server);
	const key = randomKey();
	const answer = await server.request("POST", `/users/${user.id}/register-totp`, { key: base64(key), code: codeAt(key) });
	expect(answer.status).toBe(200);
	// The registering code's step is used up; later tests start from the next one.
	server.clock.advance(STEP);
	return { userId: user.id, key };
}

function verify(userId: string, code: string): Promise<{ status: number; body: any }> {
	return server.request("POST", `/users/${userId}/verify-2fa/totp`, { code });
}

describe("POST /users/:user_id/register-totp", () => {
	test("registers a key proven by a current code; the user shows totp_registered", async () => {
		const user = await createUser(server);
		const key = randomKey();
		const answer = await server.request("POST", `/users/${user.id}/register-totp`, { key: base64(key), code: codeAt(key) });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ user_id: user.id, created_at: Math.floor(server.clock.now / 1000), key: base64(key) });
		const shown = (await server.request("GET", `/users/${user.id}`)).body;
		expect(shown.totp_registered).toBe(true);
		expect(shown.registered_totp).toBe(true);
	});

	test("accepts totp_key for key", async () => {
		const user = await createUser(server);
		const key = randomKey();
		const answer = await server.request("POST", `/users/${user.id}/register-totp`, { totp_key: base64(key), code: codeAt(key) });
		expect(answer.status).toBe(200);
		expect(answer.body.key).toBe(base64(key));
	});

	test("computes codes as RFC 6238 does (SHA-1 test vector at T = 2000000000)", async () => {
		const user = await createUser(server);
		server.clock.advance(2_000_000_000_000 - server.clock.now);
		const key = new TextEncoder().encode("12345678901234567890");
		const answer = await server.request("POST", `/users/${user.id}/register-totp`, { key: base64(key), code: "279037" });
		expect(answer.status).toBe(200);
	});

	test("INVALID_DATA unless the key is strict base64 of exactly 20 bytes and the code a string", async () => {
		const key = randomKey();
		const code = codeAt(key);
		const bodies = [
			{ code },
			{ key: null, code },
			{ key: base64(key) },
			{ key: base64(key), code: Number(code) },
			{ key: 12, code },
			{ key: base64(key.slice(0, 19)), code },
			{ key: base64(new Uint8Array([...key, 1])), code },
			{ key: base64(key).replace(/=+$/, ""), code },
			{ key: ` ${base64(key)}`, code },
			{ key: "!".repeat(28), code },
			{ key: Buffer.from(key).toString("hex"), code },
			"[]",
		];
		for (const body of bodies) {
			const answer = await server.request("POST", `/users/${bystander.id}/register-totp`, body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
		expect((await server.request("GET", `/users/${bystander.id}/totp-credential`)).status).toBe(404);
	});

	test("INCORRECT_CODE for a code the key did not make now; nothing is registered", async () => {
		const key = randomKey();
		const validNow = new Set([-1, 0, 1].map((steps) => codeAt(key, steps * STEP)));
		// Another key's code, or a code two steps off, matches a valid one about once in 10^6 runs: left out then.
		const codes = [wrongCodeNow(key), codeAt(key, 2 * STEP), codeAt(key, -2 * STEP), codeAt(randomKey())].filter((code) => !validNow.has(code));
		expect(codes.length).toBeGreaterThan(0);
		for (const code of codes) {
			const answer = await server.request("POST", `/users/${bystander.id}/register-totp`, { key: base64(key), code });
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INCORRECT_CODE" });
		}
		expect((await server.request("GET", `/users/${bystander.id}/totp-credential`)).status).toBe(404);
	});

	test("NOT_FOUND for an unknown user, before the body is looked at", async () => {
		const answer = await server.request("POST", `/users/${UNKNOWN_USER}/register-totp`, "[]");
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	});

	test("replaces an earlier credential: the old key's codes stop working", async () => {
		const { userId, key: oldKey } = await registered();
		const newKey = randomKey();
		const answer = await server.request("POST", `/users/${userId}/register-totp`, { key: base64(newKey), code: codeAt(newKey) });
		expect(answer.status).toBe(200);
		expect((await server.request("GET", `/users/${userId}/totp-credential`)).body.key).toBe(base64(newKey));
		server.clock.advance(STEP);
		expect((await verify(userId, codeAt(oldKey))).body).toEqual({ error: "INCORRECT_CODE" });
		expect((await verify(userId, codeAt(newKey))).status).toBe(204);
	});
});

describe("GET and DELETE /users/:user_id/totp-credential", () => {
	test("GET shows the credential with its key in base64", async () => {
		const { userId, key } = await registered();
		const answer = await server.request("GET", `/users/${userId}/totp-credential`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ user_id: userId, created_at: expect.any(Number), key: base64(key) });
	});

	test("GET answers NOT_FOUND for an unknown user or a user without a credential", async () => {
		expect((await server.request("GET", `/users/${UNKNOWN_USER}/totp-credential`)).status).toBe(404);
		const none = await server.request("GET", `/users/${bystander.id}/totp-credential`);
		expect(none.status).toBe(404);
		expect(none.body).toEqual({ error: "NOT_FOUND" });
	});

	test("DELETE removes the credential; verify-2fa is then NOT_ALLOWED", async () => {
		const { userId, key } = await registered();
		const answer = await server.request("DELETE", `/users/${userId}/totp-credential`);
		expect(answer.status).toBe(204);
		expect(answer.body).toBeNull();
		expect((await server.request("GET", `/users/${userId}/totp-credential`)).status).toBe(404);
		expect((await server.request("GET", `/users/${userId}`)).body.totp_registered).toBe(false);
		expect((await verify(userId, codeAt(key))).body).toEqual({ error: "NOT_ALLOWED" });
		expect((await server.request("DELETE", `/users/${userId}/totp-credential`)).status).toBe(404);
		expect((await server.request("DELETE", `/users/${UNKNOWN_USER}/totp-credential`)).status).toBe(404);
	});
});

describe("POST /users/:user_id/verify-2fa/totp", () => {
	test("accepts the current code", async () => {
		const { userId, key } = await registered();
		const answer = await verify(userId, codeAt(key));
		expect(answer.status).toBe(204);
		expect(answer.body).toBeNull();
	});

	test("accepts one step of drift either way and refuses two", async () => {
		const { userId, key } = await registered();
		// A slow authenticator: the code of the previous step.
		server.clock.advance(STEP);
		expect((await verify(userId, codeAt(key, -STEP))).status).toBe(204);
		// A fast one: the code of the next step.
		server.clock.advance(2 * STEP);
		expect((await verify(userId, codeAt(key, STEP))).status).toBe(204);
		server.clock.advance(5 * STEP);
		expect((await verify(userId, codeAt(key, -2 * STEP))).body).toEqual({ error: "INCORRECT_CODE" });
		expect((await verify(userId, codeAt(key, 2 * STEP))).body).toEqual({ error: "INCORRECT_CODE" });
		expect((await verify(userId, codeAt(key))).status).toBe(204);
	});

	test("refuses a code already accepted, and any code older than the last accepted one", async () => {
		const { userId, key } = await registered();
		const code = codeAt(key);
		expect((await verify(userId, code)).status).toBe(204);
		expect((await verify(userId, code)).body).toEqual({ error: "INCORRECT_CODE" });
		server.clock.advance(STEP);
		// The next step's code is accepted early; the current step's code is then older than it.
		expect((await verify(userId, codeAt(key, STEP))).status).toBe(204);
		expect((await verify(userId, codeAt(key))).body).toEqual({ error: "INCORRECT_CODE" });
	});

	test("refuses the code that registered the key", async () => {
		const user = await createUser(server);
		const key = randomKey();
		const code = codeAt(key);
		expect((await server.request("POST", `/users/${user.id}/register-totp`, { key: base64(key), code })).status).toBe(200);
		expect((await verify(user.id, code)).body).toEqual({ error: "INCORRECT_CODE" });
	});

	test("INCORRECT_CODE for a wrong code, whatever its shape", async () => {
		const { userId, key } = await registered();
		for (const code of [wrongCodeNow(key), "", "abcdef", `${codeAt(key)}0`, ` ${codeAt(key)}`]) {
			const answer = await verify(userId, code);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INCORRECT_CODE" });
		}
		// Five in a row lock the check (test/security/second-factor-lockout.test.ts), so this user is done.
	});

	test("NOT_ALLOWED for a user without a credential", async () => {
		const answer = await verify(bystander.id, "123456");
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "NOT_ALLOWED" });
	});

	test("INVALID_DATA for a missing or non-string code", async () => {
		for (const body of [{}, { code: 123456 }, { code: null }, "[]", "{"]) {
			const answer = await server.request("POST", `/users/${bystander.id}/verify-2fa/totp`, body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("NOT_FOUND for an unknown user", async () => {
		const answer = await verify(UNKNOWN_USER, "123456");
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	});
});

documentedErrorsOf(handlers, () => server, ({ post, get, del }) => ({
	registerTotp: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN_USER}/register-totp`, {})],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/register-totp`, { key: "short", code: "123456" })],
		["INCORRECT_CODE", async () => post(`/users/${(await createUser(server)).id}/register-totp`, { key: Buffer.alloc(20, 7).toString("base64"), code: "wrong" })],
	],
	getTotpCredential: [["NOT_FOUND", () => get(`/users/${UNKNOWN_USER}/totp-credential`)]],
	deleteTotpCredential: [
		["NOT_FOUND", () => del(`/users/${UNKNOWN_USER}/totp-credential`)],
		["NOT_FOUND", async () => del(`/users/${(await createUser(server)).id}/totp-credential`)],
	],
	verifyTotp: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN_USER}/verify-2fa/totp`, { code: "123456" })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/verify-2fa/totp`, {})],
		["NOT_ALLOWED", async () => post(`/users/${(await createUser(server)).id}/verify-2fa/totp`, { code: "123456" })],
		["INCORRECT_CODE", async () => post(`/users/${(await registered()).userId}/verify-2fa/totp`, { code: "wrong" })],
		["TOO_MANY_REQUESTS", async () => ((id) => last(6, () => post(`/users/${id}/verify-2fa/totp`, { code: "wrong" })))((await registered()).userId)],
	],
	regenerateRecoveryCode: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN_USER}/regenerate-recovery-code`)],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/regenerate-recovery-code`, "[]")],
	],
	resetTwoFactor: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN_USER}/reset-2fa`, { recovery_code: "X" })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/reset-2fa`, {})],
		["INCORRECT_CODE", async () => post(`/users/${(await registered()).userId}/reset-2fa`, { recovery_code: "WRONG234" })],
		["TOO_MANY_REQUESTS", async () => ((id) => last(6, () => post(`/users/${id}/reset-2fa`, { recovery_code: "WRONG234" })))((await registered()).userId)],
	],
}));
