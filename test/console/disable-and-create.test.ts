// The console's disabling, enabling and creating of users (issue 41; API.md sections 12 and 18),
// through its own JSON endpoints, on the database under test. The same in a browser is in
// pages.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { feedSettled } from "../support/events-flow.ts";
import { signIn as apiSignIn, validates } from "../support/session-changes.ts";
import { createUser, STRONG_PASSWORD, uniqueEmail, type TestServer } from "../support/server.ts";
import { consoleCall, signIn, startConsoleServer } from "./support.ts";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
	server = await startConsoleServer();
	cookie = await signIn(server);
});
afterAll(() => server.stop());

const post = (path: string, body: unknown) => consoleCall(server, "POST", `/console/api${path}`, { cookie, body });
const page = async (userId: string) => (await consoleCall(server, "GET", `/console/api/users/${userId}`, { cookie })).body;

async function consoleEvents(userId: string, ...types: string[]): Promise<any[]> {
	await feedSettled(server);
	const query = types.map((type) => `&type=${type}`).join("");
	return (await server.request("GET", `/users/${userId}/events?limit=1000${query}`)).body.events;
}

describe("disabling and enabling", () => {
	test("disable with a reason and an end: the page shows why and until when, the list says so, sessions end; enable undoes it", async () => {
		const user = await createUser(server);
		const session = await apiSignIn(server, user.id);
		const until = Math.floor(server.clock.now / 1000) + 7 * 86_400;
		const disabled = await post(`/users/${user.id}/disable`, { reason: "Chargeback dispute #4411", until });
		expect(disabled.status).toBe(204);
		expect((await page(user.id)).user).toMatchObject({ disabled: true, disabled_until: until, disabled_reason: "Chargeback dispute #4411" });
		const listed = (await consoleCall(server, "GET", `/console/api/users?q=${user.id}&by=id`, { cookie })).body.users;
		expect(listed[0]).toMatchObject({ id: user.id, disabled: true, disabled_until: until });
		expect(await validates(server, session.token)).toBe(false);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).body).toEqual({ error: "USER_DISABLED" });

		expect((await post(`/users/${user.id}/enable`, {})).status).toBe(204);
		expect((await page(user.id)).user).toMatchObject({ disabled: false, disabled_until: null, disabled_reason: null });
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);

		const events = await consoleEvents(user.id, "user_disabled", "user_enabled", "sessions_ended");
		expect(events.map((event) => [event.type, event.data])).toEqual([
			["sessions_ended", { reason: "user_disabled", actor: "console", session_ids: [session.id] }],
			["user_disabled", { reason: "Chargeback dispute #4411", until, actor: "console" }],
			["user_enabled", { actor: "console" }],
		]);
	});

	test("without an end the user is disabled until enabled; without a reason there is none", async () => {
		const user = await createUser(server);
		expect((await post(`/users/${user.id}/disable`, {})).status).toBe(204);
		expect((await page(user.id)).user).toMatchObject({ disabled: true, disabled_until: null, disabled_reason: null });
		expect((await post(`/users/${user.id}/disable`, { reason: "", until: null })).status).toBe(204);
		expect((await consoleEvents(user.id, "user_disabled")).map((event) => event.data)).toEqual([
			{ reason: null, until: null, actor: "console" },
			{ reason: null, until: null, actor: "console" },
		]);
	});

	test("a reason over 200 code points or an end that has passed is INVALID_DATA; an unknown user NOT_FOUND; nothing changes", async () => {
		const user = await createUser(server);
		for (const body of [{ reason: "😀".repeat(201) }, { until: Math.floor(server.clock.now / 1000) }, { until: "tomorrow" }]) {
			const answer = await post(`/users/${user.id}/disable`, body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
		expect((await page(user.id)).user.disabled).toBe(false);
		for (const id of ["aaaaaaaaaaaaaaaaaaaaaaaa", "not-an-id"]) {
			expect((await post(`/users/${id}/disable`, {})).status).toBe(404);
			expect((await post(`/users/${id}/enable`, {})).status).toBe(404);
		}
		// Enabling an enabled user is no error and no event.
		expect((await post(`/users/${user.id}/enable`, {})).status).toBe(204);
		expect(await consoleEvents(user.id, "user_enabled")).toEqual([]);
	});

	test("an end that has passed shows the user enabled, with no reason left", async () => {
		const user = await createUser(server);
		await post(`/users/${user.id}/disable`, { reason: "cool-off", until: Math.floor(server.clock.now / 1000) + 60 });
		server.clock.advance(61_000);
		expect((await page(user.id)).user).toMatchObject({ disabled: false, disabled_until: null, disabled_reason: null });
	});
});

describe("creating a user", () => {
	test("with an email and a password: the user signs in with it; the event says the console made it", async () => {
		const email = uniqueEmail();
		const created = await post("/users", { email: email.toUpperCase(), password: STRONG_PASSWORD });
		expect(created.status).toBe(200);
		const user = (await page(created.body.id)).user;
		expect(user).toMatchObject({ id: created.body.id, email, email_verified: false, disabled: false });
		expect((await server.request("POST", "/authenticate/password", { email, password: STRONG_PASSWORD })).body.id).toBe(created.body.id);
		expect((await consoleEvents(created.body.id, "user_created")).map((event) => event.data)).toEqual([{ actor: "console" }]);
	});

	test("with an email only: a user without a password, who signs in by email code or sets one by a reset", async () => {
		const email = uniqueEmail();
		const created = await post("/users", { email });
		expect(created.status).toBe(200);
		expect((await server.request("POST", "/authenticate/password", { email, password: STRONG_PASSWORD })).body).toEqual({ error: "INCORRECT_PASSWORD" });
		const request = (await server.request("POST", "/email-sign-ins", { email })).body;
		expect(request.user_id).toBe(created.body.id);
		expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).body.user.id).toBe(created.body.id);
		expect((await post("/users", { email, password: null })).body).toEqual({ error: "EMAIL_ALREADY_USED" });
	});

	test("a missing or invalid email, a short or leaked password and a taken email are refused as the API refuses them", async () => {
		const taken = (await createUser(server)).email;
		for (const [body, error] of [
			[{}, "INVALID_DATA"],
			[{ email: "not an email" }, "INVALID_DATA"],
			[{ email: uniqueEmail(), password: "short" }, "INVALID_DATA"],
			[{ email: uniqueEmail(), password: "12345678" }, "WEAK_PASSWORD"],
			[{ email: taken, password: STRONG_PASSWORD }, "EMAIL_ALREADY_USED"],
		] as const) {
			const answer = await post("/users", body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error });
		}
	});

	test("needs a session and the console's own origin, as every action", async () => {
		expect((await consoleCall(server, "POST", "/console/api/users", { body: { email: uniqueEmail() } })).status).toBe(401);
		const crossSite = await consoleCall(server, "POST", "/console/api/users", { cookie, body: { email: uniqueEmail() }, headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
		expect(crossSite.status).toBe(403);
	});
});
