// `bun bench/postgres-beside-sqlite.ts`: the hot reads and a write that stores its event on
// PostgreSQL beside the same build on SQLite, in one run (bench/hot-path.ts with three builds:
// dist/holm on SQLite, on a throwaway PostgreSQL database, and on another with --event-retention 0;
// the reads, a write that stores its event, and a sign-in's session),
// Holm's CPU an answer and PostgreSQL's beside it. PostgreSQL is HOLM_BENCH_DATABASE, else
// postgres://postgres@127.0.0.1/postgres; where none answers, the row is skipped and says why.
// docs/benchmarks.md ("The hot reads go together on PostgreSQL") gives the figures and the targets.
import { SQL } from "bun";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EXECUTABLE } from "./processes.ts";
import { createBenchDatabase, dropBenchDatabase } from "./seed.ts";

const adminUrl = process.env.HOLM_BENCH_DATABASE || "postgres://postgres@127.0.0.1/postgres";

/** The postmaster of the PostgreSQL on this machine: the process whose children are its backends. */
async function postmasterPid(): Promise<number | null> {
	const admin = new SQL(adminUrl, { max: 1, connectionTimeout: 3 });
	try {
		const [row] = await admin`SELECT pg_backend_pid() AS pid`;
		const stat = readFileSync(`/proc/${row.pid}/stat`, "utf8");
		return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
	} catch {
		return null;
	} finally {
		await admin.close({ timeout: 0 }).catch(() => {});
	}
}

const postmaster = await postmasterPid();
if (postmaster === null || !readdirSync("/proc").includes(String(postmaster))) {
	console.log(`PostgreSQL beside SQLite skipped: no PostgreSQL on this machine answers at ${new URL(adminUrl).host} (set HOLM_BENCH_DATABASE).`);
	process.exit(0);
}
const withEvents = await createBenchDatabase(adminUrl);
const withoutEvents = await createBenchDatabase(adminUrl);
try {
	const run = Bun.spawn(
		[process.execPath, join(import.meta.dir, "hot-path.ts"), EXECUTABLE, `${EXECUTABLE},--database,${withEvents}`, `${EXECUTABLE},--database,${withoutEvents},--event-retention,0`],
		{ env: { HOT_ROWS: "reads,events,sessions", ...process.env, HOT_POSTGRES_PID: String(postmaster) }, stdout: "inherit", stderr: "inherit" },
	);
	process.exitCode = await run.exited;
} finally {
	await dropBenchDatabase(adminUrl, withEvents);
	await dropBenchDatabase(adminUrl, withoutEvents);
}
