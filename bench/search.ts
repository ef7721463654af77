// `GET /users?email_query=` at a million users, on both databases (`bun bench/search.ts`, also run by
// `npm run bench`): users seeded straight into the database (one INSERT … SELECT, as a bulk load or
// a restored dump would leave them: on PostgreSQL no ANALYZE yet, the trigram index's pending list
// as the load left it), then the store's list call one at a time, one connection, for a rare
// substring (one match) and a common one (11,111 matches, every one counted for
// X-Pagination-Total). PostgreSQL is timed fresh, then after VACUUM ANALYZE. BENCH_USERS changes
// the count; HOLM_BENCH_DATABASE=postgres://… uses that server (a throwaway database on it),
// otherwise a private one is started as the tests do.
import { SQL } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UserListQuery, UserStore } from "../src/features/users/store.ts";
import { openPostgresStorage } from "../src/stores/postgres/index.ts";
import { openSqliteStorage } from "../src/stores/sqlite/index.ts";
import { startPrivateServer } from "../test/support/postgres.ts";
import { createBenchDatabase, dropBenchDatabase } from "./seed.ts";

const USERS = Number((process.env.BENCH_USERS ?? "1000000").replaceAll("_", ""));
const RUNS = 41;
const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq";
const RARE = `seed${USERS - 1}@`;
const COMMON = "seed99";

function query(emailQuery: string, page: Partial<UserListQuery> = {}): UserListQuery {
	return { sortBy: "created_at", sortOrder: "ascending", limit: 20, offset: 0, emailQuery, exactEmail: null, ...page } as UserListQuery;
}

/** The median and the fastest of RUNS calls (on a machine other work shares, the fastest is the
 *  closest to the query's own cost). */
async function p50(users: UserStore, emailQuery: string, page: Partial<UserListQuery> = {}): Promise<{ ms: number; min: number; total: number }> {
	let total = 0;
	const took: number[] = [];
	for (let i = 0; i < RUNS + 3; i++) {
		const started = performance.now();
		total = (await users.list(query(emailQuery, page))).total;
		if (i >= 3) took.push(performance.now() - started);
	}
	took.sort((a, b) => a - b);
	return { ms: took[Math.floor(took.length / 2)]!, min: took[0]!, total };
}

function row(what: string, store: string, result: { ms: number; min: number; total: number }): void {
	console.log(`| \`email_query=${what}\` (${result.total.toLocaleString("en-US")} match${result.total === 1 ? "" : "es"}), ${store} | p50 ${result.ms.toFixed(2)} ms, fastest ${result.min.toFixed(2)} ms |`);
}

// Ids of the seeded users: 24 characters of Holm's alphabet, made from the row number.
const ID_SQL = `substr(translate(md5(g::text) || md5((g + 1)::text), '01', 'xy'), 1, 24)`;

async function postgres(): Promise<void> {
	const given = process.env.HOLM_BENCH_DATABASE || undefined;
	const server = given === undefined ? await startPrivateServer() : null;
	if (server !== null && server.url === null) throw new Error(`no PostgreSQL for the benchmark: ${server.reason}`);
	const adminUrl = given ?? server!.url!;
	const database = await createBenchDatabase(adminUrl);
	try {
		await (await openPostgresStorage(database)).close();
		const sql = new SQL(database, { max: 1, prepare: false });
		await sql`SET statement_timeout = 0`;
		const seeded = performance.now();
		await sql.unsafe(`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code)
			SELECT ${ID_SQL}, 1700000000 + g, 'seed' || g || '@example.com', '${HASH}', 'ABCDEFGH' FROM generate_series(0, ${USERS - 1}) g`);
		console.error(`PostgreSQL: ${USERS.toLocaleString("en-US")} users seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
		const storage = await openPostgresStorage(database);
		const users = storage.stores.users;
		row(RARE, "PostgreSQL, fresh (no ANALYZE)", await p50(users, RARE));
		row(COMMON, "PostgreSQL, fresh (no ANALYZE)", await p50(users, COMMON));
		await sql`VACUUM ANALYZE`;
		row(RARE, "PostgreSQL, after VACUUM ANALYZE", await p50(users, RARE));
		row(COMMON, "PostgreSQL, after VACUUM ANALYZE", await p50(users, COMMON));
		// The query before this change, on the same table and connection count, for the ratio.
		const before = async (emailQuery: string) => {
			const took: number[] = [];
			for (let i = 0; i < RUNS + 3; i++) {
				const started = performance.now();
				await sql.unsafe(
					`WITH matches AS MATERIALIZED (SELECT id, created_at FROM "user" WHERE email LIKE $1)
					SELECT id, (SELECT count(*) FROM matches) AS total FROM matches ORDER BY created_at, id LIMIT 20`,
					[`%${emailQuery}%`],
				);
				if (i >= 3) took.push(performance.now() - started);
			}
			took.sort((a, b) => a - b);
			return `p50 ${took[Math.floor(took.length / 2)]!.toFixed(2)} ms, fastest ${took[0]!.toFixed(2)} ms`;
		};
		console.log(`| the previous query (the whole pattern to the index), after VACUUM ANALYZE | rare ${await before(RARE)}; common ${await before(COMMON)} |`);
		await storage.close();
		await sql.close();
	} finally {
		await dropBenchDatabase(adminUrl, database);
		await server?.stop();
	}
}

async function sqlite(): Promise<void> {
	const dir = mkdtempSync(join(tmpdir(), "holm-bench-search-"));
	try {
		const path = join(dir, "holm.db");
		openSqliteStorage(path).close();
		const { Database } = await import("bun:sqlite");
		const db = new Database(path);
		const seeded = performance.now();
		db.run(`INSERT INTO user (id, created_at, email, password_hash, recovery_code)
			WITH RECURSIVE g(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM g WHERE n < ${USERS - 1})
			SELECT printf('%024d', n), 1700000000 + n, 'seed' || n || '@example.com', '${HASH}', 'ABCDEFGH' FROM g`);
		db.close();
		console.error(`SQLite: ${USERS.toLocaleString("en-US")} users seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
		const storage = openSqliteStorage(path);
		row(RARE, "SQLite", await p50(storage.stores.users, RARE));
		row(COMMON, "SQLite", await p50(storage.stores.users, COMMON));
		// The common one's other pages: newest first and by id (the walk), and page 250 (the sort).
		row(COMMON, "SQLite, newest first", await p50(storage.stores.users, COMMON, { sortOrder: "descending" }));
		row(COMMON, "SQLite, by id", await p50(storage.stores.users, COMMON, { sortBy: "id" }));
		row(COMMON, "SQLite, page 250 (offset 4,980)", await p50(storage.stores.users, COMMON, { offset: 4980 }));
		await storage.close();
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

console.log(`Load before: ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
if (process.env.BENCH_SEARCH !== "sqlite") await postgres();
if (process.env.BENCH_SEARCH !== "postgres") await sqlite();
console.log(`Load after: ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`);
