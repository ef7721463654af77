// `npm run bench` (bun bench/run.ts): the floors and Holm, measured in one run on this machine.
//
// 1. Floors: a bare Bun.serve answering user JSON (bench/floor-server.ts, its own process), and
//    Bun.password.hash at Holm's argon2id parameters at its best concurrency. Holm's rows are
//    given as a share of the floor they are bound by, so figures from different machines compare.
// 2. Holm: dist/holm (rebuilt when src/ is newer) on a fresh data directory, seeded with
//    BENCH_USERS users, loaded with wrk (bench/wrk.ts) scenario by scenario.
// 3. Resources: idle and peak memory, memory after a flood of distinct client_ip values,
//    start-up time, the executable's size.
//
// Modules: wrk.ts (wrk and its Lua scripts), import-export.ts (the users, through holm import),
// seed.ts (emails, throwaway PostgreSQL databases),
// floors.ts (argon2id and the leak check in-process), processes.ts (starting and measuring
// dist/holm and floor-server.ts), report.ts (the Markdown).
//
// Progress goes to stderr; the report (Markdown, ready for the README) to stdout. Nothing here
// asserts a figure: a slow machine gives slow numbers, not a failure.
//
// Environment: BENCH_DURATION (10s a scenario), BENCH_OVERLOAD_DURATION (20s), BENCH_USERS
// (100000), BENCH_ADDRESSES (1000000), BENCH_CONNECTIONS (50), BENCH_HASH_CONNECTIONS (8),
// BENCH_OVERLOAD_CONNECTIONS (64), BENCH_STARTUPS (10), BENCH_HASH_ROUNDS (10 round pairs of an
// argon2id row and the raw floor), BENCH_HASH_ROUND_DURATION (3s, each half of a pair),
// BENCH_EVENT_ROUNDS (3), BENCH_READ_PAIRS (3 round pairs of each hot read and the floor),
// BENCH_WRK_THREADS (1 when wrk is pinned to a core, else 2),
// BENCH_ONLY=hashing (the floors, the seed and the argon2id rows beside the floor, then the report),
// HOLM_BENCH_DATABASE=postgres://... to run against PostgreSQL (a throwaway database is created on
// that server and dropped at the end).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, release, tmpdir } from "node:os";
import { join } from "node:path";
import { consoleRows, consoleSession } from "./console.ts";
import { ARGON2, measureHashFloor, measureHashRound, measureLeakCheck, type HashFloor, type LeakCheckTiming } from "./floors.ts";
import { EXECUTABLE, ROOT, cpuSeconds, freePort, machineBusy, memory, migrate, newestMtime, settle, spawnFloor, spawnHolm, stop, waitHealthy } from "./processes.ts";
import { benchEvents } from "./events.ts";
import { exportThroughHolm, importThroughHolm, writeUsersFile } from "./import-export.ts";
import { SEED_PASSWORD, analyze, createBenchDatabase, dropBenchDatabase, postgresFacts, seedEmail } from "./seed.ts";
import { Report, alternating, combined, duration, mb, median, number, rate } from "./report.ts";
import { WRK_MISSING, runWrk, wrkPinning, type WrkResult, type WrkScenario } from "./wrk.ts";

// ---------------------------------------------------------------- configuration

function envSeconds(name: string, fallback: number): number {
	const raw = process.env[name];
	if (raw === undefined || raw === "") return fallback;
	const match = /^(\d+)(s|m)?$/.exec(raw.trim());
	if (match === null) throw new Error(`${name}=${raw}: give whole seconds, like 10s or 2m`);
	return Number(match[1]) * (match[2] === "m" ? 60 : 1);
}

function envInteger(name: string, fallback: number): number {
	const raw = process.env[name];
	if (raw === undefined || raw === "") return fallback;
	const value = Number(raw.replaceAll("_", ""));
	if (!Number.isInteger(value) || value <= 0) throw new Error(`${name}=${raw}: give a positive whole number`);
	return value;
}

const pinning = wrkPinning();
const CONFIG = {
	seconds: envSeconds("BENCH_DURATION", 10),
	overloadSeconds: envSeconds("BENCH_OVERLOAD_DURATION", 20),
	users: envInteger("BENCH_USERS", 100_000),
	addresses: envInteger("BENCH_ADDRESSES", 1_000_000),
	connections: envInteger("BENCH_CONNECTIONS", 50),
	hashConnections: envInteger("BENCH_HASH_CONNECTIONS", 8),
	overloadConnections: envInteger("BENCH_OVERLOAD_CONNECTIONS", 64),
	startups: envInteger("BENCH_STARTUPS", 10),
	// Alternating rounds: the argon2id rows beside the raw floor (many short pairs, so that each pair
	// sees the machine at one speed), the event rows with and without events.
	hashRounds: envInteger("BENCH_HASH_ROUNDS", 10),
	hashRoundSeconds: envSeconds("BENCH_HASH_ROUND_DURATION", 3),
	eventRounds: envInteger("BENCH_EVENT_ROUNDS", 3),
	// Pairs of rounds of each hot read (GET /users/{id}, validation, a page of 20) beside the floor.
	readPairs: envInteger("BENCH_READ_PAIRS", 3),
	// One wrk thread on its one core; two threads would only take turns there.
	threads: envInteger("BENCH_WRK_THREADS", pinning.prefix.length > 0 ? 1 : 2),
	database: process.env.HOLM_BENCH_DATABASE || undefined,
	only: envOnly(),
};

/** BENCH_ONLY=hashing: the rows of issue 25's argon2id target and what they need, nothing else. */
function envOnly(): "hashing" | undefined {
	const raw = process.env.BENCH_ONLY;
	if (raw === undefined || raw === "") return undefined;
	if (raw !== "hashing") throw new Error(`BENCH_ONLY=${raw}: the one subset is "hashing"`);
	return raw;
}
// 38 random-looking characters, given through --secret-file (Holm refuses a secret under 16).
const SECRET = `bench-${crypto.randomUUID().replaceAll("-", "")}`;
const WRONG_PASSWORD = "not the benchmark passphrase";
// Well-formed (24 characters of the identifier alphabet), and never given to any request.
const UNISSUED_REQUEST_ID = "z".repeat(24);
const WRONG_CODE = "AAAAAAAA";

const runStarted = performance.now();
function progress(message: string): void {
	const elapsed = ((performance.now() - runStarted) / 1000).toFixed(0).padStart(4);
	process.stderr.write(`[bench ${elapsed}s] ${message}\n`);
}

