// POST /users/:user_id/regenerate-recovery-code and POST /users/:user_id/reset-2fa.
import { beforeAll, describe, expect, test } from "bun:test";
import { authenticatorCode, createUser, serverForThisFile } from "../support/server.ts";

const CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;
const UNKNOWN_USER = "abcdefghijkmnpqrstuvwxyz";

let bystander: { id: string; recovery_code: string };

const server = serverForThisFile();
beforeAll(async () => {
	bystander = await createUser(server);
});

function codeAt(key: Uint8Array, atMs: number): string {
	return authenticatorCode(key, atMs);
}

async function registerTotp(userId: string): Promise<Uint8Array> {
	const key = crypto.getRandomValues(new Uint8Array(20));
	const body = { key: Buffer.from(key).toString("base64"), code: codeAt(key, server.clock.now) };
	expect((await server.request("POST", `/users/${userId}/register-totp`, body)).status).toBe(200);
	return key;
}

function wrongCode(code: string): string {
	return code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
}

function reset(userId: string, recoveryCode: unknown): Promise<{ status: number; body: any }> {
	return server.request("POST", `/users/${userId}/reset-2fa`, { recovery_code: recoveryCode });
}

describe("POST /users/:user_id/regenerate-recovery-code", () => {
	test("replaces the recovery code, without a body (as @faroe/sdk sends it)", async () => {
		const user = await createUser(server);
		const answer = await server.request("POST", `/users/${user.id}/regenerate-recovery-code`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ recovery_code: expect.stringMatching(CODE_PATTERN) });
		expect(answer.body.recovery_code).not.toBe(user.recovery_code);
		expect((await server.request("GET", `/users/${user.id}`)).body.recovery_code).toBe(answer.body.recovery_code);
		// The old code is worthless now.
		expect((await reset(user.id, user.recovery_code)).body).toEqual({ error: "INCORRECT_CODE" });
		expect((await reset(user.id, answer.body.recovery_code)).status).toBe(200);
	});

	test("INVALID_DATA for a body that is not an object", async () => {
		const answer = await server.request("POST", `/users/${bystander.id}/regenerate-recovery-code`, "[]");
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("GET", `/users/${bystander.id}`)).body.recovery_code).toBe(bystander.recovery_code);
	});

	test("NOT_FOUND for an unknown user", async () => {
		const answer = await server.request("POST", `/users/${UNKNOWN_USER}/regenerate-recovery-code`);
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	});
});

describe("POST /users/:user_id/reset-2fa", () => {
	test("the recovery code deletes the TOTP credential and is replaced by a new one", async () => {
		const user = await createUser(server);
		await registerTotp(user.id);
		const answer = await reset(user.id, user.recovery_code);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ recovery_code: expect.stringMatching(CODE_PATTERN) });
		expect(answer.body.recovery_code).not.toBe(user.recovery_code);
		const shown = (await server.request("GET", `/users/${user.id}`)).body;
		expect(shown.totp_registered).toBe(false);
		expect(shown.recovery_code).toBe(answer.body.recovery_code);
		expect((await server.request("GET", `/users/${user.id}/totp-credential`)).status).toBe(404);
		// Used once, the old code is gone.
		expect((await reset(user.id, user.recovery_code)).body).toEqual({ error: "INCORRECT_CODE" });
	});

	test("the code is compared ignoring case, and works without a TOTP credential", async () => {
		const user = await createUser(server);
		const answer = await reset(user.id, user.recovery_code.toLowerCase());
		expect(answer.status).toBe(200);
	});

	test("INCORRECT_CODE keeps the credential and the code", async () => {
		const user = await createUser(server);
		await registerTotp(user.id);
		for (const code of [wrongCode(user.recovery_code), "", user.recovery_code.slice(1), `${user.recovery_code}A`]) {
			const answer = await reset(user.id, code);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INCORRECT_CODE" });
		}
		const shown = (await server.request("GET", `/users/${user.id}`)).body;
		expect(shown.totp_registered).toBe(true);
		expect(shown.recovery_code).toBe(user.recovery_code);
	});

	test("INVALID_DATA for a missing or non-string recovery_code", async () => {
		for (const body of [{}, { recovery_code: null }, { recovery_code: 12345678 }, "[]"]) {
			const answer = await server.request("POST", `/users/${bystander.id}/reset-2fa`, body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("NOT_FOUND for an unknown user, before the body is looked at", async () => {
		const answer = await server.request("POST", `/users/${UNKNOWN_USER}/reset-2fa`, "[]");
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	});

	test("TOO_MANY_REQUESTS after 5 incorrect codes in a row", async () => {
		const user = await createUser(server);
		for (let i = 0; i < 5; i++) expect((await reset(user.id, wrongCode(user.recovery_code))).body).toEqual({ error: "INCORRECT_CODE" });
		const answer = await reset(user.id, user.recovery_code);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		// More in test/security/second-factor-lockout.test.ts.
	});
});
