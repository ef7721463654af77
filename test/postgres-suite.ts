// `npm test`, second half: the feature, security, HTTP, OpenAPI and SDK tests again, the same files, on
// PostgreSQL, and the multi-instance tests (test/postgres/*.pg.ts, which need PostgreSQL and are
// run only here), then the multi-instance tests again through PgBouncer in transaction mode (the
// POOLED files below). Without PostgreSQL this says why and passes, unless
// HOLM_TEST_REQUIRE_POSTGRES=1 (CI), where a missing PostgreSQL fails the run; likewise without
// PgBouncer the pooled runs are skipped, saying why, unless HOLM_TEST_REQUIRE_PGBOUNCER=1.
import { join } from "node:path";
import { describePostgres } from "../src/stores/postgres/index.ts";
import { postgresForTests, startPgBouncer } from "./postgres.ts";

const root = join(import.meta.dir, "..");
const required = process.env.HOLM_TEST_REQUIRE_POSTGRES === "1";
const poolerRequired = process.env.HOLM_TEST_REQUIRE_PGBOUNCER === "1";

// What runs again through the pooler: every test of several instances on one database (limits,
// lockouts and ceremonies across instances, the event feed, webhooks, migration at start, the
// command line), the session settings, a change stored with its event in one round trip, the round trips and
// rollbacks of Holm's transactions, the database's clock stamping and judging what instances with
// skewed clocks store, and the time a session validation takes (the pooler's hop must not tell a
// known session id from an unknown one either).
const POOLED = [
	"test/postgres/multi-instance.pg.ts",
	"test/postgres/event-feed-exactly-once.pg.ts",
	"test/postgres/passkey-ceremonies-across-instances.pg.ts",
	"test/postgres/external-sign-ins-across-instances.pg.ts",
	"test/postgres/webhooks.pg.ts",
	"test/postgres/change-with-its-event.pg.ts",
	"test/postgres/transactions.pg.ts",
	"test/postgres/command-line.pg.ts",
	"test/postgres/session-settings.pg.ts",
	"test/postgres/start-together.pg.ts",
	"test/postgres/clock-skew.pg.ts",
	"test/security/session-guessing-tells-nothing.test.ts",
];

// HOLM_TEST_POSTGRES=off: the SQLite half only, on purpose (a quick run while developing).
const postgres = process.env.HOLM_TEST_POSTGRES === "off" ? { url: null, reason: "HOLM_TEST_POSTGRES=off" } : await postgresForTests();
if (postgres.url === null) {
	console.log(`PostgreSQL runs skipped: ${postgres.reason}.`);
	if (required) {
		console.error("HOLM_TEST_REQUIRE_POSTGRES=1: failing, since the PostgreSQL runs could not run.");
		process.exit(1);
	}
	process.exit(0);
}

// test/run.ts reads this line for its summary.
const fromEnv = process.env.HOLM_TEST_DATABASE_URL !== undefined && process.env.HOLM_TEST_DATABASE_URL !== "";
console.log(`Using PostgreSQL at ${describePostgres(postgres.url)} (${fromEnv ? "HOLM_TEST_DATABASE_URL" : "a private server started for this run"})`);
console.log("Running the feature, security, HTTP, OpenAPI and SDK tests on PostgreSQL, then the multi-instance tests.");
const glob = new Bun.Glob("test/postgres/*.pg.ts");
const multiInstance = Array.from(glob.scanSync({ cwd: root }), (path) => `./${path}`).sort();
// Paths given on the command line (by test/run.ts) replace the usual selection.
const given = process.argv.slice(2);
const selection = given.length > 0 ? given : ["test/features", "test/security", "test/service", "test/http", "test/openapi.test.ts", "test/e2e/sdk-", ...multiInstance];
const env = { ...process.env, HOLM_TEST_STORE: "postgres", HOLM_TEST_DATABASE_URL: postgres.url };
const run = Bun.spawn([process.execPath, "test", "--timeout", "30000", ...selection], { cwd: root, env, stdout: "inherit", stderr: "inherit" });
let code = await run.exited;

const pooled = POOLED.filter((path) => selection.some((selected) => `./${path}`.startsWith(selected.startsWith("./") ? selected : `./${selected}`)));
if (pooled.length > 0) {
	// HOLM_TEST_PGBOUNCER=off: without the runs through PgBouncer, on purpose.
	const pooler = process.env.HOLM_TEST_PGBOUNCER === "off" ? { url: null, reason: "HOLM_TEST_PGBOUNCER=off" } : await startPgBouncer(postgres.url);
	if (pooler.url === null) {
		// test/run.ts reads this line for its summary.
		console.log(`PgBouncer runs skipped: ${pooler.reason}.`);
		if (poolerRequired) {
			console.error("HOLM_TEST_REQUIRE_PGBOUNCER=1: failing, since the runs through PgBouncer could not run.");
			code ||= 1;
		}
	} else {
		console.log(`Running the multi-instance tests again through PgBouncer in transaction mode (${describePostgres(pooler.url)}).`);
		const through = Bun.spawn([process.execPath, "test", "--timeout", "30000", ...pooled.map((path) => `./${path}`)], {
			cwd: root,
			env: { ...env, HOLM_TEST_DATABASE_URL: pooler.url, HOLM_TEST_POOLER: "pgbouncer" },
			stdout: "inherit",
			stderr: "inherit",
		});
		const pooledCode = await through.exited;
		if (pooledCode !== 0) console.error(pooler.state());
		code ||= pooledCode;
		pooler.stop();
	}
}
await postgres.stop();
process.exit(code);
