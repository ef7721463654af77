// The command line of API.md section 7, run as a real process: `bun src/main.ts ...`.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import packageJson from "../../package.json" with { type: "json" };
import { COMMAND_USAGE, USAGE } from "../../src/usage.ts";
import { PROCESS_SECRET, runHolm, serveHolm, STRONG_PASSWORD, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();

const run = runHolm;
const serve = serveHolm;

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

test("a mistyped option is named with the one it most likely meant, followed by the command's usage", () => {
	const typo = run(["serve", "--prot", "4001"]);
	expect(typo.code).toBe(2);
	expect(typo.stderr).toStartWith("holm: unknown option --prot (did you mean --port?)\n\nUsage: holm serve [flags]");
	expect(run(["serve", "--leak-chek=off"]).stderr).toStartWith("holm: unknown option --leak-chek (did you mean --leak-check?)");
	expect(run(["migrate", "--databse", "sqlite"]).stderr).toStartWith("holm: unknown option --databse (did you mean --database?)\n\nUsage: holm migrate");
	// Nothing close: no guess, still the usage.
	const far = run(["serve", "--frobnicate"]);
	expect(far.stderr).toStartWith("holm: unknown option --frobnicate\n\nUsage: holm serve");
	// A flag without its value says so.
	expect(run(["serve", "--port"]).stderr).toStartWith("holm: --port needs a value\n\nUsage: holm serve");
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

describe("--help", () => {
	test("holm COMMAND --help prints that command's usage and exits 0", () => {
		for (const command of ["serve", "generate-secret", "backup", "build-leak-file", "version"]) {
			for (const flag of ["--help", "-h"]) {
				const result = run([command, flag]);
				expect({ command, flag, code: result.code }).toEqual({ command, flag, code: 0 });
				expect(result.stdout).toContain(`holm ${command}`);
				expect(result.stderr).toBe("");
			}
		}
		expect(run(["help", "backup"]).stdout).toContain("holm backup");
	});

	test("serve --help lists every serve flag", () => {
		const usage = run(["serve", "--help"]).stdout;
		for (const flag of [
			"--port", "--host", "--unix", "--unix-mode", "--dir", "--secret", "--secret-file", "--leak-check", "--leak-file",
			"--leak-api", "--leak-fail", "--leak-timeout-ms", "--log-format", "--log-level",
		]) {
			expect(usage).toContain(flag + " ");
		}
		expect(usage).toContain("HOLM_SECRET_FILE");
	});

	test("holm --help still lists every command", () => {
		const usage = run(["--help"]).stdout;
		for (const command of ["serve", "generate-secret", "backup", "build-leak-file", "version"]) expect(usage).toContain(`holm ${command}`);
	});

	test("holm --help shows each command with every flag of its own usage line (console-link's --host and --port were missing)", () => {
		for (const [command, usage] of Object.entries(COMMAND_USAGE)) {
			// The command's synopsis: from "Usage:" to the first empty line.
			const synopsis = usage.slice(0, usage.indexOf("\n\n"));
			// Its lines in the top-level usage: from "holm COMMAND" to the next command.
			const start = USAGE.indexOf(`  holm ${command}`);
			expect({ command, listed: start >= 0 }).toEqual({ command, listed: true });
			const next = USAGE.indexOf("\n  holm ", start + 1);
			const shown = USAGE.slice(start, next === -1 ? undefined : next);
			for (const flag of synopsis.match(/--[a-z][a-z-]*/g) ?? []) expect({ command, flag, shown: shown.includes(flag) }).toEqual({ command, flag, shown: true });
		}
	});
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
