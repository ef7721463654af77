// Changing a password on PostgreSQL.
import type { SQL } from "bun";
import { written } from "../../features/events/store.ts";
import type { PasswordStore } from "../../features/passwords/store.ts";
import type { DatabaseClock } from "./clock.ts";
import type { Int8, PostgresEventLog } from "./events.ts";
import { transaction } from "./connection.ts";
import { endSessionsWithin } from "./sessions.ts";

export function createPostgresPasswordStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): PasswordStore {
	return {
		async replacePasswordHash(userId, expectedHash, newHash, event, ending) {
			return transaction(sql, async (tx) => {
				// One statement, so the compare and the swap are one step: a parallel writer's row lock
				// makes this wait, and the WHERE is then checked again against the committed row.
				// A new password: the leak lists did not hold it, so the flag and the day's online check go.
				const swapped = await tx`UPDATE "user" SET password_hash = ${newHash}, password_leaked = false, password_leak_checked_online_at = NULL
					WHERE id = ${userId} AND password_hash = ${expectedHash}`;
				if (swapped.count === 0) {
					const exists = await tx`SELECT 1 FROM "user" WHERE id = ${userId}`;
					return { outcome: exists.length === 0 ? "NOT_FOUND" : "CHANGED_MEANWHILE" } as const;
				}
				await tx`DELETE FROM password_reset_request WHERE user_id = ${userId}`;
				await tx`DELETE FROM email_update_request WHERE user_id = ${userId}`;
				const ended = await endSessionsWithin(tx, events, userId, ending);
				await events.write(tx, event);
				return { outcome: "UPDATED", written: written(ended, event) } as const;
			});
		},
		async upgradePasswordHash(userId, expectedHash, newHash) {
			// One statement: the compare and the swap are one step (see replacePasswordHash).
			const swapped = await sql`UPDATE "user" SET password_hash = ${newHash} WHERE id = ${userId} AND password_hash = ${expectedHash}`;
			return swapped.count === 1;
		},
		async markPasswordLeaked(userId, verifiedHash) {
			const marked = await sql`UPDATE "user" SET password_leaked = true WHERE id = ${userId} AND password_hash = ${verifiedHash} AND NOT password_leaked`;
			return marked.count === 1;
		},
		async claimOnlineLeakCheck(userId, verifiedHash, intervalSeconds) {
			// Dated and judged by the database's clock, read once: every instance then asks once a day.
			const claimed = await sql`WITH stamp AS (SELECT ${clock.seconds(sql)} AS now)
				UPDATE "user" SET password_leak_checked_online_at = (SELECT now FROM stamp)
				WHERE id = ${userId} AND password_hash = ${verifiedHash}
				AND (password_leak_checked_online_at IS NULL OR password_leak_checked_online_at <= (SELECT now FROM stamp) - ${intervalSeconds})`;
			return claimed.count === 1;
		},
		async countLeakedPasswords() {
			const [row] = await sql<{ n: Int8 }[]>`SELECT count(*) AS n FROM "user" WHERE password_leaked`;
			return Number(row!.n);
		},
	};
}
