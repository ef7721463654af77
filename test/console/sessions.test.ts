// The console's sessions (API.md sections 12 and 13): a user's sessions with their device, address,
// last use and second factor, never a token; ending one or all, each recorded with data.actor
// "console"; the live count on the overview.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createUser, type TestServer } from "../support/server.ts";
import { consoleCall, signIn, startConsoleServer } from "./support.ts";

let server: TestServer;
let cookie: string;
beforeAll(async () => {
	server = await startConsoleServer();
	cookie = await signIn(server);
});
afterAll(() => server.stop());

async function sessionOf(userId: string, body: Record<string, unknown> = {}) {
	return (await server.request("POST", `/users/${userId}/sessions`, body)).body as { session: any; token: string };
}

test("a user's page lists their live sessions without tokens; the overview counts live sessions", async () => {
	const before = (await consoleCall(server, "GET", "/console/api/overview", { cookie })).body.sessions;
	const user = await createUser(server);
	const first = await sessionOf(user.id, { user_agent: "Firefox on Linux", client_ip: "192.0.2.7", second_factor_verified: true });
	server.clock.advance(120_000);
	const second = await sessionOf(user.id, { user_agent: "Safari on iPhone" });
	const page = await consoleCall(server, "GET", `/console/api/users/${user.id}`, { cookie });
	expect(page.body.sessions.map((s: any) => [s.id, s.user_agent, s.client_ip])).toEqual([
		[second.session.id, "Safari on iPhone", null],
		[first.session.id, "Firefox on Linux", "192.0.2.7"],
	]);
	expect(page.body.sessions[1].second_factor_verified_at).toBe(first.session.second_factor_verified_at);
	for (const { token } of [first, second]) expect(JSON.stringify(page.body)).not.toContain(token.split(".")[1]);
	expect((await consoleCall(server, "GET", "/console/api/overview", { cookie })).body.sessions).toBe(before + 2);
});

const CHROME_ON_MACOS = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

test("a session's device reads \"Chrome on macOS\", not a raw user agent, which stays beside it", async () => {
	const user = await createUser(server);
	await sessionOf(user.id, { user_agent: CHROME_ON_MACOS });
	server.clock.advance(1000);
	await sessionOf(user.id, { user_agent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1" });
	server.clock.advance(1000);
	await sessionOf(user.id, { user_agent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0" });
	server.clock.advance(1000);
	await sessionOf(user.id, { user_agent: "python-httpx/0.27.0" }); // no browser, no system: shown as sent
	server.clock.advance(1000);
	await sessionOf(user.id, {});
	const page = await consoleCall(server, "GET", `/console/api/users/${user.id}`, { cookie });
	expect(page.body.sessions.map((s: any) => s.device)).toEqual([null, "python-httpx/0.27.0", "Microsoft Edge on Windows", "Safari on iOS", "Chrome on macOS"]);
	expect(page.body.sessions[4].user_agent).toBe(CHROME_ON_MACOS);
});

test("ending one session and then all: the tokens stop working, with events marked as the console's", async () => {
	const user = await createUser(server);
	const other = await createUser(server);
	const a = await sessionOf(user.id);
	const b = await sessionOf(user.id);
	const theirs = await sessionOf(other.id);
	// Another user's session is not this user's to end.
	expect((await consoleCall(server, "POST", `/console/api/users/${user.id}/sessions/${theirs.session.id}/end`, { cookie, body: {} })).status).toBe(404);
	expect((await consoleCall(server, "POST", `/console/api/users/${user.id}/sessions/${a.session.id}/end`, { cookie, body: {} })).status).toBe(204);
	expect((await server.request("POST", "/sessions/validate", { token: a.token })).status).toBe(404);
	expect((await server.request("POST", "/sessions/validate", { token: b.token })).status).toBe(200);
	expect((await consoleCall(server, "POST", `/console/api/users/${user.id}/end-sessions`, { cookie, body: {} })).status).toBe(204);
	expect((await server.request("POST", "/sessions/validate", { token: b.token })).status).toBe(404);
	expect((await server.request("POST", "/sessions/validate", { token: theirs.token })).status).toBe(200);

	const feed = await server.request("GET", `/users/${user.id}/events?type=sessions_ended`);
	expect(feed.body.events.map((event: any) => event.data)).toEqual([
		{ reason: "console", actor: "console", session_ids: [a.session.id] },
		{ reason: "console", actor: "console", session_ids: [b.session.id] },
	]);
	expect((await consoleCall(server, "POST", `/console/api/users/aaaaaaaaaaaaaaaaaaaaaaaa/end-sessions`, { cookie, body: {} })).status).toBe(404);
});

test("ending sessions is refused cross-site, as every console action is", async () => {
	const user = await createUser(server);
	const session = await sessionOf(user.id);
	const answer = await consoleCall(server, "POST", `/console/api/users/${user.id}/end-sessions`, {
		cookie,
		body: {},
		headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
	});
	expect(answer.status).toBe(403);
	expect((await server.request("POST", "/sessions/validate", { token: session.token })).status).toBe(200);
});
