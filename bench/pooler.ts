// PostgreSQL directly and through PgBouncer in transaction mode, in the same run (`bun
// bench/pooler.ts`, also run by `npm run bench`): a private PostgreSQL and a private PgBouncer (its
// defaults, pool_mode = transaction), both on Unix sockets, as the tests start them; two Holm
// processes from the sources on one database, one connected each way; then, one request at a time
// and with 8 at once, GET /users/{id}, a page of GET /users and POST …/verify-password. Then, on
// plain connections, what the timeouts' mechanism costs a transaction (the SET LOCAL statement of
// src/stores/postgres/connection.ts) and what unnamed statements cost a query. Loopback only;
// BENCH_SECONDS (default 3) bounds each concurrent row. Skipped, saying why, without PostgreSQL or
// PgBouncer.
import { SQL } from "bun";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transaction } from "../src/stores/postgres/connection.ts";
import { createTestDatabase, startPgBouncer, startPrivateServer } from "../test/support/postgres.ts";
import { freePort, ROOT, stop, waitHealthy } from "./processes.ts";
import { SEED_PASSWORD } from "./seed.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? "3");
const USERS = 1000;
const SEQUENTIAL = 200;

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function sequential(times: number, call: (i: number) => Promise<void>): Promise<string> {
	const took: number[] = [];
	for (let i = 0; i < times + 10; i++) {
		const started = performance.now();
		await call(i);
		if (i >= 10) took.push(performance.now() - started);
	}
	took.sort((a, b) => a - b);
	return `p50 ${percentile(took, 0.5).toFixed(3)} ms, p99 ${percentile(took, 0.99).toFixed(3)} ms`;
}

async function concurrent(workers: number, call: (i: number) => Promise<void>): Promise<string> {
	let done = 0;
	const until = performance.now() + SECONDS * 1000;
	await Promise.all(
		Array.from({ length: workers }, async (_, w) => {
			for (let i = w; performance.now() < until; i += workers) {
				await call(i);
				done++;
			}
		}),
	);
	return `${Math.round(done / SECONDS).toLocaleString("en-US")}/s`;
}

async function serve(database: string, secretFile: string, dir: string): Promise<{ url: string; child: Bun.Subprocess }> {
	const port = freePort();
	const child = Bun.spawn(
		[process.execPath, join(ROOT, "src", "main.ts"), "serve", "--port", String(port), "--database", database, "--secret-file", secretFile, "--dir", dir, "--leak-check", "off", "--log-level", "warn"],
		{ stdout: "inherit", stderr: "inherit" },
	);
	const url = `http://127.0.0.1:${port}`;
	await waitHealthy(url, performance.now(), child);
	return { url, child };
}

const load = async () => (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");

const server = await startPrivateServer();
if (server.url === null) {
	console.log(`PgBouncer rows skipped: no PostgreSQL (${server.reason}).`);
	process.exit(0);
}
const pooler = await startPgBouncer(server.url);
if (pooler.url === null) {
	console.log(`PgBouncer rows skipped: ${pooler.reason}.`);
	await server.stop();
	process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), "holm-bench-pooler-"));
