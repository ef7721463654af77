// What bench/run.ts seeds its users with (they come in through `holm import`: bench/import-export.ts):
// one password for all, so one argon2id hash (at Holm's parameters) serves every user, since making
// 100,000 users through POST /users would take about 25 minutes of argon2id on two cores; their
// emails; and throwaway PostgreSQL databases.
import { SQL } from "bun";

export const SEED_PASSWORD = "benchmark passphrase 2026";

/** VACUUM ANALYZE, as autovacuum would have done to a table that grew this fast: without it the
 *  planner works from the statistics of an empty table. */
export async function analyze(url: string): Promise<void> {
	const sql = new SQL(url, { max: 1 });
	try {
		await sql`VACUUM ANALYZE`;
	} finally {
		await sql.close();
	}
}

/** The seeded user i's email; the benchmark's Lua scripts build the same string. */
export function seedEmail(i: number): string {
	return `seed${i}@example.com`;
}

function withDatabase(url: string, name: string): string {
	const parsed = new URL(url);
	parsed.pathname = `/${name}`;
	return parsed.toString();
}

/** A new, empty database on the server of `adminUrl`, so the benchmark never writes into one
 *  that holds anything else; dropped again by dropBenchDatabase. */
export async function createBenchDatabase(adminUrl: string): Promise<string> {
	const name = `holm_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
	const admin = new SQL(adminUrl, { max: 1 });
	try {
		await admin.unsafe(`CREATE DATABASE ${name}`);
	} finally {
		await admin.close();
	}
	return withDatabase(adminUrl, name);
}

export async function dropBenchDatabase(adminUrl: string, url: string): Promise<void> {
	const name = new URL(url).pathname.slice(1);
	if (!/^holm_bench_[0-9a-f]{12}$/.test(name)) throw new Error(`refusing to drop ${name}: not a database the benchmark created`);
	const admin = new SQL(adminUrl, { max: 1 });
	try {
		await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
	} finally {
		await admin.close();
	}
}

/** Facts about the database for the report: its version, and how many rows and bytes the rate
 *  limits take there (PostgreSQL keeps every limit in a table; SQLite's are in Holm's memory). */
export async function postgresFacts(url: string): Promise<{ version: string; rateLimitRows: number; rateLimitBytes: number }> {
	const sql = new SQL(url, { max: 1 });
	try {
		const [{ server_version }] = await sql`SHOW server_version`;
		const [{ rows, bytes }] = await sql`SELECT count(*)::int AS rows, pg_total_relation_size('rate_limit')::bigint AS bytes FROM rate_limit`;
		return { version: String(server_version), rateLimitRows: Number(rows), rateLimitBytes: Number(bytes) };
	} finally {
		await sql.close();
	}
}
