// `npm test` (test/runner/run.ts) ends with one line for both databases together, and fails when either
// half fails. Run here on small fixture files, with the PostgreSQL half switched off so the answer
// is the same on every machine.
import { expect, test } from "bun:test";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");

function runner(paths: string[], env: Record<string, string>): { code: number | null; last: string; output: string } {
	const result = Bun.spawnSync([process.execPath, "test/runner/run.ts", ...paths], {
		cwd: root,
		env: { ...process.env, HOLM_TEST_STORE: "", HOLM_TEST_REQUIRE_POSTGRES: "", HOLM_TEST_REQUIRE_PYTHON: "", ...env },
		timeout: 60_000,
	});
	const lines = result.stdout.toString().trim().split("\n");
	return { code: result.exitCode, last: lines[lines.length - 1]!, output: result.stdout.toString() };
}

test("the last line counts both halves and says why PostgreSQL was skipped", () => {
	const passing = runner(["./test/fixtures/runner/passes.ts"], { HOLM_TEST_POSTGRES: "off" });
	expect(passing.output).not.toContain("What failed, again");
	expect({ code: passing.code, last: passing.last }).toEqual({ code: 0, last: "2 passed, 0 failed (SQLite: 2 passed, 0 failed; PostgreSQL skipped: HOLM_TEST_POSTGRES=off)" });
});

test("a failing test fails the run, and the line says so", () => {
	const failing = runner(["./test/fixtures/runner/passes.ts", "./test/fixtures/runner/fails.ts"], { HOLM_TEST_POSTGRES: "off" });
	expect(failing.code).toBe(1);
	expect(failing.last).toBe("3 passed, 1 failed — FAILED (SQLite: 3 passed, 1 failed; PostgreSQL skipped: HOLM_TEST_POSTGRES=off)");
});

test("the failed test is repeated just above the last line, where a cut log still shows it", () => {
	const failing = runner(["./test/fixtures/runner/passes.ts", "./test/fixtures/runner/fails.ts"], { HOLM_TEST_POSTGRES: "off" });
	const again = failing.output.slice(failing.output.lastIndexOf("━━ What failed, again ━━"));
	expect(again).toContain("(fail) fails on purpose");
	// Its error with it, where bun printed it above the line (its two streams, read at once, may
	// also come in another order on a loaded machine; the part's whole output above has it then).
	expect(failing.output).toContain("Expected: 2");
	expect(again).not.toContain("(pass)");
});

test("with HOLM_TEST_REQUIRE_POSTGRES=1 (CI), a skipped PostgreSQL half fails the run", () => {
	const required = runner(["./test/fixtures/runner/passes.ts"], { HOLM_TEST_POSTGRES: "off", HOLM_TEST_REQUIRE_POSTGRES: "1" });
	expect(required.code).toBe(1);
	expect(required.last).toBe(
		"2 passed, 0 failed — FAILED (SQLite: 2 passed, 0 failed; PostgreSQL skipped: HOLM_TEST_POSTGRES=off (and HOLM_TEST_REQUIRE_POSTGRES=1 requires it))",
	);
});

test("Python test files run in the Python half, and count in the line", () => {
	const python = runner(["./test/fixtures/runner/python/test_runner_fixture.py"], {});
	expect({ code: python.code, last: python.last }).toEqual({ code: 0, last: "2 passed, 0 failed (Python: 2 passed, 0 failed)" });
});

test("without a usable Python the half says why and passes, unless HOLM_TEST_REQUIRE_PYTHON=1 (CI)", () => {
	const fixture = "./test/fixtures/runner/python/test_runner_fixture.py";
	const missing = runner([fixture], { HOLM_TEST_PYTHON: "/nonexistent/python3" });
	expect({ code: missing.code, last: missing.last }).toEqual({ code: 0, last: "0 passed, 0 failed (Python skipped: no /nonexistent/python3 on PATH)" });
	const required = runner([fixture], { HOLM_TEST_PYTHON: "/nonexistent/python3", HOLM_TEST_REQUIRE_PYTHON: "1" });
	expect(required.code).toBe(1);
	expect(required.last).toBe(
		"0 passed, 0 failed — FAILED (Python skipped: no /nonexistent/python3 on PATH (and HOLM_TEST_REQUIRE_PYTHON=1 requires it))",
	);
});
