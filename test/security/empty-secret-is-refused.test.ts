// Attack: the operator starts Holm with an empty or guessable secret — `--secret "$HOLM_KEY"` with
// the variable unset gives `--secret ""`, or a short placeholder such as "changeme" stays in a unit
// file. Every caller who sends that (or an empty `Authorization` header) then has full access to
// every password hash check, reset and second factor. `serve` must refuse such a secret from every
// source (flag, environment, --secret-file, the data directory's file) with exit 2, saying why and
// pointing at `holm generate-secret`, and without printing the secret.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runHolm, tempDirsForThisFile } from "../support/server.ts";

// Each test starts real processes; a start that should have been refused runs until its 5 s timeout.
setDefaultTimeout(30_000);

const newDir = tempDirsForThisFile();

/** `holm serve` on a fresh data directory; it must exit (a server that starts would hang the test). */
function serveWith(args: string[], env: Record<string, string> = {}): ReturnType<typeof runHolm> {
	return runHolm(["serve", "--port", "0", "--leak-check", "off", "--dir", newDir(), ...args], env, 5_000);
}

function expectRefused(result: ReturnType<typeof runHolm>, secretShown?: string): void {
	expect(result.code).toBe(2);
	expect(result.stdout).not.toContain("holm is listening");
	expect(result.stderr).toContain("holm generate-secret");
	if (secretShown !== undefined) expect(result.stderr).not.toContain(secretShown);
}

describe("a secret on the command line or in the environment", () => {
	test("--secret with an empty value is refused, not treated as absent", () => {
		expectRefused(serveWith(["--secret", ""]));
		expectRefused(serveWith(["--secret="]));
	});

	test("a secret shorter than 16 characters is refused", () => {
		const result = serveWith(["--secret", "changeme-123"]);
		expectRefused(result, "changeme-123");
		expect(result.stderr).toContain("16");
		expectRefused(serveWith(["--secret", "fifteen-chars!!"]));
	});

	test("a secret with leading or trailing whitespace is refused", () => {
		expectRefused(serveWith(["--secret", " a-long-enough-secret-value"]));
		expectRefused(serveWith(["--secret", "a-long-enough-secret-value\n"]));
	});

	test("HOLM_SECRET is held to the same rule; set but empty is refused too", () => {
		expectRefused(serveWith([], { HOLM_SECRET: "short" }), "short");
		expectRefused(serveWith([], { HOLM_SECRET: "" }));
	});
});

describe("a secret in a file", () => {
	test("--secret-file with a short secret on any line is refused", () => {
		const file = join(newDir(), "secrets");
		writeFileSync(file, "a-perfectly-good-secret-0001\nshort-one\n", { mode: 0o600 });
		const result = serveWith(["--secret-file", file]);
		expectRefused(result, "short-one");
		expect(result.stderr).toContain(file);
	});

	test("--secret-file with no secret at all is refused", () => {
		const file = join(newDir(), "secrets");
		writeFileSync(file, "\n\n", { mode: 0o600 });
		expectRefused(serveWith(["--secret-file", file]));
		expectRefused(serveWith([], { HOLM_SECRET_FILE: file }));
	});

	test("a short secret written by hand into the data directory's secret file is refused", () => {
		const dir = newDir();
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, "secret"), "letmein\n", { mode: 0o600 });
		const result = runHolm(["serve", "--port", "0", "--leak-check", "off", "--dir", dir], {}, 5_000);
		expectRefused(result, "letmein");
		expect(result.stderr).toContain(join(dir, "secret"));
	});
});
