// `npm test`, second half: the feature, security, HTTP, OpenAPI and SDK tests again, the same files, on
// PostgreSQL, and the multi-instance tests (test/postgres/*.pg.ts, which need PostgreSQL and are
// run only here). Without PostgreSQL this says why and passes, unless HOLM_TEST_REQUIRE_POSTGRES=1
// (CI), where a missing PostgreSQL fails the run.
import { join } from "node:path";
import { describePostgres } from "../src/stores/postgres/index.ts";
import { postgresForTests } from "./postgres.ts";

const root = join(import.meta.dir, "..");
const required = process.env.HOLM_TEST_REQUIRE_POSTGRES === "1";

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
const run = Bun.spawn([process.execPath, "test", "--timeout", "30000", ...selection], {
	cwd: root,
	env: { ...process.env, HOLM_TEST_STORE: "postgres", HOLM_TEST_DATABASE_URL: postgres.url },
	stdout: "inherit",
	stderr: "inherit",
});
const code = await run.exited;
await postgres.stop();
process.exit(code);
