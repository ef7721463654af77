// `bun bench/hot-path.ts [EXECUTABLE[,FLAG,...] ...]`: the reads every application request makes
// (GET /users/{id}, a page of 20 users, POST /sessions/validate) and a write that
// stores an event (POST /users/{id}/regenerate-recovery-code) against one or more builds of Holm,
// each at its default flags plus the FLAGs given after its name (so at --log-level info: the request
// line is part of the cost), beside the Bun.serve floor, in alternating rounds on one machine. Two
// builds (an older one and dist/holm) say what a change bought in the same run conditions;
// `dist/holm dist/holm,--event-retention,0` says what storing events costs. A page is set beside the
// GET floor (one user's answer) and beside the floor sending a page of 20 as Holm does (5 KB).
//
// Environment: HOT_ROUNDS (3), HOT_SECONDS (3 a round), HOT_USERS (2000), BENCH_CONNECTIONS (50),
// HOT_ROWS (reads,events; sessions adds POST /users/{id}/sessions), HOT_POSTGRES_PID (the postmaster of the PostgreSQL the builds given
// --database use: its backends' CPU an answer is reported beside Holm's). Loopback only; each
// server's log goes to a file.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ARGON2 } from "./floors.ts";
import { importThroughHolm, writeUsersFile } from "./import-export.ts";
import { EXECUTABLE, cpuSeconds, freePort, spawnFloor, stop, waitHealthy } from "./processes.ts";
import { SEED_PASSWORD, seedEmail } from "./seed.ts";
import { runWrk, wrkPinning, type WrkResult } from "./wrk.ts";

const ROUNDS = Number(process.env.HOT_ROUNDS ?? 3);
const SECONDS = Number(process.env.HOT_SECONDS ?? 3);
const USERS = Number(process.env.HOT_USERS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = new Set((process.env.HOT_ROWS ?? "reads,events").split(","));
// Which reads (get, page, validate), for a profile of one of them.
const READS = new Set((process.env.HOT_READS ?? "get,page,validate").split(","));
const builds = (process.argv.length > 2 ? process.argv.slice(2) : [EXECUTABLE]).map((spec) => {
	const [executable, ...flags] = spec.split(",");
	return { name: spec, executable: executable!, flags };
});

const work = mkdtempSync(join(tmpdir(), "holm-hot-"));
const secret = `bench-${crypto.randomUUID().replaceAll("-", "")}`;
const secretFile = join(work, "secret");
writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
const pin = wrkPinning().prefix;

function spawn(executable: string, flags: string[], dir: string, port: number): Bun.Subprocess {
	const log = Bun.file(join(work, `holm-${port}.log`));
	return Bun.spawn([executable, "serve", "--host", "127.0.0.1", "--port", String(port), "--dir", dir, "--secret-file", secretFile, ...flags], { stdout: log, stderr: log });
}

interface Measured {
	rate: number;
	/** Microseconds of the server's CPU per answer. */
	cpu: number;
	/** Microseconds of PostgreSQL's backends' CPU per answer (HOT_POSTGRES_PID), else NaN. */
	pgCpu: number;
}

const POSTMASTER = process.env.HOT_POSTGRES_PID === undefined ? null : Number(process.env.HOT_POSTGRES_PID);

/** The CPU seconds of the postmaster's children (its backends, and its own helpers) so far. */
function postgresCpuSeconds(): number {
	if (POSTMASTER === null) return NaN;
	let total = 0;
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
			if (Number(fields[1]) === POSTMASTER) total += (Number(fields[11]) + Number(fields[12])) / 100;
		} catch {}
	}
	return total;
}

async function wrk(pid: number, url: string, lua: string, idsFile?: string): Promise<Measured> {
	const before = cpuSeconds(pid);
	const pgBefore = postgresCpuSeconds();
	const result: WrkResult = await runWrk({ url, lua, idsFile, connections: CONNECTIONS, threads: pin.length > 0 ? 1 : 2, seconds: SECONDS, timeoutSeconds: 10, secret }, work, pin);
	const unexpected = Object.entries(result.answers).filter(([answer]) => answer !== "200");
	if (unexpected.length > 0) console.error(`${url}: answers other than 200: ${JSON.stringify(Object.fromEntries(unexpected))}`);
	return { rate: result.requestsPerSecond, cpu: ((cpuSeconds(pid) - before) * 1e6) / result.requests, pgCpu: ((postgresCpuSeconds() - pgBefore) * 1e6) / result.requests };
}

/** A session token for each of the first 1,000 users, made through the API (each build has its own). */
async function sessionTokens(url: string, ids: readonly string[]): Promise<string[]> {
	const tokens: string[] = [];
	const first = ids.slice(0, 1000);
	for (let start = 0; start < first.length; start += 50) {
		const made = await Promise.all(
			first.slice(start, start + 50).map(async (id) => {
				const response = await fetch(`${url}/users/${id}/sessions`, { method: "POST", headers: { Authorization: secret }, body: "{}" });
				return ((await response.json()) as { token: string }).token;
			}),
		);
		tokens.push(...made);
	}
	return tokens;
}

