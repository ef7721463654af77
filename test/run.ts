// `npm test` (`bun test/run.ts [PATH...]`): the whole suite on SQLite (`bun test`), then on PostgreSQL (test/postgres-suite.ts),
// each half's output passed through as it comes, and at the end one line for both together:
// how many passed and failed, and which PostgreSQL was used or why it was skipped. Exits nonzero
// when either half fails (a PostgreSQL that is missing fails only with HOLM_TEST_REQUIRE_POSTGRES=1,
// as postgres-suite.ts decides).
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

/** Runs `args` in the repository, passing its output through, and reads bun test's summary lines
 *  (" 12 pass", " 0 fail"; with several runs, as on PostgreSQL directly and then through PgBouncer,
 *  their sums). */
async function runHalf(args: string[], env: Record<string, string | undefined>): Promise<Half> {
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
	const sum = (pattern: RegExp): number | null => {
		const all = [...output.matchAll(pattern)];
		return all.length === 0 ? null : all.reduce((total, match) => total + Number(match[1]), 0);
	};
	const passed = sum(/^\s*(\d+) pass$/gm);
	const failed = sum(/^\s*(\d+) fail$/gm);
	return { code, passed: passed ?? 0, failed: failed ?? 0, summarised: passed !== null && failed !== null, output };
}

/** "3 passed, 0 failed", saying so when the half failed without failing a test (it crashed, or an
 *  error outside any test). */
function counts(half: Half): string {
	const text = `${half.passed} passed, ${half.failed} failed`;
	if (half.code === 0 || half.failed > 0) return text;
	return `${text}, and it exited ${half.code}${half.summarised ? "" : " without a summary"}`;
}

// `bun test/run.ts PATH...` runs only those test files, in both halves.
const paths = process.argv.slice(2);
const env = { ...process.env, HOLM_TEST_STORE: undefined };
const sqlite = await runHalf(["test", "--timeout", "30000", ...paths], env);
const postgres = await runHalf(["test/postgres-suite.ts", ...paths], env);

const skipped = /^PostgreSQL runs skipped: (.*?)\.?$/m.exec(postgres.output)?.[1];
const used = /^Using PostgreSQL at (.*)$/m.exec(postgres.output)?.[1];
const poolerSkipped = /^PgBouncer runs skipped: (.*?)\.?$/m.exec(postgres.output)?.[1];
const pooled = /^Running the multi-instance tests again through PgBouncer/m.test(postgres.output);
const passed = sqlite.passed + postgres.passed;
const failed = sqlite.failed + postgres.failed;
const code = sqlite.code !== 0 ? sqlite.code : postgres.code;
const ok = code === 0 ? "" : " — FAILED";
const onPostgres =
	skipped !== undefined
		? `PostgreSQL skipped: ${skipped}${postgres.code === 0 ? "" : " (and HOLM_TEST_REQUIRE_POSTGRES=1 requires it)"}`
		: `PostgreSQL at ${used ?? "an unknown server"}${pooled ? ", and through PgBouncer" : ""}: ${counts(postgres)}${poolerSkipped === undefined ? "" : `; PgBouncer skipped: ${poolerSkipped}`}`;
console.log(`\n${passed} passed, ${failed} failed${ok} (SQLite: ${counts(sqlite)}; ${onPostgres})`);
process.exit(code);