const children: Bun.Subprocess[] = [];
try {
	const direct = await createTestDatabase(server.url);
	const pooled = new URL(pooler.url);
	pooled.pathname = new URL(direct).pathname;
	const secret = `bench-${crypto.randomUUID()}`;
	const secretFile = join(work, "secret");
	writeFileSync(secretFile, secret + "\n", { mode: 0o600 });
	const holms = {
		direct: await serve(direct, secretFile, join(work, "direct")),
		PgBouncer: await serve(pooled.toString(), secretFile, join(work, "pooled")),
	};
	children.push(holms.direct.child, holms.PgBouncer.child);
	const hash = await Bun.password.hash(SEED_PASSWORD, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 });
	const headers = { Authorization: secret, "Content-Type": "application/json" };
	const imported = await fetch(`${holms.direct.url}/user-imports`, {
		method: "POST",
		headers,
		body: JSON.stringify({ users: Array.from({ length: USERS }, (_, i) => ({ email: `pool${i}@example.com`, password_hash: hash })) }),
	});
	if (imported.status !== 200) throw new Error(`the import answered ${imported.status}`);
	const ids: string[] = [];
	for (let page = 1; ids.length < USERS; page++) {
		const answer = await fetch(`${holms.direct.url}/users?per_page=100&page=${page}`, { headers });
		ids.push(...((await answer.json()) as { id: string }[]).map((user) => user.id));
	}
	async function ok(response: Promise<Response>): Promise<void> {
		const answer = await response;
		await answer.arrayBuffer();
		if (answer.status >= 300) throw new Error(`answered ${answer.status}`);
	}
	console.log(`Load before: ${await load()}`);
	console.log("| row | directly | through PgBouncer |");
	console.log("|---|---|---|");
	const calls: [string, (url: string) => (i: number) => Promise<void>, boolean][] = [
		["`GET /users/{id}`", (url) => (i) => ok(fetch(`${url}/users/${ids[i % USERS]}`, { headers })), true],
		["`GET /users`, a page of 20 (page 25)", (url) => () => ok(fetch(`${url}/users?per_page=20&page=25`, { headers })), true],
		[
			"`POST /users/{id}/verify-password` (argon2id)",
			(url) => (i) => ok(fetch(`${url}/users/${ids[i % USERS]}/verify-password`, { method: "POST", headers, body: JSON.stringify({ password: SEED_PASSWORD }) })),
			false,
		],
	];
	for (const [name, call, fast] of calls) {
		const cells: string[] = [];
		for (const holm of [holms.direct, holms.PgBouncer]) cells.push(`${await sequential(fast ? SEQUENTIAL : 20, call(holm.url))}; 8 at once: ${await concurrent(8, call(holm.url))}`);
		console.log(`| ${name} | ${cells.join(" | ")} |`);
	}
	// What the mechanisms cost, on plain connections of one each.
	const each = async (url: string, prepare: boolean, work: (sql: SQL) => (i: number) => Promise<unknown>) => {
		const sql = new SQL(url, { max: 1, prepare });
		try {
			return await sequential(2000, async (i) => void (await work(sql)(i)));
		} finally {
			await sql.close();
		}
	};
	const get = (sql: SQL) => (i: number) => sql`SELECT id, email FROM "user" WHERE id = ${ids[i % USERS]}`;
	const plainTx = (sql: SQL) => (i: number) => sql.begin((tx) => tx`SELECT id, email FROM "user" WHERE id = ${ids[i % USERS]}`);
	const setLocalTx = (sql: SQL) => (i: number) =>
		sql.begin(async (tx) => {
			await tx`SELECT set_config('statement_timeout', '5s', true), set_config('lock_timeout', '2s', true), set_config('idle_in_transaction_session_timeout', '5s', true)`;
			return tx`SELECT id, email FROM "user" WHERE id = ${ids[i % USERS]}`;
		});
	const holmTx = (sql: SQL) => (i: number) => transaction(sql, (tx) => tx`SELECT id, email FROM "user" WHERE id = ${ids[i % USERS]}`);
	console.log(`| a transaction of one SELECT, without the timeouts' SET LOCAL | ${await each(direct, false, plainTx)} | ${await each(pooled.toString(), false, plainTx)} |`);
	console.log(`| the same with the timeouts' SET LOCAL statement first | ${await each(direct, false, setLocalTx)} | ${await each(pooled.toString(), false, setLocalTx)} |`);
	console.log(`| the same through Holm's \`transaction()\` (a reserved connection, the SET LOCAL) | ${await each(direct, false, holmTx)} | ${await each(pooled.toString(), false, holmTx)} |`);
	console.log(`| one SELECT by id, named prepared statements (Bun's default) | ${await each(direct, true, get)} | (fails: "prepared statement … already exists") |`);
	console.log(`| one SELECT by id, unnamed statements (\`prepare: false\`, Holm's) | ${await each(direct, false, get)} | ${await each(pooled.toString(), false, get)} |`);
	console.log(`Load after: ${await load()}`);
} finally {
	for (const child of children) await stop(child);
	pooler.stop();
	await server.stop();
	rmSync(work, { recursive: true, force: true });
}
