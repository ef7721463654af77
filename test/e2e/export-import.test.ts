// `holm export` and `holm import` as real processes against real servers on SQLite: the file
// they write, what they refuse, the rejects file and the exit status. The move to PostgreSQL is
// test/postgres/move-from-sqlite.pg.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROCESS_SECRET, serveHolm, tempDirsForThisFile, type Serving } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

async function holm(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
	// In the temp dir, where `import -` writes stdin.rejects.ndjson and stdin.ids.ndjson.
	const child = Bun.spawn([process.execPath, MAIN, ...args], { cwd: dir, stdin: stdin === undefined ? "ignore" : new Blob([stdin]), stdout: "pipe", stderr: "pipe" });
	const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
	return { code, stdout, stderr };
}

let dir: string;
let secretFile: string;
let source: Serving;
let target: Serving;

async function call(server: Serving, method: string, path: string, body?: unknown) {
	const response = await fetch(server.url + path, { method, headers: { Authorization: PROCESS_SECRET }, body: body === undefined ? undefined : JSON.stringify(body) });
	return { status: response.status, body: await response.json().catch(() => null) };
}

beforeAll(async () => {
	dir = newDir();
	secretFile = join(dir, "secret-file");
	writeFileSync(secretFile, PROCESS_SECRET + "\n", { mode: 0o600 });
	source = await serveHolm(["--dir", join(dir, "source"), "--secret-file", secretFile]);
	target = await serveHolm(["--dir", join(dir, "target"), "--secret-file", secretFile]);
	for (let i = 0; i < 3; i++) expect((await call(source, "POST", "/users", { email: `export${i}@example.com`, password: `export passphrase ${i}` })).status).toBe(200);
	expect((await call(source, "POST", "/user-imports", { users: [{ email: "nopassword@example.com" }] })).status).toBe(200);
});
afterAll(async () => {
	await source.stop();
	await target.stop();
});

describe("holm export", () => {
	test("writes every user as one ROW a line, in a new file of mode 0600, with progress on standard error", async () => {
		const file = join(dir, "all.ndjson");
		const exported = await holm(["export", "--dir", join(dir, "source"), "--output", file]);
		expect(exported.code).toBe(0);
		expect(exported.stdout).toBe("");
		expect(exported.stderr).toContain(`exported 4 users to ${file}`);
		expect(statSync(file).mode & 0o777).toBe(0o600);
		const rows = readFileSync(file, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line));
		expect(rows).toHaveLength(4);
		for (const row of rows) {
			expect(row.passkeys).toEqual([]);
			expect(row.sessions).toEqual([]);
			expect(row.identities).toEqual([]);
			expect(Object.keys(row).sort()).toEqual([
				"created_at", "email", "email_verified", "id", "identities", "passkey_user_handle", "passkeys", "password_hash", "recovery_code", "sessions", "totp_key",
			]);
		}
		const withoutPassword = rows.find((row) => row.email === "nopassword@example.com");
		expect(withoutPassword.password_hash).toBeNull();
		expect(rows.filter((row) => typeof row.password_hash === "string" && row.password_hash.startsWith("$argon2id$"))).toHaveLength(3);
	});

	test("refuses to overwrite a file", async () => {
		const file = join(dir, "taken.ndjson");
		writeFileSync(file, "keep me\n");
		const exported = await holm(["export", "--dir", join(dir, "source"), "--output", file]);
		expect(exported.code).toBe(2);
		expect(exported.stderr).toContain("already exists");
		expect(readFileSync(file, "utf8")).toBe("keep me\n");
	});

	test("without --output the rows go to standard output", async () => {
		const exported = await holm(["export", "--dir", join(dir, "source")]);
		expect(exported.code).toBe(0);
		expect(exported.stdout.trimEnd().split("\n")).toHaveLength(4);
	});

	test("a killed export leaves no file that looks complete: it is written under a temporary name and renamed when whole", async () => {
		const big = join(dir, "big");
		const server = await serveHolm(["--dir", big, "--secret-file", secretFile]);
		try {
			for (let batch = 0; batch < 20; batch++) {
				const users = Array.from({ length: 1000 }, (_, i) => ({ email: `bulk-${batch}-${i}@example.com` }));
				expect(((await call(server, "POST", "/user-imports", { users })).body as { created: number }).created).toBe(1000);
			}
		} finally {
			await server.stop();
		}
		for (const delayMs of [150, 300, 500]) {
			const out = join(dir, `killed-${delayMs}`);
			const file = join(out, "users.ndjson");
			await Bun.$`mkdir -p ${out}`;
			const child = Bun.spawn([process.execPath, MAIN, "export", "--dir", big, "--output", file], { stdout: "ignore", stderr: "ignore" });
			await Bun.sleep(delayMs);
			child.kill("SIGTERM");
			const code = await child.exited;
			if (code === 0 || existsSync(file)) {
				// It was renamed before the signal (the signal may still beat the exit): then it is whole.
				expect(readFileSync(file, "utf8").trimEnd().split("\n")).toHaveLength(20_000);
				expect(readdirSync(out)).toEqual(["users.ndjson"]);
				continue;
			}
			// Killed before it was whole: no file, nor a temporary one left behind.
			expect(readdirSync(out)).toEqual([]);
		}
	}, 60_000);

	test("a data directory without a database is refused", async () => {
		const exported = await holm(["export", "--dir", join(dir, "nothing-here")]);
		expect(exported.code).toBe(2);
		expect(exported.stderr).toContain("no database");
	});
});

