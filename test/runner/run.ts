// `npm test` (`bun test/runner/run.ts [PATH...]`): three parts at once, to use every core: the whole suite
// on SQLite (`bun test --parallel`, its files spread over HOLM_TEST_JOBS worker processes, the
// slowest first), the store contracts and what is about the wire, several instances or the pooler
// on PostgreSQL (test/runner/postgres-suite.ts), and the Python client's tests (test/runner/python-suite.ts).
// Each part's output is held until it ends and then printed whole, under a line naming it, so parts
// never interleave; at the end one line for all together: how many passed and failed, and which
// PostgreSQL was used or why it or Python was skipped, after each failed test again with its error.
// Exits nonzero when any part fails (a PostgreSQL or Python that is missing fails only with
// HOLM_TEST_REQUIRE_POSTGRES=1 or HOLM_TEST_REQUIRE_PYTHON=1, as the suites decide).
//
// HOLM_TEST_JOBS: the SQLite part's worker processes (the machine's cores by default; 1 runs its
// files one after another in one process, as `bun test` alone does). The per-file durations that
// order the files come from test/runner/timings.json, and from the last run on this machine
// (node_modules/.cache/holm/test-timings.json, rewritten by each full run).
import { mkdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";

const root = join(import.meta.dir, "..", "..");

interface Part {
	code: number;
	passed: number;
	failed: number;
	/** Whether bun test printed its summary (a crash prints none). */
	summarised: boolean;
	output: string;
}

/** bun test's summary lines (" 12 pass", " 0 fail"; with several runs, as on PostgreSQL directly
 *  and then through PgBouncer, their sums). */
function bunSummary(output: string): { passed: number | null; failed: number | null } {
	const sum = (pattern: RegExp): number | null => {
		const all = [...output.matchAll(pattern)];
		return all.length === 0 ? null : all.reduce((total, match) => total + Number(match[1]), 0);
	};
	return { passed: sum(/^\s*(\d+) pass$/gm), failed: sum(/^\s*(\d+) fail$/gm) };
}

/** pytest's closing line ("3 failed, 9 passed in 6.27s"); collection errors count as failures. */
function pytestSummary(output: string): { passed: number | null; failed: number | null } {
	const lines = [...output.matchAll(/^=*\s*(\d+ \w+(?:, \d+ \w+)*) in [\d.]+s\b.*$/gm)];
	if (lines.length === 0) return { passed: null, failed: null };
	const line = lines[lines.length - 1]![1]!;
	const count = (word: RegExp): number => Number(word.exec(line)?.[1] ?? 0);
	return { passed: count(/(\d+) passed/), failed: count(/(\d+) failed/) + count(/(\d+) errors?/) };
}

/** Runs `args` in the repository with its output held, prints that output whole under `title`
 *  once it ends, and reads its summary. */
async function runPart(
	title: string,
	args: string[],
	env: Record<string, string | undefined>,
	summary: (output: string) => { passed: number | null; failed: number | null } = bunSummary,
): Promise<Part> {
	const started = performance.now();
	const child = Bun.spawn([process.execPath, ...args], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
	// One buffer for both streams, in the order they came, as a terminal would have shown them.
	let output = "";
	async function hold(stream: ReadableStream<Uint8Array>): Promise<void> {
		const decoder = new TextDecoder();
		for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
	}
	await Promise.all([hold(child.stdout), hold(child.stderr)]);
	const code = await child.exited;
	const seconds = Math.round((performance.now() - started) / 1000);
	process.stdout.write(`\n━━ ${title}: exited ${code} after ${seconds} s ━━\n${output}${output.endsWith("\n") ? "" : "\n"}`);
	const { passed, failed } = summary(output);
	return { code, passed: passed ?? 0, failed: failed ?? 0, summarised: passed !== null && failed !== null, output };
}

/** "3 passed, 0 failed", saying so when the part failed without failing a test (it crashed, or an
 *  error outside any test). */
function counts(part: Part): string {
	const text = `${part.passed} passed, ${part.failed} failed`;
	if (part.code === 0 || part.failed > 0) return text;
	return `${text}, and it exited ${part.code}${part.summarised ? "" : " without a summary"}`;
}

/** Each failed test of a part's output with what it printed before it (bun prints a test's error
 *  above its "(fail)" line), and pytest's "FAILED" lines: repeated at the end of the run, so the
 *  last lines of a long log say what failed. */
function failures(output: string): string[] {
	const lines = output.split("\n");
	const found: string[] = [];
	let start = 0;
	lines.forEach((line, index) => {
		const bunFailed = line.startsWith("(fail) ");
		// (bun --parallel lists the failed tests again at its end: each once here.)
		const block = lines.slice(Math.max(start, index - 40), index + 1).join("\n");
		if (bunFailed && !(block === line && found.some((earlier) => earlier.endsWith(line)))) found.push(block);
		else if (line.startsWith("FAILED ")) found.push(line);
		if (bunFailed || line.startsWith("(pass) ") || line.startsWith("(skip) ") || /^\S.*\.(ts|tsx):$/.test(line)) start = index + 1;
	});
	return found;
}

const notRun: Part = { code: 0, passed: 0, failed: 0, summarised: true, output: "" };

// `bun test/runner/run.ts PATH...` runs only those test files: TypeScript ones in the SQLite and PostgreSQL
// parts, Python ones (under clients/python) in the Python part; a part given no file is not run.
const paths = process.argv.slice(2);
const isPython = (path: string) => path.endsWith(".py") || path.replace(/^\.\//, "").startsWith("clients/python");
const bunPaths = paths.filter((path) => !isPython(path));
const pythonPaths = paths.filter(isPython);
const runBun = paths.length === 0 || bunPaths.length > 0;
const runPython = paths.length === 0 || pythonPaths.length > 0;
const env = { ...process.env, HOLM_TEST_STORE: undefined };

const jobs = Math.max(1, Math.floor(Number(process.env.HOLM_TEST_JOBS ?? "")) || availableParallelism());
const lastTimings = join(root, "node_modules", ".cache", "holm", "test-timings.json");
mkdirSync(dirname(lastTimings), { recursive: true });
const spread =
	jobs === 1
		? []
		: [
				`--parallel=${jobs}`,
				`--timings=${lastTimings}`,
				`--timings=${join(root, "test", "runner", "timings.json")}`,
				// Only a whole run measures every file.
				...(bunPaths.length === 0 ? ["--update-timings"] : []),
			];
const parts = [runBun ? "SQLite" : "", runBun ? "PostgreSQL" : "", runPython ? "Python" : ""].filter(Boolean);
console.log(`Running ${parts.join(", ")} at once${runBun ? ` (SQLite in ${jobs} worker process${jobs === 1 ? "" : "es"})` : ""}; each part's output follows as it ends.`);
const [sqlite, postgres, py] = await Promise.all([
	runBun ? runPart("SQLite", ["test", "--timeout", "30000", ...spread, ...bunPaths], env) : notRun,
	runBun ? runPart("PostgreSQL", ["test/runner/postgres-suite.ts", ...bunPaths], env) : notRun,
	runPython ? runPart("Python", ["test/runner/python-suite.ts", ...pythonPaths], env, pytestSummary) : notRun,
]);

const said: string[] = [];
if (runBun) {
	const skipped = /^PostgreSQL runs skipped: (.*?)\.?$/m.exec(postgres.output)?.[1];
	const used = /^Using PostgreSQL at (.*)$/m.exec(postgres.output)?.[1];
	const poolerSkipped = /^PgBouncer runs skipped: (.*?)\.?$/m.exec(postgres.output)?.[1];
	const pooled = /^Running .* again through PgBouncer/m.test(postgres.output);
	said.push(`SQLite: ${counts(sqlite)}`);
	said.push(
		skipped !== undefined
			? `PostgreSQL skipped: ${skipped}${postgres.code === 0 ? "" : " (and HOLM_TEST_REQUIRE_POSTGRES=1 requires it)"}`
			: `PostgreSQL at ${used ?? "an unknown server"}${pooled ? ", and through PgBouncer" : ""}: ${counts(postgres)}${poolerSkipped === undefined ? "" : `; PgBouncer skipped: ${poolerSkipped}`}`,
	);
}
if (runPython) {
	const skipped = /^Python runs skipped: (.*?)\.?$/m.exec(py.output)?.[1];
	said.push(
		skipped !== undefined
			? `Python skipped: ${skipped}${py.code === 0 ? "" : " (and HOLM_TEST_REQUIRE_PYTHON=1 requires it)"}`
			: `Python: ${counts(py)}`,
	);
}
const passed = sqlite.passed + postgres.passed + py.passed;
const failed = sqlite.failed + postgres.failed + py.failed;
const code = [sqlite.code, postgres.code, py.code].find((c) => c !== 0) ?? 0;
const ok = code === 0 ? "" : " — FAILED";
const failedTests = [sqlite, postgres, py].flatMap((part) => failures(part.output));
if (failedTests.length > 0) console.log(`\n━━ What failed, again ━━\n${failedTests.join("\n\n")}`);
console.log(`\n${passed} passed, ${failed} failed${ok} (${said.join("; ")})`);
process.exit(code);
