// Attack (or accident): the session timeouts hold on the one connection that a check happened to
// use, and not on the others of the pool, or not on the /health probe's, or not on a server
// connection a pooler opened before Holm's first start. Holm sends nothing when a connection opens
// (a transaction-mode pooler refuses startup parameters); the migration makes the timeouts the
// role's defaults in the database, and each transaction sets them again for itself
// (src/stores/postgres/connection.ts). Run by `npm test` only on PostgreSQL, directly and through
// PgBouncer (test/runner/postgres-suite.ts).
import { expect, test } from "bun:test";
import { connectPostgres, POSTGRES_POOL_SIZE, SESSION_SETTINGS, transaction } from "../../src/stores/postgres/connection.ts";
import { openPostgresStorage } from "../../src/stores/postgres/index.ts";
import { createTestDatabase } from "../support/postgres.ts";

const SETTINGS = `SELECT pg_backend_pid() AS pid,
	current_setting('statement_timeout') AS statement_timeout,
	current_setting('lock_timeout') AS lock_timeout,
	current_setting('idle_in_transaction_session_timeout') AS idle_in_transaction_session_timeout`;

const EXPECTED = {
	statement_timeout: SESSION_SETTINGS.statement_timeout,
	lock_timeout: SESSION_SETTINGS.lock_timeout,
	idle_in_transaction_session_timeout: SESSION_SETTINGS.idle_in_transaction_session_timeout,
};

test("after the migration, every connection of a pool bounds its statements, lock waits and idle transactions", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	await (await openPostgresStorage(database)).close();
	const sql = connectPostgres(database);
	try {
		// Plain statements (no transaction of Holm's), each on a connection of its own at once.
		let arrived = 0;
		let release: () => void = () => {};
		const allIn = new Promise<void>((resolve) => (release = resolve));
		const sessions = await Promise.all(
			Array.from({ length: POSTGRES_POOL_SIZE }, () =>
				sql.begin(async (tx) => {
					const [row] = await tx.unsafe(SETTINGS);
					if (++arrived === POSTGRES_POOL_SIZE) release();
					await allIn;
					return row;
				}),
			),
		);
		expect(new Set(sessions.map((session) => session.pid)).size).toBe(POSTGRES_POOL_SIZE);
		for (const { pid, ...settings } of sessions) expect(settings).toEqual(EXPECTED);
	} finally {
		await sql.close();
	}
});

test("a transaction on a session that has none of the role's settings is bounded all the same", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	await (await openPostgresStorage(database)).close();
	const name = new URL(database).pathname.slice(1);
	const admin = connectPostgres(database, 1);
	// As on a server connection a pooler opened before the first migration: the role has no settings.
	await admin.unsafe(`ALTER ROLE CURRENT_USER IN DATABASE ${name} RESET ALL`);
	const sql = connectPostgres(database, 1);
	try {
		const [plain] = await sql.unsafe(SETTINGS);
		// Directly, this is a new session, without them (through a pooler it may be an older one).
		if (process.env.HOLM_TEST_POOLER === undefined) expect(plain.statement_timeout).toBe("0");
		const [{ pid, ...bounded }] = await transaction(sql, (tx) => tx.unsafe(SETTINGS));
		expect(bounded).toEqual(EXPECTED);
		// And the next start makes them the role's defaults again.
		await (await openPostgresStorage(database)).close();
		const rows = await admin`SELECT unnest(setconfig) AS setting FROM pg_db_role_setting
			WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
				AND setrole = (SELECT oid FROM pg_roles WHERE rolname = current_user)`;
		expect(rows.map((row: { setting: string }) => row.setting).sort()).toEqual(Object.entries(SESSION_SETTINGS).map(([key, value]) => `${key}=${value}`).sort());
	} finally {
		await sql.close();
		await admin.close();
	}
});
