// Password reset requests on SQLite: the code request verbs (code-requests.ts), and what only a
// reset does.
import type { Database } from "bun:sqlite";
import { stampedAt } from "../../features/code-attempts.ts";
import type { HolmEvent } from "../../features/events/store.ts";
import type { PasswordResetRequest, PasswordResetStore } from "../../features/password-reset/store.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { PASSWORD_RESET_REQUESTS, type PasswordResetRow } from "../code-request-rows.ts";
import { codeRequestVerbs } from "./code-requests.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import { writeForUser } from "./errors.ts";
import { endSessionsWithin } from "./sessions.ts";
import { writeTransaction } from "./db/write-transaction.ts";

/** `now`: the time in seconds that judges expiry. */
export function createSqlitePasswordResetStore(db: Database, reads: SnapshotReads, events: SqliteEventLog, now: () => number): PasswordResetStore {
	const requests = codeRequestVerbs<PasswordResetRow, PasswordResetRequest, Uint8Array>(db, reads, events, PASSWORD_RESET_REQUESTS, now);
	const insertRequest = db.prepare<void, [string, string, number, number, Uint8Array]>(
		`INSERT INTO password_reset_request (id, user_id, created_at, expires_at, code_hash) VALUES (?, ?, ?, ?, ?)`,
	);
	const markVerified = db.prepare<void, [string]>(
		`UPDATE password_reset_request SET email_verified = 1, failed_attempts = failed_attempts - 1 WHERE id = ?`,
	);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);
	const selectVerifiedUser = db.prepare<{ user_id: string }, [string, number]>(
		`SELECT user_id FROM password_reset_request WHERE id = ? AND expires_at > ? AND email_verified = 1`,
	);
	const setPassword = db.prepare<void, [string, string]>(`UPDATE user SET password_hash = ?, email_verified = 1, password_leaked = 0, password_leak_checked_online_at = NULL WHERE id = ?`);
	const deleteEmailUpdateRequests = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE user_id = ?`);

	const resetPassword = writeTransaction(db, (id: string, passwordHash: string, event: HolmEvent, ending: SessionEnding): string | null => {
		const row = selectVerifiedUser.get(id, now());
		if (row === null) return null;
		setPassword.run(passwordHash, row.user_id);
		deleteForUser.run(row.user_id);
		deleteEmailUpdateRequests.run(row.user_id);
		endSessionsWithin(db, events, row.user_id, ending);
		events.write(event);
		return row.user_id;
	});

	return {
		...requests,
		async insert(request, lifetimeSeconds) {
			const times = stampedAt(now(), lifetimeSeconds);
			const written = writeForUser(() => insertRequest.run(request.id, request.userId, times.createdAt, times.expiresAt, request.codeHash));
			return written === "NO_USER" ? written : times;
		},
		async markEmailVerified(id) {
			markVerified.run(id);
		},
		async resetPassword(id, passwordHash, event, ending) {
			return resetPassword(id, passwordHash, event, ending);
		},
	};
}
