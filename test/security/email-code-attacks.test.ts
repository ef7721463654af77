// Attacks on sign-in by email code (API.md section 14), each named after what it tries:
// - redeem one code twice at once, for two sessions (GHSA-hc7v-rggr-4hvx in Better Auth);
// - use an older code after a newer one was sent (better-auth#5116);
// - guess a sixth time, in a row or in parallel;
// - exhaust one email's requests by asking for another (or the same in another spelling);
// - guess passwords until the user's password checks are blocked, which must not shut this door too.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { feedSettled } from "../support/events-flow.ts";
import { createUser, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from "../support/server.ts";

let server: TestServer;

beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

async function requestCode(email: string) {
	const answer = await server.request("POST", "/email-sign-ins", { email });
	if (answer.status !== 200) throw new Error(`creating an email sign-in answered ${JSON.stringify(answer.body)}`);
	return answer.body as { id: string; code: string };
}

describe("a code redeemed twice in parallel", () => {
	test("20 parallel verifies of one right code: one 200, the others INVALID_REQUEST", async () => {
		const user = await createUser(server);
		const request = await requestCode(user.email!);
		const answers = await Promise.all(
			Array.from({ length: 20 }, () => server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })),
		);
		expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
		expect(answers.filter((answer) => answer.body?.error === "INVALID_REQUEST")).toHaveLength(19);
		await feedSettled(server);
		const signIns = (await server.request("GET", `/users/${user.id}/events?type=sign_in`)).body.events;
		expect(signIns).toHaveLength(1);
	});

	test("with create_user: one user is created, once", async () => {
		const email = uniqueEmail();
		const request = await requestCode(email);
		const answers = await Promise.all(
			Array.from({ length: 20 }, () => server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: true })),
		);
		expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.created)).toEqual([true]);
		expect((await server.request("GET", `/users?email=${encodeURIComponent(email)}`)).body).toHaveLength(1);
	});
});

describe("an older code after a newer request", () => {
	test("only the latest request's code works; the earlier request is gone", async () => {
		const user = await createUser(server);
		const older = await requestCode(user.email!);
		const newer = await requestCode(user.email!);
		expect((await server.request("POST", `/email-sign-ins/${older.id}/verify`, { code: older.code })).body).toEqual({ error: "INVALID_REQUEST" });
		expect((await server.request("POST", `/email-sign-ins/${older.id}/verify`, { code: newer.code })).body).toEqual({ error: "INVALID_REQUEST" });
		expect((await server.request("GET", `/email-sign-ins/${older.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("POST", `/email-sign-ins/${newer.id}/verify`, { code: newer.code })).status).toBe(200);
	});

	test("two parallel requests for one email leave one live code", async () => {
		const email = uniqueEmail();
		const [a, b] = await Promise.all([requestCode(email), requestCode(email)]);
		expect(await server.rows("SELECT id FROM email_sign_in_request WHERE email = ?", email)).toHaveLength(1);
		const answers = await Promise.all([a!, b!].map((request) => server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })));
		expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	});
});

describe("a sixth guess", () => {
	test("the 5th incorrect code deletes the request: the right code then answers INVALID_REQUEST", async () => {
		const user = await createUser(server);
		const request = await requestCode(user.email!);
		const wrong = request.code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
		for (let i = 0; i < 5; i++) {
			expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: wrong })).body).toEqual({ error: "INCORRECT_CODE" });
		}
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).body).toEqual({ error: "INVALID_REQUEST" });
		await feedSettled(server);
		const events = (await server.request("GET", `/users/${user.id}/events?type=request_deleted_after_incorrect_codes`)).body.events;
		expect(events.map((event: any) => event.data)).toEqual([{ request: "email_sign_in" }]);
	});

	test("50 parallel wrong codes get exactly 5 tries", async () => {
		const request = await requestCode(uniqueEmail());
		const answers = await Promise.all(
			Array.from({ length: 50 }, (_, i) => server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: `WRONG${String(i).padStart(3, "2")}` })),
		);
		const errors = answers.map((answer) => answer.body?.error);
		expect(errors.filter((error) => error === "INCORRECT_CODE")).toHaveLength(5);
		expect(errors.filter((error) => error === "INVALID_REQUEST")).toHaveLength(45);
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).body).toEqual({ error: "INVALID_REQUEST" });
	});
});

describe("a request for one email counted against another", () => {
	test("one email's 3 requests leave another's untouched; spellings of one address share its count", async () => {
		const a = uniqueEmail();
		const b = uniqueEmail();
		await requestCode(a);
		await requestCode(a.toUpperCase());
		await requestCode(` ${a}`.trim().replace("@", "@").normalize("NFD"));
		expect((await server.request("POST", "/email-sign-ins", { email: a })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		for (let i = 0; i < 3; i++) await requestCode(b);
		// An unknown email's count is its own, as a user's is.
		const user = await createUser(server);
		for (let i = 0; i < 3; i++) await requestCode(user.email!);
		expect((await server.request("POST", "/email-sign-ins", { email: user.email })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	});
});

describe("the email code refused because the password is blocked", () => {
	test("10 wrong passwords block the user's password checks, not their email code", async () => {
		const user = await createUser(server);
		for (let i = 0; i < 10; i++) await server.request("POST", "/authenticate/password", { email: user.email, password: `wrong password ${i}` });
		expect((await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD })).body).toEqual({
			error: "TOO_MANY_REQUESTS",
		});
		const request = await requestCode(user.email!);
		const answer = await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code });
		expect(answer.status).toBe(200);
		expect(answer.body.user.id).toBe(user.id);
	});

	test("nor does a blocked address stop it", async () => {
		const user = await createUser(server);
		const ip = "203.0.113.99";
		for (let i = 0; i < 5; i++) await server.request("POST", "/authenticate/password", { email: uniqueEmail(), password: `wrong password ${i}`, client_ip: ip });
		const request = (await server.request("POST", "/email-sign-ins", { email: user.email, client_ip: ip })).body;
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, client_ip: ip })).status).toBe(200);
	});
});
