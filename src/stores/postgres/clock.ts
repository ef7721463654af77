// The time that judges limits, lockouts, expiry and the sweep on PostgreSQL: the database's clock,
// one for every instance, never the instance's own (API.md section 8). It also stamps the times
// it later judges (a request's created_at and expires_at, a session's created_at and last_used_at):
// a time an instance wrote by a clock an hour fast would keep a code alive an hour longer. An
// instance whose clock is wrong then grants no extra guesses, stretches or cuts no lifetime, and
// sweeps nothing live; it says so in its log (see checkClock in index.ts).
//
// Tests fix the database's time as they fix the instance's (test/support/server.ts), so that moving the
// test clock expires things on PostgreSQL as on SQLite; production never does, and its statements
// read clock_timestamp() and nothing else.
import type { SQL } from "bun";
import type { StoredTimes } from "../../features/code-requests-store.ts";
import type { Clock } from "../../lib/rate-limit.ts";

/** A piece of SQL that a statement embeds, like `${clock.ms(sql)}`. */
type Fragment = SQL.Query<unknown>;

export interface DatabaseClock {
	/** Milliseconds since the epoch, as SQL; read when evaluated (in RETURNING: after the statement's
	 *  row locks were granted). */
	ms(sql: SQL): Fragment;
	/** Whole seconds since the epoch, as SQL, likewise. */
	seconds(sql: SQL): Fragment;
	/** The database's time now, in milliseconds since the epoch. */
	read(sql: SQL): Promise<number>;
	/** seconds() as the text of an expression, for a statement built with sql.unsafe. */
	secondsText(): string;
}

/**
 * The created_at and expires_at of a new row, as two values of an INSERT: the database's time, and
 * that time plus `lifetimeSeconds`. The time is read once, in `stamp`, which the statement must
 * start with, so that no second boundary falls between the two.
 */
export function stampedTimes(q: SQL, clock: DatabaseClock, lifetimeSeconds: number): { stamp: Fragment; values: Fragment } {
	return {
		stamp: q`WITH stamp AS (SELECT ${clock.seconds(q)} AS now)`,
		values: q`(SELECT now FROM stamp), (SELECT now FROM stamp) + ${lifetimeSeconds}`,
	};
}

/** The times of the row a statement's `RETURNING created_at, expires_at` gave. */
export function storedTimes(rows: readonly { created_at: number | string; expires_at: number | string }[]): StoredTimes {
	const row = rows[0]!;
	return { createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
}

/** The database's own clock; `fixed` replaces it, in tests only. */
export function databaseClock(fixed?: Clock): DatabaseClock {
	if (fixed !== undefined) {
		return {
			ms: (sql) => sql`${fixed()}::bigint`,
			seconds: (sql) => sql`${Math.floor(fixed() / 1000)}::bigint`,
			read: async () => fixed(),
			secondsText: () => `${Math.floor(fixed() / 1000)}::bigint`,
		};
	}
	return {
		ms: (sql) => sql`floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint`,
		seconds: (sql) => sql`floor(extract(epoch FROM clock_timestamp()))::bigint`,
		async read(sql) {
			const [row] = await sql<{ ms: number | string }[]>`SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms`;
			return Number(row!.ms);
		},
		secondsText: () => "floor(extract(epoch FROM clock_timestamp()))::bigint",
	};
}
