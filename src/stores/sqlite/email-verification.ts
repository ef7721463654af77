// Email verification requests on SQLite.
import type { Database } from "bun:sqlite";
import type { HolmEvent } from "../../features/events/store.ts";
import type { EmailVerificationRequest, EmailVerificationStore } from "../../features/email-verification/store.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import { writeForUser } from "./errors.ts";

interface RequestRow {
	user_id: string;
	created_at: number;
	expires_at: number;
	code: string;
}

function toRequest(row: RequestRow): EmailVerificationRequest {
	return { userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at, code: row.code };
}

export function createSqliteEmailVerificationStore(db: Database, reads: SnapshotReads, events: SqliteEventLog): EmailVerificationStore {
	const upsertRequest = db.prepare<void, [string, number, number, string]>(
		`INSERT INTO email_verification_request (user_id, created_at, expires_at, code) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET
			created_at = excluded.created_at, expires_at = excluded.expires_at, code = excluded.code, failed_attempts = 0`,
	);
	const selectLive = reads.prepare<RequestRow, [string, number]>(
		`SELECT user_id, created_at, expires_at, code FROM email_verification_request WHERE user_id = ? AND expires_at > ?`,
	);
	const takeAttempt = db.prepare<{ code: string; failed_attempts: number }, [string, number, number]>(
		`UPDATE email_verification_request SET failed_attempts = failed_attempts + 1
		WHERE user_id = ? AND expires_at > ? AND failed_attempts < ?
		RETURNING code, failed_attempts`,
	);
	const markEmailVerified = db.prepare<void, [string]>(`UPDATE user SET email_verified = 1 WHERE id = ?`);
	const deleteLive = db.prepare<void, [string, number]>(`DELETE FROM email_verification_request WHERE user_id = ? AND expires_at > ?`);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM email_verification_request WHERE user_id = ?`);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM email_verification_request WHERE expires_at <= ?`);

	const verifyEmail = db.transaction((userId: string, event: HolmEvent): void => {
		markEmailVerified.run(userId);
		deleteForUser.run(userId);
		events.write(event);
	});
	const deleteWithEvent = db.transaction((userId: string, event: HolmEvent) => {
		deleteForUser.run(userId);
		events.write(event);
	});

	return {
		async replace(request) {
			return writeForUser(() => upsertRequest.run(request.userId, request.createdAt, request.expiresAt, request.code));
		},
		async get(userId, now) {
			const row = selectLive.get(userId, now);
			return row === null ? null : toRequest(row);
		},
		async delete(userId, now) {
			return deleteLive.run(userId, now).changes > 0;
		},
		async takeCodeAttempt(userId, now, maxAttempts) {
			const row = takeAttempt.get(userId, now, maxAttempts);
			return row === null ? null : { code: row.code, attempts: row.failed_attempts, userId };
		},
		async deleteAfterLastAttempt(userId, event) {
			deleteWithEvent(userId, event);
		},
		async verifyEmail(userId, event) {
			verifyEmail(userId, event);
		},
		async deleteExpired(now) {
			deleteExpired.run(now);
		},
	};
}