describe("holm import", () => {
	test("imports a file, writes failed rows with their line and error to FILE.rejects.ndjson, and exits 1", async () => {
		const file = join(dir, "mixed.ndjson");
		const lines = [
			JSON.stringify({ email: "first@example.com" }),
			"",
			"this is not JSON",
			JSON.stringify({ email: "first@example.com" }),
			JSON.stringify({ password_hash: "5f4dcc3b5aa765d61d8327deb882cf99" }),
			JSON.stringify({ email: "last@example.com" }),
		];
		writeFileSync(file, lines.join("\n"));
		const imported = await holm(["import", file, "--url", target.url, "--secret-file", secretFile]);
		expect(imported.code).toBe(1);
		expect(imported.stderr).toContain("5 rows: 2 created, 0 skipped, 3 failed");
		const idsFile = `${file}.ids.ndjson`;
		expect(imported.stderr).toContain(`the user ids of the created and skipped rows are in ${idsFile}`);
		expect(statSync(idsFile).mode & 0o777).toBe(0o600);
		const ids = readFileSync(idsFile, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line));
		expect(ids.map(({ line, status, email }) => ({ line, status, email }))).toEqual([
			{ line: 1, status: "created", email: "first@example.com" },
			{ line: 6, status: "created", email: "last@example.com" },
		]);
		const holder = await call(target, "GET", `/users?email=first%40example.com`);
		expect(ids[0].user_id).toBe((holder.body as { id: string }[])[0]!.id);
		const rejectsFile = `${file}.rejects.ndjson`;
		expect(statSync(rejectsFile).mode & 0o777).toBe(0o600);
		const rejects = readFileSync(rejectsFile, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line));
		expect(rejects).toEqual([
			{ line: 3, error: "INVALID_DATA", text: "this is not JSON" },
			{ line: 4, error: "EMAIL_ALREADY_USED", row: { email: "first@example.com" } },
			{ line: 5, error: "UNSUPPORTED_PASSWORD_HASH", row: { password_hash: "5f4dcc3b5aa765d61d8327deb882cf99" } },
		]);

		// Fixed and run again: exit 0, and the stale rejects file is gone.
		writeFileSync(file, [lines[0], lines[5]].join("\n") + "\n");
		const again = await holm(["import", file, "--url", target.url, "--secret-file", secretFile, "--on-conflict", "skip"]);
		expect(again.code).toBe(0);
		expect(again.stderr).toContain("2 rows: 0 created, 2 skipped, 0 failed");
		expect(existsSync(rejectsFile)).toBe(false);
		const skipped = readFileSync(idsFile, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line));
		expect(skipped).toEqual([
			{ line: 1, status: "skipped", user_id: ids[0].user_id, email: "first@example.com" },
			{ line: 2, status: "skipped", user_id: ids[1].user_id, email: "last@example.com" },
		]);
	});

	test("reads standard input with -; export piped into import moves every user", async () => {
		const exported = await holm(["export", "--dir", join(dir, "source")]);
		const imported = await holm(["import", "-", "--url", target.url, "--secret-file", secretFile], exported.stdout);
		expect(imported.stderr).toContain("4 rows: 4 created, 0 skipped, 0 failed");
		expect(imported.code).toBe(0);
		expect(readFileSync(join(dir, "stdin.ids.ndjson"), "utf8").trimEnd().split("\n")).toHaveLength(4);
		const signIn = await call(target, "POST", "/authenticate/password", { email: "export1@example.com", password: "export passphrase 1" });
		expect(signIn.status).toBe(200);
	});

	test("the rejects file is never written through a symbolic link, and is mode 0600 whatever was there", async () => {
		const file = join(dir, "linked.ndjson");
		writeFileSync(file, JSON.stringify({ password_hash: "5f4dcc3b5aa765d61d8327deb882cf99" }) + "\n");
		const victim = join(dir, "victim.txt");
		writeFileSync(victim, "not yours\n", { mode: 0o644 });
		symlinkSync(victim, `${file}.rejects.ndjson`);
		const imported = await holm(["import", file, "--url", target.url, "--secret-file", secretFile]);
		expect(imported.code).toBe(1);
		expect(readFileSync(victim, "utf8")).toBe("not yours\n");
		expect(lstatSync(`${file}.rejects.ndjson`).isSymbolicLink()).toBe(false);
		expect(statSync(`${file}.rejects.ndjson`).mode & 0o777).toBe(0o600);

		// A rejects file of an earlier run that someone made readable to all is replaced by one of mode 0600.
		chmodSync(`${file}.rejects.ndjson`, 0o644);
		expect((await holm(["import", file, "--url", target.url, "--secret-file", secretFile])).code).toBe(1);
		expect(statSync(`${file}.rejects.ndjson`).mode & 0o777).toBe(0o600);
	});

	test("a wrong secret stops at the first batch with exit status 2", async () => {
		const wrong = join(dir, "wrong-secret");
		writeFileSync(wrong, "a-different-secret-of-enough-length\n", { mode: 0o600 });
		const file = join(dir, "one.ndjson");
		writeFileSync(file, JSON.stringify({}) + "\n");
		const imported = await holm(["import", file, "--url", target.url, "--secret-file", wrong]);
		expect(imported.code).toBe(2);
		expect(imported.stderr).toContain("refused the secret");
	});

	test("bad flags exit 2", async () => {
		expect((await holm(["import"])).code).toBe(2);
		expect((await holm(["import", "x.ndjson", "--on-conflict", "overwrite", "--secret-file", secretFile])).code).toBe(2);
		expect((await holm(["import", "x.ndjson", "--url", "ftp://example.com", "--secret-file", secretFile])).code).toBe(2);
		expect((await holm(["import", join(dir, "missing.ndjson"), "--url", target.url, "--secret-file", secretFile])).code).toBe(2);
	});
});
