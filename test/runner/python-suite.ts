// `npm test`, Python half: the Python client's tests (clients/python/tests, pytest against a real
// Holm that they start). It runs where python3 (or HOLM_TEST_PYTHON) is 3.9 or later and has pytest,
// httpx, attrs and typing_extensions; elsewhere it says why and passes, unless
// HOLM_TEST_REQUIRE_PYTHON=1 (CI), where a missing Python fails the run. The client is imported from
// this checkout (clients/python on PYTHONPATH), not from whatever copy pip installed.
import { delimiter, join } from "node:path";

const root = join(import.meta.dir, "..", "..");
const required = process.env.HOLM_TEST_REQUIRE_PYTHON === "1";
const python = process.env.HOLM_TEST_PYTHON || "python3";

const PROBE = [
	"import sys",
	"if sys.version_info < (3, 9): sys.exit('Python %d.%d is older than 3.9' % sys.version_info[:2])",
	"missing = []",
	"for name in ('pytest', 'httpx', 'attrs', 'typing_extensions'):",
	"    try: __import__(name)",
	"    except ImportError: missing.append(name)",
	"if missing: sys.exit(sys.executable + ' lacks ' + ', '.join(missing) + ' (pip install pytest httpx attrs typing-extensions)')",
].join("\n");

/** Why the Python tests cannot run here, or null when they can. */
function unavailable(): string | null {
	if (python === "off") return "HOLM_TEST_PYTHON=off";
	try {
		const probe = Bun.spawnSync([python, "-c", PROBE], { stdout: "pipe", stderr: "pipe" });
		if (probe.exitCode === 0) return null;
		return probe.stderr.toString().trim().split("\n").pop() || `${python} exited ${probe.exitCode}`;
	} catch {
		return `no ${python} on PATH`;
	}
}

const reason = unavailable();
if (reason !== null) {
	// test/runner/run.ts reads this line for its summary.
	console.log(`Python runs skipped: ${reason}.`);
	if (required) {
		console.error("HOLM_TEST_REQUIRE_PYTHON=1: failing, since the Python client's tests could not run.");
		process.exit(1);
	}
	process.exit(0);
}

const given = process.argv.slice(2);
const selection = given.length > 0 ? given : ["clients/python/tests"];
const clientDir = join(root, "clients", "python");
const run = Bun.spawn([python, "-m", "pytest", "-p", "no:cacheprovider", "-q", ...selection], {
	cwd: root,
	env: { ...process.env, PYTHONPATH: [clientDir, process.env.PYTHONPATH].filter(Boolean).join(delimiter), PYTHONDONTWRITEBYTECODE: "1" },
	stdout: "inherit",
	stderr: "inherit",
});
const code = await run.exited;
// pytest's 5 is "no tests collected": a selection that holds none is a mistake, not a pass.
process.exit(code);