// Every process started here, stopped in the end whatever happened.
const children: Bun.Subprocess[] = [];
try {
	const ids = writeUsersFile(join(work, "users.ndjson"), USERS, await Bun.password.hash(SEED_PASSWORD, ARGON2), seedEmail);
	const idsFile = join(work, "ids.txt");
	writeFileSync(idsFile, ids.join("\n") + "\n");
	// Each build holds a data directory of its own, with the same users.
	const servers = builds.map((build, i) => ({ ...build, port: freePort(), dir: join(work, `data-${i}`), pid: 0, tokensFile: join(work, `tokens-${i}.txt`) }));
	for (const server of servers) {
		const { executable, flags, port, dir } = server;
		const child = spawn(executable, flags, dir, port);
		server.pid = child.pid;
		children.push(child);
		await waitHealthy(`http://127.0.0.1:${port}`, performance.now(), child);
		await importThroughHolm([executable], join(work, "users.ndjson"), `http://127.0.0.1:${port}`, secretFile, USERS);
		if (ROWS.has("reads")) writeFileSync(server.tokensFile, (await sessionTokens(`http://127.0.0.1:${port}`, ids)).join("\n") + "\n");
	}
	const floorPort = freePort();
	const floor = spawnFloor(floorPort);
	children.push(floor);
	await waitHealthy(`http://127.0.0.1:${floorPort}`, performance.now(), floor);

	const validate = `function makeRequest(i) return wrk.format("POST", "/sessions/validate", nil, '{"token":"' .. ids[i % N + 1] .. '"}') end`;
	const byUser = `function makeRequest(i) return wrk.format("GET", "/users/" .. ids[i % N + 1]) end`;
	const regenerate = `function makeRequest(i) return wrk.format("POST", "/users/" .. ids[i % N + 1] .. "/regenerate-recovery-code", nil, "{}") end`;
	// A sign-in's session: the user's row locked, its devices, its sessions' limit, the session and its event.
	const createSession = `function makeRequest(i) return wrk.format("POST", "/users/" .. ids[i % N + 1] .. "/sessions", nil, '{"client_ip":"192.0.2.' .. (i % 250 + 1) .. '","user_agent":"bench"}') end`;
	const rows: Record<string, Measured[]> = {};
	const add = (name: string, measured: Measured) => (rows[name] ??= []).push(measured);
	const loads: number[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		loads.push(loadavg()[0]!);
		// The order turns each round, so no build always runs right after the floor.
		const order = [{ name: "floor", port: floorPort, pid: floor.pid }, ...servers];
		for (let k = 0; k < round % order.length; k++) order.push(order.shift()!);
		for (const server of order) {
			const { name, port, pid } = server;
			const url = `http://127.0.0.1:${port}`;
			if (name === "floor") {
				add("floor GET", await wrk(pid, `${url}/users/x`, ""));
				if (ROWS.has("reads")) add("floor POST", await wrk(pid, `${url}/sessions/validate`, `wrk.method = "POST"; wrk.body = '{"token":"x"}'`));
				if (ROWS.has("reads") && READS.has("page")) add("floor page", await wrk(pid, `${url}/users?per_page=20`, ""));
				continue;
			}
			if (ROWS.has("reads")) {
				if (READS.has("get")) add(`${name} GET /users/{id}`, await wrk(pid, url, byUser, idsFile));
				if (READS.has("page")) add(`${name} GET /users?per_page=20`, await wrk(pid, `${url}/users?per_page=20`, ""));
				if (READS.has("validate") && "tokensFile" in server) add(`${name} POST /sessions/validate`, await wrk(pid, url, validate, server.tokensFile));
			}
			if (ROWS.has("events")) add(`${name} POST /users/{id}/regenerate-recovery-code`, await wrk(pid, url, regenerate, idsFile));
			if (ROWS.has("sessions")) add(`${name} POST /users/{id}/sessions`, await wrk(pid, url, createSession, idsFile));
		}
	}
	const floorGet = rows["floor GET"]!;
	const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
	console.log(`load average (1 min) at each round: ${loads.map((l) => l.toFixed(1)).join(", ")}; ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections`);
	for (const [name, measured] of Object.entries(rows)) {
		// Validation is set beside the POST floor (which parses its JSON body, as Holm does), the rest beside the GET floor.
		const floorRows = name.endsWith("POST /sessions/validate") || name === "floor POST" ? (rows["floor POST"] ?? floorGet) : floorGet;
		const ratios = measured.map((m, i) => m.rate / floorRows[i]!.rate);
		const cpu = median(measured.map((m) => m.cpu));
		// A page is also set beside the floor sending a page's 20 users (5 KB, not one user's 290 bytes).
		const pageFloor = rows["floor page"];
		const pageRatios = name.endsWith("GET /users?per_page=20") && pageFloor !== undefined ? measured.map((m, i) => m.rate / pageFloor[i]!.rate) : null;
		console.log(
			`${name}: ${measured.map((m) => Math.round(m.rate)).join(", ")} req/s; of the floor ${ratios.map((r) => r.toFixed(2)).join(", ")} (median ${median(ratios).toFixed(2)}); ` +
				`CPU ${cpu.toFixed(1)} µs an answer (median), floor's CPU over it ${(median(floorRows.map((m) => m.cpu)) / cpu).toFixed(2)}` +
				(pageRatios === null ? "" : `; of the page floor ${pageRatios.map((r) => r.toFixed(2)).join(", ")} (median ${median(pageRatios).toFixed(2)})`) +
				(POSTMASTER === null || !name.includes("--database") ? "" : `; PostgreSQL's CPU ${median(measured.map((m) => m.pgCpu)).toFixed(1)} µs an answer (median)`),
		);
	}
} finally {
	for (const child of children) await stop(child);
	rmSync(work, { recursive: true, force: true });
}
