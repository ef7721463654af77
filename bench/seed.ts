// Users for bench/run.ts, written straight into the database that `holm migrate` has just created:
// making 100,000 users through POST /users would take about 25 minutes of argon2id on two cores.
// Every seeded user has the same password, so one argon2id hash (at Holm's parameters) serves all.
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { join } from "node:path";
import { generateCode, generateId } from "../src/lib/ids.ts";

export const SEED_PASSWORD = "benchmark passphrase 2026";

/** The seeded user i's email; the benchmark's Lua scripts build the same string. */
export function seedEmail(i: number): string {
	return `seed${i}@example.com`;
}

export type Target = { kind: "sqlite"; dir: string } | { kind: "postgres"; url: string };

export interface SeedResult {
	/** Ids in creation order (created_at ascending, one second apart). */
	ids: string[];
	milliseconds: number;
}

type Row = {
	id: string;
	created_at: number;
	email: string;
	password_hash: string;
	recovery_code: string;
};

function rows(count: number, passwordHash: string): Row[] {
	const first = Math.floor(Date.now() / 1000) - count;
	return Array.from({ length: count }, (_, i) => ({
		id: generateId(),
		created_at: first + i,
		email: seedEmail(i),
		password_hash: passwordHash,
		recovery_code: generateCode(),
	}));
}

/** Inserts `count` users (SQLite: in one transaction); the schema must exist (holm migrate). */
export async function seedUsers(target: Target, count: number, passwordHash: string): Promise<SeedResult> {
	const users = rows(count, passwordHash);
	const started = performance.now();
	if (target.kind === "sqlite") {
		const db = new Database(join(target.dir, "holm.db"), { strict: true });
		try {
			db.run("PRAGMA busy_timeout = 5000");
			const insert = db.prepare("INSERT INTO user (id, created_at, email, email_verified, password_hash, recovery_code) VALUES ($id, $created_at, $email, 0, $password_hash, $recovery_code)");
			db.transaction(() => {
				for (const user of users) insert.run(user);
			})();
		} finally {
			db.close();
		}
	} else {
		const sql = new SQL(target.url, { max: 1 });
		try {
			// Batches of 1,000 rows, each its own transaction. Holm's user_count trigger updates one
			// counter row for every inserted user, and within one transaction each update steps over
			// all the versions of that row before it: 100,000 users in one transaction took 76 s, in
			// batches about 3 s. Ids and codes go as comma-separated texts (neither alphabet has a
			// comma) that the server unnests, one statement a batch.
			for (let at = 0; at < users.length; at += 1000) {
				const batch = users.slice(at, at + 1000);
				await sql`
					INSERT INTO "user" (id, created_at, email, email_verified, password_hash, recovery_code)
					SELECT t.id, ${batch[0]!.created_at}::bigint + t.n - 1, 'seed' || (${at}::bigint + t.n - 1) || '@example.com', false, ${passwordHash}, t.code
					FROM unnest(string_to_array(${batch.map((u) => u.id).join(",")}, ','), string_to_array(${batch.map((u) => u.recovery_code).join(",")}, ','))
						WITH ORDINALITY AS t(id, code, n)`;
			}
			// What autovacuum would have done to a table that grew to this size in production; without
			// it the planner works from the statistics of an empty table.
			await sql`VACUUM ANALYZE`;
		} finally {
			await sql.close();
		}
	}
	return { ids: users.map((u) => u.id), milliseconds: performance.now() - started };
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
