// The processes bench/run.ts measures: dist/holm and the Bun.serve floor, each started as its own
// process on a port of its own, and their memory as the kernel counts it.
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..");
export const EXECUTABLE = join(ROOT, "dist", "holm");

/** A port nothing listens on right now (the kernel's pick, released at once). */
export function freePort(): number {
	const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
	const port = listener.port;
	listener.stop(true);
	return port;
}

/** Polls GET /health until it answers 200; the milliseconds it took from `since`. */
export async function waitHealthy(url: string, since: number, child: Bun.Subprocess, timeoutMs = 30_000): Promise<number> {
	for (;;) {
		try {
			const response = await fetch(`${url}/health`);
			await response.arrayBuffer();
			if (response.status === 200) return performance.now() - since;
		} catch {
			// not listening yet
		}
		if (child.exitCode !== null) throw new Error(`the process exited with status ${child.exitCode} before it answered ${url}/health`);
		if (performance.now() - since > timeoutMs) throw new Error(`${url}/health did not answer 200 within ${timeoutMs} ms`);
		await Bun.sleep(2);
	}
}

/**
 * Waits until the server at `origin` is idle: a run leaves requests behind that wrk no longer
 * waits for (50 deep pages queued in PostgreSQL take most of a second to drain), and the next
 * run's first answers would wait behind them. Idle means three /health answers in a row within
 * 5 ms; after 15 s it goes ahead anyway.
 */
export async function settle(origin: string): Promise<void> {
	await Bun.sleep(300);
	const deadline = performance.now() + 15_000;
	let quick = 0;
	while (quick < 3 && performance.now() < deadline) {
		const started = performance.now();
		try {
			await (await fetch(`${origin}/health`)).arrayBuffer();
			quick = performance.now() - started < 5 ? quick + 1 : 0;
		} catch {
			quick = 0;
		}
		await Bun.sleep(50);
	}
}

export interface HolmOptions {
	dir: string;
	secretFile: string;
	port: number;
	/** A postgres:// URL, or undefined for the embedded SQLite in `dir`. */
	database?: string;
	/** Holm's stderr (its warnings and errors) is appended here. */
	logFile: string;
	/** More serve flags (--event-retention, --webhook-url …). */
	args?: string[];
}

/** dist/holm at its default flags (but --console: the console's pages have rows of their own,
 *  bench/console.ts), so at --log-level info: a line per request, appended to `logFile`.info,
 *  is part of what every row measures, as it is for an operator who keeps the defaults. */
export function spawnHolm(options: HolmOptions): Bun.Subprocess {
	const args = [EXECUTABLE, "serve", "--host", "127.0.0.1", "--port", String(options.port), "--dir", options.dir, "--console"];
	args.push("--secret-file", options.secretFile);
	if (options.database !== undefined) args.push("--database", options.database);
	args.push(...(options.args ?? []));
	const out = openSync(`${options.logFile}.info`, "a");
	const err = openSync(options.logFile, "a");
	try {
		return Bun.spawn(args, { stdout: out, stderr: err });
	} finally {
		closeSync(out); // the child has its own copies
		closeSync(err);
	}
}

/** Applies the schema and exits, as a deploy pipeline would. */
export function migrate(dir: string, database: string | undefined): void {
	const args = [EXECUTABLE, "migrate", "--dir", dir];
	if (database !== undefined) args.push("--database", database);
	const result = Bun.spawnSync(args, { stdout: "pipe", stderr: "pipe" });
	if (result.exitCode !== 0) throw new Error(`holm migrate failed (${result.exitCode}): ${result.stderr.toString()}${result.stdout.toString()}`);
}

export function spawnFloor(port: number): Bun.Subprocess {
	return Bun.spawn([process.execPath, join(import.meta.dir, "floor-server.ts"), String(port)], { stdout: "inherit", stderr: "inherit" });
}

export async function stop(child: Bun.Subprocess): Promise<void> {
	if (child.exitCode !== null) return;
	child.kill("SIGTERM");
	const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
	if (!exited) {
		child.kill("SIGKILL");
		await child.exited;
	}
}

/** Resident memory now (VmRSS) and its peak so far (VmHWM), in bytes, from /proc. */
export function memory(pid: number): { rss: number; peak: number } {
	const status = readFileSync(`/proc/${pid}/status`, "utf8");
	const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
	return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

/** CPU seconds (user + system) the process has used so far, from /proc: with the machine shared,
 *  CPU per request is steadier than requests per second, which move with what else runs. */
export function cpuSeconds(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
	return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** The newest modification time under `path` (a file or a directory tree). */
export function newestMtime(path: string): number {
	const glob = new Bun.Glob("**/*");
	let newest = 0;
	for (const file of glob.scanSync({ cwd: path, onlyFiles: true, absolute: true })) {
		newest = Math.max(newest, Bun.file(file).lastModified);
	}
	return newest;
}

/** How busy the machine's CPUs are over `ms` (0–1) while this harness waits: what else runs
 *  here, and steal time on a VM, both of which the figures would absorb silently. */
export async function machineBusy(ms: number): Promise<number> {
	const sample = () => {
		const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
		const idle = fields[3]! + (fields[4] ?? 0); // idle + iowait
		const total = fields.slice(0, 8).reduce((a, b) => a + b, 0); // up to steal; guest time is already in user
		return { idle, total };
	};
	const before = sample();
	await Bun.sleep(ms);
	const after = sample();
	const total = after.total - before.total;
	return total <= 0 ? 0 : 1 - (after.idle - before.idle) / total;
}
