// The console's sign-in and sessions (API.md section 12): a link works once and within its time to
// live, a session ends after 30 minutes idle and 12 hours in all, the API secret opens nothing in
// the console, and the console's cookie opens nothing in the API.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CONSOLE_COOKIE } from "../../src/features/console/responses.ts";
import { SECRET, createUser, type TestServer } from "../support/server.ts";
import { consoleCall, signIn, signInToken, startConsoleServer } from "../console/support.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startConsoleServer();
});
afterAll(() => server.stop());

describe("console sign-in", () => {
	test("the session cookie is __Host-, HttpOnly, Secure, SameSite=Strict, Path=/", async () => {
		const answer = await consoleCall(server, "POST", "/console/api/session", { body: { token: await signInToken(server) } });
		expect(answer.status).toBe(204);
		const cookie = answer.headers.get("Set-Cookie")!;
		expect(cookie).toMatch(/^__Host-holm_console=[A-Za-z0-9_-]{43}; /);
		const flags = cookie.split(";").slice(1).map((part) => part.trim());
		expect(flags).toEqual(expect.arrayContaining(["Path=/", "Secure", "HttpOnly", "SameSite=Strict"]));
		expect(cookie).not.toMatch(/Domain=/i);
	});

	test("replaying a used link: refused", async () => {
		const token = await signInToken(server);
		await signIn(server, token);
		const again = await consoleCall(server, "POST", "/console/api/session", { body: { token } });
		expect(again.status).toBe(401);
		expect(again.headers.get("Set-Cookie")).toBeNull();
	});

	test("two tabs racing one link: only one session", async () => {
		const token = await signInToken(server);
		const answers = await Promise.all(Array.from({ length: 8 }, () => consoleCall(server, "POST", "/console/api/session", { body: { token } })));
		expect(answers.filter((a) => a.status === 204)).toHaveLength(1);
	});

	test("a link opened after its time to live: refused", async () => {
		const token = await signInToken(server, 60);
		server.clock.advance(61_000);
		const answer = await consoleCall(server, "POST", "/console/api/session", { body: { token } });
		expect(answer.status).toBe(401);
	});

	test("guessing tokens: the address is limited to 10 tries in 15 minutes", async () => {
		// A fresh server, so the earlier sign-ins from this address do not count.
		const fresh = await startConsoleServer();
		try {
			const statuses: number[] = [];
			for (let i = 0; i < 11; i++) {
				statuses.push((await consoleCall(fresh, "POST", "/console/api/session", { body: { token: "x".repeat(43) } })).status);
			}
			expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
			expect(statuses[10]).toBe(429);
			// A valid link still signs in: see bad-console-tokens-lock-no-operator-out.test.ts.
		} finally {
			await fresh.stop();
		}
	});
});

describe("console sessions", () => {
	test("a session idle for 30 minutes has ended", async () => {
		const cookie = await signIn(server);
		server.clock.advance(29 * 60_000);
		expect((await consoleCall(server, "GET", "/console/api/session", { cookie })).status).toBe(200);
		server.clock.advance(29 * 60_000); // used 29 minutes ago: still live
		expect((await consoleCall(server, "GET", "/console/api/session", { cookie })).status).toBe(200);
		server.clock.advance(30 * 60_000 + 1000);
		expect((await consoleCall(server, "GET", "/console/api/session", { cookie })).status).toBe(401);
	});

	test("a session in use ends after 12 hours in all", async () => {
		const cookie = await signIn(server);
		for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
			server.clock.advance(20 * 60_000);
			expect((await consoleCall(server, "GET", "/console/api/session", { cookie })).status).toBe(200);
		}
		server.clock.advance(25 * 60_000);
		expect((await consoleCall(server, "GET", "/console/api/session", { cookie })).status).toBe(401);
	});

	test("signing out ends the session on the server, not only in the browser", async () => {
		const cookie = await signIn(server);
		const out = await consoleCall(server, "POST", "/console/api/sign-out", { cookie, body: {} });
		expect(out.status).toBe(204);
		expect(out.headers.get("Set-Cookie")).toContain("Max-Age=0");
		expect((await consoleCall(server, "GET", "/console/api/session", { cookie })).status).toBe(401);
	});

	test("holm console-link --end-sessions ends every session", async () => {
		const cookie = await signIn(server);
		const ended = await server.ctx.stores.console.deleteAllSessions();
		expect(ended).toBeGreaterThanOrEqual(1);
		expect((await consoleCall(server, "GET", "/console/api/session", { cookie })).status).toBe(401);
	});
});

describe("the console and the API keep their credentials apart", () => {
	test("the API secret is not accepted by the console", async () => {
		for (const authorization of [SECRET, `Bearer ${SECRET}`]) {
			const answer = await consoleCall(server, "GET", "/console/api/users", { headers: { Authorization: authorization } });
			expect(answer.status).toBe(401);
		}
		const user = await createUser(server);
		const deletion = await consoleCall(server, "POST", `/console/api/users/${user.id}/delete`, { headers: { Authorization: SECRET }, body: { confirm: user.id } });
		expect(deletion.status).toBe(401);
		expect((await server.request("GET", `/users/${user.id}`)).status).toBe(200);
	});

	test("the console cookie is not accepted by the API", async () => {
		const cookie = await signIn(server);
		for (const path of ["/users", "/metrics"]) {
			const response = await server.fetch(path, { headers: { Cookie: `${CONSOLE_COOKIE}=${cookie}` } });
			expect(response.status).toBe(401);
		}
	});
});

describe("the sweep", () => {
	test("deletes expired links and ended sessions, and keeps live ones", async () => {
		const fresh = await startConsoleServer();
		try {
			await signInToken(fresh, 60);
			const ended = await signIn(fresh);
			fresh.clock.advance(31 * 60_000);
			const live = await signIn(fresh);
			await signInToken(fresh, 600);
			await fresh.sweep();
			expect(Number((await fresh.rows("SELECT count(*) AS n FROM console_token"))[0]!.n)).toBe(1);
			expect(Number((await fresh.rows("SELECT count(*) AS n FROM console_session"))[0]!.n)).toBe(1);
			expect((await consoleCall(fresh, "GET", "/console/api/session", { cookie: live })).status).toBe(200);
			expect((await consoleCall(fresh, "GET", "/console/api/session", { cookie: ended })).status).toBe(401);
		} finally {
			await fresh.stop();
		}
	});
});
