// POST/GET/DELETE /users/:user_id/email-verification-request and POST /users/:user_id/verify-email.
import { beforeAll, describe, expect, test } from "bun:test";
import handlers from "../../src/features/email-verification/handlers.ts";
import { documentedErrorsOf, last } from "../support/documented-errors.ts";
import { createUser, serverForThisFile } from "../support/server.ts";

const MINUTE = 60_000;
const CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;
const UNKNOWN_USER = "abcdefghijkmnpqrstuvwxyz";

let noEmailUser: { id: string };

const server = serverForThisFile();
beforeAll(async () => {
	noEmailUser = await createUser(server, { email: null });
});

function nowSeconds(): number {
	return Math.floor(server.clock.now / 1000);
}

async function newRequest(userId: string): Promise<{ code: string; [key: string]: unknown }> {
	const answer = await server.request("POST", `/users/${userId}/email-verification-request`);
	expect(answer.status).toBe(200);
	return answer.body;
}

/** Any code but the right one, in the same alphabet. */
function wrongCode(code: string): string {
	return code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
}

describe("POST /users/:user_id/email-verification-request", () => {
	test("creates a request that lives 10 minutes, without a body (as @faroe/sdk sends it)", async () => {
		const user = await createUser(server);
		const answer = await server.request("POST", `/users/${user.id}/email-verification-request`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			user_id: user.id,
			created_at: nowSeconds(),
			expires_at: nowSeconds() + 600,
			code: expect.stringMatching(CODE_PATTERN),
		});
	});

	test("accepts client_ip and ignores unknown fields", async () => {
		const user = await createUser(server);
		const answer = await server.request("POST", `/users/${user.id}/email-verification-request`, { client_ip: "192.0.2.1", x: 1 });
		expect(answer.status).toBe(200);
	});

	test("replaces the previous request: its code stops working", async () => {
		const user = await createUser(server);
		const first = await newRequest(user.id);
		const second = await newRequest(user.id);
		const shown = await server.request("GET", `/users/${user.id}/email-verification-request`);
		expect(shown.body.code).toBe(second.code);
		if (first.code !== second.code) {
			const old = await server.request("POST", `/users/${user.id}/verify-email`, { code: first.code });
			expect(old.body).toEqual({ error: "INCORRECT_CODE" });
		}
	});

	test("a user without a stored email may have one too: the app keeps the address and sends the code", async () => {
		const answer = await server.request("POST", `/users/${noEmailUser.id}/email-verification-request`);
		expect(answer.status).toBe(200);
		expect(answer.body.user_id).toBe(noEmailUser.id);
		expect((await server.request("POST", `/users/${noEmailUser.id}/verify-email`, { code: answer.body.code })).status).toBe(204);
		expect((await server.request("GET", `/users/${noEmailUser.id}`)).body.email_verified).toBe(true);
	});

	test("NOT_FOUND for an unknown user, before the body is looked at", async () => {
		expect((await server.request("POST", `/users/${UNKNOWN_USER}/email-verification-request`)).status).toBe(404);
		const malformed = await server.request("POST", "/users/not-an-id/email-verification-request", "[]");
		expect(malformed.status).toBe(404);
		expect(malformed.body).toEqual({ error: "NOT_FOUND" });
	});

	test("INVALID_DATA for a body that is not an object or a wrong client_ip", async () => {
		const user = await createUser(server);
		for (const body of ["[]", "nope", '"text"', { client_ip: 5 }, { client_ip: "x".repeat(65) }]) {
			const answer = await server.request("POST", `/users/${user.id}/email-verification-request`, body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("TOO_MANY_REQUESTS after 3 in 15 minutes per user, free again after the window", async () => {
		const user = await createUser(server);
		const other = await createUser(server);
		for (let i = 0; i < 3; i++) await newRequest(user.id);
		const fourth = await server.request("POST", `/users/${user.id}/email-verification-request`);
		expect(fourth.status).toBe(400);
		expect(fourth.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		// A bad body is still INVALID_DATA: validation comes before limits.
		expect((await server.request("POST", `/users/${user.id}/email-verification-request`, "[]")).body).toEqual({
			error: "INVALID_DATA",
		});
		// The limit is per user.
		await newRequest(other.id);
		server.clock.advance(15 * MINUTE);
		await newRequest(user.id);
	});
});

describe("GET and DELETE /users/:user_id/email-verification-request", () => {
	test("GET shows the live request, with its code", async () => {
		const user = await createUser(server);
		const created = await newRequest(user.id);
		const answer = await server.request("GET", `/users/${user.id}/email-verification-request`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual(created);
	});

	test("GET answers NOT_FOUND for an unknown user or when there is no request", async () => {
		expect((await server.request("GET", `/users/${UNKNOWN_USER}/email-verification-request`)).status).toBe(404);
		const answer = await server.request("GET", `/users/${noEmailUser.id}/email-verification-request`);
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	});

	test("an expired request is invisible: GET and DELETE answer NOT_FOUND", async () => {
		const user = await createUser(server);
		await newRequest(user.id);
		server.clock.advance(10 * MINUTE - 1000);
		expect((await server.request("GET", `/users/${user.id}/email-verification-request`)).status).toBe(200);
		server.clock.advance(1000);
		expect((await server.request("GET", `/users/${user.id}/email-verification-request`)).status).toBe(404);
		expect((await server.request("DELETE", `/users/${user.id}/email-verification-request`)).status).toBe(404);
	});

	test("DELETE removes the request; a second DELETE and an unknown user answer NOT_FOUND", async () => {
		const user = await createUser(server);
		await newRequest(user.id);
		const answer = await server.request("DELETE", `/users/${user.id}/email-verification-request`);
		expect(answer.status).toBe(204);
		expect(answer.body).toBeNull();
		expect((await server.request("GET", `/users/${user.id}/email-verification-request`)).status).toBe(404);
		expect((await server.request("DELETE", `/users/${user.id}/email-verification-request`)).status).toBe(404);
		expect((await server.request("DELETE", `/users/${UNKNOWN_USER}/email-verification-request`)).status).toBe(404);
	});

	test("PUT is METHOD_NOT_ALLOWED", async () => {
		const answer = await server.request("PUT", `/users/${noEmailUser.id}/email-verification-request`);
		expect(answer.status).toBe(405);
	});
});

describe("POST /users/:user_id/verify-email", () => {
	test("the right code verifies the email and consumes the request", async () => {
		const user = await createUser(server);
		const { code } = await newRequest(user.id);
		const answer = await server.request("POST", `/users/${user.id}/verify-email`, { code });
		expect(answer.status).toBe(204);
		expect(answer.body).toBeNull();
		expect((await server.request("GET", `/users/${user.id}`)).body.email_verified).toBe(true);
		expect((await server.request("GET", `/users/${user.id}/email-verification-request`)).status).toBe(404);
		const again = await server.request("POST", `/users/${user.id}/verify-email`, { code });
		expect(again.body).toEqual({ error: "NOT_ALLOWED" });
	});

	test("codes are compared ignoring case", async () => {
		const user = await createUser(server);
		const { code } = await newRequest(user.id);
		const answer = await server.request("POST", `/users/${user.id}/verify-email`, { code: code.toLowerCase() });
		expect(answer.status).toBe(204);
	});

	test("INCORRECT_CODE leaves the email unverified; the 5th deletes the request", async () => {
		const user = await createUser(server);
		const { code } = await newRequest(user.id);
		for (let i = 1; i <= 4; i++) {
			const answer = await server.request("POST", `/users/${user.id}/verify-email`, { code: wrongCode(code) });
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INCORRECT_CODE" });
			expect((await server.request("GET", `/users/${user.id}/email-verification-request`)).status).toBe(200);
		}
		const fifth = await server.request("POST", `/users/${user.id}/verify-email`, { code: wrongCode(code) });
		expect(fifth.body).toEqual({ error: "INCORRECT_CODE" });
		expect((await server.request("GET", `/users/${user.id}/email-verification-request`)).status).toBe(404);
		const late = await server.request("POST", `/users/${user.id}/verify-email`, { code });
		expect(late.body).toEqual({ error: "NOT_ALLOWED" });
		expect((await server.request("GET", `/users/${user.id}`)).body.email_verified).toBe(false);
	});

	test("a new request starts a fresh count of attempts", async () => {
		const user = await createUser(server);
		const first = await newRequest(user.id);
		for (let i = 0; i < 4; i++) await server.request("POST", `/users/${user.id}/verify-email`, { code: wrongCode(first.code) });
		const second = await newRequest(user.id);
		const wrong = await server.request("POST", `/users/${user.id}/verify-email`, { code: wrongCode(second.code) });
		expect(wrong.body).toEqual({ error: "INCORRECT_CODE" });
		expect((await server.request("POST", `/users/${user.id}/verify-email`, { code: second.code })).status).toBe(204);
	});

	test("NOT_ALLOWED when the user has no request, or it expired", async () => {
		const none = await server.request("POST", `/users/${noEmailUser.id}/verify-email`, { code: "AAAAAAAA" });
		expect(none.status).toBe(400);
		expect(none.body).toEqual({ error: "NOT_ALLOWED" });
		const user = await createUser(server);
		const { code } = await newRequest(user.id);
		server.clock.advance(10 * MINUTE);
		const expired = await server.request("POST", `/users/${user.id}/verify-email`, { code });
		expect(expired.body).toEqual({ error: "NOT_ALLOWED" });
		expect((await server.request("GET", `/users/${user.id}`)).body.email_verified).toBe(false);
	});

	test("INVALID_DATA for a missing or non-string code", async () => {
		for (const body of [{}, { code: 12345678 }, { code: null }, "[]"]) {
			const answer = await server.request("POST", `/users/${noEmailUser.id}/verify-email`, body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("NOT_FOUND for an unknown user", async () => {
		const answer = await server.request("POST", `/users/${UNKNOWN_USER}/verify-email`, { code: "AAAAAAAA" });
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	});

	test("the sweep removes expired requests and keeps live ones", async () => {
		const expiring = await createUser(server);
		await newRequest(expiring.id);
		server.clock.advance(5 * MINUTE);
		const live = await createUser(server);
		await newRequest(live.id);
		server.clock.advance(5 * MINUTE);
		await server.sweep();
		const rows = (await server.rows("SELECT user_id FROM email_verification_request")).map((row) => row.user_id);
		expect(rows).toContain(live.id);
		expect(rows).not.toContain(expiring.id);
	});
});

documentedErrorsOf(handlers, () => server, ({ post, get, del }) => ({
	createEmailVerificationRequest: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN_USER}/email-verification-request`)],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/email-verification-request`, [])],
		["TOO_MANY_REQUESTS", async () => ((id) => last(4, () => post(`/users/${id}/email-verification-request`)))((await createUser(server)).id)],
	],
	getEmailVerificationRequest: [["NOT_FOUND", () => get(`/users/${UNKNOWN_USER}/email-verification-request`)]],
	deleteEmailVerificationRequest: [["NOT_FOUND", () => del(`/users/${UNKNOWN_USER}/email-verification-request`)]],
	verifyEmail: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN_USER}/verify-email`, { code: "X" })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/verify-email`, {})],
		["NOT_ALLOWED", async () => post(`/users/${(await createUser(server)).id}/verify-email`, { code: "WRONG234" })],
		[
			"INCORRECT_CODE",
			async () => {
				const user = await createUser(server);
				await newRequest(user.id);
				return post(`/users/${user.id}/verify-email`, { code: "WRONG234" });
			},
		],
	],
}));
