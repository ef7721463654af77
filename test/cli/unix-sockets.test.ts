// `holm serve --unix` (API.md section 7), for a sidecar: served on a Unix socket, run as a real
// process.
import { describe, expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { runHolm, serveHolm, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const run = runHolm;
const serve = serveHolm;

test("--unix serves on a Unix socket for sidecar use", async () => {
	const dir = newDir();
	const socket = join(dir, "holm.sock");
	const holm = await serve(["--dir", dir, "--secret", "unix-secret-long-enough", "--unix", socket]);
	try {
		expect(holm.url).toBe(`unix:${socket}`);
		const response = await fetch("http://localhost/users", { unix: socket, headers: { Authorization: "unix-secret-long-enough" } });
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual([]);
	} finally {
		holm.process.kill("SIGTERM");
		await holm.process.exited;
	}
	expect(existsSync(socket)).toBe(false);
});

describe("unix sockets", () => {
	const SECRET = "unix-secret-long-enough";

	test("a stale socket (nothing answers on it) is replaced", async () => {
		const dir = newDir();
		const socket = join(dir, "holm.sock");
		const crashed = await serve(["--dir", dir, "--secret", SECRET, "--unix", socket]);
		crashed.process.kill("SIGKILL"); // leaves its socket file behind
		await crashed.process.exited;
		expect(existsSync(socket)).toBe(true);
		const holm = await serve(["--dir", dir, "--secret", SECRET, "--unix", socket]);
		try {
			const response = await fetch("http://localhost/users", { unix: socket, headers: { Authorization: SECRET } });
			expect(response.status).toBe(200);
		} finally {
			expect(await holm.stop()).toBe(0);
		}
		expect(existsSync(socket)).toBe(false);
	});

	test("the socket is 0600 by default and --unix-mode (or HOLM_UNIX_MODE) sets it", async () => {
		for (const [args, env, mode] of [
			[[], {}, 0o600],
			[["--unix-mode", "0660"], {}, 0o660],
			[[], { HOLM_UNIX_MODE: "0666" }, 0o666],
		] as const) {
			const dir = newDir();
			const socket = join(dir, "holm.sock");
			const holm = await serve(["--dir", dir, "--secret", SECRET, "--unix", socket, ...args], env);
			try {
				expect((statSync(socket).mode & 0o777).toString(8)).toBe(mode.toString(8));
			} finally {
				await holm.stop();
			}
		}
	});

	test("a path too long for a socket address is refused before anything is bound", () => {
		const socket = join(newDir(), "s".repeat(120) + ".sock");
		const result = run(["serve", "--dir", newDir(), "--secret", SECRET, "--unix", socket], {}, 5_000);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("at most");
		expect(existsSync(socket)).toBe(false);
	});

	test("a bad --unix-mode, or one without --unix, is refused", () => {
		const socket = join(newDir(), "holm.sock");
		for (const args of [["--unix", socket, "--unix-mode", "rw-rw----"], ["--unix", socket, "--unix-mode", "0999"], ["--unix-mode", "0660"]]) {
			const result = run(["serve", "--port", "0", "--dir", newDir(), "--secret", SECRET, ...args], {}, 5_000);
			expect({ args, code: result.code }).toEqual({ args, code: 2 });
			expect(result.stderr).toContain("--unix-mode");
		}
	});
});
