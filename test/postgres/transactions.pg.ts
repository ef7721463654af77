// Holm's transactions on PostgreSQL (src/stores/postgres/connection.ts): BEGIN and the timeouts
// of the transaction go in one round trip; a failure anywhere rolls everything back, including a
// failed statement the work caught; the connection goes back to the pool only once the
// transaction is over. Run by `npm test` only on PostgreSQL, directly and through PgBouncer
// (test/runner/postgres-suite.ts).
import type { SQL } from "bun";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { connectPostgres, SESSION_SETTINGS, transaction, TransactionRolledBackError } from "../../src/stores/postgres/connection.ts";
import { openPostgresStorage } from "../../src/stores/postgres/index.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { countRoundTrips } from "../support/round-trips.ts";

let database: string;
let sql: SQL;

beforeAll(async () => {
	database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	await (await openPostgresStorage(database)).close();
	sql = connectPostgres(database, 1);
	await sql`CREATE TABLE note (text text PRIMARY KEY)`;
});
afterAll(async () => {
	await sql.close();
});

const notes = async () => (await sql<{ text: string }[]>`SELECT text FROM note ORDER BY text`).map((row) => row.text);

test("a transaction of one statement is three round trips: BEGIN with its timeouts, the statement, COMMIT", async () => {
	const counter = await countRoundTrips(database);
	const through = connectPostgres(counter.url, 1);
	try {
		await through`SELECT 1`; // the connection is open
		const before = counter.count;
		const [row] = await transaction(through, (tx) => tx`SELECT current_setting('lock_timeout') AS lock_timeout, current_setting('transaction_isolation') AS isolation`, "ISOLATION LEVEL REPEATABLE READ READ ONLY");
		expect(counter.count - before).toBe(3);
		expect(row).toEqual({ lock_timeout: SESSION_SETTINGS.lock_timeout, isolation: "repeatable read" });
	} finally {
		await through.close();
		counter.stop();
	}
});

test("a transaction whose work throws stores nothing, and the connection is free and outside a transaction after", async () => {
	await expect(
		transaction(sql, async (tx) => {
			await tx`INSERT INTO note (text) VALUES ('thrown')`;
			throw new Error("the work failed");
		}),
	).rejects.toThrow("the work failed");
	expect(await notes()).not.toContain("thrown");
	// The pool's one connection came back, not inside a transaction.
	const [row] = await sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`;
	expect(row.n).toBe(0);
});

test("a transaction that caught a failed statement of its own is rolled back, not committed in part", async () => {
	await sql`INSERT INTO note (text) VALUES ('taken')`;
	await expect(
		transaction(sql, async (tx) => {
			await tx`INSERT INTO note (text) VALUES ('before')`;
			await tx`INSERT INTO note (text) VALUES ('taken')`.catch(() => {});
			return "done";
		}),
	).rejects.toBeInstanceOf(TransactionRolledBackError);
	expect(await notes()).toEqual(["taken"]);
	expect(await transaction(sql, async (tx) => (await tx`INSERT INTO note (text) VALUES ('after') RETURNING text`)[0].text)).toBe("after");
});
