// Users in and out through the command line: `holm import` of an NDJSON file into a running Holm,
// and `holm export` of them again, timed. bench/run.ts seeds its users this way; run alone
// (`bun bench/import-export.ts`) it measures just these two on a fresh database:
//
//   BENCH_USERS (100000)                 users in the file
//   HOLM_BENCH_DATABASE=postgres://...   PostgreSQL instead of SQLite (a throwaway database)
//
// Every user has the same argon2id hash (parsing costs the same as for distinct ones: nothing is
// hashed at import), seed<i>@example.com as email, created_at one second apart, and every fourth
// a 20-byte TOTP key.
import { mkdtempSync, openSync, closeSync, writeSync, rmSync, writeFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeBase64 } from "@oslojs/encoding";
import { generateCode, generateId } from "../src/lib/ids.ts";

/** How `holm` is run: the executable when given, else the sources through this Bun. */
export type HolmCommand = string[];
export const HOLM_FROM_SOURCES: HolmCommand = [process.execPath, join(import.meta.dir, "..", "src", "main.ts")];

/** Writes `count` users as NDJSON; answers their ids in creation order. */
export function writeUsersFile(path: string, count: number, passwordHash: string, email: (i: number) => string): string[] {
	const first = Math.floor(Date.now() / 1000) - count;
	const ids: string[] = new Array(count);
	const fd = openSync(path, "w", 0o600);
	try {
		let chunk = "";
		for (let i = 0; i < count; i++) {
			const id = generateId();
			ids[i] = id;
			const totp = i % 4 === 0 ? encodeBase64(crypto.getRandomValues(new Uint8Array(20))) : null;
			chunk +=
				JSON.stringify({ id, email: email(i), email_verified: i % 2 === 0, created_at: first + i, password_hash: passwordHash, totp_key: totp, recovery_code: generateCode() }) +
				"\n";
			if (chunk.length > 1 << 20) {
				writeSync(fd, chunk);
				chunk = "";
			}
		}
		writeSync(fd, chunk);
	} finally {
		closeSync(fd);
	}
	return ids;
}

export interface Timed {
	rows: number;
	milliseconds: number;
	perSecond: number;
}

async function run(command: string[]): Promise<{ code: number; stderr: string; milliseconds: number }> {
	const started = performance.now();
	const child = Bun.spawn(command, { stdout: "ignore", stderr: "pipe" });
	const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
	return { code, stderr, milliseconds: performance.now() - started };
}

/** `holm import FILE --url URL`; fails when any row failed. */
export async function importThroughHolm(holm: HolmCommand, file: string, url: string, secretFile: string, rows: number): Promise<Timed> {
	const result = await run([...holm, "import", file, "--url", url, "--secret-file", secretFile]);
	if (result.code !== 0) throw new Error(`holm import exited ${result.code}: ${result.stderr.slice(-2000)}`);
	return { rows, milliseconds: result.milliseconds, perSecond: (rows * 1000) / result.milliseconds };
}

/** `holm export --output FILE` from the SQLite file in `dir` or from PostgreSQL. */
export async function exportThroughHolm(holm: HolmCommand, output: string, dir: string, database: string | undefined, rows: number): Promise<Timed> {
	const where = database === undefined ? ["--dir", dir] : ["--database", database];
	const result = await run([...holm, "export", ...where, "--output", output]);
	if (result.code !== 0) throw new Error(`holm export exited ${result.code}: ${result.stderr.slice(-2000)}`);
	return { rows, milliseconds: result.milliseconds, perSecond: (rows * 1000) / result.milliseconds };
}

/** p50 of `GET path` over `times` requests one after another, after a few to warm up. */
async function p50(url: string, secret: string, path: string, times = 60): Promise<number> {
	const took: number[] = [];
	for (let i = 0; i < times + 5; i++) {
		const started = performance.now();
		const response = await fetch(url + path, { headers: { Authorization: secret } });
		await response.arrayBuffer();
		if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
		if (i >= 5) took.push(performance.now() - started);
	}
	took.sort((a, b) => a - b);
	return took[Math.floor(took.length / 2)]!;
}

