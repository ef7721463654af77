// Changing a password on PostgreSQL.
import type { SQL } from "bun";
import type { PasswordStore } from "../../features/passwords/store.ts";
import type { PostgresEventLog } from "./events.ts";
import { transaction } from "./connection.ts";
import { endSessionsWithin } from "./sessions.ts";

export function createPostgresPasswordStore(sql: SQL, events: PostgresEventLog): PasswordStore {
	return {
		async replacePasswordHash(userId, expectedHash, newHash, event, ending) {
			return transaction(sql, async (tx) => {
				// One statement, so the compare and the swap are one step: a parallel writer's row lock
				// makes this wait, and the WHERE is then checked again against the committed row.
				const swapped = await tx`UPDATE "user" SET password_hash = ${newHash} WHERE id = ${userId} AND password_hash = ${expectedHash}`;
				if (swapped.count === 0) {
					const exists = await tx`SELECT 1 FROM "user" WHERE id = ${userId}`;
					return exists.length === 0 ? "NOT_FOUND" : "CHANGED_MEANWHILE";
				}
				await tx`DELETE FROM password_reset_request WHERE user_id = ${userId}`;
				await tx`DELETE FROM email_update_request WHERE user_id = ${userId}`;
				await endSessionsWithin(tx, events, userId, ending);
				await events.write(tx, event);
				return "UPDATED";
			});
		},
		async upgradePasswordHash(userId, expectedHash, newHash) {
			// One statement: the compare and the swap are one step (see replacePasswordHash).
			const swapped = await sql`UPDATE "user" SET password_hash = ${newHash} WHERE id = ${userId} AND password_hash = ${expectedHash}`;
			return swapped.count === 1;
		},
	};
}
