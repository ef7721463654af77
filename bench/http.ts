// HTTP benchmark of the built executable with a real load generator (wrk, from Debian's `wrk`
// package). Run `bun build.ts` first, then `bun bench/http.ts`. It starts dist/holm on a
// temporary data directory, seeds it, and runs each scenario for a fixed time over loopback.
// Figures go into the README by hand; nothing here asserts a timing.
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateId } from "../src/lib/ids.ts";

const EXECUTABLE = process.env.HOLM_EXECUTABLE ?? join(import.meta.dir, "..", "dist", "holm");
const DURATION = process.env.BENCH_DURATION ?? "10s";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECRET = "bench-secret";
const PASSWORD = "benchmark passphrase 2026";

function spawnHolm(dir: string, port: number): Bun.Subprocess {
	return Bun.spawn([EXECUTABLE, "serve", "--port", String(port), "--dir", dir, "--secret", SECRET, "--log-format", "json"], {
		stdout: "ignore",
		stderr: "inherit",
	});
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
	for (;;) {
		try {
			if ((await fetch(url + "/health")).status === 200) return;
		} catch {
			// not listening yet
		}
		if (performance.now() > deadline) throw new Error("holm did not become healthy");
		await Bun.sleep(1);
	}
}

async function measureStartup(port: number): Promise<number[]> {
	const times: number[] = [];
	for (let i = 0; i < 10; i++) {
		const dir = mkdtempSync(join(tmpdir(), "holm-bench-start-"));
		const started = performance.now();
		const child = spawnHolm(dir, port);
		await waitForHealth(`http://127.0.0.1:${port}`, started + 10_000);
		times.push(performance.now() - started);
		child.kill("SIGTERM");
		await child.exited;
		rmSync(dir, { recursive: true, force: true });
	}
	return times;
}

function luaScript(method: string, body: string | null): string {
	const lines = [`wrk.method = "${method}"`, `wrk.headers["Authorization"] = "${SECRET}"`];
	if (body !== null) lines.push(`wrk.body = '${body}'`, `wrk.headers["Content-Type"] = "application/json"`);
	return lines.join("\n") + "\n";
}

interface WrkResult {
	name: string;
	requestsPerSecond: number;
	p50: string;
	p99: string;
	non2xx: number;
}

function runWrk(name: string, url: string, script: string, connections = CONNECTIONS): WrkResult {
	const scriptPath = join(tmpdir(), `holm-bench-${crypto.randomUUID()}.lua`);
	writeFileSync(scriptPath, script);
	const result = Bun.spawnSync(["wrk", "-t2", `-c${connections}`, `-d${DURATION}`, "--latency", "-s", scriptPath, url]);
	rmSync(scriptPath);
	const out = result.stdout.toString();
	if (result.exitCode !== 0) throw new Error(`wrk failed: ${result.stderr.toString()}`);
	const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
	const p50 = /\s50%\s+(\S+)/.exec(out)?.[1] ?? "?";
	const p99 = /\s99%\s+(\S+)/.exec(out)?.[1] ?? "?";
	const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
	return { name, requestsPerSecond: rps, p50, p99, non2xx };
}

async function main(): Promise<void> {
	const port = 40000 + Math.floor(Math.random() * 20000);
	const url = `http://127.0.0.1:${port}`;
	console.log(`executable: ${EXECUTABLE} (${(statSync(EXECUTABLE).size / 1024 / 1024).toFixed(1)} MiB)`);

	const startup = (await measureStartup(port)).sort((a, b) => a - b);
	console.log(`start-up to first healthy answer, 10 runs: median ${startup[5]!.toFixed(1)} ms, max ${startup[9]!.toFixed(1)} ms`);

	const dir = mkdtempSync(join(tmpdir(), "holm-bench-"));
	const holm = spawnHolm(dir, port);
	try {
		await waitForHealth(url, performance.now() + 10_000);
		const headers = { Authorization: SECRET };
		const user = await (await fetch(url + "/users", { method: "POST", headers, body: JSON.stringify({ email: "bench@example.com", password: PASSWORD }) })).json() as { id: string };
		const reset = await (await fetch(`${url}/users/${user.id}/password-reset-requests`, { method: "POST", headers })).json() as { id: string };

		// 10,000 more users for the list query, inserted directly (hashing them would take minutes).
		const db = new Database(join(dir, "holm.db"));
		db.run("PRAGMA busy_timeout = 5000");
		const hash = (db.query("SELECT password_hash FROM user WHERE id = ?").get(user.id) as { password_hash: string }).password_hash;
		const insert = db.prepare("INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES (?, ?, ?, ?, ?)");
		db.transaction(() => {
			for (let i = 0; i < 10_000; i++) {
				insert.run(generateId(), 1_700_000_000 + i, `seed${i}@example.com`, hash, "AAAAAAAA");
			}
		})();
		db.close();

		const results: WrkResult[] = [
			runWrk("GET /health", url + "/health", luaScript("GET", null)),
			runWrk("GET /users/:id", `${url}/users/${user.id}`, luaScript("GET", null)),
			runWrk("GET /users?per_page=20&page=200 (10k users)", `${url}/users?per_page=20&page=200`, luaScript("GET", null)),
			runWrk("GET /users?email_query=seed99 (10k users)", `${url}/users?email_query=seed99`, luaScript("GET", null)),
			runWrk("GET /password-reset-requests/:id", `${url}/password-reset-requests/${reset.id}`, luaScript("GET", null)),
			runWrk("POST /users/:id/verify-password (argon2id)", `${url}/users/${user.id}/verify-password`, luaScript("POST", JSON.stringify({ password: PASSWORD })), 8),
			runWrk("POST /users (argon2id + insert)", `${url}/users`, luaScript("POST", JSON.stringify({ password: PASSWORD })), 8),
		];
		// Hashing runs on Bun's worker threads: reads keep answering while passwords are being hashed.
		const hashingScript = join(tmpdir(), `holm-bench-${crypto.randomUUID()}.lua`);
		writeFileSync(hashingScript, luaScript("POST", JSON.stringify({ password: PASSWORD })));
		const hashing = Bun.spawn(["wrk", "-t1", "-c8", `-d${DURATION}`, "-s", hashingScript, `${url}/users/${user.id}/verify-password`], { stdout: "ignore" });
		await Bun.sleep(200);
		results.push(runWrk("GET /users/:id while 8 connections verify passwords", `${url}/users/${user.id}`, luaScript("GET", null)));
		await hashing.exited;
		rmSync(hashingScript);

		console.log("\n| scenario | connections | requests/s | p50 | p99 | non-2xx |\n|---|---|---|---|---|---|");
		for (const r of results) {
			const connections = r.name.includes("(argon2id") ? 8 : CONNECTIONS;
			console.log(`| ${r.name} | ${connections} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
		}
	} finally {
		holm.kill("SIGTERM");
		await holm.exited;
		rmSync(dir, { recursive: true, force: true });
	}
}

await main();
