// POST/GET/DELETE /users/:user_id/email-update-requests, GET/DELETE /email-update-requests/:request_id,
// POST /verify-new-email.
import { beforeAll, describe, expect, test } from "bun:test";
import handlers from "../../src/features/email-update/handlers.ts";
import { documentedErrorsOf, last } from "../support/documented-errors.ts";
import { createUser, serverForThisFile, uniqueEmail } from "../support/server.ts";

const MINUTE = 60_000;
const ID_PATTERN = /^[abcdefghijkmnpqrstuvwxyz23456789]{24}$/;
const CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;
const UNKNOWN_ID = "abcdefghijkmnpqrstuvwxyz";

/** A user whose requests the tests below only read or delete, never verify. */
let reader: { id: string; email: string | null };

const server = serverForThisFile();
beforeAll(async () => {
	reader = await createUser(server);
});

function nowSeconds(): number {
	return Math.floor(server.clock.now / 1000);
}

interface UpdateRequest {
	id: string;
	user_id: string;
	email: string;
	code: string;
	created_at: number;
	expires_at: number;
}

async function newRequest(userId: string, email: string = uniqueEmail()): Promise<UpdateRequest> {
	const answer = await server.request("POST", `/users/${userId}/email-update-requests`, { email });
	expect(answer.status).toBe(200);
	return answer.body;
}

function wrongCode(code: string): string {
	return code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
}

describe("POST /users/:user_id/email-update-requests", () => {
	test("creates a request for the lower-cased address that lives 10 minutes", async () => {
		const user = await createUser(server);
		const email = uniqueEmail().toUpperCase();
		const answer = await server.request("POST", `/users/${user.id}/email-update-requests`, { email });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			id: expect.stringMatching(ID_PATTERN),
			user_id: user.id,
			created_at: nowSeconds(),
			expires_at: nowSeconds() + 600,
			email: email.toLowerCase(),
			code: expect.stringMatching(CODE_PATTERN),
		});
	});

	test("INVALID_DATA for a missing or malformed email", async () => {
		const bodies = [{}, { email: null }, { email: 5 }, { email: "no-at-sign.example.com" }, { email: " a@example.com" },
			{ email: "a@example" }, { email: `${"a".repeat(250)}@example.com` }, "[]"];
		for (const body of bodies) {
			const answer = await server.request("POST", `/users/${reader.id}/email-update-requests`, body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("EMAIL_ALREADY_USED for another user's address, in any case, and for the user's own", async () => {
		const user = await createUser(server);
		const other = await createUser(server);
		for (const email of [other.email!, other.email!.toUpperCase(), user.email!]) {
			const answer = await server.request("POST", `/users/${user.id}/email-update-requests`, { email });
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "EMAIL_ALREADY_USED" });
		}
	});

	test("NOT_FOUND for an unknown user, before the body is looked at", async () => {
		const answer = await server.request("POST", `/users/${UNKNOWN_ID}/email-update-requests`, "[]");
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	});

	test("TOO_MANY_REQUESTS after 3 in 15 minutes per user, free again after the window", async () => {
		const user = await createUser(server);
		for (let i = 0; i < 3; i++) await newRequest(user.id);
		const fourth = await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() });
		expect(fourth.status).toBe(400);
		expect(fourth.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		server.clock.advance(15 * MINUTE);
		await newRequest(user.id);
	});
});

