// The command line's own commands and words (API.md section 7), run as a real process: version,
// generate-secret, usage, a mistyped option, --help.
import { describe, expect, test } from "bun:test";
import packageJson from "../../package.json" with { type: "json" };
import { COMMAND_USAGE, USAGE } from "../../src/usage.ts";
import { runHolm } from "../support/server.ts";

const run = runHolm;

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
