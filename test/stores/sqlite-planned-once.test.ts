// SQLite, as Bun ships it, reads some bound parameters when it plans a statement (a LIMIT or
// OFFSET, and a value compared with = in a statement that orders or limits its rows), and so plans
// the statement again every time one of them is bound: every run, 4 to 14 µs each. A page of users
// spent about a quarter of its CPU on it (docs/benchmarks.md, "A bound parameter can make SQLite
// plan a statement on every run"). `+?` is the same value, as an expression the planner does not
// read, and the plans stay as they were. No SQLite statement of Holm's may give one of those
// parameters bare.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "../../src/stores/sqlite");
// A template literal's ${…} is a constant, not a parameter.
const BARE_LIMIT = /\b(LIMIT|OFFSET)\s+([?:@]|\$(?!\{))/i;
const BARE_EQUAL = /(?<![<>!=])=\s*([?:@]|\$(?!\{))/;

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
	);
}

/** Each statement (template literal) of the SQLite stores, with where it is. */
function statements(): { where: string; sql: string }[] {
	return sources(ROOT).flatMap((file) => {
		const text = readFileSync(file, "utf8");
		return [...text.matchAll(/`[^`]*`/g)].map((match) => ({
			where: `${file.slice(ROOT.length + 1)}:${text.slice(0, match.index).split("\n").length}`,
			sql: match[0].replace(/\s+/g, " "),
		}));
	});
}

test("no SQLite statement gives LIMIT or OFFSET as a bare parameter, which SQLite plans again on every run", () => {
	expect(statements().filter(({ sql }) => BARE_LIMIT.test(sql))).toEqual([]);
});

test("no SQLite statement that orders or limits its rows compares with = a bare parameter, which SQLite plans again on every run", () => {
	expect(statements().filter(({ sql }) => /\b(ORDER BY|LIMIT)\b/.test(sql) && BARE_EQUAL.test(sql))).toEqual([]);
});

test("LIMIT +?, OFFSET +? and = +? select what LIMIT ?, OFFSET ? and = ? do, from the values bound", () => {
	const db = new Database(":memory:");
	db.run("CREATE TABLE t (owner TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (owner, n)) WITHOUT ROWID");
	for (let n = 1; n <= 10; n++) db.run("INSERT INTO t VALUES (?, ?), ('other', ?)", ["me", n, n]);
	const page = db.prepare<{ n: number }, [string, number, number]>("SELECT n FROM t WHERE owner = +? ORDER BY n LIMIT +? OFFSET +?");
	expect(page.all("me", 3, 0).map((row) => row.n)).toEqual([1, 2, 3]);
	expect(page.all("me", 4, 8).map((row) => row.n)).toEqual([9, 10]);
	expect(page.all("me", 0, 2)).toEqual([]);
	expect(page.all("nobody", 5, 0)).toEqual([]);
	// The equality still searches the primary key: the plan is the one the bare parameter had.
	const plan = (sql: string) => db.query<{ detail: string }, [string, number, number]>(`EXPLAIN QUERY PLAN ${sql}`).all("me", 1, 0).map((row) => row.detail);
	expect(plan("SELECT n FROM t WHERE owner = +? ORDER BY n LIMIT +? OFFSET +?")).toEqual(plan("SELECT n FROM t WHERE owner = ? ORDER BY n LIMIT ? OFFSET ?"));
	db.close();
});
