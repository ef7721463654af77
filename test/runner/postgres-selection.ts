// Which test files run on PostgreSQL (test/runner/postgres-suite.ts), and which again through PgBouncer:
// the store contract tests, and what is about the wire, several instances or the pooler. Everything
// else runs once, on SQLite. test/runner/postgres-coverage.ts checks that this selection covers every
// line of src/stores/postgres that the whole HTTP suite on PostgreSQL covered.
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

/** The multi-instance tests: they need PostgreSQL and run only on it. */
export const MULTI_INSTANCE: readonly string[] = Array.from(new Bun.Glob("test/postgres/*.pg.ts").scanSync({ cwd: root }), (path) => `./${path}`).sort();

/** Tests of the HTTP suite (which runs on SQLite) that also say something of PostgreSQL's own
 *  behaviour through the API, run on it too. */
export const HTTP_TESTS_ON_POSTGRES: readonly string[] = [
	// Passkey transports stored as jsonb arrays, and rows an earlier Holm on PostgreSQL stored (a
	// JSON string of transports, a negative counter), exported and imported back.
	"./test/features/export-import-round-trip.test.ts",
	// The pg_trgm index follows every change of an email and matches the query literally.
	"./test/features/email-search.test.ts",
	// Every tunable limit with its state in PostgreSQL (JSON, counted in runs above 64).
	"./test/service/tunable-limits.test.ts",
	// The database's size, and no connection string in the log when PostgreSQL is gone.
	"./test/service/metrics.test.ts",
	// A validation leaves the session's row version alone.
	"./test/security/session-validation-is-a-read.test.ts",
	// The database's clock judges a disable's end, not the instance's (a PostgreSQL-only test).
	"./test/features/disable-user.test.ts",
	// A session validation's time tells nothing of the id on PostgreSQL (and through PgBouncer) too.
	"./test/security/session-guessing-tells-nothing.test.ts",
];

/** Everything run on PostgreSQL directly. */
export const ON_POSTGRES: readonly string[] = ["./test/stores/contract", ...MULTI_INSTANCE, ...HTTP_TESTS_ON_POSTGRES];

/** The multi-instance tests that run again through PgBouncer: every test of several instances on
 *  one database (limits, lockouts and ceremonies across instances, the event feed, webhooks,
 *  migration at start, the command line), the session settings, a change stored with its event in
 *  one round trip, the round trips and rollbacks of Holm's transactions, the database's clock
 *  stamping and judging what instances with skewed clocks store. */
const POOLED_MULTI_INSTANCE: readonly string[] = [
	"./test/postgres/multi-instance.pg.ts",
	"./test/postgres/event-feed-exactly-once.pg.ts",
	"./test/postgres/passkey-ceremonies-across-instances.pg.ts",
	"./test/postgres/external-sign-ins-across-instances.pg.ts",
	"./test/postgres/webhooks.pg.ts",
	"./test/postgres/change-with-its-event.pg.ts",
	"./test/postgres/transactions.pg.ts",
	"./test/postgres/command-line.pg.ts",
	"./test/postgres/statement-mode.pg.ts",
	"./test/postgres/session-settings.pg.ts",
	"./test/postgres/start-together.pg.ts",
	"./test/postgres/clock-skew.pg.ts",
];

/** What runs again through PgBouncer in transaction mode: those multi-instance tests, and the store
 *  contracts whose verbs lean on what a transaction-mode pooler changes (a transaction per
 *  statement, no session state): the feed's snapshot, the webhook queue's SKIP LOCKED, the limits'
 *  and the session cap's row locks, a verify's row locks and its retry after a lost race at the
 *  identity's unique index, the email update's advisory lock, the export's cursor,
 *  migration and timeouts. */
export const THROUGH_PGBOUNCER: readonly string[] = [
	"./test/stores/contract/events.test.ts",
	"./test/stores/contract/webhook-queue.test.ts",
	"./test/stores/contract/limits.test.ts",
	"./test/stores/contract/sessions.test.ts",
	"./test/stores/contract/identities.test.ts",
	"./test/stores/contract/email-update.test.ts",
	"./test/stores/contract/user-imports.test.ts",
	"./test/stores/contract/storage.test.ts",
	...POOLED_MULTI_INSTANCE,
	// The pooler's hop must not tell a known session id from an unknown one either.
	"./test/security/session-guessing-tells-nothing.test.ts",
];

/** What `npm test` ran on PostgreSQL before the store contracts (the whole HTTP suite again),
 *  kept for test/runner/postgres-coverage.ts's comparison. */
export const BEFORE_CONTRACTS = {
	onPostgres: ["./test/features", "./test/security", "./test/service", "./test/http", "./test/openapi/openapi.test.ts", "./test/e2e/sdk-", ...MULTI_INSTANCE],
	throughPgBouncer: [...POOLED_MULTI_INSTANCE, "./test/security/session-guessing-tells-nothing.test.ts"],
} as const;
