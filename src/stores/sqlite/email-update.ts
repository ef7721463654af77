// Email update requests on SQLite.
import type { Database } from "bun:sqlite";
import { withData, type HolmEvent } from "../../features/events/store.ts";
import type { ApplyEmailUpdateOutcome, EmailUpdateRequest, EmailUpdateStore } from "../../features/email-update/store.ts";
import { isUniqueViolation, writeForUser } from "./errors.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { endSessionsWithin } from "./sessions.ts";

interface RequestRow {
	id: string;
	user_id: string;
	created_at: number;
	expires_at: number;
	email: string;
	code: string;
}

const COLUMNS = `id, user_id, created_at, expires_at, email, code`;

function toRequest(row: RequestRow): EmailUpdateRequest {
	return {
		id: row.id,
		userId: row.user_id,
		createdAt: row.created_at,
		expiresAt: row.expires_at,
		email: row.email,
		code: row.code,
	};
}

export function createSqliteEmailUpdateStore(db: Database, reads: SnapshotReads, events: SqliteEventLog): EmailUpdateStore {
	const insertRequest = db.prepare<void, [string, string, number, number, string, string]>(
		`INSERT INTO email_update_request (id, user_id, created_at, expires_at, email, code) VALUES (?, ?, ?, ?, ?, ?)`,
	);
	const selectLive = reads.prepare<RequestRow, [string, number]>(`SELECT ${COLUMNS} FROM email_update_request WHERE id = ? AND expires_at > ?`);
	const selectLiveForUser = reads.prepare<RequestRow, [string, number]>(
		`SELECT ${COLUMNS} FROM email_update_request WHERE user_id = ? AND expires_at > ? ORDER BY created_at, id`,
	);
	const takeAttempt = db.prepare<{ code: string; failed_attempts: number; user_id: string }, [string, number, number]>(
		`UPDATE email_update_request SET failed_attempts = failed_attempts + 1
		WHERE id = ? AND expires_at > ? AND failed_attempts < ?
		RETURNING code, failed_attempts, user_id`,
	);
	const giveAttemptBack = db.prepare<void, [string]>(`UPDATE email_update_request SET failed_attempts = failed_attempts - 1 WHERE id = ?`);
	const deleteLive = db.prepare<void, [string, number]>(`DELETE FROM email_update_request WHERE id = ? AND expires_at > ?`);
	const deleteById = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE id = ?`);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE user_id = ?`);
	const deleteForEmail = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE email = ?`);
	const setVerifiedEmail = db.prepare<void, [string, string]>(`UPDATE user SET email = ?, email_verified = 1 WHERE id = ?`);
	const deleteResetRequests = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);
	const deleteVerificationRequest = db.prepare<void, [string]>(`DELETE FROM email_verification_request WHERE user_id = ?`);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM email_update_request WHERE expires_at <= ?`);

	// Inside the transaction, read on the writer: the read decides the write.
	const selectLiveToApply = db.prepare<RequestRow, [string, number]>(`SELECT ${COLUMNS} FROM email_update_request WHERE id = ? AND expires_at > ?`);
	const selectEmail = db.prepare<{ email: string | null }, [string]>(`SELECT email FROM user WHERE id = ?`);
	const deleteWithEvent = db.transaction((id: string, event: HolmEvent) => {
		deleteById.run(id);
		events.write(event);
	});
	const applyUpdate = db.transaction((id: string, now: number, event: HolmEvent, ending: SessionEnding): ApplyEmailUpdateOutcome => {
		const row = selectLiveToApply.get(id, now);
		if (row === null) return { outcome: "INVALID_REQUEST" };
		const previousEmail = selectEmail.get(row.user_id)?.email ?? null;
		try {
			setVerifiedEmail.run(row.email, row.user_id);
		} catch (error) {
			// Only this statement is undone; the request stays for another address to free up.
			if (!isUniqueViolation(error)) throw error;
			giveAttemptBack.run(id);
			return { outcome: "EMAIL_ALREADY_USED" };
		}
		deleteForEmail.run(row.email);
		deleteResetRequests.run(row.user_id);
		deleteVerificationRequest.run(row.user_id);
		endSessionsWithin(db, events, row.user_id, ending);
		events.write(withData({ ...event, userId: row.user_id }, { previous_email: previousEmail, email: row.email }));
		return { outcome: "UPDATED", userId: row.user_id, email: row.email, previousEmail };
	});

	return {
		async insert(request) {
			return writeForUser(() => insertRequest.run(request.id, request.userId, request.createdAt, request.expiresAt, request.email, request.code));
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
			return row === null ? null : { code: row.code, attempts: row.failed_attempts, userId: row.user_id };
		},
		async deleteAfterLastAttempt(id, event) {
			deleteWithEvent(id, event);
		},
		async applyUpdate(id, now, event, ending) {
			return applyUpdate(id, now, event, ending);
		},
		async deleteExpired(now) {
			deleteExpired.run(now);
		},
	};
}
