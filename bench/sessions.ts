// `bun bench/sessions.ts`: session validation at scale (API.md section 13), on SQLite and on
// PostgreSQL, bounded and on loopback. For each database: a fresh Holm (`bun src/main.ts serve`)
// whose database holds BENCH_SESSIONS live sessions (default 1,000,000) of BENCH_SESSION_USERS
// users, seeded in bulk straight into the database; then
//   - p50 and p99 of POST /sessions/validate one request at a time on one connection, beside
//     GET /users/{id} the same way;
//   - throughput of both with wrk (BENCH_CONNECTIONS, default 50, for BENCH_DURATION, default 5 s),
//     one right after the other, and their ratio (the contract asks validation for at least 0.9).
// PostgreSQL is a private server started for the run (as the tests do), or HOLM_BENCH_DATABASE.
// Markdown goes to stdout, with the machine's load before and after.
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { generateId } from "../src/lib/ids.ts";
import { createTestDatabase, startPrivateServer } from "../test/support/postgres.ts";
import { freePort, stop, waitHealthy } from "./processes.ts";
import { runWrk, wrkPinning } from "./wrk.ts";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
const USERS = Number(process.env.BENCH_SESSION_USERS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number((process.env.BENCH_DURATION ?? "5").replace(/s$/, ""));
const SAMPLES = 2000;
const SECRET = `bench-${crypto.randomUUID().replaceAll("-", "")}`;
const MAIN = join(import.meta.dir, "..", "src", "main.ts");

function say(message: string): void {
	process.stderr.write(`[sessions bench] ${message}\n`);
}

function load(): string {
	return loadavg().map((n) => n.toFixed(2)).join(", ");
}

/** Users and sessions straight into SQLite, in one transaction each (the schema from `holm migrate`). */
function seedSqlite(path: string, now: number): string[] {
	const db = new Database(path);
	const userIds: string[] = [];
	db.run("BEGIN");
	const user = db.prepare("INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES (?, ?, NULL, '', 'AAAAAAAA')");
	for (let i = 0; i < USERS; i++) {
		const id = generateId();
		userIds.push(id);
		user.run(id, now - 86_400);
	}
	db.run("COMMIT");
	db.run("BEGIN");
	const session = db.prepare(
		"INSERT INTO session (id, user_id, digest, created_at, last_used_at, client_ip, user_agent, second_factor_verified_at, new_device) VALUES (?, ?, ?, ?, ?, '192.0.2.1', 'Bench/1.0', NULL, 0)",
	);
	for (let i = 0; i < SESSIONS; i++) session.run(generateId(), userIds[i % USERS]!, crypto.getRandomValues(new Uint8Array(32)), now - 3600, now - 120);
	db.run("COMMIT");
	db.run("ANALYZE");
	user.finalize();
	session.finalize();
	db.run("PRAGMA wal_checkpoint(TRUNCATE)");
	db.close(true);
	return userIds;
}

/** The same on PostgreSQL, with generate_series (ids that are never validated need only be unique). */
async function seedPostgres(url: string, now: number): Promise<string[]> {
	const sql = new SQL(url, { max: 1 });
	try {
		await sql.unsafe(`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code)
			SELECT 'u' || translate(lpad(n::text, 23, '0'), '0123456789', 'abcdefghij'), ${now - 86_400}, NULL, '', 'AAAAAAAA' FROM generate_series(1, ${USERS}) n`);
		await sql.unsafe(`INSERT INTO session (id, user_id, digest, created_at, last_used_at, client_ip, user_agent, second_factor_verified_at, new_device)
			SELECT 's' || translate(lpad(n::text, 23, '0'), '0123456789', 'abcdefghij'),
				'u' || translate(lpad((n % ${USERS} + 1)::text, 23, '0'), '0123456789', 'abcdefghij'), sha256(n::text::bytea), ${now - 3600}, ${now - 120},
				'192.0.2.1', 'Bench/1.0', NULL, false FROM generate_series(1, ${SESSIONS}) n`);
		await sql.unsafe("ANALYZE");
		const rows = await sql.unsafe(`SELECT id FROM "user" ORDER BY id LIMIT 1000`);
		return rows.map((row: { id: string }) => row.id);
	} finally {
		await sql.close();
	}
}

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** One request at a time on one keep-alive connection: microseconds at p50 and p99. */
async function oneConnection(request: (i: number) => Promise<Response>): Promise<{ p50: number; p99: number }> {
	for (let i = 0; i < 200; i++) await (await request(i)).arrayBuffer();
	const times: number[] = [];
	for (let i = 0; i < SAMPLES; i++) {
		const start = Bun.nanoseconds();
		const response = await request(i);
		await response.arrayBuffer();
		times.push((Bun.nanoseconds() - start) / 1000);
		if (response.status !== 200) throw new Error(`answered ${response.status}`);
	}
	times.sort((a, b) => a - b);
	return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

async function measure(kind: "SQLite" | "PostgreSQL", database: string | undefined, work: string): Promise<string[]> {
	const dir = join(work, kind);
	const secretFile = join(work, "secret");
	writeFileSync(secretFile, SECRET + "\n", { mode: 0o600 });
	const migrateArgs = [process.execPath, MAIN, "migrate", "--dir", dir, ...(database === undefined ? [] : ["--database", database])];
	if (Bun.spawnSync(migrateArgs).exitCode !== 0) throw new Error("holm migrate failed");
	const now = Math.floor(Date.now() / 1000);
	say(`${kind}: seeding ${SESSIONS.toLocaleString("en")} sessions of ${USERS.toLocaleString("en")} users`);
	const seedStart = performance.now();
	const userIds = database === undefined ? seedSqlite(join(dir, "holm.db"), now) : await seedPostgres(database, now);
	const seedSeconds = (performance.now() - seedStart) / 1000;

	const port = freePort();
	const url = `http://127.0.0.1:${port}`;
	const args = [process.execPath, MAIN, "serve", "--host", "127.0.0.1", "--port", String(port), "--dir", dir, "--secret-file", secretFile, "--log-level", "warn"];
	if (database !== undefined) args.push("--database", database);
	const child = Bun.spawn(args, { stdout: "inherit", stderr: "inherit" });
	try {
		await waitHealthy(url, performance.now(), child);
		const headers = { Authorization: SECRET };
		const tokens: string[] = [];
		for (const id of userIds.slice(0, 1000)) {
			const response = await fetch(`${url}/users/${id}/sessions`, { method: "POST", headers, body: "{}" });
			const created = (await response.json()) as { token?: string };
			if (created.token === undefined) throw new Error(`creating a session answered ${response.status} ${JSON.stringify(created)}`);
			tokens.push(created.token);
		}
		const validate = await oneConnection((i) => fetch(`${url}/sessions/validate`, { method: "POST", headers, body: JSON.stringify({ token: tokens[i % tokens.length] }) }));
		const getUser = await oneConnection((i) => fetch(`${url}/users/${userIds[i % 1000]}`, { headers }));

		const work2 = mkdtempSync(join(tmpdir(), "holm-sessions-wrk-"));
		const tokensFile = join(work2, "tokens.txt");
		const idsFile = join(work2, "ids.txt");
		writeFileSync(tokensFile, tokens.join("\n") + "\n");
		writeFileSync(idsFile, userIds.slice(0, 1000).join("\n") + "\n");
		const pin = wrkPinning().prefix;
		const base = { url, connections: CONNECTIONS, threads: 2, seconds: SECONDS, timeoutSeconds: 10, secret: SECRET };
		const getRate = await runWrk({ ...base, idsFile, lua: `function makeRequest(i) return wrk.format("GET", "/users/" .. ids[i % N + 1]) end` }, work2, pin);
		const validateRate = await runWrk(
			{ ...base, idsFile: tokensFile, lua: `function makeRequest(i) return wrk.format("POST", "/sessions/validate", nil, '{"token":"' .. ids[i % N + 1] .. '"}') end` },
			work2,
			pin,
		);
		rmSync(work2, { recursive: true, force: true });
		const us = (n: number) => `${(n / 1000).toFixed(2)} ms`;
		return [
			`| ${kind} | ${SESSIONS.toLocaleString("en")} | ${seedSeconds.toFixed(0)} s | ${us(validate.p50)} / ${us(validate.p99)} | ${us(getUser.p50)} / ${us(getUser.p99)} | ` +
				`${Math.round(validateRate.requestsPerSecond).toLocaleString("en")}/s | ${Math.round(getRate.requestsPerSecond).toLocaleString("en")}/s | ` +
				`${(validateRate.requestsPerSecond / getRate.requestsPerSecond).toFixed(2)} |`,
		];
	} finally {
		await stop(child);
	}
}

const work = mkdtempSync(join(tmpdir(), "holm-sessions-bench-"));
const loadBefore = load();
const lines: string[] = [
	`| Database | Live sessions | Seeding | validate p50 / p99, one connection | GET /users/{id} p50 / p99, one connection | validate, ${CONNECTIONS} connections | GET /users/{id}, ${CONNECTIONS} connections | ratio |`,
	"|---|---|---|---|---|---|---|---|",
];
let privatePostgres: { stop(): Promise<void> } | null = null;
try {
	if (process.env.BENCH_SKIP_SQLITE !== "1") lines.push(...(await measure("SQLite", undefined, work)));
	if (process.env.BENCH_SKIP_POSTGRES !== "1") {
		let admin = process.env.HOLM_BENCH_DATABASE;
		if (admin === undefined) {
			const started = await startPrivateServer();
			if (started.url === null) throw new Error(`no PostgreSQL: ${started.reason}`);
			privatePostgres = started;
			admin = started.url;
		}
		lines.push(...(await measure("PostgreSQL", await createTestDatabase(admin), work)));
	}
} finally {
	await privatePostgres?.stop();
	rmSync(work, { recursive: true, force: true });
}
console.log(lines.join("\n"));
console.log(`\nLoad average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}. ${navigator.hardwareConcurrency} cores.`);
