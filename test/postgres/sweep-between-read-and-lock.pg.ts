// Attack: time guesses with the sweep of expired limit rows, so that two of them read a row the
// sweep deletes under them, lock nothing, and each write a count that forgets the other: a guess
// that is never counted. On PostgreSQL a limit update reads and locks its rows in one statement,
// so whatever the sweep deletes, the updates that follow queue on the row they create. Run by
// `npm test` only on PostgreSQL (test/runner/postgres-suite.ts).
import { SQL } from "bun";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ALLOWED } from "../../src/lib/rate-limit.ts";
import { RULES } from "../../src/limits.ts";
import { databaseClock } from "../../src/stores/postgres/clock.ts";
import { createPostgresLimitStore } from "../../src/stores/postgres/limits.ts";
import { migratePostgres } from "../../src/stores/postgres/schema.ts";
import { createTestDatabase } from "../support/postgres.ts";

let sql: SQL;

beforeAll(async () => {
	sql = new SQL(await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? ""), { max: 4 });
	await migratePostgres(sql);
});
afterAll(() => sql.close());

test("a sweep that deletes a limit row between two updates' read and lock loses no count", async () => {
	const rule = RULES.incorrectPasswordsPerAddress;
	const key = "203.0.113.7";
	const now = 10 * 24 * 60 * 60 * 1000;
	// An old window of this address, expired, not swept yet.
	const expired = { startedAt: 0, count: 4, byTarget: { someone: 4 } };
	await sql`INSERT INTO rate_limit (rule, key, state, expires_at) VALUES (${rule.name}, ${key}, ${expired}, ${1})`;

	// The sweep's transaction has reached the row and holds it...
	const sweep = await sql.reserve();
	await sweep`BEGIN`;
	await sweep`SELECT 1 FROM rate_limit WHERE rule = ${rule.name} AND key = ${key} FOR UPDATE`;
	// ...while two guesses from the address update the row, and wait for it.
	const store = createPostgresLimitStore(sql, databaseClock(() => now));
	const guess = () =>
		store.update([{ rule, key }], (states) => ({ result: ALLOWED, states: [rule.attempt(states[0], "victim", now)] }));
	const guesses = [guess(), guess()];
	for (let waiting = 0; waiting < 2; ) {
		await Bun.sleep(10);
		const [row] = await sweep`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
		waiting = row.n;
	}
	// The sweep deletes the expired row and commits.
	await sweep`DELETE FROM rate_limit WHERE expires_at <= ${now}`;
	await sweep`COMMIT`;
	sweep.release();
	await Promise.all(guesses);

	const [row] = await sql`SELECT state FROM rate_limit WHERE rule = ${rule.name} AND key = ${key}`;
	expect(row.state.count).toBe(2);
	expect(row.state.byTarget).toEqual({ victim: 2 });
});
