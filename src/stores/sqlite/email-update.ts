// Email update requests on SQLite: the code request verbs (code-requests.ts), and what only an
// update does.
import type { Database } from "bun:sqlite";
import { stampedAt } from "../../features/code-requests-store.ts";
import { type HolmEvent, withData, written } from "../../features/events/store.ts";
import type { ApplyEmailUpdateOutcome, EmailUpdateRequest, EmailUpdateStore } from "../../features/email-update/store.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { EMAIL_UPDATE_REQUESTS, type EmailUpdateRow } from "../code-request-rows.ts";
import { codeRequestVerbs } from "./code-requests.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import { isUniqueViolation, writeForUser } from "./errors.ts";
import { endSessionsWithin } from "./sessions.ts";
import { writeTransaction } from "./db/write-transaction.ts";

/** `now`: the time in seconds that judges expiry. */
export function createSqliteEmailUpdateStore(db: Database, reads: SnapshotReads, events: SqliteEventLog, now: () => number): EmailUpdateStore {
	const requests = codeRequestVerbs<EmailUpdateRow, EmailUpdateRequest, string>(db, reads, events, EMAIL_UPDATE_REQUESTS, now);
	const insertRequest = db.prepare<void, [string, string, number, number, string, string]>(
		`INSERT INTO email_update_request (id, user_id, created_at, expires_at, email, code) VALUES (?, ?, ?, ?, ?, ?)`,
	);
	const giveAttemptBack = db.prepare<void, [string]>(`UPDATE email_update_request SET failed_attempts = failed_attempts - 1 WHERE id = ?`);
	const deleteForEmail = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE email = ?`);
	const setVerifiedEmail = db.prepare<void, [string, string]>(`UPDATE user SET email = ?, email_verified = 1 WHERE id = ?`);
	const deleteResetRequests = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);
	const deleteVerificationRequest = db.prepare<void, [string]>(`DELETE FROM email_verification_request WHERE user_id = ?`);

	// Inside the transaction, read on the writer: the read decides the write.
	const selectLiveToApply = db.prepare<EmailUpdateRow, [string, number]>(`SELECT ${EMAIL_UPDATE_REQUESTS.columns} FROM email_update_request WHERE id = ? AND expires_at > ?`);
	const selectEmail = db.prepare<{ email: string | null }, [string]>(`SELECT email FROM user WHERE id = ?`);
	const applyUpdate = writeTransaction(db, (id: string, event: HolmEvent, ending: SessionEnding): ApplyEmailUpdateOutcome => {
		const row = selectLiveToApply.get(id, now());
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
		const ended = endSessionsWithin(db, events, row.user_id, ending);
		const changed = withData({ ...event, userId: row.user_id }, { previous_email: previousEmail, email: row.email });
		events.write(changed);
		return { outcome: "UPDATED", userId: row.user_id, email: row.email, previousEmail, written: written(ended, changed) };
	});

	return {
		...requests,
		async insert(request, lifetimeSeconds) {
			const times = stampedAt(now(), lifetimeSeconds);
			const written = writeForUser(() => insertRequest.run(request.id, request.userId, times.createdAt, times.expiresAt, request.email, request.code));
			return written === "NO_USER" ? written : times;
		},
		async applyUpdate(id, event, ending) {
			return applyUpdate(id, event, ending);
		},
	};
}
