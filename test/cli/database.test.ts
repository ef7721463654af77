// `--database` and `holm migrate` (API.md section 7), run as a real process.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { PROCESS_SECRET, runHolm, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();

describe("--database and migrate", () => {
	test("--database takes sqlite or a postgres:// connection string, and never repeats a bad one", () => {
		const bad = runHolm(["serve", "--database", "mysql://root:hunter2@db/holm", "--secret", PROCESS_SECRET]);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain("--database");
		expect(bad.stderr).not.toContain("hunter2");
	});

	test("with PostgreSQL a secret must be given (there is no data directory to keep one in)", () => {
		const result = runHolm(["serve", "--database", "postgres://holm@127.0.0.1:1/holm"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("--secret-file");
		expect(result.stderr).toContain("holm generate-secret");
	});

	test("an unreachable PostgreSQL at start exits 1 naming where it looked, without the password", () => {
		// Port 1 on the loopback: nothing listens there, on any machine.
		const result = runHolm(["migrate", "--database", "postgres://holm:hunter2@127.0.0.1:1/accounts"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("PostgreSQL at 127.0.0.1:1/accounts as holm");
		expect(result.stderr).not.toContain("hunter2");
	});

	test("backup says it is for SQLite and points to pg_dump", () => {
		const result = runHolm(["backup", "--database", "postgres://holm@127.0.0.1:1/holm", join(newDir(), "copy.db")]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("pg_dump");
	});

	test("migrate brings a new SQLite database up to date, says which steps it applied, and exits", () => {
		const dir = newDir();
		const result = runHolm(["migrate", "--dir", dir]);
		expect(result.code).toBe(0);
		const db = new Database(join(dir, "holm.db"), { readonly: true });
		const version = db.query<{ user_version: number }, []>("PRAGMA user_version").get()!.user_version;
		expect(version).toBeGreaterThan(0);
		db.close();
		const path = join(realpathSync(dir), "holm.db");
		expect(result.stdout.trim()).toBe(`applied schema steps 1 to ${version} to ${path} (a new database); it is now at step ${version}`);
		const again = runHolm(["migrate", "--dir", dir]);
		expect(again.code).toBe(0);
		expect(again.stdout.trim()).toBe(`the schema of ${path} is up to date (step ${version}); nothing to apply`);
	});

	test("a PostgreSQL that cannot be reached is named with the cause: refused, unknown host, timeout", async () => {
		// Port 1 on the loopback: nothing listens there, on any machine.
		const refused = runHolm(["migrate", "--database", "postgres://holm:hunter2@127.0.0.1:1/accounts"]);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain("PostgreSQL at 127.0.0.1:1/accounts as holm: connection refused: nothing listens on 127.0.0.1 port 1");

		// .invalid never resolves (RFC 2606).
		const unknown = runHolm(["migrate", "--database", "postgres://holm:hunter2@db.example.invalid/accounts"]);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain('unknown host "db.example.invalid"');

		// A port that accepts the connection and never says a word.
		const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
		try {
			const child = Bun.spawn([process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "migrate", "--database", `postgres://holm:hunter2@127.0.0.1:${silent.port}/accounts`], {
				stdout: "pipe",
				stderr: "pipe",
			});
			expect(await child.exited).toBe(1);
			const stderr = await new Response(child.stderr).text();
			expect(stderr).toContain(`PostgreSQL at 127.0.0.1:${silent.port}/accounts as holm: timeout:`);
			for (const text of [refused.stderr, unknown.stderr, stderr]) expect(text).not.toContain("hunter2");
		} finally {
			silent.stop(true);
		}
		// The silent port takes the whole 5 s connection timeout: more than `bun test`'s own default.
	}, 20_000);
});
