// Changing a password on SQLite.
import type { Database } from "bun:sqlite";
import { type HolmEvent, written } from "../../features/events/store.ts";
import type { PasswordStore, ReplaceHashOutcome } from "../../features/passwords/store.ts";
import type { SqliteEventLog } from "./events.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { endSessionsWithin } from "./sessions.ts";
import { writeTransaction } from "./db/write-transaction.ts";

/** `now`: the time in seconds that dates and judges the online leak check. */
export function createSqlitePasswordStore(db: Database, events: SqliteEventLog, now: () => number): PasswordStore {
	const swapHash = db.prepare<void, [string, string, string]>(`UPDATE user SET password_hash = ? WHERE id = ? AND password_hash = ?`);
	// A new password: the leak lists did not hold it, so the flag and the day's online check go.
	const setNewHash = db.prepare<void, [string, string, string]>(
		`UPDATE user SET password_hash = ?, password_leaked = 0, password_leak_checked_online_at = NULL WHERE id = ? AND password_hash = ?`,
	);
	const markLeaked = db.prepare<void, [string, string]>(`UPDATE user SET password_leaked = 1 WHERE id = ? AND password_hash = ? AND password_leaked = 0`);
	const claimOnline = db.prepare<void, [number, string, string, number]>(
		`UPDATE user SET password_leak_checked_online_at = ?1 WHERE id = ?2 AND password_hash = ?3
		AND (password_leak_checked_online_at IS NULL OR password_leak_checked_online_at <= ?1 - ?4)`,
	);
	const countLeaked = db.prepare<{ n: number }, []>(`SELECT count(*) AS n FROM user WHERE password_leaked = 1`);
	const selectUser = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE id = ?`);
	const deleteResetRequests = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);
	const deleteEmailUpdateRequests = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE user_id = ?`);

	const replacePasswordHash = writeTransaction(db, (userId: string, expectedHash: string, newHash: string, event: HolmEvent, ending: SessionEnding): ReplaceHashOutcome => {
		if (setNewHash.run(newHash, userId, expectedHash).changes === 0) {
			return { outcome: selectUser.get(userId) === null ? "NOT_FOUND" : "CHANGED_MEANWHILE" };
		}
		deleteResetRequests.run(userId);
		deleteEmailUpdateRequests.run(userId);
		const ended = endSessionsWithin(db, events, userId, ending);
		events.write(event);
		return { outcome: "UPDATED", written: written(ended, event) };
	});

	return {
		async replacePasswordHash(userId, expectedHash, newHash, event, ending) {
			return replacePasswordHash(userId, expectedHash, newHash, event, ending);
		},
		async upgradePasswordHash(userId, expectedHash, newHash) {
			return swapHash.run(newHash, userId, expectedHash).changes === 1;
		},
		async markPasswordLeaked(userId, verifiedHash) {
			return markLeaked.run(userId, verifiedHash).changes === 1;
		},
		async claimOnlineLeakCheck(userId, verifiedHash, intervalSeconds) {
			return claimOnline.run(now(), userId, verifiedHash, intervalSeconds).changes === 1;
		},
		async countLeakedPasswords() {
			return countLeaked.get()!.n;
		},
	};
}
