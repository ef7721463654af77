// Every feature's store, and the rate limits of every instance, on one PostgreSQL database
// (section 8 of API.md), through Bun's built-in client.
import { SQL } from "bun";
import { deleteExpiredRows, type Storage, type Stores } from "../index.ts";
import { createPostgresConsoleStore } from "./console.ts";
import { createPostgresEmailUpdateStore } from "./email-update.ts";
import { createPostgresEmailVerificationStore } from "./email-verification.ts";
import { createPostgresLimitStore, deleteExpiredLimits } from "./limits.ts";
import { createPostgresPasswordResetStore } from "./password-reset.ts";
import { createPostgresPasswordStore } from "./passwords.ts";
import { migratePostgres } from "./schema.ts";
import { createPostgresTwoFactorStore } from "./two-factor.ts";
import { createPostgresUserStore } from "./users.ts";

/** Connections each instance opens at most; argon2id, not the database, bounds the throughput. */
export const POSTGRES_POOL_SIZE = 10;

function createPostgresStores(sql: SQL): Stores {
	return {
		users: createPostgresUserStore(sql),
		passwords: createPostgresPasswordStore(sql),
		passwordResets: createPostgresPasswordResetStore(sql),
		emailVerifications: createPostgresEmailVerificationStore(sql),
		emailUpdates: createPostgresEmailUpdateStore(sql),
		twoFactor: createPostgresTwoFactorStore(sql),
		console: createPostgresConsoleStore(sql),
	};
}

function connectPostgres(url: string): SQL {
	// A lost connection fails the queries in flight; the pool opens new ones on demand, so Holm
	// recovers by itself once the database is back.
	return new SQL(url, { max: POSTGRES_POOL_SIZE, idleTimeout: 60, connectionTimeout: 5 });
}

/** Where a connection string points, for messages: host (or socket directory), port, database
 *  and user, never the password. */
export function describePostgres(url: string): string {
	try {
		const parsed = new URL(url);
		const socket = parsed.searchParams.get("path") ?? parsed.searchParams.get("host");
		const host = socket ?? `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
		const user = decodeURIComponent(parsed.username) || "postgres";
		const database = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || user;
		return `${host}/${database} as ${user}`;
	} catch {
		return "the --database connection string";
	}
}

/** Connects, brings the schema up to date (under a lock, so instances may start together). */
export async function openPostgresStorage(url: string): Promise<Storage> {
	const sql = connectPostgres(url);
	try {
		await migratePostgres(sql);
	} catch (error) {
		await sql.close({ timeout: 0 });
		const reason = error instanceof Error ? error.message : String(error);
		throw new Error(`PostgreSQL at ${describePostgres(url)}: ${reason}`, { cause: error });
	}
	const stores = createPostgresStores(sql);
	return {
		kind: "postgres",
		stores,
		limitStore: createPostgresLimitStore(sql),
		async ping() {
			await sql`SELECT 1`;
		},
		async size() {
			const [row] = await sql`SELECT pg_database_size(current_database()) AS bytes`;
			return Number(row.bytes);
		},
		async sweep(nowMs) {
			await deleteExpiredRows(stores, Math.floor(nowMs / 1000));
			await deleteExpiredLimits(sql, nowMs);
		},
		async close() {
			await sql.close({ timeout: 5 });
		},
	};
}