// ---------------------------------------------------------------- the run

const children = new Set<Bun.Subprocess>();
function track(child: Bun.Subprocess): Bun.Subprocess {
	children.add(child);
	void child.exited.then(() => children.delete(child));
	return child;
}
process.on("SIGINT", () => {
	for (const child of children) child.kill("SIGKILL");
	process.stderr.write("bench: interrupted\n");
	process.exit(130);
});

function ensureWrk(): string {
	if (Bun.which("wrk") === null) {
		console.error(WRK_MISSING);
		process.exit(1);
	}
	// `wrk -v` prints its version, then its usage, and exits 1.
	const out = Bun.spawnSync(["wrk", "-v"], { stdout: "pipe", stderr: "pipe" }).stdout.toString();
	return /^wrk (\S+)/.exec(out)?.[1] ?? "unknown version";
}

/** dist/holm as src/ is now: rebuilt when it is missing or older than any source file. */
function ensureBuilt(): string {
	let built = 0;
	try {
		built = statSync(EXECUTABLE).mtimeMs;
	} catch {
		// missing
	}
	const sources = Math.max(newestMtime(join(ROOT, "src")), statSync(join(ROOT, "build.ts")).mtimeMs);
	if (built >= sources) return "dist/holm was up to date";
	progress(built === 0 ? "dist/holm is missing: bun build.ts" : "src/ is newer than dist/holm: bun build.ts");
	const result = Bun.spawnSync([process.execPath, "build.ts"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
	process.stderr.write(result.stdout.toString() + result.stderr.toString());
	if (result.exitCode !== 0) throw new Error("bun build.ts failed");
	return "dist/holm was rebuilt from the current src/ first";
}

/** The Bun runtime compiled into dist/holm: a Bun executable acts as bun itself with BUN_BE_BUN=1. */
function holmRuntime(): string {
	const result = Bun.spawnSync([EXECUTABLE, "--version"], { env: { ...process.env, BUN_BE_BUN: "1" }, stdout: "pipe", stderr: "pipe" });
	const version = result.stdout.toString().trim();
	return result.exitCode === 0 && /^\d+\.\d+/.test(version) ? `Bun ${version}` : "its Bun";
}

function holmVersion(): string {
	return Bun.spawnSync([EXECUTABLE, "version"], { stdout: "pipe" }).stdout.toString().trim();
}

function machine(wrkVersion: string): string[] {
	const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
	const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? "unknown CPU";
	const memKib = Number(/^MemTotal:\s+(\d+) kB/m.exec(readFileSync("/proc/meminfo", "utf8"))?.[1] ?? NaN);
	return [
		`- CPU: ${model}, nproc ${availableParallelism()}`,
		`- memory: ${number(memKib / 1024 / 1024, 1)} GiB; Linux ${release()}`,
		`- Bun ${Bun.version} (the harness and the floor server), ${holmRuntime()} in dist/holm (Holm ${holmVersion()}); wrk ${wrkVersion}`,
		`- date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
	];
}

async function main(): Promise<void> {
	const wrkVersion = ensureWrk();
	const buildNote = ensureBuilt();
	const work = mkdtempSync(join(tmpdir(), "holm-bench-"));
	const secretFile = join(work, "secret");
	writeFileSync(secretFile, `${SECRET}\n`, { mode: 0o600 });
	const report = new Report();
	let databaseUrl: string | undefined;
	const logFile = join(work, "holm.log");

	const wrk = async (scenario: Omit<WrkScenario, "secret" | "threads"> & { threads?: number; busy?: boolean }) => {
		if (scenario.busy !== true) await settle(new URL(scenario.url).origin);
		return runWrk({ threads: CONFIG.threads, secret: SECRET, ...scenario }, work, pinning.prefix);
	};
	const L = (text: string) => JSON.stringify(text); // a Lua string literal (ASCII)

	try {
		progress("how busy the machine is before the run (3 s)");
		const busyBefore = await machineBusy(3000);

		// ------------------------------------------------------------ floors
		progress("floor: Bun.serve (bench/floor-server.ts)");
		const floorPort = freePort();
		const floorServer = track(spawnFloor(floorPort));
		const floorUrl = `http://127.0.0.1:${floorPort}`;
		await waitHealthy(floorUrl, performance.now(), floorServer);
		const read = { connections: CONFIG.connections, seconds: CONFIG.seconds, timeoutSeconds: 10 };
		// The floor's two scenarios: measured here, and again beside each hot read (pairedRow below).
		const floorRounds = {
			get: { ...read, url: `${floorUrl}/users/x`, lua: "" },
			post: { ...read, url: `${floorUrl}/users`, lua: `wrk.method = "POST"\nwrk.body = ${L(JSON.stringify({ password: SEED_PASSWORD }))}` },
		};
		await wrk({ ...floorRounds.get, seconds: Math.min(2, CONFIG.seconds) }); // warm-up
		const floorGet = await wrk(floorRounds.get);
		const floorPost = await wrk(floorRounds.post);
		// It keeps running (idle) until Holm's hot reads have been measured beside it: pairedRow below.
		for (const [name, result] of [
			["floor: `Bun.serve` GET, user JSON", floorGet],
			["floor: `Bun.serve` POST, parses the JSON body", floorPost],
		] as const) {
			report.rows.push({
				scenario: name,
				connections: String(CONFIG.connections),
				rate: rate(result.requestsPerSecond),
				p50: duration(result.latency.p50),
				p99: duration(result.latency.p99),
				answers: report.answers(name, result, ["200"]),
				floor: "—",
			});
		}

		// Also one more than the cores (what Holm's gate hands over) and as many as Holm's hashing rows
		// have connections.
		const hashCounts = [availableParallelism() + 1, CONFIG.hashConnections];
		progress(`floor: Bun.password.hash, argon2id at ${[...new Set([1, 2, 4, ...hashCounts])].sort((a, b) => a - b).join(", ")} in flight`);
		const hashFloor: HashFloor = await measureHashFloor(Math.max(3, CONFIG.seconds / 2), hashCounts);
		report.rows.push({
			scenario: "floor: `Bun.password.hash`, argon2id m=19456 t=2 p=1",
			connections: `${hashFloor.best.inFlight} in flight`,
			rate: `${rate(hashFloor.best.perSecond)} hashes/s`,
			p50: "—",
			p99: "—",
			answers: "—",
			floor: hashFloor.byConcurrency.map((c) => `${c.inFlight}: ${rate(c.perSecond)}/s`).join(", "),
		});

		progress("offline leak check, in this process");
		const leak: LeakCheckTiming = await measureLeakCheck(1000);
		report.rows.push({
			scenario: "offline leak check (`src/leak-check`, in-process)",
			connections: "—",
			rate: `${number(leak.checksPerSecond / 1e6, 2)} M checks/s`,
			p50: `${number(leak.p50 / 1000, 2)} µs`,
			p99: `${number(leak.p99 / 1000, 2)} µs`,
			answers: "—",
			floor: "—",
		});

		// ------------------------------------------------------------ Holm: data
		const dataDir = join(work, "data");
		mkdirSync(dataDir);
		if (CONFIG.database !== undefined) {
			databaseUrl = await createBenchDatabase(CONFIG.database);
			progress(`PostgreSQL: created ${new URL(databaseUrl).pathname.slice(1)}`);
		}
		migrate(dataDir, databaseUrl);
		const seedHash = await Bun.password.hash(SEED_PASSWORD, ARGON2);
		const store = databaseUrl === undefined ? "SQLite" : "PostgreSQL";
		// The users come in as an operator's would: an NDJSON file sent to a running Holm by
		// `holm import` (bench/import-export.ts), then taken out again by `holm export`.
		progress(`seeding ${number(CONFIG.users)} users through holm import`);
		const usersFile = join(work, "users.ndjson");
		const ids = writeUsersFile(usersFile, CONFIG.users, seedHash, seedEmail);
		const idsFile = join(work, "user-ids.txt");
		writeFileSync(idsFile, ids.join("\n") + "\n");
		const seeder = await (async () => {
			const port = freePort();
			const child = track(spawnHolm({ dir: dataDir, secretFile, port, database: databaseUrl, logFile }));
			await waitHealthy(`http://127.0.0.1:${port}`, performance.now(), child);
			return { child, url: `http://127.0.0.1:${port}` };
		})();
		const imported = await importThroughHolm([EXECUTABLE], usersFile, seeder.url, secretFile, CONFIG.users);
		progress(`holm export of ${number(CONFIG.users)} users`);
		const exported = await exportThroughHolm([EXECUTABLE], join(work, "exported.ndjson"), dataDir, databaseUrl, CONFIG.users);
		await stop(seeder.child);
		rmSync(join(work, "exported.ndjson"));
		if (databaseUrl !== undefined) await analyze(databaseUrl);
		for (const [name, timed] of [
			[`\`holm import\` of ${number(CONFIG.users)} users (batches of 1,000)`, imported],
			[`\`holm export\` of ${number(CONFIG.users)} users`, exported],
		] as const) {
			report.rows.push({ scenario: name, connections: "1", rate: `${rate(timed.perSecond)} rows/s`, p50: "—", p99: "—", answers: `${number(timed.milliseconds)} ms in all`, floor: "—" });
		}
		report.notes.push(
			`Seed: \`holm migrate\` created the schema, then ${number(CONFIG.users)} users (seed0@example.com …, one second apart, every fourth with a TOTP key) came in through \`holm import\` from an NDJSON file into a running Holm (${number(imported.milliseconds)} ms${databaseUrl === undefined ? "" : ", then VACUUM ANALYZE as autovacuum would do"}), all with one precomputed argon2id hash of the same password: making them through POST /users would take ${number(CONFIG.users / hashFloor.best.perSecond / 60)} minutes of hashing.`,
		);

		// ------------------------------------------------------------ start-up
		const startups: number[] = [];
		if (CONFIG.only === undefined) progress(`start-up to the first healthy /health, ${CONFIG.startups} times`);
		for (let i = 0; i < (CONFIG.only === undefined ? CONFIG.startups : 0); i++) {
			const port = freePort();
			const started = performance.now();
			const child = track(spawnHolm({ dir: dataDir, secretFile, port, database: databaseUrl, logFile }));
			startups.push(await waitHealthy(`http://127.0.0.1:${port}`, started, child));
			await stop(child);
		}
		startups.sort((a, b) => a - b);

		// ------------------------------------------------------------ Holm: serve
		// A fresh process for the scenarios, and again for the overload and for the flood, so that
		// each memory figure starts from an idle Holm rather than from what the rows before left.
		const startHolm = async (args: string[] = []) => {
			const port = freePort();
			const url = `http://127.0.0.1:${port}`;
			const child = track(spawnHolm({ dir: dataDir, secretFile, port, database: databaseUrl, logFile, args }));
			await waitHealthy(url, performance.now(), child);
			await Bun.sleep(1000);
			return { child, url, idle: memory(child.pid) };
		};
		let holm = await startHolm();
		// Lets the requests the last run left behind finish first: Holm's graceful stop does not
		// wait for requests whose client has gone, and their errors would land in the log.
		const restartHolm = async (args: string[] = [], stopped?: () => void) => {
			await settle(holm.url);
			await stop(holm.child);
			stopped?.();
			holm = await startHolm(args);
		};
		const { url, idle } = holm;

		const ratio = (result: WrkResult | number, floor: "get" | "post" | "hash") => {
			const rps = typeof result === "number" ? result : result.requestsPerSecond;
			const base = floor === "get" ? floorGet.requestsPerSecond : floor === "post" ? floorPost.requestsPerSecond : hashFloor.best.perSecond;
			const label = floor === "get" ? "Bun.serve GET" : floor === "post" ? "Bun.serve POST" : "argon2id";
			return `${number((rps / base) * 100)} % of ${label}`;
		};
		const addRow = (scenario: string, connections: number, result: WrkResult, intended: string[], floor: "get" | "post" | "hash") => {
			report.rows.push({
				scenario,
				connections: String(connections),
				rate: rate(result.requestsPerSecond),
				p50: duration(result.latency.p50),
				p99: duration(result.latency.p99),
				answers: report.answers(scenario, result, intended),
				floor: ratio(result, floor),
			});
			return result;
		};
		// The hot reads of issue 25's targets, each in READ_PAIRS pairs of rounds beside a round of the
		// floor (A B, B A, …), as the argon2id rows are: the floor measured once at the start of a run
		// moved by a third on a machine whose speed drifts (docs/benchmarks.md, "The hot reads beside
		// the floor"). The share is the median of the pairs', every pair listed; the rate and the
		// latencies are those of Holm's rounds together.
		const pairedRow = async (scenario: string, holmRound: Omit<WrkScenario, "secret" | "threads">, floor: "get" | "post", intended: string[]) => {
			const floorRound = floorRounds[floor];
			const seconds = Math.max(2, CONFIG.seconds / 2);
			const rounds: WrkResult[] = [];
			const shares: number[] = [];
			for (let pair = 0; pair < CONFIG.readPairs; pair++) {
				let floorRate = 0;
				let holm: WrkResult | null = null;
				for (const step of alternating(pair, "floor", "holm")) {
					if (step === "floor") floorRate = (await wrk({ ...floorRound, seconds })).requestsPerSecond;
					else holm = await wrk({ ...holmRound, seconds });
				}
				rounds.push(holm!);
				if (floorRate > 0) shares.push(holm!.requestsPerSecond / floorRate);
			}
			const all = combined(rounds);
			report.rows.push({
				scenario: `${scenario} (${CONFIG.readPairs} pairs of ${number(seconds)} s rounds beside the floor)`,
				connections: String(holmRound.connections),
				rate: rate(all.requestsPerSecond),
				p50: duration(all.latency.p50),
				p99: duration(all.latency.p99),
				answers: report.answers(scenario, all, intended),
				floor: `${number(median(shares) * 100)} % of Bun.serve ${floor === "get" ? "GET" : "POST"} beside it (${shares.length} pairs: ${shares.map((x) => number(x * 100)).join(", ")} %)`,
			});
			return all;
		};
		const hashing = { connections: CONFIG.hashConnections, seconds: CONFIG.seconds, timeoutSeconds: 30 };
		const userPath = (suffix = "") => `"/users/" .. ids[i % N + 1]${suffix === "" ? "" : ` .. ${L(suffix)}`}`;
		// `from`: the user the run starts at. Each wrk run counts its requests from 0, so the rounds of
		// a row start at users far apart, or the first users would meet the limit of 10 incorrect
		// passwords in 15 minutes after 10 rounds.
		const verifyLua = (password: string, from = 0) =>
			`function makeRequest(i) return wrk.format("POST", "/users/" .. ids[(i + ${from}) % N + 1] .. "/verify-password", nil, ${L(JSON.stringify({ password }))}) end`;
		const roundStart = (round: number) => Math.floor((round * CONFIG.users) / (CONFIG.hashRounds + 1));

		// BENCH_ONLY=hashing goes from the seed straight to the argon2id rows.
		if (CONFIG.only === undefined) {
			// ------------------------------------------------------------ Holm: reads
			progress("Holm: reads");
			await wrk({ ...read, url, idsFile, lua: `function makeRequest(i) return wrk.format("GET", ${userPath()}) end`, seconds: Math.min(2, CONFIG.seconds) }); // warm-up
			addRow("`GET /health` (no secret; one read of the database)", CONFIG.connections, await wrk({ ...read, url: `${url}/health`, lua: "" }), ["200"], "get");
			await pairedRow("`GET /users/{id}`", { ...read, url, idsFile, lua: `function makeRequest(i) return wrk.format("GET", ${userPath()}) end` }, "get", ["200"]);
			// Next to it, in the same run: a session validation (one indexed read of the session and its
			// user; API.md section 13 asks for at least 0.9 of the row above). A token for each of the
			// first 1,000 users, made through the API.
			const tokensFile = join(work, "session-tokens.txt");
			const tokens: string[] = [];
			for (let start = 0; start < Math.min(1000, ids.length); start += 50) {
				const made = await Promise.all(
					ids.slice(start, Math.min(start + 50, 1000)).map(async (id) => {
						const response = await fetch(`${url}/users/${id}/sessions`, { method: "POST", headers: { Authorization: SECRET }, body: "{}" });
						return ((await response.json()) as { token: string }).token;
					}),
				);
				tokens.push(...made);
			}
			writeFileSync(tokensFile, tokens.join("\n") + "\n");
			// Each hot read gets the warm-up GET had: its first seconds are compiled by JavaScriptCore's
			// optimizing tiers meanwhile, on the same two cores (docs/benchmarks.md, "Every hot row warmed up").
			const validate = { ...read, url, idsFile: tokensFile, lua: `function makeRequest(i) return wrk.format("POST", "/sessions/validate", nil, '{"token":"' .. ids[i % N + 1] .. '"}') end` };
			await wrk({ ...validate, seconds: Math.min(2, CONFIG.seconds) }); // warm-up
			await pairedRow("`POST /sessions/validate`", validate, "post", ["200"]);
			await wrk({ ...read, url: `${url}/users?per_page=20`, lua: "", seconds: Math.min(2, CONFIG.seconds) }); // warm-up
			await pairedRow(`\`GET /users?per_page=20\`, first page of ${number(CONFIG.users)}`, { ...read, url: `${url}/users?per_page=20`, lua: "" }, "get", ["200"]);
			await stop(floorServer);
			const deepPage = Math.max(1, Math.round(CONFIG.users / 40));
			addRow(
				`\`GET /users?per_page=20&page=${deepPage}\` (offset ${number((deepPage - 1) * 20)})`,
				CONFIG.connections,
				await wrk({ ...read, url: `${url}/users?per_page=20&page=${deepPage}`, lua: "" }),
				["200"],
				"get",
			);
			// The same page one request at a time: its latency without the queue of 50 connections.
			addRow(
				`\`GET /users?per_page=20&page=${deepPage}\`, one connection`,
				1,
				await wrk({ ...read, connections: 1, url: `${url}/users?per_page=20&page=${deepPage}`, lua: "" }),
				["200"],
				"get",
			);
			addRow(
				"`GET /users?email=<an existing address>`",
				CONFIG.connections,
				await wrk({ ...read, url, lua: `N = ${CONFIG.users}\nfunction makeRequest(i) return wrk.format("GET", "/users?email=seed" .. (i % N) .. "%40example.com") end` }),
				["200"],
				"get",
			);
			addRow(
				"`GET /users?email_query=seed99` (through the trigram index; every match is counted for X-Pagination-Total)",
				CONFIG.connections,
				await wrk({ ...read, url: `${url}/users?email_query=seed99`, lua: "" }),
				["200"],
				"get",
			);
			// One connection each: the latency of every kind of page, without a queue in front of it.
			const rare = `seed${CONFIG.users - 1}@`;
			addRow(`\`GET /users?email_query=${rare}\` (one match), one connection`, 1, await wrk({ ...read, connections: 1, url: `${url}/users?email_query=${encodeURIComponent(rare)}`, lua: "" }), ["200"], "get");
			const lastPage = Math.max(1, Math.ceil(CONFIG.users / 20));
			for (const sortBy of ["created_at", "id"]) {
				for (const sortOrder of ["ascending", "descending"]) {
					for (const [label, page] of [["middle", Math.max(1, Math.round(lastPage / 2))], ["last", lastPage]] as const) {
						const query = `sort_by=${sortBy}&sort_order=${sortOrder}&per_page=20&page=${page}`;
						addRow(`\`GET /users?${query}\` (${label} page), one connection`, 1, await wrk({ ...read, connections: 1, url: `${url}/users?${query}`, lua: "" }), ["200"], "get");
					}
				}
			}
			if (seedEmail(0) !== "seed0@example.com") throw new Error("bench/run.ts builds seed emails in Lua as seed<i>@example.com");

			// ------------------------------------------------------------ Holm: the console's pages
			progress("Holm: console");
			const consoleCookie = await consoleSession(url, dataDir, databaseUrl);
			for (const row of consoleRows(CONFIG.users)) {
				// One connection: an operator is one person, and the budget is each page's own latency.
				addRow(row.scenario, 1, await wrk({ ...read, connections: 1, url, idsFile, lua: `wrk.headers["Cookie"] = ${L(consoleCookie)}\n${row.lua}` }), ["200"], "get");
			}
		}

		// ------------------------------------------------------------ Holm: argon2id
		progress("Holm: argon2id-bound writes and checks");
		const runTag = crypto.randomUUID().slice(0, 8);
		// Each argon2id-bound row runs in short rounds, each paired with a round of the raw argon2id
		// floor (in this process, at the concurrency the floor row found best) just before or after
		// it (A B, B A, …): the share is taken per pair, when the machine ran at one speed for both,
		// and the median of the pairs is reported with every pair listed. Both sides are counted
		// alike (what ended within the round, over its length: measureHashRound). Holm's CPU per
		// answer beside the floor's CPU per hash is what Holm adds around the hash.
		// A round holds at least 40 hashes of the floor row's rate: both sides drop what is in flight
		// at the end, and a round of a few hashes (a slow or busy machine) would count none at all.
		const hashRoundSeconds = Math.max(CONFIG.hashRoundSeconds, Math.ceil(40 / hashFloor.best.perSecond));
		const hashRow = async (scenario: string, lua: (round: number) => string, intended: string[]): Promise<WrkResult> => {
			const rounds: WrkResult[] = [];
			const shares: number[] = [];
			const holmCpu: number[] = [];
			const floorCpu: number[] = [];
			const inFlight = hashFloor.best.inFlight;
			progress(`${scenario}: ${CONFIG.hashRounds} pairs of ${hashRoundSeconds} s rounds beside the floor`);
			await wrk({ ...hashing, seconds: 1, url, idsFile, lua: lua(CONFIG.hashRounds) }); // warm-up
			for (let round = 0; round < CONFIG.hashRounds; round++) {
				let floorRate = 0;
				let result: WrkResult | null = null;
				for (const step of alternating(round, "floor", "holm")) {
					if (step === "floor") {
						const floor = await measureHashRound(inFlight, hashRoundSeconds);
						floorRate = floor.perSecond;
						floorCpu.push(floor.cpuPerHash);
					} else {
						const before = cpuSeconds(holm.child.pid);
						result = await wrk({ ...hashing, seconds: hashRoundSeconds, url, idsFile, lua: lua(round) });
						holmCpu.push((cpuSeconds(holm.child.pid) - before) / Math.max(1, result.requests));
					}
				}
				rounds.push(result!);
				// A floor round that ended no hash (the machine stalled) compares with nothing.
				if (floorRate > 0) shares.push(result!.requestsPerSecond / floorRate);
			}
			const all = combined(rounds);
			const sorted = [...shares].sort((a, b) => a - b);
			const quartile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
			report.rows.push({
				scenario: `${scenario} (${CONFIG.hashRounds} pairs of ${hashRoundSeconds} s rounds beside the floor)`,
				connections: String(CONFIG.hashConnections),
				rate: rate(all.requestsPerSecond),
				p50: duration(all.latency.p50),
				p99: duration(all.latency.p99),
				answers: report.answers(scenario, all, intended),
				floor: `${number(median(shares) * 100)} % of argon2id beside it, ${inFlight} in flight (${shares.length} pairs: ${shares.map((s) => number(s * 100)).join(", ")} %)`,
			});
			report.notes.push(
				`${scenario}: the share of the floor was ${number(median(shares) * 100)} % in the median pair, ${number(quartile(0.25) * 100)} to ${number(quartile(0.75) * 100)} % in the middle half of the ${shares.length} pairs; ${number(median(holmCpu) * 1e3, 2)} ms of Holm's CPU an answer (median) against ${number(median(floorCpu) * 1e3, 2)} ms a hash for the floor: Holm adds ${number((median(holmCpu) / median(floorCpu) - 1) * 100)} % around the hash.`,
			);
			return all;
		};
		await hashRow(
			"`POST /users` (argon2id + insert)",
			(round) => `function makeRequest(i) return wrk.format("POST", "/users", nil, ${L(`{"email":"new-${runTag}-${round}-`)} .. i .. ${L(`@example.com","password":${JSON.stringify(SEED_PASSWORD)}}`)}) end`,
			["200"],
		);
		const signIns = await hashRow("`POST /users/{id}/verify-password`, correct", (round) => verifyLua(SEED_PASSWORD, roundStart(round)), ["204"]);
		const incorrect = await hashRow("`POST /users/{id}/verify-password`, incorrect", (round) => verifyLua(WRONG_PASSWORD, roundStart(round)), ["400 INCORRECT_PASSWORD"]);
		report.notes.push(
			`Incorrect passwords are sent without \`client_ip\` (with one, an address's 5 incorrect passwords block it for 15 minutes) and round-robin over the ${number(CONFIG.users)} users, each round from a user of its own, so no user comes near the 10 incorrect passwords a user may have in 15 minutes (this run: at most ${Math.ceil(incorrect.requests / CONFIG.users)} a user). Any TOO_MANY_REQUESTS would be listed in its row.`,
		);

		if (CONFIG.only === "hashing") {
			await settle(holm.url);
			await stop(holm.child);
			const busyAfter = await machineBusy(3000);
			report.notes.unshift(
				`BENCH_ONLY=hashing: the floors, the seed and the argon2id rows; no other row was run. ${number(busyBefore * 100)} % of the CPU time was busy (or stolen) over 3 s before the run, ${number(busyAfter * 100)} % after it. Load: wrk, ${pinning.note}.`,
			);
			console.log(report.render(`Holm on ${store}: \`BENCH_ONLY=hashing bun bench/run.ts\``, machine(wrkVersion)));
			progress(`done in ${number((performance.now() - runStarted) / 1000)} s`);
			return;
		}

		progress("Holm: reads while both cores hash");
		const background = wrk({ ...hashing, seconds: CONFIG.seconds + 2, url, idsFile, lua: verifyLua(SEED_PASSWORD) });
		await Bun.sleep(1000);
		// busy: the server is meant to be hashing when this run starts.
		const mixedRead = await wrk({ ...read, busy: true, url, idsFile, lua: `function makeRequest(i) return wrk.format("GET", ${userPath()}) end` });
		const mixedHash = await background;
		addRow(`\`GET /users/{id}\` while ${CONFIG.hashConnections} other connections verify passwords`, CONFIG.connections, mixedRead, ["200"], "get");
		report.notes.push(
			`Reads while hashing: a second wrk kept ${CONFIG.hashConnections} connections on \`verify-password\` (${rate(mixedHash.requestsPerSecond)} verifications/s, ${ratio(mixedHash, "hash")}; ${report.answers("verify-password beside the reads", mixedHash, ["204"])} non-2xx/errors) from 1 s before the reads until 1 s after them.`,
		);

		// ------------------------------------------------------------ Holm: codes
		progress("Holm: password reset requests");
		const resetsFile = join(work, "reset-request-ids.txt");
		const created = addRow(
			"`POST /users/{id}/password-reset-requests`",
			CONFIG.connections,
			await wrk({ ...read, url, idsFile, lua: `COLLECT = ${L(resetsFile)}\nfunction makeRequest(i) return wrk.format("POST", ${userPath("/password-reset-requests")}, nil, "{}") end` }),
			["200"],
			"post",
		);
		const resetIds = readFileSync(resetsFile, "utf8").split("\n").filter((id) => id !== "").length;
		report.notes.push(
			`Reset requests: round-robin over the ${number(CONFIG.users)} users, as a user may have 3 in 15 minutes (this run: up to ${Math.ceil(created.requests / CONFIG.users)} a user; beyond 3 they answer TOO_MANY_REQUESTS, listed in the row).`,
		);
		if (resetIds > 0) {
			const verified = addRow(
				"`POST /password-reset-requests/{id}/verify-email`, wrong code",
				CONFIG.connections,
				await wrk({
					...read,
					url,
					idsFile: resetsFile,
					lua: `function makeRequest(i) return wrk.format("POST", "/password-reset-requests/" .. ids[i % N + 1] .. "/verify-email", nil, ${L(JSON.stringify({ code: WRONG_CODE }))}) end`,
				}),
				["400 INCORRECT_CODE"],
				"post",
			);
			report.notes.push(
				`Code verification: a wrong code, round-robin over the ${number(resetIds)} requests the row above created; each takes 5 wrong codes (the 5th deletes it, still INCORRECT_CODE), this run sent up to ${Math.ceil(verified.requests / resetIds)} to each, so answers past 5 would show as NOT_FOUND. The wrong code is the path a guesser drives and it writes the attempt count every time; a correct code would verify each request once.`,
			);
		}

		// ------------------------------------------------------------ Holm: email sign-in codes
		progress("Holm: email sign-in requests");
		const emailSignInsFile = join(work, "email-sign-in-ids.txt");
		const signInRequest = (prefix: string) =>
			`N = ${CONFIG.users}\nfunction makeRequest(i) return wrk.format("POST", "/email-sign-ins", nil, ${L(`{"email":"${prefix}`)} .. (i % N) .. ${L(`@example.com"}`)}) end`;
		const emailSignIns = addRow(
			"`POST /email-sign-ins`, emails users hold",
			CONFIG.connections,
			await wrk({ ...read, url, lua: `COLLECT = ${L(emailSignInsFile)}\n${signInRequest("seed")}` }),
			["200"],
			"post",
		);
		addRow("`POST /email-sign-ins`, emails nobody holds", CONFIG.connections, await wrk({ ...read, url, lua: signInRequest(`nobody-${runTag}-`) }), ["200"], "post");
		report.notes.push(
			`Email sign-in requests: round-robin over ${number(CONFIG.users)} addresses, held by the seeded users or by nobody, as an address may have 3 in 15 minutes (this run: up to ${Math.ceil(emailSignIns.requests / CONFIG.users)} an address; beyond 3 they answer TOO_MANY_REQUESTS, listed in the row). Both rows take the same steps (one read by email, one upsert of the request), which is what keeps the answer's time from telling which addresses have accounts.`,
		);
		const emailSignInIds = readFileSync(emailSignInsFile, "utf8").split("\n").filter((id) => id !== "").length;
		if (emailSignInIds > 0) {
			addRow(
				"`POST /email-sign-ins/{id}/verify`, wrong code",
				CONFIG.connections,
				await wrk({
					...read,
					url,
					idsFile: emailSignInsFile,
					lua: `function makeRequest(i) return wrk.format("POST", "/email-sign-ins/" .. ids[i % N + 1] .. "/verify", nil, ${L(JSON.stringify({ code: WRONG_CODE }))}) end`,
				}),
				["400 INCORRECT_CODE", "400 INVALID_REQUEST"],
				"post",
			);
			report.notes.push(
				`Email code verification: a wrong code, round-robin over the ${number(emailSignInIds)} requests the first email sign-in row created (a later request for the same address replaces an earlier one, whose verifies then answer INVALID_REQUEST, as do those past the 5th wrong code, which deletes the request). Each wrong code writes the attempt count and a \`sign_in_failed\` event.`,
			);
		}

		// ------------------------------------------------------------ Holm: events and webhooks
		await benchEvents({
			report,
			wrk,
			read,
			work,
			idsFile,
			dataDir,
			databaseUrl,
			rounds: CONFIG.eventRounds,
			restartHolm: async (args, stopped) => {
				await restartHolm(args, stopped);
				return { url: holm.url, pid: holm.child.pid };
			},
			addRow,
			signInsPerSecond: (signIns.answers["204"] ?? 0) / signIns.seconds,
			progress,
		});

		// ------------------------------------------------------------ Holm: the leak re-check at sign-in
		// A correct password is looked up in the local leak lists again (API.md section 15): the same
		// sign-in row with the re-check (the default) and without it (--leak-check off), in rounds that
		// alternate, so that a change of the machine's speed during the run weighs on both alike.
		progress("Holm: sign-ins with and without the leak re-check, 3 alternating rounds");
		const ROUNDS = 3;
		const recheck = { on: { requests: 0, seconds: 0, last: null as WrkResult | null }, off: { requests: 0, seconds: 0, last: null as WrkResult | null } };
		for (let round = 0; round < ROUNDS; round++) {
			for (const [mode, args] of [["on", []], ["off", ["--leak-check", "off"]]] as const) {
				await restartHolm([...args]);
				const result = await wrk({ ...hashing, url: holm.url, idsFile, lua: verifyLua(SEED_PASSWORD) });
				recheck[mode].requests += result.answers["204"] ?? 0;
				recheck[mode].seconds += result.seconds;
				recheck[mode].last = result;
			}
		}
		for (const mode of ["on", "off"] as const) {
			addRow(`\`POST /users/{id}/verify-password\`, correct, leak re-check ${mode} (the last of ${ROUNDS} rounds)`, CONFIG.hashConnections, recheck[mode].last!, ["204"], "hash");
		}
		const perSecond = (mode: "on" | "off") => recheck[mode].requests / recheck[mode].seconds;
		report.notes.push(
			`Leak re-check at sign-in, over ${ROUNDS} alternating rounds: with it, ${rate(perSecond("on"))} sign-ins/s; without it (\`--leak-check off\`), ${rate(perSecond("off"))}: ${number((perSecond("on") / perSecond("off")) * 100)} %. The re-check is the offline lookup of the floor row above (about a microsecond) beside an argon2id verification.`,
		);

		// ------------------------------------------------------------ Holm: overload and memory
		progress(`Holm: ${CONFIG.overloadConnections}-way verify-password overload, ${CONFIG.overloadSeconds} s`);
		await restartHolm();
		const overloadIdle = holm.idle;
		const overload = await wrk({
			connections: CONFIG.overloadConnections,
			seconds: CONFIG.overloadSeconds,
			timeoutSeconds: 30,
			url: holm.url,
			idsFile,
			lua: `SERVED = { ["204"] = true }\n${verifyLua(SEED_PASSWORD)}`,
		});
		const underOverload = memory(holm.child.pid);
		const refused = overload.answers["503 UNAVAILABLE"] ?? 0;
		const overloadTotal = Object.values(overload.answers).reduce((a, b) => a + b, 0);
		// Refusals are quick to make: the rate that compares with the floor is that of the served.
		const servedRate = (overload.answers["204"] ?? 0) / overload.seconds;
		const overloadName = `\`POST /users/{id}/verify-password\`, ${CONFIG.overloadConnections}-way overload`;
		report.rows.push({
			scenario: overloadName,
			connections: String(CONFIG.overloadConnections),
			rate: refused === 0 ? rate(servedRate) : `${rate(servedRate)} served, ${rate(refused / overload.seconds)} refused`,
			p50: duration(overload.latency.p50),
			p99: refused === 0 ? duration(overload.latency.p99) : `${duration(overload.latency.p99)} (served: ${duration(overload.servedP99 ?? NaN)})`,
			answers: report.answers(overloadName, overload, ["204", "503 UNAVAILABLE"]),
			floor: ratio(servedRate, "hash"),
		});

		progress(`Holm: ${number(CONFIG.addresses)} distinct client_ip values`);
		await restartHolm();
		// POST /reset-password with a request id nobody was given: the address's hashing token is
		// taken before the request is looked up (one read by its key), so each call stores its
		// address, without argon2id or a write (a password the leak lists hold would be refused
		// before the token, and store nothing).
		const probe: string[] = [];
		for (let i = 0; i < 6; i++) {
			const response = await fetch(`${holm.url}/reset-password`, {
				method: "POST",
				headers: { Authorization: SECRET, "Content-Type": "application/json" },
				body: JSON.stringify({ request_id: UNISSUED_REQUEST_ID, password: SEED_PASSWORD, client_ip: "192.0.2.1" }),
			});
			probe.push(((await response.json()) as { error?: string }).error ?? String(response.status));
		}
		const probeHolds = probe.slice(0, 5).every((e) => e === "INVALID_REQUEST") && probe[5] === "TOO_MANY_REQUESTS";
		if (!probeHolds) report.problems.push({ scenario: "client_ip flood", detail: `six weak sign-ups from one address answered ${probe.join(", ")}; the flood may not store its addresses` });
		const beforeFlood = memory(holm.child.pid);
		const half = Math.floor(CONFIG.addresses / 2);
		const flood = await wrk({
			...read,
			seconds: 3600, // a cap: the run ends as soon as every address has been sent
			untilLimit: true,
			url: holm.url,
			lua: [
				`LIMIT = ${CONFIG.addresses + 1} -- i = 0 is wrk's check request, never sent`,
				`function makeRequest(i)`,
				`\tlocal ip`,
				`\tif i <= ${half} then`,
				`\t\tip = string.format("%d.%d.%d.%d", 10 + math.floor(i / 16777216), math.floor(i / 65536) % 256, math.floor(i / 256) % 256, i % 256)`,
				`\telse`,
				`\t\tip = string.format("2001:db8:%x:%x::1", math.floor(i / 65536), i % 65536)`,
				`\tend`,
				`\treturn wrk.format("POST", "/reset-password", nil, ${L(`{"request_id":"${UNISSUED_REQUEST_ID}","password":${JSON.stringify(SEED_PASSWORD)},"client_ip":"`)} .. ip .. ${L(`"}`)})`,
				`end`,
			].join("\n"),
		});
		await Bun.sleep(1000);
		const afterFlood = memory(holm.child.pid);
		if (flood.secondsToLimit === null) report.problems.push({ scenario: "client_ip flood", detail: `not all ${number(CONFIG.addresses)} addresses were sent within ${number(flood.seconds)} s` });
		const floodRate = CONFIG.addresses / (flood.secondsToLimit ?? flood.seconds);
		report.rows.push({
			scenario: `\`POST /reset-password\`, a request id never given, a new \`client_ip\` each (${number(CONFIG.addresses)})`,
			connections: String(CONFIG.connections),
			rate: rate(floodRate),
			p50: duration(flood.latency.p50),
			p99: duration(flood.latency.p99),
			// After its LIMIT each thread asks for /health until wrk is stopped: those are the 200s.
			answers: report.answers("client_ip flood", flood, ["400 INVALID_REQUEST", "200"]),
			floor: ratio(floodRate, "post"),
		});
		let pgNote = "";
		if (databaseUrl !== undefined) {
			const facts = await postgresFacts(databaseUrl);
			pgNote = `; PostgreSQL ${facts.version} keeps the limits in its rate_limit table: ${number(facts.rateLimitRows)} rows, ${mb(facts.rateLimitBytes)}`;
			report.notes.unshift(`Database: PostgreSQL ${facts.version} at ${new URL(CONFIG.database!).host}, a throwaway database created for this run and dropped after it.`);
		} else {
			report.notes.unshift("Database: the embedded SQLite (WAL) in a fresh data directory; rate limits in Holm's memory.");
		}

		await settle(holm.url);
		await stop(holm.child);
		const logLines = readFileSync(logFile, "utf8").split("\n").filter((l) => l.trim() !== "");
		if (logLines.length > 0) report.problems.push({ scenario: "Holm's log", detail: `${logLines.length} warning or error lines (see the notes)` });

		report.resources.push(
			["idle RSS", mb(idle.rss), `VmRSS of dist/holm 1 s after its first healthy /health, ${number(CONFIG.users)} users seeded, before any load`],
			[
				`peak RSS, ${CONFIG.overloadConnections}-way \`verify-password\` overload`,
				mb(underOverload.peak),
				`VmHWM of a fresh dist/holm (${mb(overloadIdle.rss)} idle) after ${CONFIG.overloadSeconds} s of ${CONFIG.overloadConnections} connections; ${number(overloadTotal)} answers, ${number(refused)} × 503 UNAVAILABLE; p99 of the served ones ${duration(overload.servedP99 ?? NaN)}${refused > 0 ? " (taking the refusals, which waited 5 s, as the slowest)" : ""}`,
			],
			[
				`RSS after ${number(CONFIG.addresses)} distinct \`client_ip\``,
				mb(afterFlood.rss),
				`a fresh dist/holm, ${mb(beforeFlood.rss)} before the flood (idle, after the six probe requests), peak ${mb(afterFlood.peak)}, RSS 1 s after the last request; ${number(floodRate)} addresses/s over HTTP${pgNote}`,
			],
			[
				`start-up to the first healthy \`/health\``,
				`${number(startups[Math.floor((startups.length - 1) / 2)]!)} ms`,
				`median of ${startups.length} starts on the seeded ${store} database (min ${number(startups[0]!)} ms, max ${number(startups[startups.length - 1]!)} ms), from spawn to the first 200`,
			],
			["executable size", `${mb(statSync(EXECUTABLE).size)}`, `dist/holm, ${number(statSync(EXECUTABLE).size / 1024 / 1024, 1)} MiB; ${buildNote}`],
		);
		report.notes.push(
			`client_ip flood: \`POST /reset-password\` with a well-formed request id nobody was given, a password the leak lists do not hold, and a new \`client_ip\` each (half IPv4, half IPv6 /64s). Holm takes a token from that address's hashing bucket before it looks the request up (one read by its key) and answers 400 INVALID_REQUEST, so every request stores one new address key, without argon2id or a database write, and no per-user limit applies. (A leaked password is refused before the token since the leak lists are judged first, docs/decisions.md, so it would store nothing.) Checked first: six such calls from one address answered ${probe.join(", ")}${probeHolds ? ", so each does take the address's token" : " — NOT the expected five INVALID_REQUEST then TOO_MANY_REQUESTS"}.`,
			`Overload: Holm starts as many argon2id computations as there are cores and refuses (503 UNAVAILABLE) work that cannot start within 5 s. ${CONFIG.overloadConnections} connections at ${rate(servedRate)} verifications/s queue about ${number((CONFIG.overloadConnections / Math.max(servedRate, 1)) * 1000)} ms each${refused === 0 ? ", so refusals appear only with more connections (BENCH_OVERLOAD_CONNECTIONS) or slower hashing" : ""}.`,
			`Load: wrk ${CONFIG.threads === 1 ? "1 thread" : `${CONFIG.threads} threads`}, keep-alive over loopback; ${pinning.note}. ${CONFIG.seconds} s a scenario, after a ${Math.min(2, CONFIG.seconds)} s warm-up of each server, each run starting once the server is idle again (what the run before left queued has drained); latencies are wrk's (with its correction for coordinated omission). argon2id rows allow 30 s an answer, the others 10 s. Holm runs at its default flags (\`--log-level info\`: a line per request, to a file), its secret from \`--secret-file\`, with \`--console\`.`,
			logLines.length === 0
				? "Holm's log (warnings and errors): empty."
				: `Holm's log (warnings and errors): ${logLines.length} lines, the first: ${logLines
						.slice(0, 3)
						.map((l) => `\`${l.slice(0, 200)}\``)
						.join("; ")}`,
		);

		const busyAfter = await machineBusy(3000);
		const quiet = Math.max(busyBefore, busyAfter) < 0.05;
		report.notes.unshift(
			`${quiet ? "Quiet machine" : "**Not a quiet machine**"}: ${number(busyBefore * 100)} % of the CPU time was busy (or stolen) over 3 s before the run while it waited, ${number(busyAfter * 100)} % after it${quiet ? "" : "; other work shared the cores, so the figures and ratios are noisy"}.`,
		);

		// ------------------------------------------------------------ report
		console.log(report.render(`Holm on ${store}: \`npm run bench\``, machine(wrkVersion)));
		progress(`done in ${number((performance.now() - runStarted) / 1000)} s`);
	} finally {
		for (const child of children) await stop(child);
		if (databaseUrl !== undefined) await dropBenchDatabase(CONFIG.database!, databaseUrl);
		rmSync(work, { recursive: true, force: true });
	}
}

try {
	await main();
} catch (error) {
	console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
	process.exit(1);
}
