// /users/:user_id/password-reset-requests, /password-reset-requests/:request_id[/verify-email], /reset-password
import { describe, expect, test } from "bun:test";
import handlers from "../../src/features/password-reset/handlers.ts";
import { documentedErrorsOf, freshIp, last, LEAKED, UNKNOWN } from "../support/documented-errors.ts";
import { createUser, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";

const NEW_PASSWORD = "brand new passphrase 99";
const MINUTE = 60_000;

const server = serverForThisFile();

async function createRequest(userId: string) {
	const answer = await server.request("POST", `/users/${userId}/password-reset-requests`, {});
	if (answer.status !== 200) throw new Error(`creating a reset request answered ${JSON.stringify(answer.body)}`);
	return answer.body as { id: string; code: string; expires_at: number; created_at: number };
}

/** A code that is certainly not `code`, in the code alphabet. */
function wrongCode(code: string): string {
	return code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
}

describe("creating and reading requests", () => {
	test("create answers the request with its code, once", async () => {
		const user = await createUser(server);
		const answer = await server.request("POST", `/users/${user.id}/password-reset-requests`, { client_ip: "192.0.2.9" });
		expect(answer.status).toBe(200);
		const now = Math.floor(server.clock.now / 1000);
		expect(answer.body).toEqual({
			id: expect.stringMatching(/^[a-km-np-z2-9]{24}$/),
			user_id: user.id,
			created_at: now,
			expires_at: now + 600,
			email_verified: false,
			code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
		});
		const fetched = await server.request("GET", `/password-reset-requests/${answer.body.id}`);
		expect(fetched.status).toBe(200);
		const { code: _code, ...withoutCode } = answer.body;
		expect(fetched.body).toEqual(withoutCode);
	});

	test("create: NOT_FOUND for an unknown user, INVALID_DATA for a bad body", async () => {
		const user = await createUser(server);
		expect((await server.request("POST", "/users/aaaaaaaaaaaaaaaaaaaaaaaa/password-reset-requests", {})).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, { client_ip: 7 })).body).toEqual({ error: "INVALID_DATA" });
	});

	test("3 requests per user per 15 minutes, then TOO_MANY_REQUESTS", async () => {
		const user = await createUser(server);
		for (let i = 0; i < 3; i++) await createRequest(user.id);
		expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		const other = await createUser(server);
		expect((await server.request("POST", `/users/${other.id}/password-reset-requests`, {})).status).toBe(200);
		server.clock.advance(15 * MINUTE);
		expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).status).toBe(200);
	});

	test("list and delete a user's requests", async () => {
		const user = await createUser(server);
		const first = await createRequest(user.id);
		const second = await createRequest(user.id);
		const list = await server.request("GET", `/users/${user.id}/password-reset-requests`);
		expect(list.status).toBe(200);
		expect(list.body.map((r: { id: string }) => r.id).toSorted()).toEqual([first.id, second.id].toSorted());
		expect(list.body.every((r: object) => !("code" in r))).toBe(true);

		expect((await server.request("DELETE", `/users/${user.id}/password-reset-requests`)).status).toBe(204);
		expect((await server.request("GET", `/users/${user.id}/password-reset-requests`)).body).toEqual([]);
		expect((await server.request("GET", "/users/aaaaaaaaaaaaaaaaaaaaaaaa/password-reset-requests")).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("DELETE", "/users/aaaaaaaaaaaaaaaaaaaaaaaa/password-reset-requests")).body).toEqual({ error: "NOT_FOUND" });
	});

	test("delete one request; NOT_FOUND when absent", async () => {
		const user = await createUser(server);
		const request = await createRequest(user.id);
		expect((await server.request("DELETE", `/password-reset-requests/${request.id}`)).status).toBe(204);
		expect((await server.request("GET", `/password-reset-requests/${request.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("DELETE", `/password-reset-requests/${request.id}`)).body).toEqual({ error: "NOT_FOUND" });
	});

	test("an expired request is invisible everywhere", async () => {
		const user = await createUser(server);
		const request = await createRequest(user.id);
		server.clock.advance(10 * MINUTE - 1000);
		expect((await server.request("GET", `/password-reset-requests/${request.id}`)).status).toBe(200);
		server.clock.advance(1000);
		expect((await server.request("GET", `/password-reset-requests/${request.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("GET", `/users/${user.id}/password-reset-requests`)).body).toEqual([]);
		expect((await server.request("DELETE", `/password-reset-requests/${request.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code })).body).toEqual({
			error: "NOT_FOUND",
		});
	});
});

describe("POST /password-reset-requests/:request_id/verify-email", () => {
	test("the right code, in any case, verifies the request", async () => {
		const user = await createUser(server);
		const request = await createRequest(user.id);
		const answer = await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code.toLowerCase() });
		expect(answer.status).toBe(204);
		expect((await server.request("GET", `/password-reset-requests/${request.id}`)).body.email_verified).toBe(true);
	});

	test("INCORRECT_CODE; the 5th incorrect code deletes the request; then NOT_FOUND", async () => {
		const user = await createUser(server);
		const request = await createRequest(user.id);
		const path = `/password-reset-requests/${request.id}/verify-email`;
		for (let i = 0; i < 5; i++) {
			expect((await server.request("POST", path, { code: wrongCode(request.code) })).body).toEqual({ error: "INCORRECT_CODE" });
		}
		expect((await server.request("POST", path, { code: request.code })).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("GET", `/password-reset-requests/${request.id}`)).status).toBe(404);
	});

	test("NOT_FOUND for an unknown request (before the body is read), INVALID_DATA for a missing code", async () => {
		const user = await createUser(server);
		const request = await createRequest(user.id);
		expect((await server.request("POST", "/password-reset-requests/aaaaaaaaaaaaaaaaaaaaaaaa/verify-email", "garbage")).body).toEqual({
			error: "NOT_FOUND",
		});
		expect((await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, {})).body).toEqual({ error: "INVALID_DATA" });
	});
});

describe("POST /reset-password", () => {
	test("sets the password, verifies the email and deletes all of the user's reset requests", async () => {
		const user = await createUser(server);
		const other = await createRequest(user.id);
		const request = await createRequest(user.id);
		await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code });

		const answer = await server.request("POST", "/reset-password", { request_id: request.id, password: NEW_PASSWORD });
		expect(answer.status).toBe(204);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: NEW_PASSWORD })).status).toBe(204);
		expect((await server.request("GET", `/users/${user.id}`)).body.email_verified).toBe(true);
		expect((await server.request("GET", `/password-reset-requests/${other.id}`)).status).toBe(404);
		expect((await server.request("POST", "/reset-password", { request_id: request.id, password: NEW_PASSWORD })).body).toEqual({
			error: "INVALID_REQUEST",
		});
	});

	test("INVALID_REQUEST for an unverified, unknown, malformed or expired request", async () => {
		const user = await createUser(server);
		const request = await createRequest(user.id);
		for (const request_id of [request.id, "aaaaaaaaaaaaaaaaaaaaaaaa", "not an id"]) {
			expect((await server.request("POST", "/reset-password", { request_id, password: NEW_PASSWORD })).body).toEqual({
				error: "INVALID_REQUEST",
			});
		}
		await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code });
		server.clock.advance(10 * MINUTE);
		expect((await server.request("POST", "/reset-password", { request_id: request.id, password: NEW_PASSWORD })).body).toEqual({
			error: "INVALID_REQUEST",
		});
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	});

	test("INVALID_DATA, WEAK_PASSWORD and TOO_MANY_REQUESTS", async () => {
		const user = await createUser(server);
		const request = await createRequest(user.id);
		await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code });
		expect((await server.request("POST", "/reset-password", { password: NEW_PASSWORD })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", "/reset-password", { request_id: request.id, password: "short" })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", "/reset-password", { request_id: request.id, password: "12345678" })).body).toEqual({
			error: "WEAK_PASSWORD",
		});
		const ip = "192.0.2.20";
		for (let i = 0; i < 5; i++) await server.request("POST", "/reset-password", { request_id: "aaaaaaaaaaaaaaaaaaaaaaaa", password: NEW_PASSWORD, client_ip: ip });
		expect((await server.request("POST", "/reset-password", { request_id: request.id, password: NEW_PASSWORD, client_ip: ip })).body).toEqual({
			error: "TOO_MANY_REQUESTS",
		});
		// The refused attempts left the request usable.
		expect((await server.request("POST", "/reset-password", { request_id: request.id, password: NEW_PASSWORD })).status).toBe(204);
	});
});

test("expired requests are swept from the database", async () => {
	const user = await createUser(server);
	await createRequest(user.id);
	server.clock.advance(10 * MINUTE);
	await server.sweep();
	expect(await server.rows("SELECT id FROM password_reset_request WHERE user_id = ?", user.id)).toEqual([]);
});

/** A request of a new user's. */
const someRequest = async () => createRequest((await createUser(server)).id);

documentedErrorsOf(handlers, () => server, ({ post, get, del }) => ({
	createPasswordResetRequest: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/password-reset-requests`)],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/password-reset-requests`, { client_ip: 5 })],
		["TOO_MANY_REQUESTS", async () => ((id) => last(4, () => post(`/users/${id}/password-reset-requests`)))((await createUser(server)).id)],
	],
	listUserPasswordResetRequests: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/password-reset-requests`)]],
	deleteUserPasswordResetRequests: [["NOT_FOUND", () => del(`/users/${UNKNOWN}/password-reset-requests`)]],
	getPasswordResetRequest: [["NOT_FOUND", () => get(`/password-reset-requests/${UNKNOWN}`)]],
	deletePasswordResetRequest: [["NOT_FOUND", () => del(`/password-reset-requests/${UNKNOWN}`)]],
	verifyPasswordResetRequestEmail: [
		["NOT_FOUND", () => post(`/password-reset-requests/${UNKNOWN}/verify-email`, { code: "X" })],
		["INVALID_DATA", async () => post(`/password-reset-requests/${(await someRequest()).id}/verify-email`, {})],
		["INCORRECT_CODE", async () => post(`/password-reset-requests/${(await someRequest()).id}/verify-email`, { code: "WRONG234" })],
	],
	resetPassword: [
		["INVALID_DATA", () => post("/reset-password", {})],
		["WEAK_PASSWORD", () => post("/reset-password", { request_id: UNKNOWN, password: LEAKED })],
		["INVALID_REQUEST", async () => post("/reset-password", { request_id: (await someRequest()).id, password: STRONG_PASSWORD })],
		["TOO_MANY_REQUESTS", () => ((ip) => last(6, () => post("/reset-password", { request_id: UNKNOWN, password: STRONG_PASSWORD, client_ip: ip })))(freshIp())],
	],
}));
