// /email-sign-ins, /email-sign-ins/:request_id[/verify] (API.md section 14): every endpoint's
// success and error codes, expiry with the injected clock, create_user, events.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import handlers from "../../src/features/email-sign-in/handlers.ts";
import { disabledUser, documentedErrorsOf, last, UNKNOWN } from "../support/documented-errors.ts";
import { createUser, startTestServer, STRONG_PASSWORD, uniqueEmail, userAnswer, type TestServer } from "../support/server.ts";

const MINUTE = 60_000;
let server: TestServer;

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

async function requestCode(email: string, clientIp?: string) {
	const answer = await server.request("POST", "/email-sign-ins", { email, client_ip: clientIp });
	if (answer.status !== 200) throw new Error(`creating an email sign-in answered ${JSON.stringify(answer.body)}`);
	return answer.body as { id: string; user_id: string | null; email: string; code: string; created_at: number; expires_at: number };
}

function wrongCode(code: string): string {
	return code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
}

async function eventsOf(userId: string) {
	return (await server.request("GET", `/users/${userId}/events`)).body.events as { type: string; client_ip: string | null; data: Record<string, unknown> }[];
}

describe("creating and reading requests", () => {
	test("create answers the request with its code (once), for a known email", async () => {
		const user = await createUser(server);
		const answer = await server.request("POST", "/email-sign-ins", { email: user.email!.toUpperCase(), client_ip: "192.0.2.9" });
		expect(answer.status).toBe(200);
		const now = Math.floor(server.clock.now / 1000);
		expect(answer.body).toEqual({
			id: expect.stringMatching(/^[a-km-np-z2-9]{24}$/),
			user_id: user.id,
			email: user.email,
			created_at: now,
			expires_at: now + 600,
			code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
		});
		const fetched = await server.request("GET", `/email-sign-ins/${answer.body.id}`);
		expect(fetched.status).toBe(200);
		const { code: _code, ...withoutCode } = answer.body;
		expect(fetched.body).toEqual(withoutCode);
	});

	test("create for an email nobody holds: the same answer with user_id null", async () => {
		const email = uniqueEmail();
		const request = await requestCode(email);
		expect(request.user_id).toBeNull();
		expect(request.email).toBe(email);
	});

	test("create: INVALID_DATA for a bad email or body", async () => {
		for (const body of [{}, { email: "not-an-email" }, { email: 7 }, { email: uniqueEmail(), client_ip: 7 }, "[]"]) {
			expect((await server.request("POST", "/email-sign-ins", body)).body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("3 requests per email per 15 minutes, then TOO_MANY_REQUESTS with Retry-After", async () => {
		const email = uniqueEmail();
		for (let i = 0; i < 3; i++) await requestCode(email);
		const refused = await server.request("POST", "/email-sign-ins", { email });
		expect(refused.status).toBe(400);
		expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
		server.clock.advance(15 * MINUTE);
		await requestCode(email);
	});

	test("the per-address bucket of code requests counts email sign-ins with resets", async () => {
		const ip = "198.51.100.77";
		const user = await createUser(server);
		for (let i = 0; i < 3; i++) expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, { client_ip: ip })).status).toBe(200);
		for (let i = 0; i < 7; i++) await requestCode(uniqueEmail(), ip);
		expect((await server.request("POST", "/email-sign-ins", { email: uniqueEmail(), client_ip: ip })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		server.clock.advance(15 * MINUTE);
	});

	test("GET and DELETE: NOT_FOUND for an unknown, malformed, deleted or expired request", async () => {
		const request = await requestCode(uniqueEmail());
		expect((await server.request("DELETE", `/email-sign-ins/${request.id}`)).status).toBe(204);
		expect((await server.request("GET", `/email-sign-ins/${request.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("DELETE", `/email-sign-ins/${request.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("GET", "/email-sign-ins/not-an-id")).body).toEqual({ error: "NOT_FOUND" });
		const expiring = await requestCode(uniqueEmail());
		server.clock.advance(10 * MINUTE);
		expect((await server.request("GET", `/email-sign-ins/${expiring.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("DELETE", `/email-sign-ins/${expiring.id}`)).body).toEqual({ error: "NOT_FOUND" });
	});
});

describe("verifying", () => {
	test("a correct code (any case) signs the user in, verifies the email, and is used up", async () => {
		const user = await createUser(server);
		expect(user.email_verified).toBe(false);
		const request = await requestCode(user.email!, "192.0.2.40");
		const answer = await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code.toLowerCase(), client_ip: "192.0.2.40" });
		expect(answer.status).toBe(200);
		// The code proved an address nobody had proved: the account is claimed (API.md section 17), a
		// new recovery code with it; test/security/whoever-proves-the-address-owns-the-account.test.ts.
		// The claim removed the maker's password.
		expect(answer.body).toEqual({ user: { ...user, email_verified: true, recovery_code: answer.body.user.recovery_code, password_set: false }, created: false, claimed: true });
		expect(answer.body.user.recovery_code).not.toBe(user.recovery_code);
		expect((await server.request("GET", `/users/${user.id}`)).body.email_verified).toBe(true);
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).body).toEqual({ error: "INVALID_REQUEST" });
		expect((await server.request("GET", `/email-sign-ins/${request.id}`)).body).toEqual({ error: "NOT_FOUND" });
		const events = await eventsOf(user.id);
		expect(events.map((event) => [event.type, event.data])).toEqual([
			["user_created", {}],
			["account_claimed", { removed: ["password"] }],
			["email_verified", {}],
			["sign_in", { method: "email_code" }],
		]);
		expect(events.at(-1)!.client_ip).toBe("v4:192.0.2.40");
	});

	test("an already verified email: only sign_in", async () => {
		const user = await createUser(server);
		await server.request("POST", `/email-sign-ins/${(await requestCode(user.email!)).id}/verify`, { code: "x" }); // a wrong one first
		const request = await requestCode(user.email!);
		await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code });
		const again = await requestCode(user.email!);
		const answer = await server.request("POST", `/email-sign-ins/${again.id}/verify`, { code: again.code });
		expect(answer.status).toBe(200);
		expect(answer.body.claimed).toBe(false);
		expect((await eventsOf(user.id)).map((event) => event.type)).toEqual(["user_created", "sign_in_failed", "account_claimed", "email_verified", "sign_in", "sign_in"]);
	});

	test("an email nobody holds: user null without create_user, and no user is made", async () => {
		const email = uniqueEmail();
		const request = await requestCode(email);
		const answer = await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: false });
		expect(answer.body).toEqual({ user: null, created: false, claimed: false });
		expect((await server.request("GET", `/users?email=${encodeURIComponent(email)}`)).body).toEqual([]);
	});

	test("create_user makes a passwordless user with the email verified; every password is INCORRECT_PASSWORD", async () => {
		const email = uniqueEmail();
		const request = await requestCode(email, "192.0.2.41");
		const answer = await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: true, client_ip: "192.0.2.41" });
		expect(answer.status).toBe(200);
		expect(answer.body.created).toBe(true);
		const user = answer.body.user;
		expect(user).toEqual(
			userAnswer({ id: expect.stringMatching(/^[a-km-np-z2-9]{24}$/), created_at: Math.floor(server.clock.now / 1000), email, email_verified: true, password_set: false }),
		);
		expect((await server.request("GET", `/users/${user.id}`)).body).toEqual(user);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).body).toEqual({ error: "INCORRECT_PASSWORD" });
		expect((await server.request("POST", "/authenticate/password", { email, password: "" })).body).toEqual({ error: "INCORRECT_PASSWORD" });
		const events = await eventsOf(user.id);
		expect(events.map((event) => [event.type, event.data, event.client_ip])).toEqual([
			["user_created", { method: "email_code" }, "v4:192.0.2.41"],
			["sign_in", { method: "email_code" }, "v4:192.0.2.41"],
			["sign_in_failed", { method: "password" }, null],
			["sign_in_failed", { method: "password" }, null],
		]);
		// A reset gives the passwordless user a password.
		const reset = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
		await server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code });
		expect((await server.request("POST", "/reset-password", { request_id: reset.id, password: STRONG_PASSWORD })).status).toBe(204);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	});

	test("EMAIL_ALREADY_USED when a user took the email after a request that named nobody", async () => {
		const email = uniqueEmail();
		const request = await requestCode(email);
		expect((await server.request("POST", "/users", { email, password: STRONG_PASSWORD })).status).toBe(200);
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: true })).body).toEqual({
			error: "EMAIL_ALREADY_USED",
		});
	});

	test("INVALID_REQUEST when the user the request named changed their email since", async () => {
		const user = await createUser(server);
		const request = await requestCode(user.email!);
		const update = (await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() })).body;
		expect((await server.request("POST", "/verify-new-email", { request_id: update.id, code: update.code })).status).toBe(200);
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: true })).body).toEqual({
			error: "INVALID_REQUEST",
		});
	});

	test("an incorrect code is INCORRECT_CODE and a sign_in_failed event; the request stays", async () => {
		const user = await createUser(server);
		const request = await requestCode(user.email!);
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: wrongCode(request.code), client_ip: "192.0.2.42" })).body).toEqual({
			error: "INCORRECT_CODE",
		});
		const failed = (await eventsOf(user.id)).at(-1)!;
		expect([failed.type, failed.data, failed.client_ip]).toEqual(["sign_in_failed", { method: "email_code" }, "v4:192.0.2.42"]);
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).status).toBe(200);
	});

	test("INVALID_REQUEST for an absent, malformed, expired or deleted request; INVALID_DATA for a bad body", async () => {
		expect((await server.request("POST", "/email-sign-ins/aaaaaaaaaaaaaaaaaaaaaaaa/verify", { code: "AAAAAAAA" })).body).toEqual({ error: "INVALID_REQUEST" });
		expect((await server.request("POST", "/email-sign-ins/nope/verify", { code: "AAAAAAAA" })).body).toEqual({ error: "INVALID_REQUEST" });
		const request = await requestCode(uniqueEmail());
		for (const body of [{}, { code: 7 }, { code: request.code, create_user: "yes" }, { code: request.code, client_ip: 7 }]) {
			expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, body)).body).toEqual({ error: "INVALID_DATA" });
		}
		server.clock.advance(10 * MINUTE);
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).body).toEqual({ error: "INVALID_REQUEST" });
		const deleted = await requestCode(uniqueEmail());
		await server.request("DELETE", `/email-sign-ins/${deleted.id}`);
		expect((await server.request("POST", `/email-sign-ins/${deleted.id}/verify`, { code: deleted.code })).body).toEqual({ error: "INVALID_REQUEST" });
	});

	test("the sweep deletes expired requests", async () => {
		const request = await requestCode(uniqueEmail());
		server.clock.advance(10 * MINUTE);
		await server.sweep();
		expect(await server.rows("SELECT id FROM email_sign_in_request WHERE id = ?", request.id)).toEqual([]);
	});

	test("deleting the user deletes their requests", async () => {
		const user = await createUser(server);
		const request = await requestCode(user.email!);
		await server.request("DELETE", `/users/${user.id}`);
		expect((await server.request("GET", `/email-sign-ins/${request.id}`)).body).toEqual({ error: "NOT_FOUND" });
	});
});

documentedErrorsOf(handlers, () => server, ({ post, get, del }) => ({
	createEmailSignIn: [
		["INVALID_DATA", () => post("/email-sign-ins", {})],
		["TOO_MANY_REQUESTS", () => ((email) => last(4, () => post("/email-sign-ins", { email })))(uniqueEmail())],
	],
	getEmailSignIn: [["NOT_FOUND", () => get(`/email-sign-ins/${UNKNOWN}`)]],
	deleteEmailSignIn: [["NOT_FOUND", () => del(`/email-sign-ins/${UNKNOWN}`)]],
	verifyEmailSignIn: [
		["INVALID_DATA", () => post(`/email-sign-ins/${UNKNOWN}/verify`, {})],
		["INVALID_REQUEST", () => post(`/email-sign-ins/${UNKNOWN}/verify`, { code: "X" })],
		["INCORRECT_CODE", async () => post(`/email-sign-ins/${(await requestCode(uniqueEmail())).id}/verify`, { code: "WRONG234" })],
		[
			"EMAIL_ALREADY_USED",
			async () => {
				const email = uniqueEmail();
				const request = await requestCode(email);
				await createUser(server, { email });
				return post(`/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: true });
			},
		],
		[
			"USER_DISABLED",
			async () => {
				const request = await requestCode((await disabledUser(server)).email!);
				return post(`/email-sign-ins/${request.id}/verify`, { code: request.code });
			},
		],
	],
}));
