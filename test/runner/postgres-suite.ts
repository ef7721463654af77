// `npm test`, PostgreSQL part: what PostgreSQL itself must be tested for, the selection of
// test/runner/postgres-selection.ts. The HTTP suite runs once, on SQLite; here run
// - the store contract tests (test/stores/contract): every store verb, its edge cases and races,
//   on PostgreSQL as on SQLite, each file on a fresh database;
// - the multi-instance tests (test/postgres/*.pg.ts, which need PostgreSQL and are run only here):
//   several instances on one database, the wire (TLS, a lost or frozen server, round trips), the
//   database's clock, migration, the command line against PostgreSQL;
// - the HTTP tests that are also about PostgreSQL's own behaviour (HTTP_TESTS_ON_POSTGRES);
// then again through PgBouncer in transaction mode, the files where the pooler is the point
// (THROUGH_PGBOUNCER). Without PostgreSQL this says why and passes, unless
// HOLM_TEST_REQUIRE_POSTGRES=1 (CI), where a missing PostgreSQL fails the run; likewise without
// PgBouncer the pooled runs are skipped, saying why, unless HOLM_TEST_REQUIRE_PGBOUNCER=1.
// test/runner/postgres-coverage.ts checks that this selection covers what the whole HTTP suite on
// PostgreSQL used to.
import { join } from "node:path";
import { describePostgres } from "../../src/stores/postgres/index.ts";
import { postgresForTests, startPgBouncer } from "../support/postgres.ts";
import { ON_POSTGRES, THROUGH_PGBOUNCER } from "./postgres-selection.ts";

const root = join(import.meta.dir, "..", "..");
const required = process.env.HOLM_TEST_REQUIRE_POSTGRES === "1";
const poolerRequired = process.env.HOLM_TEST_REQUIRE_PGBOUNCER === "1";

const dotted = (path: string) => (path.startsWith("./") ? path : `./${path}`);

/** Of `selection`, what the paths given on the command line (by test/runner/run.ts) name: a file or
 *  folder of the selection, or one inside a selected folder. All of it when none is given. */
function chosen(selection: readonly string[], given: readonly string[]): string[] {
	if (given.length === 0) return [...selection];
	const named = given.map(dotted).flatMap((path) => {
		const inside = selection.filter((selected) => selected.startsWith(path));
		if (inside.length > 0) return inside;
		return selection.some((selected) => path.startsWith(`${selected}/`)) ? [path] : [];
	});
	return [...new Set(named)];
}

const given = process.argv.slice(2);
const selection = chosen(ON_POSTGRES, given);
const pooled = chosen(THROUGH_PGBOUNCER, given);
function skip(reason: string): never {
	// test/runner/run.ts reads this line for its summary.
	console.log(`PostgreSQL runs skipped: ${reason}.`);
	if (required) {
		console.error("HOLM_TEST_REQUIRE_POSTGRES=1: failing, since the PostgreSQL runs could not run.");
		process.exit(1);
	}
	process.exit(0);
}

// HOLM_TEST_POSTGRES=off: the SQLite part only, on purpose (a quick run while developing).
if (process.env.HOLM_TEST_POSTGRES === "off") skip("HOLM_TEST_POSTGRES=off");
if (selection.length === 0) {
	// Nothing to run here, which is no failure, whatever is required.
	console.log("PostgreSQL runs skipped: none of the files given runs on PostgreSQL (test/runner/postgres-selection.ts).");
	process.exit(0);
}
const postgres = await postgresForTests();
if (postgres.url === null) skip(postgres.reason);

// test/runner/run.ts reads this line for its summary.
const fromEnv = process.env.HOLM_TEST_DATABASE_URL !== undefined && process.env.HOLM_TEST_DATABASE_URL !== "";
console.log(`Using PostgreSQL at ${describePostgres(postgres.url)} (${fromEnv ? "HOLM_TEST_DATABASE_URL" : "a private server started for this run"})`);
console.log("Running the store contracts, the multi-instance tests and the HTTP tests about PostgreSQL on PostgreSQL.");
const env = { ...process.env, HOLM_TEST_STORE: "postgres", HOLM_TEST_DATABASE_URL: postgres.url };
const run = Bun.spawn([process.execPath, "test", "--timeout", "30000", ...selection], { cwd: root, env, stdout: "inherit", stderr: "inherit" });
let code = await run.exited;

if (pooled.length > 0) {
	// HOLM_TEST_PGBOUNCER=off: without the runs through PgBouncer, on purpose.
	const pooler = process.env.HOLM_TEST_PGBOUNCER === "off" ? { url: null, reason: "HOLM_TEST_PGBOUNCER=off" } : await startPgBouncer(postgres.url);
	if (pooler.url === null) {
		// test/runner/run.ts reads this line for its summary.
		console.log(`PgBouncer runs skipped: ${pooler.reason}.`);
		if (poolerRequired) {
			console.error("HOLM_TEST_REQUIRE_PGBOUNCER=1: failing, since the runs through PgBouncer could not run.");
			code ||= 1;
		}
	} else {
		// test/runner/run.ts reads this line for its summary.
		console.log(`Running the pooler's store contracts and multi-instance tests again through PgBouncer in transaction mode (${describePostgres(pooler.url)}).`);
		const through = Bun.spawn([process.execPath, "test", "--timeout", "30000", ...pooled], {
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
