// `bun bench/hot-path.ts [EXECUTABLE ...]`: the reads every application request makes (GET
// /users/{id}, a page of 20 users, POST /sessions/validate once it exists) against one or more
// builds of Holm at their default flags (so at --log-level info: the request line is part of the
// cost), beside the Bun.serve floor, in alternating rounds on one machine. With two executables
// (an older build and dist/holm) it says what a change bought in the same run conditions.
//
// Environment: HOT_ROUNDS (3), HOT_SECONDS (3 a round), HOT_USERS (2000), BENCH_CONNECTIONS (50),
// HOT_ARGS (more serve flags, space-separated). Loopback only; the log goes to a file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ARGON2 } from "./floors.ts";
import { importThroughHolm, writeUsersFile } from "./import-export.ts";
import { EXECUTABLE, freePort, migrate, spawnFloor, stop, waitHealthy } from "./processes.ts";
import { SEED_PASSWORD, seedEmail } from "./seed.ts";
import { runWrk, wrkPinning, type WrkResult } from "./wrk.ts";

const ROUNDS = Number(process.env.HOT_ROUNDS ?? 3);
const SECONDS = Number(process.env.HOT_SECONDS ?? 3);
const USERS = Number(process.env.HOT_USERS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EXTRA = (process.env.HOT_ARGS ?? "").split(" ").filter((arg) => arg !== "");
const executables = process.argv.length > 2 ? process.argv.slice(2) : [EXECUTABLE];

const work = mkdtempSync(join(tmpdir(), "holm-hot-"));
const secret = `bench-${crypto.randomUUID().replaceAll("-", "")}`;
const secretFile = join(work, "secret");
writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
const pin = wrkPinning().prefix;

function spawn(executable: string, dir: string, port: number): Bun.Subprocess {
	const log = Bun.file(join(work, `holm-${port}.log`));
	return Bun.spawn([executable, "serve", "--host", "127.0.0.1", "--port", String(port), "--dir", dir, "--secret-file", secretFile, ...EXTRA], { stdout: log, stderr: log });
}

const wrk = (url: string, lua: string, idsFile?: string): Promise<WrkResult> =>
	runWrk({ url, lua, idsFile, connections: CONNECTIONS, threads: pin.length > 0 ? 1 : 2, seconds: SECONDS, timeoutSeconds: 10, secret }, work, pin);

try {
	const dir = join(work, "data");
	migrate(dir, undefined);
	const ids = writeUsersFile(join(work, "users.ndjson"), USERS, await Bun.password.hash(SEED_PASSWORD, ARGON2), seedEmail);
	const idsFile = join(work, "ids.txt");
	writeFileSync(idsFile, ids.join("\n") + "\n");
	const servers = executables.map((executable) => ({ executable, port: freePort() }));
	const children = servers.map(({ executable, port }) => spawn(executable, dir, port));
	for (const [i, child] of children.entries()) await waitHealthy(`http://127.0.0.1:${servers[i]!.port}`, performance.now(), child);
	await importThroughHolm([executables[0]!], join(work, "users.ndjson"), `http://127.0.0.1:${servers[0]!.port}`, secretFile, USERS);
	const floorPort = freePort();
	const floor = spawnFloor(floorPort);
	await waitHealthy(`http://127.0.0.1:${floorPort}`, performance.now(), floor);

	const byUser = `function makeRequest(i) return wrk.format("GET", "/users/" .. ids[i % N + 1]) end`;
	const rows: Record<string, number[]> = {};
	const add = (name: string, rps: number) => (rows[name] ??= []).push(rps);
	const loads: number[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		loads.push(loadavg()[0]!);
		// The order turns each round, so no build always runs right after the floor.
		const order = [{ executable: "floor", port: floorPort }, ...servers];
		for (let k = 0; k < round % order.length; k++) order.push(order.shift()!);
		for (const { executable, port } of order) {
			const url = `http://127.0.0.1:${port}`;
			if (executable === "floor") {
				add("floor GET", (await wrk(`${url}/users/x`, "")).requestsPerSecond);
				continue;
			}
			add(`${executable} GET /users/{id}`, (await wrk(url, byUser, idsFile)).requestsPerSecond);
			add(`${executable} GET /users?per_page=20`, (await wrk(`${url}/users?per_page=20`, "")).requestsPerSecond);
		}
	}
	const floorRates = rows["floor GET"]!;
	const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
	console.log(`load average (1 min) at each round: ${loads.map((l) => l.toFixed(1)).join(", ")}; ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections`);
	for (const [name, rates] of Object.entries(rows)) {
		const ratios = rates.map((r, i) => r / floorRates[i]!);
		console.log(`${name}: ${rates.map((r) => Math.round(r)).join(", ")} req/s; of the floor ${ratios.map((r) => r.toFixed(2)).join(", ")} (median ${median(ratios).toFixed(2)})`);
	}
	await stop(floor);
	for (const child of children) await stop(child);
} finally {
	rmSync(work, { recursive: true, force: true });
}
