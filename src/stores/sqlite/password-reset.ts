// Password reset requests on SQLite.
import type { Database } from "bun:sqlite";
import type { HolmEvent } from "../../features/events/store.ts";
import type { PasswordResetRequest, PasswordResetStore } from "../../features/password-reset/store.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import { writeForUser } from "./errors.ts";

interface RequestRow {
	id: string;
	user_id: string;
	created_at: number;
	expires_at: number;
	email_verified: number;
}

const COLUMNS = `id, user_id, created_at, expires_at, email_verified`;

function toRequest(row: RequestRow): PasswordResetRequest {
	return {
		id: row.id,
		userId: row.user_id,
		createdAt: row.created_at,
		expiresAt: row.expires_at,
		emailVerified: row.email_verified === 1,
	};
}

export function createSqlitePasswordResetStore(db: Database, reads: SnapshotReads, events: SqliteEventLog): PasswordResetStore {
	const insertRequest = db.prepare<void, [string, string, number, number, Uint8Array]>(
		`INSERT INTO password_reset_request (id, user_id, created_at, expires_at, code_hash) VALUES (?, ?, ?, ?, ?)`,
	);
	const selectLive = reads.prepare<RequestRow, [string, number]>(
		`SELECT ${COLUMNS} FROM password_reset_request WHERE id = ? AND expires_at > ?`,
	);
	const selectLiveForUser = reads.prepare<RequestRow, [string, number]>(
		`SELECT ${COLUMNS} FROM password_reset_request WHERE user_id = ? AND expires_at > ? ORDER BY created_at, id`,
	);
	const takeAttempt = db.prepare<{ code_hash: Uint8Array; failed_attempts: number; user_id: string }, [string, number, number]>(
		`UPDATE password_reset_request SET failed_attempts = failed_attempts + 1
		WHERE id = ? AND expires_at > ? AND failed_attempts < ?
		RETURNING code_hash, failed_attempts, user_id`,
	);
	const markVerified = db.prepare<void, [string]>(
		`UPDATE password_reset_request SET email_verified = 1, failed_attempts = failed_attempts - 1 WHERE id = ?`,
	);
	const deleteLive = db.prepare<void, [string, number]>(`DELETE FROM password_reset_request WHERE id = ? AND expires_at > ?`);
	const deleteById = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE id = ?`);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);
	const selectVerifiedUser = db.prepare<{ user_id: string }, [string, number]>(
		`SELECT user_id FROM password_reset_request WHERE id = ? AND expires_at > ? AND email_verified = 1`,
	);
	const setPassword = db.prepare<void, [string, string]>(`UPDATE user SET password_hash = ?, email_verified = 1, password_leaked = 0, password_leak_checked_online_at = NULL WHERE id = ?`);
	const deleteEmailUpdateRequests = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE user_id = ?`);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM password_reset_request WHERE expires_at <= ?`);

	const deleteWithEvent = db.transaction((id: string, event: HolmEvent) => {
		deleteById.run(id);
		events.write(event);
	});
	const resetPassword = db.transaction((id: string, passwordHash: string, now: number, event: HolmEvent): string | null => {
		const row = selectVerifiedUser.get(id, now);
		if (row === null) return null;
		setPassword.run(passwordHash, row.user_id);
		deleteForUser.run(row.user_id);
		deleteEmailUpdateRequests.run(row.user_id);
		events.write(event);
		return row.user_id;
	});

	return {
		async insert(request) {
			return writeForUser(() => insertRequest.run(request.id, request.userId, request.createdAt, request.expiresAt, request.codeHash));
		},
		async get(id, now) {
			const row = selectLive.get(id, now);
			return row === null ? null : toRequest(row);
		},
		async listForUser(userId, now) {
			return selectLiveForUser.all(userId, now).map(toRequest);
		},
		async delete(id, now) {
			return deleteLive.run(id, now).changes > 0;
		},
		async deleteForUser(userId) {
			deleteForUser.run(userId);
		},
		async takeCodeAttempt(id, now, maxAttempts) {
			const row = takeAttempt.get(id, now, maxAttempts);
			return row === null ? null : { code: row.code_hash, attempts: row.failed_attempts, userId: row.user_id };
		},
		async deleteAfterLastAttempt(id, event) {
			deleteWithEvent(id, event);
		},
		async markEmailVerified(id) {
			markVerified.run(id);
		},
		async resetPassword(id, passwordHash, now, event) {
			return resetPassword(id, passwordHash, now, event);
		},
		async deleteExpired(now) {
			deleteExpired.run(now);
		},
	};
}
