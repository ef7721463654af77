// The API secret on the command line (API.md section 7): --secret, --secret-file, HOLM_SECRET,
// several at once, and a database password given in the arguments; run as a real process.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runHolm, serveHolm, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const run = runHolm;
const serve = serveHolm;

describe("secrets", () => {
	const OLD = "the-old-secret-being-retired";
	const NEW = "the-new-secret-taking-over";

	async function status(url: string, authorization: string | null): Promise<number> {
		return (await fetch(url + "/users", { headers: authorization === null ? {} : { Authorization: authorization } })).status;
	}

	test("--secret-file may hold several secrets, one per line, and all of them work (rotation)", async () => {
		const file = join(newDir(), "secrets");
		writeFileSync(file, `${OLD}\n\n${NEW}\r\n`, { mode: 0o600 });
		for (const source of [["--secret-file", file], []]) {
			const holm = await serve(["--dir", newDir(), ...source], source.length === 0 ? { HOLM_SECRET_FILE: file } : {});
			try {
				expect(await status(holm.url, OLD)).toBe(200);
				expect(await status(holm.url, NEW)).toBe(200);
				expect(await status(holm.url, `Bearer ${NEW}`)).toBe(200);
				expect(await status(holm.url, `${OLD}\n${NEW}`.replace("\n", " "))).toBe(401);
				expect(await status(holm.url, "")).toBe(401);
				expect(await status(holm.url, null)).toBe(401);
				expect(holm.output() + holm.errors()).not.toContain(OLD);
			} finally {
				expect(await holm.stop()).toBe(0);
			}
		}
	});

	test("the data directory's secret file may hold several secrets too", async () => {
		const dir = newDir();
		writeFileSync(join(dir, "secret"), `${OLD}\n${NEW}\n`, { mode: 0o600 });
		const holm = await serve(["--dir", dir]);
		try {
			expect(await status(holm.url, OLD)).toBe(200);
			expect(await status(holm.url, NEW)).toBe(200);
		} finally {
			await holm.stop();
		}
	});

	test("Authorization: Bearer <secret> works as well as the bare secret", async () => {
		const holm = await serve(["--dir", newDir()], { HOLM_SECRET: NEW });
		try {
			expect(await status(holm.url, NEW)).toBe(200);
			expect(await status(holm.url, `Bearer ${NEW}`)).toBe(200);
			expect(await status(holm.url, `bearer ${NEW}`)).toBe(200);
			expect(await status(holm.url, `Bearer ${OLD}`)).toBe(401);
			expect(await status(holm.url, "Bearer ")).toBe(401);
		} finally {
			await holm.stop();
		}
	});

	test("--secret and --secret-file together are refused; a missing secret file is named", () => {
		const file = join(newDir(), "secrets");
		writeFileSync(file, NEW + "\n", { mode: 0o600 });
		const both = run(["serve", "--port", "0", "--dir", newDir(), "--secret", NEW, "--secret-file", file], {}, 5_000);
		expect(both.code).toBe(2);
		expect(both.stderr).toContain("--secret-file");
		const missing = join(newDir(), "nothing-here");
		const result = run(["serve", "--port", "0", "--dir", newDir(), "--secret-file", missing], {}, 5_000);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(missing);
	});

	test("a secret given on the command line is warned about (the process list shows it)", async () => {
		const holm = await serve(["--dir", newDir(), "--secret", NEW]);
		try {
			expect(holm.errors()).toContain("process list");
			expect(holm.errors()).not.toContain(NEW);
		} finally {
			await holm.stop();
		}
	});
});

const NEW_SECRET_FOR_DATABASE_TESTS = "database-tests-secret-0001";

describe("a database password on the command line", () => {
	// Nothing listens on port 9: each run stops at its connection, after the warnings at start.
	const PASSWORD = "hunter2-database-password";
	const withPassword = `postgres://holm:${PASSWORD}@127.0.0.1:9/holm`;

	test("--database with a password is warned about (the process list shows it), never printing the password", () => {
		for (const args of [
			["serve", "--port", "0", "--leak-check", "off", "--dir", newDir(), "--database", withPassword],
			["migrate", "--database", withPassword],
			["migrate", "--database", `postgres://holm@127.0.0.1:9/holm?password=${PASSWORD}`],
		]) {
			const result = run(args, { HOLM_SECRET: NEW_SECRET_FOR_DATABASE_TESTS }, 5_000);
			expect({ args, code: result.code }).toEqual({ args, code: 1 });
			expect(result.stderr).toContain("--database, which other local users can read in the process list");
			expect(result.stdout + result.stderr).not.toContain(PASSWORD);
		}
	});

	test("HOLM_DATABASE with a password, or --database without one, is not warned about", () => {
		for (const [args, env] of [
			[["migrate"], { HOLM_DATABASE: withPassword }],
			[["migrate", "--database", "postgres://holm@127.0.0.1:9/holm"], {}],
		] as const) {
			const result = run([...args], env, 5_000);
			expect(result.code).toBe(1);
			expect(result.stderr).not.toContain("process list");
			expect(result.stdout + result.stderr).not.toContain(PASSWORD);
		}
	});
});
