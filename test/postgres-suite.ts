// `npm test`, second half: the feature, security, HTTP, OpenAPI and SDK tests again, the same files, on
// PostgreSQL, and the multi-instance tests (test/postgres/*.pg.ts, which need PostgreSQL and are
// run only here). Without PostgreSQL this says why and passes, unless HOLM_TEST_REQUIRE_POSTGRES=1
// (CI), where a missing PostgreSQL fails the run.
import { join } from "node:path";
import { postgresForTests } from "./postgres.ts";

const root = join(import.meta.dir, "..");
const required = process.env.HOLM_TEST_REQUIRE_POSTGRES === "1";

const postgres = await postgresForTests();
if (postgres.url === null) {
	console.log(`PostgreSQL runs skipped: ${postgres.reason}.`);
	if (required) {
		console.error("HOLM_TEST_REQUIRE_POSTGRES=1: failing, since the PostgreSQL runs could not run.");
		process.exit(1);
	}
	process.exit(0);
}

console.log("Running the feature, security, HTTP, OpenAPI and SDK tests on PostgreSQL, then the multi-instance tests.");
const glob = new Bun.Glob("test/postgres/*.pg.ts");
const multiInstance = Array.from(glob.scanSync({ cwd: root }), (path) => `./${path}`).sort();
const run = Bun.spawn([process.execPath, "test", "--timeout", "30000", "test/features", "test/security", "test/service", "test/http", "test/openapi.test.ts", "test/e2e/sdk-", ...multiInstance], {
	cwd: root,
	env: { ...process.env, HOLM_TEST_STORE: "postgres", HOLM_TEST_DATABASE_URL: postgres.url },
	stdout: "inherit",
	stderr: "inherit",
});
const code = await run.exited;
await postgres.stop();
process.exit(code);
