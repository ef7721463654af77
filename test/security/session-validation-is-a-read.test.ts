// Attack (on availability): a busy application validates a session on every request; if each
// validation wrote last_used_at, one user's page loads would queue behind the database's writer
// (SQLite has one) and a flood of validations would be a flood of writes. last_used_at is written
// at most once a minute per session, judged by the clock; every other validation is a read.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { createUser, startTestServer, type TestServer } from "../support/server.ts";

/** Something that moves with every write to the session's row: PostgreSQL's row version (xmin);
 *  on SQLite, the file's data_version as another connection sees it (any commit moves it). */
async function writeMarker(server: TestServer, sessionId: string, sqlite: Database | null): Promise<string> {
	if (sqlite !== null) return String(sqlite.query<{ data_version: number }, []>("PRAGMA data_version").get()!.data_version);
	const [row] = await server.rows("SELECT xmin::text AS version FROM session WHERE id = ?", sessionId);
	return String(row!.version);
}

test("validations within a minute write nothing; the first after it writes last_used_at once", async () => {
	const server = await startTestServer();
	const sqlite = server.store === "sqlite" ? new Database(join(server.dir, "holm.db"), { readonly: true }) : null;
	try {
		const user = await createUser(server);
		const created = (await server.request("POST", `/users/${user.id}/sessions`, {})).body;
		const before = await writeMarker(server, created.session.id, sqlite);
		for (let i = 0; i < 20; i++) {
			server.clock.advance(2_000);
			const answer = await server.request("POST", "/sessions/validate", { token: created.token });
			expect(answer.status).toBe(200);
			expect(answer.body.session.last_used_at).toBe(created.session.last_used_at);
		}
		expect(await writeMarker(server, created.session.id, sqlite)).toBe(before);

		server.clock.advance(21_000); // 61 s since creation
		const later = await server.request("POST", "/sessions/validate", { token: created.token });
		expect(later.body.session.last_used_at).toBe(created.session.last_used_at + 61);
		const afterWrite = await writeMarker(server, created.session.id, sqlite);
		expect(afterWrite).not.toBe(before);
		await server.request("POST", "/sessions/validate", { token: created.token });
		expect(await writeMarker(server, created.session.id, sqlite)).toBe(afterWrite);
	} finally {
		sqlite?.close();
		await server.stop();
	}
});

test("a short idle timeout is written once per tenth of it, so the idle expiry stays close", async () => {
	const server = await startTestServer({ sessions: { idleTimeoutSeconds: 300, lifetimeSeconds: 86_400, perUser: 50 } });
	try {
		const user = await createUser(server);
		const created = (await server.request("POST", `/users/${user.id}/sessions`, {})).body;
		server.clock.advance(29_000);
		expect((await server.request("POST", "/sessions/validate", { token: created.token })).body.session.last_used_at).toBe(created.session.last_used_at);
		server.clock.advance(1_000);
		expect((await server.request("POST", "/sessions/validate", { token: created.token })).body.session.last_used_at).toBe(created.session.last_used_at + 30);
	} finally {
		await server.stop();
	}
});
