// The command line of API.md section 7, run as a real process: `bun src/main.ts ...`.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { STRONG_PASSWORD, tempDir } from "./support.ts";

const MAIN = join(import.meta.dir, "..", "src", "main.ts");
const dirs: string[] = [];

function newDir(): string {
	const dir = tempDir();
	dirs.push(dir);
	return dir;
}

afterAll(() => {
	for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string> = {}) {
	const result = Bun.spawnSync([process.execPath, MAIN, ...args], { env: { ...process.env, ...env } });
	return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

interface Serving {
	process: Bun.Subprocess<"ignore", "pipe", "pipe">;
	url: string;
	output: () => string;
}

/** Starts `holm serve` and waits for the line that says where it listens. */
async function serve(args: string[], env: Record<string, string> = {}): Promise<Serving> {
	const child = Bun.spawn([process.execPath, MAIN, "serve", "--port", "0", "--leak-check", "off", ...args], {
		env: { ...process.env, ...env },
		stdout: "pipe",
		stderr: "pipe",
	});
	let text = "";
	const reader = child.stdout.getReader();
	const decoder = new TextDecoder();
	const deadline = Date.now() + 10_000;
	while (!/holm is listening/.test(text)) {
		if (Date.now() > deadline) throw new Error(`serve did not start: ${text}`);
		const { value, done } = await reader.read();
		if (done) throw new Error(`serve exited: ${text} ${await new Response(child.stderr).text()}`);
		text += decoder.decode(value);
	}
	(async () => {
		for (;;) {
			const { value, done } = await reader.read();
			if (done) return;
			text += decoder.decode(value);
		}
	})();
	const url = /url=(\S+)/.exec(text)?.[1] ?? /"url":"([^"]+)"/.exec(text)?.[1] ?? "";
	return { process: child, url, output: () => text };
}

test("version prints the package version", () => {
	const result = run(["version"]);
	expect(result.code).toBe(0);
	expect(result.stdout.trim()).toBe(packageJson.version);
});

test("generate-secret prints a fresh random secret each time", () => {
	const a = run(["generate-secret"]).stdout.trim();
	const b = run(["generate-secret"]).stdout.trim();
	expect(a).toMatch(/^[a-z2-7]{52}$/);
	expect(a).not.toBe(b);
});

test("an unknown command or flag exits 2 with usage", () => {
	expect(run(["frobnicate"]).code).toBe(2);
	const badFlag = run(["serve", "--no-such-flag"]);
	expect(badFlag.code).toBe(2);
	expect(badFlag.stderr).toContain("holm:");
	expect(run(["serve", "--leak-check", "sometimes"]).code).toBe(2);
	expect(run(["serve", "--port", "http"]).code).toBe(2);
});

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
	const holm = await serve(["--dir", dir, "--secret", "s3cret-for-test"]);
	const headers = { Authorization: "s3cret-for-test" };
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
	const holm = await serve(["--dir", dir, "--secret", "backup-secret"]);
	try {
		for (let i = 0; i < 3; i++) {
			const response = await fetch(holm.url + "/users", {
				method: "POST",
				headers: { Authorization: "backup-secret" },
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

test("--unix serves on a Unix socket for sidecar use", async () => {
	const dir = newDir();
	const socket = join(dir, "holm.sock");
	const holm = await serve(["--dir", dir, "--secret", "unix-secret", "--unix", socket]);
	try {
		expect(holm.url).toBe(`unix:${socket}`);
		const response = await fetch("http://localhost/users", { unix: socket, headers: { Authorization: "unix-secret" } });
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual([]);
	} finally {
		holm.process.kill("SIGTERM");
		await holm.process.exited;
	}
	expect(existsSync(socket)).toBe(false);
});