/** Every kind of GET /users page, and a rare and a common email_query, one request at a time. */
async function timeReads(url: string, secret: string, users: number, email: (i: number) => string): Promise<[string, number][]> {
	const results: [string, number][] = [];
	const lastPage = Math.ceil(users / 20);
	for (const sortBy of ["created_at", "id"]) {
		for (const sortOrder of ["ascending", "descending"]) {
			for (const [label, page] of [["first", 1], ["middle", Math.round(lastPage / 2)], ["last", lastPage]] as const) {
				results.push([`\`GET /users?sort_by=${sortBy}&sort_order=${sortOrder}\`, ${label} page`, await p50(url, secret, `/users?sort_by=${sortBy}&sort_order=${sortOrder}&per_page=20&page=${page}`)]);
			}
		}
	}
	const rare = email(users - 1).split("@")[0]! + "@";
	results.push([`\`GET /users?email_query=${rare}\` (one match)`, await p50(url, secret, `/users?email_query=${encodeURIComponent(rare)}`)]);
	results.push(["`GET /users?email_query=seed99` (every match counted)", await p50(url, secret, "/users?email_query=seed99", 20)]);
	return results;
}

if (import.meta.main) {
	const { createBenchDatabase, dropBenchDatabase, seedEmail, SEED_PASSWORD } = await import("./seed.ts");
	const { freePort, waitHealthy, stop } = await import("./processes.ts");
	const users = Number((process.env.BENCH_USERS ?? "100000").replaceAll("_", ""));
	const adminUrl = process.env.HOLM_BENCH_DATABASE || undefined;
	const work = mkdtempSync(join(tmpdir(), "holm-bench-import-"));
	const database = adminUrl === undefined ? undefined : await createBenchDatabase(adminUrl);
	try {
		const secretFile = join(work, "secret");
		writeFileSync(secretFile, `bench-${crypto.randomUUID()}\n`, { mode: 0o600 });
		const file = join(work, "users.ndjson");
		const hash = await Bun.password.hash(SEED_PASSWORD, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 });
		writeUsersFile(file, users, hash, seedEmail);
		const port = freePort();
		const args = [...HOLM_FROM_SOURCES, "serve", "--port", String(port), "--dir", join(work, "data"), "--secret-file", secretFile, "--log-level", "warn"];
		if (database !== undefined) args.push("--database", database);
		const server = Bun.spawn(args, { stdout: "inherit", stderr: "inherit" });
		const url = `http://127.0.0.1:${port}`;
		await waitHealthy(url, performance.now(), server);
		const imported = await importThroughHolm(HOLM_FROM_SOURCES, file, url, secretFile, users);
		const exported = await exportThroughHolm(HOLM_FROM_SOURCES, join(work, "exported.ndjson"), join(work, "data"), database, users);
		if (database !== undefined) await (await import("./seed.ts")).analyze(database);
		const secret = (await Bun.file(secretFile).text()).trim();
		const reads = await timeReads(url, secret, users, seedEmail);
		await stop(server);
		const store = database === undefined ? "SQLite" : "PostgreSQL";
		console.log(`| \`holm import\`, ${users.toLocaleString("en-US")} users, ${store} | ${Math.round(imported.milliseconds).toLocaleString("en-US")} ms | ${Math.round(imported.perSecond).toLocaleString("en-US")} rows/s |`);
		for (const [what, p50] of reads) console.log(`| ${what}, ${users.toLocaleString("en-US")} users, ${store}, one connection | p50 ${p50.toFixed(2)} ms | |`);
		console.log(`| \`holm export\`, ${users.toLocaleString("en-US")} users, ${store} | ${Math.round(exported.milliseconds).toLocaleString("en-US")} ms | ${Math.round(exported.perSecond).toLocaleString("en-US")} rows/s (${(statSync(join(work, "exported.ndjson")).size / 1e6).toFixed(0)} MB) |`);
	} finally {
		if (database !== undefined && adminUrl !== undefined) await dropBenchDatabase(adminUrl, database);
		rmSync(work, { recursive: true, force: true });
	}
}
