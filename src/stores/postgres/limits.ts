// Rate-limit state on PostgreSQL, shared by every instance: the LimitStore of src/limits.ts, so
// each limit holds across all instances together exactly as on one. Each decision is made at the
// database's time, read once the rows are locked, never this instance's: instances whose clocks
// disagree still judge a key alike.
import type { SQL } from "bun";
import type { LimitKey, LimitStore } from "../../limits.ts";
import type { DatabaseClock } from "./clock.ts";
import type { Int8 } from "./events.ts";
import { transaction } from "./connection.ts";

export function createPostgresLimitStore(sql: SQL, clock: DatabaseClock): LimitStore {
	return {
		async update(keys: LimitKey[], decide) {
			const rules = keys.map(({ rule }) => rule.name);
			const names = keys.map(({ key }) => key);
			return transaction(sql, async (tx) => {
				// Read and lock in one statement: an upsert that "updates" each row to itself locks it,
				// and inserts a placeholder for a key never seen, so two first-time requests for one key
				// queue on it instead of both reading "nothing". (An INSERT … DO NOTHING and then a
				// SELECT … FOR UPDATE would leave a gap: the sweep could delete an expired row between
				// the two, and two updates would then both lock nothing.) Rows are taken in one order,
				// whoever asks, so that two updates of the same keys cannot deadlock.
				const rows = await tx<{ rule: string; key: string; state: unknown; now: Int8 }[]>`INSERT INTO rate_limit (rule, key, state, expires_at)
					SELECT DISTINCT rule, key, NULL::jsonb, ${clock.ms(tx)}
					FROM unnest(${sql.array(rules, "text")}::text[], ${sql.array(names, "text")}::text[]) AS k (rule, key)
					ORDER BY rule, key
					ON CONFLICT (rule, key) DO UPDATE SET state = rate_limit.state
					RETURNING rule, key, state, ${clock.ms(tx)} AS now`;
				const found = new Map<string, unknown>(rows.map((row) => [`${row.rule}\u0000${row.key}`, row.state ?? undefined]));
				// The latest of the rows' readings: each was taken once its row was locked.
				const now = Math.max(...rows.map((row) => Number(row.now)));
				const decision = decide(
					keys.map(({ rule, key }) => found.get(`${rule.name}\u0000${key}`)),
					now,
				);
				const kept = keys.flatMap(({ rule, key }, i) => {
					const state = decision.states[i];
					return state === undefined ? [] : [{ rule: rule.name, key, state, expires_at: rule.expiresAt(state) }];
				});
				const dropped = keys.filter((_, i) => decision.states[i] === undefined);
				if (kept.length > 0) {
					await tx`INSERT INTO rate_limit ${sql(kept)}
						ON CONFLICT (rule, key) DO UPDATE SET state = excluded.state, expires_at = excluded.expires_at`;
				}
				if (dropped.length > 0) {
					await tx`DELETE FROM rate_limit WHERE (rule, key) IN (SELECT * FROM unnest(
						${sql.array(dropped.map(({ rule }) => rule.name), "text")}::text[], ${sql.array(dropped.map(({ key }) => key), "text")}::text[]))`;
				}
				return decision.result;
			});
		},
		async read(keys: LimitKey[]) {
			// One row per key, found or not, so the database's time comes back even for none.
			const rows = await sql<{ state: unknown; now: Int8 }[]>`SELECT r.state, ${clock.ms(sql)} AS now
				FROM unnest(${sql.array(keys.map(({ rule }) => rule.name), "text")}::text[], ${sql.array(keys.map(({ key }) => key), "text")}::text[])
					WITH ORDINALITY AS k (rule, key, i)
				LEFT JOIN rate_limit r ON r.rule = k.rule AND r.key = k.key
				ORDER BY k.i`;
			return { states: rows.map((row) => row.state ?? undefined), now: Number(rows[0]?.now ?? (await clock.read(sql))) };
		},
	};
}

/** Drops limit state that no longer matters (milliseconds, like the limits' clock; the database's). */
export async function deleteExpiredLimits(sql: SQL, nowMs: number): Promise<void> {
	await sql`DELETE FROM rate_limit WHERE expires_at <= ${nowMs}`;
}
