// `holm serve --limit`, and the command line's errors naming what is wrong (API.md section 7), run
// as a real process.
import { describe, expect, test } from "bun:test";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROCESS_SECRET, runHolm, serveHolm, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const run = runHolm;
const serve = serveHolm;

describe("--limit", () => {
	test("a bad value exits 2 saying what is wrong and what is expected, from the flag or HOLM_LIMIT", () => {
		for (const [args, env, says] of [
			[["--limit", "hashing=5"], {}, 'hashing=COUNT/WINDOW with WINDOW in s, m or h (default 5/10s)'],
			[["--limit", "hashing=5/10d"], {}, "hashing=COUNT/WINDOW"],
			[["--limit", "code-attempts=5/1m"], {}, "code-attempts=COUNT (default 5)"],
			[["--limit", "hashing=0/10s"], {}, "COUNT must be between 1 and 1000000"],
			[["--limit", "second-factor=5/25h"], {}, "WINDOW must be between 1s and 24h"],
			[["--limit", "hashnig=5/10s"], {}, 'unknown limit "hashnig"; the limits are hashing, incorrect-passwords-address'],
			[["--limit", "hashing=6/10s", "--limit", "hashing=7/10s"], {}, "the limit hashing is given twice"],
			[[], { HOLM_LIMIT: "hashing=20/10s, code-attempts=x" }, 'HOLM_LIMIT "code-attempts=x" must be code-attempts=COUNT'],
		] as [string[], Record<string, string>, string][]) {
			const result = run(["serve", "--dir", newDir(), "--secret", PROCESS_SECRET, ...args], env, 5_000);
			expect({ args, code: result.code }).toEqual({ args, code: 2 });
			expect(result.stderr).toContain(says);
		}
	});

	test("serve --help lists every limit with its default", () => {
		const usage = run(["serve", "--help"]).stdout;
		for (const row of [
			"hashing=5/10s", "incorrect-passwords-address=5/15m", "incorrect-passwords-user=10/15m", "reset-requests-user=3/15m",
			"email-requests-user=3/15m", "code-requests-address=10/15m", "email-sign-ins-email=3/15m", "code-attempts=5", "second-factor=5/15m",
		]) {
			expect(usage).toContain(row);
		}
	});

	test("values looser than the defaults are warned about at start, from the flag and from HOLM_LIMIT", async () => {
		const holm = await serve(["--dir", newDir(), "--secret", PROCESS_SECRET, "--log-format", "json", "--limit", "hashing=20/10s", "--limit", "code-attempts=3"], {
			HOLM_LIMIT: "incorrect-passwords-user=10/5m second-factor=3/1h",
		});
		// Read after the stop: the warnings go to stderr, which may still be on its way when stdout
		// says the server listens (seen on a loaded machine).
		await holm.stop();
		const warnings = holm.errors().split("\n").filter((line) => line.includes("looser than the default")).map((line) => JSON.parse(line));
		expect(warnings.map(({ level, limit, value, default: fallback }) => ({ level, limit, value, default: fallback }))).toEqual([
			{ level: "warn", limit: "hashing", value: "20/10s", default: "5/10s" },
			{ level: "warn", limit: "incorrect-passwords-user", value: "10/5m", default: "10/15m" },
		]);
	});

	test("values that make locking a user out cheap are warned about at start; stricter ones that do not are not", async () => {
		// One wrong guess locking a user's password sign-in out for a day (audit L-1).
		const holm = await serve(["--dir", newDir(), "--secret", PROCESS_SECRET, "--log-format", "json", "--limit", "incorrect-passwords-user=1/24h", "--limit", "code-attempts=3"], {
			HOLM_LIMIT: "second-factor=5/1h reset-requests-user=2/15m incorrect-passwords-address=2/15m",
		});
		// Read after the stop, as above.
		await holm.stop();
		const warnings = holm.errors().split("\n").filter((line) => line.includes("locking a user out")).map((line) => JSON.parse(line));
		expect(warnings.map(({ level, limit, value, default: fallback, why }) => ({ level, limit, value, default: fallback, why }))).toEqual([
			{ level: "warn", limit: "incorrect-passwords-user", value: "1/24h", default: "10/15m", why: "COUNT below 5 and WINDOW above 15m" },
			{ level: "warn", limit: "second-factor", value: "5/1h", default: "5/15m", why: "WINDOW above 15m" },
		]);
	});
});

describe("errors name what is wrong", () => {
	test("a missing backup destination folder is named", async () => {
		const dir = newDir();
		const holm = await serve(["--dir", dir, "--secret", "backup-secret-long-enough"]);
		try {
			const folder = join(newDir(), "no", "such", "folder");
			const result = run(["backup", "--dir", dir, join(folder, "copy.db")]);
			expect(result.code).toBe(2);
			expect(result.stderr).toContain(folder);
			expect(result.stderr).not.toContain("ENOENT");
		} finally {
			await holm.stop();
		}
	});

	test("--dir with an empty value is refused, for serve and backup", () => {
		for (const args of [["serve", "--dir", ""], ["serve", "--dir="], ["backup", "--dir", "", join(newDir(), "x.db")]]) {
			const result = run(args, {}, 5_000);
			expect({ args, code: result.code }).toEqual({ args, code: 2 });
			expect(result.stderr).toContain("--dir");
		}
	});

	test("a data directory that cannot be created, or is a file, is named", () => {
		const file = join(newDir(), "a-file");
		writeFileSync(file, "");
		for (const dir of [join(file, "data"), file]) {
			const result = run(["serve", "--port", "0", "--leak-check", "off", "--dir", dir], {}, 5_000);
			expect(result.code).toBe(2);
			expect(result.stderr).toContain(dir);
		}
	});

	test("a host that cannot be bound, and a port in use, are named", async () => {
		const bad = run(["serve", "--port", "0", "--leak-check", "off", "--dir", newDir(), "--host", "192.0.2.1"], {}, 5_000);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain("192.0.2.1");

		const holm = await serve(["--dir", newDir(), "--secret", "backup-secret-long-enough"]);
		try {
			const port = new URL(holm.url).port;
			const taken = run(["serve", "--port", port, "--leak-check", "off", "--dir", newDir()], {}, 5_000);
			expect(taken.code).toBe(2);
			expect(taken.stderr).toContain(`127.0.0.1:${port}`);

			// A first start that fails leaves no new data directory behind (with a secret and an empty
			// database nobody asked for); a directory that was there keeps what it had.
			const parent = newDir();
			const failed = run(["serve", "--port", port, "--leak-check", "off", "--dir", join(parent, "holm_data")], {}, 5_000);
			expect(failed.code).toBe(2);
			expect(readdirSync(parent)).toEqual([]);
			const existing = newDir();
			writeFileSync(join(existing, "notes.txt"), "mine");
			expect(run(["serve", "--port", port, "--leak-check", "off", "--dir", existing], {}, 5_000).code).toBe(2);
			expect(readdirSync(existing)).toContain("notes.txt");
		} finally {
			await holm.stop();
		}
	});
});
