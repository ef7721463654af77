// Attack (or accident): a deploy starts every instance at once on an empty database, through a
// pooler in transaction mode, where a session-level lock would be held by whichever server
// connection happened to run it, or be released on another. The migration takes a transaction-level
// lock (pg_advisory_xact_lock), so exactly one instance creates the tables and the others find them
// made; and on a restart of them all at once, nobody waits for a lock left behind. Run by `npm test` on PostgreSQL, directly and through PgBouncer (test/runner/postgres-suite.ts).
import { expect, test } from "bun:test";
import { SQL } from "bun";
import type { Logger } from "../../src/log.ts";
import { POSTGRES_MIGRATIONS } from "../../src/stores/postgres/schema.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { startTestServer, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();

test("six instances starting at once on an empty database: one creates the tables, every one serves, and all six restart at once", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const lines: string[] = [];
	const log: Logger = { info: (message: string) => lines.push(message), warn() {}, error() {} };
	const servers = await Promise.all(Array.from({ length: 6 }, () => startTestServer({ database, dir: newDir(), log })));
	try {
		expect(lines.filter((line) => line === "created Holm's tables in the database")).toHaveLength(1);
		expect(lines.filter((line) => line === "applied schema steps")).toHaveLength(0);
		const sql = new SQL(database, { max: 1, prepare: false });
		try {
			expect([...(await sql`SELECT version FROM holm_schema`)]).toEqual([{ version: POSTGRES_MIGRATIONS.length }]);
		} finally {
			await sql.close();
		}
		for (const server of servers) expect((await server.request("GET", "/users")).status).toBe(200);
	} finally {
		await Promise.all(servers.map((server) => server.stop()));
	}
	// A restart of every instance at once: each takes the migration's lock again, on whatever server
	// connection the pooler lends it. A lock that outlived its transaction would hold them all.
	const started = performance.now();
	const again = await Promise.all(Array.from({ length: 6 }, () => startTestServer({ database, dir: newDir(), log })));
	try {
		expect(performance.now() - started).toBeLessThan(15_000);
		for (const server of again) expect((await server.request("GET", "/users")).status).toBe(200);
	} finally {
		await Promise.all(again.map((server) => server.stop()));
	}
});
