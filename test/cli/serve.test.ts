// `holm serve` as a real process (API.md section 7): its secret made at the first start, flags from
// HOLM_* variables, a stop that drains requests, a backup while it runs, what the first start
// says, --log-level.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { PROCESS_SECRET, runHolm, serveHolm, STRONG_PASSWORD, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const run = runHolm;
const serve = serveHolm;

test("serve without a secret creates one (mode 0600) in the data directory, says where, and enforces it", async () => {
	const dir = newDir();
	const holm = await serve(["--dir", dir]);
	try {
		const secretFile = join(dir, "secret");
		expect(holm.output()).toContain(secretFile);
		expect(statSync(secretFile).mode & 0o777).toBe(0o600);
		const secret = readFileSync(secretFile, "utf8").trim();
		expect(secret.length).toBeGreaterThanOrEqual(40);
		expect((await fetch(holm.url + "/users")).status).toBe(401);
		expect((await fetch(holm.url + "/users", { headers: { Authorization: secret } })).status).toBe(200);
		expect(statSync(join(dir, "holm.db")).mode & 0o777).toBe(0o600);
		expect(holm.output()).not.toContain(secret);
	} finally {
		holm.process.kill("SIGTERM");
		await holm.process.exited;
	}
	// A second start reuses the same secret.
	const before = readFileSync(join(dir, "secret"), "utf8");
	const again = await serve(["--dir", dir]);
	again.process.kill("SIGTERM");
	await again.process.exited;
	expect(readFileSync(join(dir, "secret"), "utf8")).toBe(before);
});

test("flags fall back to HOLM_* environment variables", async () => {
	const dir = newDir();
	const holm = await serve([], { HOLM_DIR: dir, HOLM_SECRET: "from-the-environment", HOLM_LOG_FORMAT: "json" });
	try {
		expect(holm.output()).toContain('"level":"info"');
		expect((await fetch(holm.url + "/users", { headers: { Authorization: "from-the-environment" } })).status).toBe(200);
		expect(existsSync(join(dir, "holm.db"))).toBe(true);
	} finally {
		holm.process.kill("SIGTERM");
		await holm.process.exited;
	}
});

test("SIGTERM finishes requests in flight, then exits 0 with the database closed cleanly", async () => {
	const dir = newDir();
	const holm = await serve(["--dir", dir, "--secret", "s3cret-for-the-sigterm-test"]);
	const headers = { Authorization: "s3cret-for-the-sigterm-test" };
	// Each request sends half of its body, so the server is inside it (reading the body) when
	// SIGTERM arrives; the other half follows only after the signal.
	const body = JSON.stringify({ password: STRONG_PASSWORD });
	const rest: (() => void)[] = [];
	const inFlight = Array.from({ length: 4 }, () => {
		const stream = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(new TextEncoder().encode(body.slice(0, 10)));
				rest.push(() => {
					controller.enqueue(new TextEncoder().encode(body.slice(10)));
					controller.close();
				});
			},
		});
		return fetch(holm.url + "/users", { method: "POST", headers, body: stream });
	});
	await Bun.sleep(300);
	holm.process.kill("SIGTERM");
	await Bun.sleep(100);
	for (const finish of rest) finish();
	const statuses = await Promise.all(inFlight.map(async (p) => (await p).status));
	expect(statuses).toEqual([200, 200, 200, 200]);
	expect(await holm.process.exited).toBe(0);
	// A clean close checkpoints the WAL: every user is in the main file.
	const db = new Database(join(dir, "holm.db"), { readonly: true });
	expect(db.query<{ n: number }, []>("SELECT count(*) AS n FROM user").get()!.n).toBe(4);
	db.close();
});

test("backup copies a consistent database while the server runs, and refuses to overwrite", async () => {
	const dir = newDir();
	const holm = await serve(["--dir", dir, "--secret", "backup-secret-long-enough"]);
	try {
		for (let i = 0; i < 3; i++) {
			const response = await fetch(holm.url + "/users", {
				method: "POST",
				headers: { Authorization: "backup-secret-long-enough" },
				body: JSON.stringify({ email: `b${i}@example.com`, password: STRONG_PASSWORD }),
			});
			expect(response.status).toBe(200);
		}
		const destination = join(newDir(), "copy.db");
		const result = run(["backup", "--dir", dir, destination]);
		expect(result.code).toBe(0);
		expect(statSync(destination).mode & 0o777).toBe(0o600);
		const copy = new Database(destination, { readonly: true });
		expect(copy.query<{ n: number }, []>("SELECT count(*) AS n FROM user").get()!.n).toBe(3);
		expect(copy.query<{ user_version: number }, []>("PRAGMA user_version").get()!.user_version).toBeGreaterThan(0);
		expect(copy.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()!.integrity_check).toBe("ok");
		copy.close();

		const again = run(["backup", "--dir", dir, destination]);
		expect(again.code).toBe(2);
		expect(again.stderr).toContain("already exists");
		expect(run(["backup", "--dir", newDir(), join(newDir(), "x.db")]).code).toBe(2);
	} finally {
		holm.process.kill("SIGTERM");
		await holm.process.exited;
	}
});

