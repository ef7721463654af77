// Attack (or accident): the session timeouts hold on the one connection that a check happened to
// use, and not on the others of the pool, or not on the /health probe's. Each connection sends them
// when it opens (src/stores/postgres/connection.ts); here every connection of a full pool reports
// them. Run by `npm test` only on PostgreSQL.
import { expect, test } from "bun:test";
import { connectPostgres, POSTGRES_POOL_SIZE, SESSION_SETTINGS } from "../../src/stores/postgres/connection.ts";
import { createTestDatabase } from "../postgres.ts";

test("every connection of the pool bounds its statements, lock waits and idle transactions", async () => {
	const sql = connectPostgres(await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? ""));
	try {
		// Transactions each hold a connection of their own until all have read their settings.
		let arrived = 0;
		let release: () => void = () => {};
		const allIn = new Promise<void>((resolve) => (release = resolve));
		const sessions = await Promise.all(
			Array.from({ length: POSTGRES_POOL_SIZE }, () =>
				sql.begin(async (tx) => {
					const [row] = await tx`SELECT pg_backend_pid() AS pid,
						current_setting('statement_timeout') AS statement_timeout,
						current_setting('lock_timeout') AS lock_timeout,
						current_setting('idle_in_transaction_session_timeout') AS idle_in_transaction_session_timeout`;
					if (++arrived === POSTGRES_POOL_SIZE) release();
					await allIn;
					return row;
				}),
			),
		);
		expect(new Set(sessions.map((session) => session.pid)).size).toBe(POSTGRES_POOL_SIZE);
		for (const session of sessions) {
			expect(session.statement_timeout).toBe(`${SESSION_SETTINGS.statement_timeout / 1000}s`);
			expect(session.lock_timeout).toBe(`${SESSION_SETTINGS.lock_timeout / 1000}s`);
			expect(session.idle_in_transaction_session_timeout).toBe(`${SESSION_SETTINGS.idle_in_transaction_session_timeout / 1000}s`);
		}
	} finally {
		await sql.close();
	}
});
