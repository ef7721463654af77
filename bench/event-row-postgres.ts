// `bun bench/event-row-postgres.ts`: what PostgreSQL itself spends on the row of an event, without
// Holm in the way. pgbench (PostgreSQL's own load generator) runs the statements Holm sends for
// POST /users/{id}/regenerate-recovery-code with and without its event, the event's INSERT alone,
// and the same INSERT into copies of the event table with fewer indexes, in alternating rounds on a
// throwaway database that `holm migrate` made; PostgreSQL's CPU a transaction (every backend, from
// /proc) is the figure, beside `SELECT 1` (a round trip and nothing else). docs/benchmarks.md
// ("What an event's row costs PostgreSQL") gives the figures and what they say.
//
// Environment: HOLM_BENCH_DATABASE (postgres://postgres@127.0.0.1/postgres), EVENT_ROUNDS (4),
// EVENT_SECONDS (5 a round), BENCH_CONNECTIONS (8). Needs pgbench (Debian: postgresql-client).
import { SQL } from "bun";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "./processes.ts";
import { median } from "./report.ts";
import { createBenchDatabase, dropBenchDatabase } from "./seed.ts";

const adminUrl = process.env.HOLM_BENCH_DATABASE || "postgres://postgres@127.0.0.1/postgres";
const ROUNDS = Number(process.env.EVENT_ROUNDS ?? 4);
const SECONDS = Number(process.env.EVENT_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const USERS = 2000;

function findPgbench(): string | null {
	const onPath = Bun.which("pgbench");
	if (onPath !== null) return onPath;
	const root = "/usr/lib/postgresql";
	if (!existsSync(root)) return null;
	const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
	return versions.map((version) => join(root, version, "bin", "pgbench")).find((path) => existsSync(path)) ?? null;
}

/** CPU seconds of the postmaster's children so far: the live ones, and the ended ones it reaped. */
function postgresCpuSeconds(postmaster: number): number {
	const fields = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
	const own = fields(postmaster);
	let total = (Number(own[13]) + Number(own[14])) / 100; // cutime, cstime: reaped children
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = fields(entry);
			if (Number(stat[1]) === postmaster) total += (Number(stat[11]) + Number(stat[12])) / 100;
		} catch {}
	}
	return total;
}

const pgbench = findPgbench();
if (pgbench === null) {
	console.log("event row on PostgreSQL skipped: pgbench is not installed (Debian: apt-get install postgresql-client).");
	process.exit(0);
}

const url = await createBenchDatabase(adminUrl);
const work = mkdtempSync(join(tmpdir(), "holm-event-row-"));
try {
	migrate(join(work, "data"), url);
	const sql = new SQL(url, { max: 1 });
	const [{ pid }] = await sql`SELECT pg_backend_pid() AS pid`;
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	const postmaster = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
	await sql.unsafe(`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code)
		SELECT lpad(g::text, 24, 'u'), 1700000000 + g, 'user' || g || '@example.com', 'x', 'ABCDEFGH' FROM generate_series(1, ${USERS}) g`);
	// Copies of the event table as schema step 4 makes it, with fewer indexes.
	const columns = `seq bigserial, xid xid8 NOT NULL DEFAULT pg_current_xact_id(), id text COLLATE "C" NOT NULL, time bigint NOT NULL,
		type text NOT NULL, user_id text COLLATE "C", client_ip text, data jsonb NOT NULL`;
	await sql.unsafe(`CREATE TABLE event_without_feed_index (${columns}, PRIMARY KEY (seq));
		CREATE INDEX ON event_without_feed_index (user_id, xid, seq);
		CREATE TABLE event_key_only (${columns}, PRIMARY KEY (seq));
		CREATE TABLE event_no_index (${columns});`);
	await sql.close();

	const user = `lpad(:n::text, 24, 'u')`;
	const insert = (table: string) =>
		`INSERT INTO ${table} (id, time, type, user_id, client_ip, data) VALUES ('w7dn3kqzcx9m4rbt2hpv6fsj', 1700000000, 'recovery_code_regenerated', ${user}, '127.0.0.1', '{}')`;
	const update = `UPDATE "user" SET recovery_code = 'ABCDEFGH' WHERE id = ${user}`;
	// The statements of src/stores/postgres/events.ts (withChange), with literals for parameters.
	const scripts: Record<string, string> = {
		"SELECT 1 (a round trip)": "SELECT 1",
		"the change alone (--event-retention 0)": update,
		"the change with its event (one statement)": `WITH changed AS (${update} RETURNING 1),
			stored AS (INSERT INTO event (id, time, type, user_id, client_ip, data)
				SELECT 'w7dn3kqzcx9m4rbt2hpv6fsj'::text, 1700000000::bigint, 'recovery_code_regenerated'::text, ${user}::text, '127.0.0.1'::text, '{}'::text::jsonb
				WHERE EXISTS (SELECT FROM changed) RETURNING seq)
			SELECT count(*)::int AS n FROM changed`,
		"the event's INSERT alone (3 indexes, as Holm's)": insert("event"),
		"… without the feed's (xid, seq) index": insert("event_without_feed_index"),
		"… with its primary key only": insert("event_key_only"),
		"… with no index at all": insert("event_no_index"),
	};
	const files = Object.entries(scripts).map(([name, text], i) => {
		const file = join(work, `script-${i}.sql`);
		writeFileSync(file, `\\set n random(1, ${USERS})\n${text.replace(/\s+/g, " ")};\n`);
		return { name, file };
	});
	const target = new URL(url);
	const figures = new Map<string, { cpu: number[]; rate: number[] }>();
	for (let round = 0; round < ROUNDS; round++) {
		// Each round in another order, so no script always follows the same one.
		const order = round % 2 === 0 ? files : [...files].reverse();
		for (const { name, file } of order) {
			const before = postgresCpuSeconds(postmaster);
			const run = Bun.spawnSync(
				[pgbench, "-n", "-M", "prepared", "-c", String(CONNECTIONS), "-j", "1", "-T", String(SECONDS), "-f", file,
					"-h", target.hostname, "-p", target.port || "5432", "-U", decodeURIComponent(target.username || "postgres"), target.pathname.slice(1)],
				{ stdout: "pipe", stderr: "pipe", env: { ...process.env, PGPASSWORD: decodeURIComponent(target.password) } },
			);
			await Bun.sleep(300); // the backends' exit, so the postmaster has reaped them
			const out = run.stdout.toString();
			const done = /number of transactions actually processed: (\d+)/.exec(out);
			if (run.exitCode !== 0 || done === null) throw new Error(`pgbench failed for ${name}: ${run.stderr.toString()}${out}`);
			const transactions = Number(done[1]);
			const entry = figures.get(name) ?? { cpu: [], rate: [] };
			entry.cpu.push(((postgresCpuSeconds(postmaster) - before) * 1e6) / transactions);
			entry.rate.push(transactions / SECONDS);
			figures.set(name, entry);
		}
	}
	console.log(`PostgreSQL's CPU a transaction (median of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} pgbench connections, prepared statements):`);
	for (const [name, { cpu, rate }] of figures) {
		console.log(`  ${name}: ${median(cpu).toFixed(0)} µs (rounds ${cpu.map((c) => c.toFixed(0)).join(", ")}), ${Math.round(median(rate))} a second`);
	}
} finally {
	rmSync(work, { recursive: true, force: true });
	await dropBenchDatabase(adminUrl, url);
}