describe("the first start", () => {
	test("on a terminal, the first start says how to call Holm; later starts and starts in a pipe do not", async () => {
		const parent = newDir();
		const dir = join(parent, "holm_data");
		const first = await serveOnTerminal(["--dir", dir]);
		expect(first).toContain(`export HOLM_SECRET=$(cat ${dir}/secret)`);
		expect(first).toMatch(/curl -s http:\/\/127\.0\.0\.1:\d+\/users -H "Authorization: \$HOLM_SECRET"/);
		const again = await serveOnTerminal(["--dir", dir]);
		expect(again).toContain("holm is listening");
		expect(again).not.toContain("export HOLM_SECRET");

		const piped = await serve(["--dir", join(parent, "other")]);
		await piped.stop();
		expect(piped.output()).not.toContain("export HOLM_SECRET");
	});

	test("the start line names the database, and a new one is announced once", async () => {
		const dir = newDir();
		const first = await serve(["--dir", dir, "--secret", PROCESS_SECRET]);
		await first.stop();
		const path = join(realpathSync(dir), "holm.db");
		expect(first.output()).toContain(`created a new database at=${path}`);
		expect(first.output()).toMatch(new RegExp(`holm is listening url=\\S+ database=${path.replaceAll("/", "\\/")} `));
		const second = await serve(["--dir", dir, "--secret", PROCESS_SECRET]);
		await second.stop();
		expect(second.output()).not.toContain("created a new database");
		expect(second.output()).toContain(`database=${path}`);
	});

	test("an idle SIGTERM stops at once and says so", async () => {
		const holm = await serve(["--dir", newDir(), "--secret", PROCESS_SECRET, "--log-format", "json"]);
		expect((await fetch(holm.url + "/health")).status).toBe(200);
		expect(await holm.stop()).toBe(0);
		const lines = holm.output().trim().split("\n").map((line) => JSON.parse(line));
		expect(lines.slice(-2).map(({ message }) => message)).toEqual(["stopping: draining requests in flight", "stopped"]);
	});
});

/** Runs `holm serve --port 0 ARGS` on a pseudo-terminal until it has started, then stops it; all it
 *  wrote, up to its "stopped" line (which comes after anything the start wrote). */
async function serveOnTerminal(args: string[]): Promise<string> {
	let output = "";
	const waiters: { pattern: RegExp; resolve: () => void }[] = [];
	const seen = (pattern: RegExp) => new Promise<void>((resolve) => waiters.push({ pattern, resolve }));
	const child = Bun.spawn([process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "serve", "--port", "0", "--leak-check", "off", ...args], {
		terminal: {
			cols: 200,
			rows: 50,
			data(_terminal, data) {
				output += new TextDecoder().decode(data);
				for (const waiter of waiters) if (waiter.pattern.test(output)) waiter.resolve();
			},
		},
	});
	await seen(/holm is listening[^\n]*\n/);
	child.kill("SIGTERM");
	await seen(/INFO stopped/);
	await child.exited;
	child.terminal?.close();
	return output.replaceAll("\r\n", "\n");
}

describe("--log-level", () => {
	const SECRET = "log-level-secret-long-enough";

	async function requestLines(args: string[], env: Record<string, string> = {}): Promise<string[]> {
		const holm = await serve(["--dir", newDir(), "--secret", SECRET, "--log-format", "json", ...args], env);
		try {
			await fetch(holm.url + "/health");
			await fetch(holm.url + "/users", { headers: { Authorization: SECRET } });
		} finally {
			await holm.stop();
		}
		return holm.output().split("\n").filter((line) => line.includes('"message":"request"'));
	}

	test("info (the default) logs requests but not /health; debug logs /health too", async () => {
		const info = await requestLines([]);
		expect(info).toHaveLength(1);
		expect(info[0]).toContain('"route":"/users"');
		const debug = await requestLines(["--log-level", "debug"]);
		expect(debug).toHaveLength(2);
		expect(debug[0]).toContain('"route":"/health"');
		expect(debug[0]).toContain('"level":"debug"');
	});

	test("warn (here from HOLM_LOG_LEVEL) logs no request and no start line", async () => {
		const dir = newDir();
		const socket = join(dir, "holm.sock");
		// Nothing is printed once it listens, so wait for the socket to answer instead.
		const child = Bun.spawn([process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "serve", "--dir", dir, "--secret", SECRET, "--unix", socket], {
			env: { ...process.env, HOLM_LOG_LEVEL: "warn" },
			stdout: "pipe",
			stderr: "pipe",
		});
		let answered = 0;
		for (let i = 0; i < 100 && answered === 0; i++) {
			await Bun.sleep(50);
			answered = await fetch("http://localhost/users", { unix: socket, headers: { Authorization: SECRET } }).then((r) => r.status, () => 0);
		}
		expect(answered).toBe(200);
		child.kill("SIGTERM");
		expect(await child.exited).toBe(0);
		expect(await new Response(child.stdout).text()).toBe("");
	});

	test("an unknown level is refused", () => {
		const result = run(["serve", "--port", "0", "--dir", newDir(), "--log-level", "verbose"], {}, 5_000);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("--log-level");
	});
});