describe("GET and DELETE /users/:user_id/email-update-requests", () => {
	test("GET lists the user's live requests, oldest first; expired ones disappear", async () => {
		const user = await createUser(server);
		const first = await newRequest(user.id);
		server.clock.advance(5 * MINUTE);
		const second = await newRequest(user.id);
		expect((await server.request("GET", `/users/${user.id}/email-update-requests`)).body).toEqual([first, second]);
		server.clock.advance(5 * MINUTE);
		const answer = await server.request("GET", `/users/${user.id}/email-update-requests`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual([second]);
	});

	test("GET answers an empty list for a user without requests, NOT_FOUND for an unknown user", async () => {
		const fresh = await createUser(server, { email: null });
		expect((await server.request("GET", `/users/${fresh.id}/email-update-requests`)).body).toEqual([]);
		const unknown = await server.request("GET", `/users/${UNKNOWN_ID}/email-update-requests`);
		expect(unknown.status).toBe(404);
		expect(unknown.body).toEqual({ error: "NOT_FOUND" });
	});

	test("DELETE removes all of the user's requests and only theirs", async () => {
		const user = await createUser(server);
		const other = await createUser(server);
		await newRequest(user.id);
		await newRequest(user.id);
		const kept = await newRequest(other.id);
		const answer = await server.request("DELETE", `/users/${user.id}/email-update-requests`);
		expect(answer.status).toBe(204);
		expect((await server.request("GET", `/users/${user.id}/email-update-requests`)).body).toEqual([]);
		expect((await server.request("GET", `/users/${other.id}/email-update-requests`)).body).toEqual([kept]);
		expect((await server.request("DELETE", `/users/${UNKNOWN_ID}/email-update-requests`)).status).toBe(404);
	});
});

describe("GET and DELETE /email-update-requests/:request_id", () => {
	test("GET shows the request until it expires", async () => {
		const request = await newRequest(reader.id);
		const answer = await server.request("GET", `/email-update-requests/${request.id}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual(request);
		server.clock.advance(10 * MINUTE);
		const expired = await server.request("GET", `/email-update-requests/${request.id}`);
		expect(expired.status).toBe(404);
		expect(expired.body).toEqual({ error: "NOT_FOUND" });
	});

	test("GET answers NOT_FOUND for unknown and malformed ids", async () => {
		expect((await server.request("GET", `/email-update-requests/${UNKNOWN_ID}`)).status).toBe(404);
		expect((await server.request("GET", "/email-update-requests/NOT-AN-ID")).status).toBe(404);
	});

	test("DELETE removes the request; then, and for an expired one, NOT_FOUND", async () => {
		const request = await newRequest(reader.id);
		expect((await server.request("DELETE", `/email-update-requests/${request.id}`)).status).toBe(204);
		expect((await server.request("GET", `/email-update-requests/${request.id}`)).status).toBe(404);
		expect((await server.request("DELETE", `/email-update-requests/${request.id}`)).status).toBe(404);
		const expiring = await newRequest((await createUser(server)).id);
		server.clock.advance(10 * MINUTE);
		expect((await server.request("DELETE", `/email-update-requests/${expiring.id}`)).status).toBe(404);
		expect((await server.request("DELETE", "/email-update-requests/NOT-AN-ID")).status).toBe(404);
	});
});

describe("POST /verify-new-email", () => {
	test("moves the user to the verified new address and clears what pointed at either address", async () => {
		const user = await createUser(server);
		const rival = await createUser(server);
		const email = uniqueEmail();
		const request = await newRequest(user.id, email);
		const elsewhere = await newRequest(user.id);
		const rivalRequest = await newRequest(rival.id, email);
		expect((await server.request("POST", `/users/${user.id}/password-reset-requests`)).status).toBe(200);
		expect((await server.request("POST", `/users/${user.id}/email-verification-request`)).status).toBe(200);

		const answer = await server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ email });

		const shown = (await server.request("GET", `/users/${user.id}`)).body;
		expect(shown.email).toBe(email);
		expect(shown.email_verified).toBe(true);
		// Every request for the address, the rival's included, is gone; a request for another address stays.
		expect((await server.request("GET", `/email-update-requests/${request.id}`)).status).toBe(404);
		expect((await server.request("GET", `/email-update-requests/${rivalRequest.id}`)).status).toBe(404);
		expect((await server.request("GET", `/email-update-requests/${elsewhere.id}`)).status).toBe(200);
		// Their codes went to the old address.
		expect((await server.request("GET", `/users/${user.id}/password-reset-requests`)).body).toEqual([]);
		expect((await server.request("GET", `/users/${user.id}/email-verification-request`)).status).toBe(404);
		// The old address is free again.
		await newRequest(rival.id, user.email!);
	});

	test("codes are compared ignoring case", async () => {
		const user = await createUser(server);
		const request = await newRequest(user.id);
		const answer = await server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code.toLowerCase() });
		expect(answer.status).toBe(200);
	});

	test("INCORRECT_CODE changes nothing; the 5th deletes the request", async () => {
		const user = await createUser(server);
		const request = await newRequest(user.id);
		for (let i = 1; i <= 5; i++) {
			expect((await server.request("GET", `/email-update-requests/${request.id}`)).status).toBe(200);
			const answer = await server.request("POST", "/verify-new-email", { request_id: request.id, code: wrongCode(request.code) });
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INCORRECT_CODE" });
		}
		expect((await server.request("GET", `/email-update-requests/${request.id}`)).status).toBe(404);
		const late = await server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code });
		expect(late.body).toEqual({ error: "INVALID_REQUEST" });
		expect((await server.request("GET", `/users/${user.id}`)).body.email).toBe(user.email);
	});

	test("INVALID_REQUEST for an unknown, malformed or expired request", async () => {
		for (const requestId of [UNKNOWN_ID, "not an id", ""]) {
			const answer = await server.request("POST", "/verify-new-email", { request_id: requestId, code: "AAAAAAAA" });
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_REQUEST" });
		}
		const user = await createUser(server);
		const request = await newRequest(user.id);
		server.clock.advance(10 * MINUTE);
		const expired = await server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code });
		expect(expired.body).toEqual({ error: "INVALID_REQUEST" });
		expect((await server.request("GET", `/users/${user.id}`)).body.email).toBe(user.email);
	});

	test("EMAIL_ALREADY_USED when another user took the address after the request was made", async () => {
		const user = await createUser(server);
		const email = uniqueEmail();
		const request = await newRequest(user.id, email);
		await createUser(server, { email });
		const answer = await server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code });
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "EMAIL_ALREADY_USED" });
		const shown = (await server.request("GET", `/users/${user.id}`)).body;
		expect(shown.email).toBe(user.email);
		expect(shown.email_verified).toBe(false);
	});

	test("INVALID_DATA for a missing or non-string request_id or code", async () => {
		for (const body of [{}, { request_id: UNKNOWN_ID }, { code: "AAAAAAAA" }, { request_id: 1, code: "AAAAAAAA" },
			{ request_id: UNKNOWN_ID, code: 1 }, "[]"]) {
			const answer = await server.request("POST", "/verify-new-email", body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("the sweep removes expired requests and keeps live ones", async () => {
		const user = await createUser(server);
		const expiring = await newRequest(user.id);
		server.clock.advance(5 * MINUTE);
		const live = await newRequest(user.id);
		server.clock.advance(5 * MINUTE);
		await server.sweep();
		const ids = (await server.rows("SELECT id FROM email_update_request")).map((row) => row.id);
		expect(ids).toContain(live.id);
		expect(ids).not.toContain(expiring.id);
	});
});

documentedErrorsOf(handlers, () => server, ({ post, get, del }) => ({
	createEmailUpdateRequest: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN_ID}/email-update-requests`, { email: uniqueEmail() })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/email-update-requests`, {})],
		["EMAIL_ALREADY_USED", async () => post(`/users/${(await createUser(server)).id}/email-update-requests`, { email: (await createUser(server)).email })],
		["TOO_MANY_REQUESTS", async () => ((id) => last(4, () => post(`/users/${id}/email-update-requests`, { email: uniqueEmail() })))((await createUser(server)).id)],
	],
	listUserEmailUpdateRequests: [["NOT_FOUND", () => get(`/users/${UNKNOWN_ID}/email-update-requests`)]],
	deleteUserEmailUpdateRequests: [["NOT_FOUND", () => del(`/users/${UNKNOWN_ID}/email-update-requests`)]],
	getEmailUpdateRequest: [["NOT_FOUND", () => get(`/email-update-requests/${UNKNOWN_ID}`)]],
	deleteEmailUpdateRequest: [["NOT_FOUND", () => del(`/email-update-requests/${UNKNOWN_ID}`)]],
	verifyNewEmail: [
		["INVALID_DATA", () => post("/verify-new-email", {})],
		["INVALID_REQUEST", () => post("/verify-new-email", { request_id: UNKNOWN_ID, code: "X" })],
		["NOT_FOUND", () => post("/verify-new-email", { request_id: UNKNOWN_ID, code: "X", session_id: UNKNOWN_ID })],
		["INCORRECT_CODE", async () => post("/verify-new-email", { request_id: (await newRequest((await createUser(server)).id)).id, code: "WRONG234" })],
		[
			"EMAIL_ALREADY_USED",
			async () => {
				// The address was free when the code was sent, and is taken when it comes back.
				const email = uniqueEmail();
				const request = await newRequest((await createUser(server)).id, email);
				await createUser(server, { email });
				return post("/verify-new-email", { request_id: request.id, code: request.code });
			},
		],
	],
}));
