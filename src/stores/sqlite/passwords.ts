// Changing a password on SQLite.
import type { Database } from "bun:sqlite";
import type { HolmEvent } from "../../features/events/store.ts";
import type { PasswordStore, ReplaceHashOutcome } from "../../features/passwords/store.ts";
import type { SqliteEventLog } from "./events.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { endSessionsWithin } from "./sessions.ts";

export function createSqlitePasswordStore(db: Database, events: SqliteEventLog): PasswordStore {
	const swapHash = db.prepare<void, [string, string, string]>(`UPDATE user SET password_hash = ? WHERE id = ? AND password_hash = ?`);
	const selectUser = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE id = ?`);
	const deleteResetRequests = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);
	const deleteEmailUpdateRequests = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE user_id = ?`);

	const replacePasswordHash = db.transaction((userId: string, expectedHash: string, newHash: string, event: HolmEvent, ending: SessionEnding): ReplaceHashOutcome => {
		if (swapHash.run(newHash, userId, expectedHash).changes === 0) {
			return selectUser.get(userId) === null ? "NOT_FOUND" : "CHANGED_MEANWHILE";
		}
		deleteResetRequests.run(userId);
		deleteEmailUpdateRequests.run(userId);
		endSessionsWithin(db, events, userId, ending);
		events.write(event);
		return "UPDATED";
	});

	return {
		async replacePasswordHash(userId, expectedHash, newHash, event, ending) {
			return replacePasswordHash(userId, expectedHash, newHash, event, ending);
		},
		async upgradePasswordHash(userId, expectedHash, newHash) {
			return swapHash.run(newHash, userId, expectedHash).changes === 1;
		},
	};
}
