// Attack: a session left signed in on a shared computer, or a token copied long ago, still works
// after the idle timeout or the lifetime; or an operator shortens the timeouts after an incident
// and the sessions already out there keep the old ones. Expiry is judged with the values in force
// now, on every read; the sweep then deletes what expired.
import { afterAll, expect, test } from "bun:test";
import type { SessionSettings } from "../../src/features/sessions/settings.ts";
import { createUser, startTestServer, tempDirsForThisFile, type TestServer } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const servers: TestServer[] = [];
afterAll(async () => {
	for (const server of servers) await server.stop().catch(() => {});
});

const HOUR = 3_600_000;

async function start(settings: SessionSettings, dir = newDir(), clockStartsAt?: number): Promise<TestServer> {
	const server = await startTestServer({ dir, sessions: settings, clockStartsAt });
	servers.push(server);
	return server;
}

async function sessionOf(server: TestServer, userId: string): Promise<{ id: string; token: string }> {
	const answer = await server.request("POST", `/users/${userId}/sessions`, {});
	return { id: answer.body.session.id, token: answer.body.token };
}

async function validates(server: TestServer, token: string): Promise<number> {
	return (await server.request("POST", "/sessions/validate", { token })).status;
}

test("an idle session ends after the idle timeout; one in use lives on", async () => {
	const server = await start({ idleTimeoutSeconds: 3600, lifetimeSeconds: 30 * 86_400, perUser: 50 });
	const user = await createUser(server);
	const idle = await sessionOf(server, user.id);
	const busy = await sessionOf(server, user.id);
	for (let i = 0; i < 3; i++) {
		server.clock.advance(50 * 60_000);
		expect(await validates(server, busy.token)).toBe(200);
	}
	expect(await validates(server, idle.token)).toBe(404);
	expect((await server.request("GET", `/sessions/${idle.id}`)).status).toBe(404);
	expect((await server.request("GET", `/users/${user.id}/sessions`)).body.map((s: any) => s.id)).toEqual([busy.id]);
	server.clock.advance(HOUR);
	expect(await validates(server, busy.token)).toBe(404);
	await server.stop();
});

test("a busy session ends at its lifetime, however recently it was used", async () => {
	const server = await start({ idleTimeoutSeconds: 86_400, lifetimeSeconds: 3 * 86_400, perUser: 50 });
	const user = await createUser(server);
	const session = await sessionOf(server, user.id);
	for (let i = 0; i < 5; i++) {
		server.clock.advance(12 * HOUR);
		expect(await validates(server, session.token)).toBe(200);
	}
	const shown = (await server.request("GET", `/sessions/${session.id}`)).body;
	expect(shown.expires_at).toBe(shown.created_at + 3 * 86_400);
	server.clock.advance(12 * HOUR);
	expect(await validates(server, session.token)).toBe(404);
	await server.stop();
});

test("shortened timeouts apply to existing sessions at once (restart with new values)", async () => {
	const dir = newDir();
	const long = await start({ idleTimeoutSeconds: 7 * 86_400, lifetimeSeconds: 30 * 86_400, perUser: 50 }, dir);
	const user = await createUser(long);
	const session = await sessionOf(long, user.id);
	long.clock.advance(2 * HOUR);
	expect(await validates(long, session.token)).toBe(200);
	long.clock.advance(2 * HOUR);
	const at = long.clock.now;
	await long.stop();

	const short = await start({ idleTimeoutSeconds: HOUR / 1000, lifetimeSeconds: 3 * HOUR / 1000, perUser: 50 }, dir, at);
	expect(await validates(short, session.token)).toBe(404);
	const fresh = await sessionOf(short, user.id);
	expect((await short.request("GET", `/sessions/${fresh.id}`)).body.expires_at).toBe(Math.floor(at / 1000) + 3600);
	await short.sweep();
	expect(await short.rows("SELECT id FROM session WHERE user_id = ?", user.id)).toEqual([{ id: fresh.id }]);
	await short.stop();
});

test("the sweep deletes expired sessions, and only those", async () => {
	const server = await start({ idleTimeoutSeconds: 3600, lifetimeSeconds: 30 * 86_400, perUser: 50 });
	const user = await createUser(server);
	const old = await sessionOf(server, user.id);
	server.clock.advance(2 * HOUR);
	const recent = await sessionOf(server, user.id);
	await server.sweep();
	const ids = (await server.rows("SELECT id FROM session WHERE user_id = ?", user.id)).map((row) => row.id);
	expect(ids).toEqual([recent.id]);
	expect(ids).not.toContain(old.id);
	await server.stop();
});
