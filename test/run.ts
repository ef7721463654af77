// `npm test` (`bun test/run.ts [PATH...]`): the whole suite on SQLite (`bun test`), then on PostgreSQL
// (test/postgres-suite.ts), then the Python client's tests (test/python-suite.ts), each part's output
// passed through as it comes, and at the end one line for all together: how many passed and failed,
// and which PostgreSQL was used or why it or Python was skipped. Exits nonzero when any part fails (a
// PostgreSQL or Python that is missing fails only with HOLM_TEST_REQUIRE_POSTGRES=1 or
// HOLM_TEST_REQUIRE_PYTHON=1, as the suites decide).
import { join } from "node:path";

const root = join(import.meta.dir, "..");

interface Half {
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

/** Runs `args` in the repository, passing its output through, and reads its summary. */
async function runHalf(
	args: string[],
	env: Record<string, string | undefined>,
	summary: (output: string) => { passed: number | null; failed: number | null } = bunSummary,
): Promise<Half> {
	const child = Bun.spawn([process.execPath, ...args], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
	let output = "";
	async function pass(stream: ReadableStream<Uint8Array>, to: NodeJS.WriteStream): Promise<void> {
		const decoder = new TextDecoder();
		for await (const chunk of stream) {
			to.write(chunk);
			output += decoder.decode(chunk, { stream: true });
		}
	}
	await Promise.all([pass(child.stdout, process.stdout), pass(child.stderr, process.stderr)]);
	const code = await child.exited;
	const { passed, failed } = summary(output);
	return { code, passed: passed ?? 0, failed: failed ?? 0, summarised: passed !== null && failed !== null, output };
}

/** "3 passed, 0 failed", saying so when the half failed without failing a test (it crashed, or an
 *  error outside any test). */
function counts(half: Half): string {
	const text = `${half.passed} passed, ${half.failed} failed`;
	if (half.code === 0 || half.failed > 0) return text;
	return `${text}, and it exited ${half.code}${half.summarised ? "" : " without a summary"}`;
}

const notRun: Half = { code: 0, passed: 0, failed: 0, summarised: true, output: "" };

// `bun test/run.ts PATH...` runs only those test files: TypeScript ones in the SQLite and PostgreSQL
// halves, Python ones (under clients/python) in the Python half; a part given no file is not run.
const paths = process.argv.slice(2);
const isPython = (path: string) => path.endsWith(".py") || path.replace(/^\.\//, "").startsWith("clients/python");
const bunPaths = paths.filter((path) => !isPython(path));
const pythonPaths = paths.filter(isPython);
const runBun = paths.length === 0 || bunPaths.length > 0;
const runPython = paths.length === 0 || pythonPaths.length > 0;
const env = { ...process.env, HOLM_TEST_STORE: undefined };
const sqlite = runBun ? await runHalf(["test", "--timeout", "30000", ...bunPaths], env) : notRun;
const postgres = runBun ? await runHalf(["test/postgres-suite.ts", ...bunPaths], env) : notRun;
const py = runPython ? await runHalf(["test/python-suite.ts", ...pythonPaths], env, pytestSummary) : notRun;

const parts: string[] = [];
if (runBun) {
	const skipped = /^PostgreSQL runs skipped: (.*?)\.?$/m.exec(postgres.output)?.[1];
	const used = /^Using PostgreSQL at (.*)$/m.exec(postgres.output)?.[1];
	const poolerSkipped = /^PgBouncer runs skipped: (.*?)\.?$/m.exec(postgres.output)?.[1];
	const pooled = /^Running the multi-instance tests again through PgBouncer/m.test(postgres.output);
	parts.push(`SQLite: ${counts(sqlite)}`);
	parts.push(
		skipped !== undefined
			? `PostgreSQL skipped: ${skipped}${postgres.code === 0 ? "" : " (and HOLM_TEST_REQUIRE_POSTGRES=1 requires it)"}`
			: `PostgreSQL at ${used ?? "an unknown server"}${pooled ? ", and through PgBouncer" : ""}: ${counts(postgres)}${poolerSkipped === undefined ? "" : `; PgBouncer skipped: ${poolerSkipped}`}`,
	);
}
if (runPython) {
	const skipped = /^Python runs skipped: (.*?)\.?$/m.exec(py.output)?.[1];
	parts.push(
		skipped !== undefined
			? `Python skipped: ${skipped}${py.code === 0 ? "" : " (and HOLM_TEST_REQUIRE_PYTHON=1 requires it)"}`
			: `Python: ${counts(py)}`,
	);
}
const passed = sqlite.passed + postgres.passed + py.passed;
const failed = sqlite.failed + postgres.failed + py.failed;
const code = [sqlite.code, postgres.code, py.code].find((c) => c !== 0) ?? 0;
const ok = code === 0 ? "" : " — FAILED";
console.log(`\n${passed} passed, ${failed} failed${ok} (${parts.join("; ")})`);
process.exit(code);
