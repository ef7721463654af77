// Attack: an operator's secret file says more than the secret. A comment such as
// `# old secret below, remove after 2026-12-01` was read as a secret of exactly that text, so anyone
// who saw the file's comments (a config repository, a screenshot) had the API; a secret with a
// non-ASCII character was accepted and then could never match a client; and a secret file that
// group or others can read hands the API to every local account. Comment lines (starting with
// `#`) and blank lines are not secrets; a secret is printable ASCII without spaces; a secret file,
// the data directory's included, that group or others can read or write is refused at start (exit
// 2), naming the file and the chmod that fixes it.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runHolm, serveHolm, tempDirsForThisFile } from "../support/server.ts";

setDefaultTimeout(30_000);

const newDir = tempDirsForThisFile();
const GOOD = "a-perfectly-good-secret-0001";
const COMMENT = "# old secret below, remove after 2026-12-01";

function serveWith(args: string[], env: Record<string, string> = {}): ReturnType<typeof runHolm> {
	return runHolm(["serve", "--port", "0", "--leak-check", "off", "--dir", newDir(), ...args], env, 5_000);
}

function secretFile(text: string, mode = 0o600): string {
	const file = join(newDir(), "secrets");
	writeFileSync(file, text, { mode });
	chmodSync(file, mode); // writeFileSync's mode passes through the umask
	return file;
}

describe("comments and blank lines", () => {
	test("a comment line is no secret: a request that sends it is refused", async () => {
		const file = secretFile(`${COMMENT}\n\n  # indented comment\n${GOOD}\n`);
		const holm = await serveHolm(["--dir", newDir(), "--secret-file", file]);
		try {
			const asComment = await fetch(holm.url + "/users", { headers: { Authorization: COMMENT } });
			expect(asComment.status).toBe(401);
			const asSecret = await fetch(holm.url + "/users", { headers: { Authorization: GOOD } });
			expect(asSecret.status).toBe(200);
			expect(holm.output() + holm.errors()).not.toContain(GOOD);
		} finally {
			expect(await holm.stop()).toBe(0);
		}
	});

	test("a file of nothing but comments holds no secret", () => {
		const result = serveWith(["--secret-file", secretFile(`${COMMENT}\n# another\n`)]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("holm generate-secret");
	});
});

describe("what a secret may hold", () => {
	for (const [what, secret] of [
		["a space", "two words-for-one-long-secret"],
		["a tab", "tab\tinside-a-long-secret-value"],
		["a non-ASCII letter", "caf\u00e9-au-lait-secret-long-enough"],
		["an emoji", "rocket-\u{1F680}-secret-long-enough"],
	] as const) {
		test(`a secret with ${what} is refused, from a file and from the environment`, () => {
			for (const result of [serveWith(["--secret-file", secretFile(`${secret}\n`)]), serveWith([], { HOLM_SECRET: secret })]) {
				expect(result.code).toBe(2);
				expect(result.stderr).toContain("printable ASCII");
				expect(result.stderr).toContain("holm generate-secret");
				expect(result.stderr).not.toContain(secret);
			}
		});
	}
});

describe("who may read the file", () => {
	for (const mode of [0o644, 0o640, 0o604, 0o660, 0o602]) {
		test(`a secret file of mode 0${mode.toString(8)} is refused, naming the file and the chmod`, () => {
			const file = secretFile(`${GOOD}\n`, mode);
			const result = serveWith(["--secret-file", file]);
			expect(result.code).toBe(2);
			expect(result.stdout).not.toContain("holm is listening");
			expect(result.stderr).toContain(`chmod 600 ${file}`);
			expect(result.stderr).not.toContain(GOOD);
		});
	}

	test("the data directory's secret file is held to the same rule", () => {
		const dir = newDir();
		mkdirSync(dir, { recursive: true });
		const file = join(dir, "secret");
		writeFileSync(file, `${GOOD}\n`);
		chmodSync(file, 0o644);
		const result = runHolm(["serve", "--port", "0", "--leak-check", "off", "--dir", dir], {}, 5_000);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(`chmod 600 ${file}`);
	});

	test("the secret Holm creates in the data directory is 0600, and a 0400 file is fine", async () => {
		const dir = newDir();
		const created = await serveHolm(["--dir", dir]);
		expect(await created.stop()).toBe(0);
		expect(statSync(join(dir, "secret")).mode & 0o777).toBe(0o600);

		const file = secretFile(`${GOOD}\n`, 0o400);
		const holm = await serveHolm(["--dir", newDir(), "--secret-file", file]);
		try {
			expect((await fetch(holm.url + "/users", { headers: { Authorization: GOOD } })).status).toBe(200);
		} finally {
			expect(await holm.stop()).toBe(0);
		}
	});
});
