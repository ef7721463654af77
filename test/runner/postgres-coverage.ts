// `bun test/runner/postgres-coverage.ts [--fresh] [DIR]`: proves that narrowing the PostgreSQL half of
// `npm test` left nothing untested. It measures, with `bun test --coverage` (lcov):
//   before   what `npm test` ran on PostgreSQL before the store contracts: the whole HTTP suite
//            again, and the multi-instance tests, directly and some through PgBouncer
//   after    what it runs now (test/runner/postgres-selection.ts), directly and through PgBouncer
//   sqlite   the whole suite on SQLite, as `npm test` runs it
// and lists (1) each line of src/stores/postgres that `before` covered and `after` does not, and
// (2) each line elsewhere in src/ that `before` covered and neither `after` nor `sqlite` does:
// behaviour only PostgreSQL reached (its limits, its clock) that no run reaches now. Both lists
// should be empty, or each line in them explained. Measurements are kept in DIR (a temporary
// directory unless given) and reused unless --fresh; a run takes about ten minutes. Coverage is
// the test process's: what a test runs in a child process (the command line) is not counted, in
// either run. Needs PostgreSQL and PgBouncer, as `npm test` finds them.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { BEFORE_CONTRACTS, ON_POSTGRES, THROUGH_PGBOUNCER } from "./postgres-selection.ts";
import { postgresForTests, startPgBouncer } from "../support/postgres.ts";

const root = join(import.meta.dir, "..", "..");
const args = process.argv.slice(2);
const fresh = args.includes("--fresh");
const dir = args.find((arg) => !arg.startsWith("--")) ?? join(tmpdir(), "holm-postgres-coverage");
mkdirSync(dir, { recursive: true });

/** Lines with at least one hit, by file (relative to the repository), from an lcov file. */
type Covered = Map<string, Set<number>>;

function readLcov(path: string): Covered {
	const covered: Covered = new Map();
	let file = "";
	for (const line of readFileSync(path, "utf8").split("\n")) {
		if (line.startsWith("SF:")) {
			file = relative(root, join(root, line.slice(3)));
			if (!covered.has(file)) covered.set(file, new Set());
		} else if (line.startsWith("DA:")) {
			const [number, hits] = line.slice(3).split(",").map(Number);
			if (hits! > 0) covered.get(file)!.add(number!);
		}
	}
	return covered;
}

function union(...all: Covered[]): Covered {
	const joined: Covered = new Map();
	for (const covered of all) {
		for (const [file, lines] of covered) {
			const into = joined.get(file) ?? new Set<number>();
			for (const line of lines) into.add(line);
			joined.set(file, into);
		}
	}
	return joined;
}

/** Runs `paths` with bun test and coverage into DIR/NAME (unless there already), on `env`. */
async function measure(name: string, paths: readonly string[], env: Record<string, string | undefined>): Promise<Covered> {
	const out = join(dir, name);
	const lcov = join(out, "lcov.info");
	if (fresh || !existsSync(lcov)) {
		console.log(`measuring ${name}: bun test ${paths.join(" ")}`);
		const started = Date.now();
		const run = Bun.spawn([process.execPath, "test", "--timeout", "30000", "--coverage", "--coverage-reporter=lcov", `--coverage-dir=${out}`, ...paths], {
			cwd: root,
			env,
			stdout: "pipe",
			stderr: "pipe",
		});
		const [output, errors] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()]);
		const code = await run.exited;
		await Bun.write(join(dir, `${name}.log`), output + errors);
		const summary = (output + errors).match(/^\s*\d+ (pass|fail)$/gm)?.join(",") ?? "no summary";
		console.log(`  ${name}: exit ${code}, ${summary.replace(/\s+/g, " ").trim()}, ${Math.round((Date.now() - started) / 1000)} s (log: ${join(dir, `${name}.log`)})`);
		if (!existsSync(lcov)) throw new Error(`${name} wrote no ${lcov}`);
	}
	return readLcov(lcov);
}

const postgres = await postgresForTests();
if (postgres.url === null) {
	console.error(`no PostgreSQL: ${postgres.reason}`);
	process.exit(1);
}
const pooler = await startPgBouncer(postgres.url);
if (pooler.url === null) {
	console.error(`no PgBouncer: ${pooler.reason}`);
	await postgres.stop();
	process.exit(1);
}
const onPostgres = { ...process.env, HOLM_TEST_STORE: "postgres", HOLM_TEST_DATABASE_URL: postgres.url };
const throughPooler = { ...onPostgres, HOLM_TEST_DATABASE_URL: pooler.url, HOLM_TEST_POOLER: "pgbouncer" };
let before: Covered, after: Covered, sqlite: Covered;
try {
	before = union(await measure("before-postgres", BEFORE_CONTRACTS.onPostgres, onPostgres), await measure("before-pgbouncer", BEFORE_CONTRACTS.throughPgBouncer, throughPooler));
	after = union(await measure("after-postgres", ON_POSTGRES, onPostgres), await measure("after-pgbouncer", THROUGH_PGBOUNCER, throughPooler));
	sqlite = await measure("sqlite", [], { ...process.env, HOLM_TEST_STORE: undefined, HOLM_TEST_DATABASE_URL: undefined });
} finally {
	pooler.stop();
	await postgres.stop();
}

/** Lines of `from` that none of `others` has, by file, for files `which` accepts. */
function missing(from: Covered, others: Covered[], which: (file: string) => boolean): Map<string, number[]> {
	const lost = new Map<string, number[]>();
	for (const [file, lines] of from) {
		if (!which(file)) continue;
		const gone = [...lines].filter((line) => !others.some((other) => other.get(file)?.has(line))).sort((a, b) => a - b);
		if (gone.length > 0) lost.set(file, gone);
	}
	return lost;
}

function show(title: string, lost: Map<string, number[]>): number {
	const count = [...lost.values()].reduce((n, lines) => n + lines.length, 0);
	console.log(`\n${title}: ${count} line${count === 1 ? "" : "s"}`);
	for (const [file, lines] of [...lost].sort()) {
		const source = readFileSync(join(root, file), "utf8").split("\n");
		console.log(`  ${file}`);
		for (const line of lines) console.log(`    ${String(line).padStart(4)}  ${source[line - 1]!.trim()}`);
	}
	return count;
}

const isPostgresStore = (file: string) => file.startsWith("src/stores/postgres/");
const total = (covered: Covered, which: (file: string) => boolean) => [...covered].filter(([file]) => which(file)).reduce((n, [, lines]) => n + lines.size, 0);
console.log(`\nsrc/stores/postgres lines covered: before ${total(before, isPostgresStore)}, after ${total(after, isPostgresStore)}`);
const storeLines = show("Lines of src/stores/postgres covered before and not after", missing(before, [after], isPostgresStore));
const elsewhere = show(
	"Lines elsewhere in src/ that only PostgreSQL reached before and no run reaches now",
	missing(before, [after, sqlite], (file) => file.startsWith("src/") && !isPostgresStore(file)),
);
process.exit(storeLines + elsewhere === 0 ? 0 : 1);
