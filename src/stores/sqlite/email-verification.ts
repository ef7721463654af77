// Email verification requests on SQLite: the code request verbs (code-requests.ts), keyed by the
// user, and what only a verification does.
import type { Database } from "bun:sqlite";
import { stampedAt } from "../../features/code-requests-store.ts";
import type { HolmEvent } from "../../features/events/store.ts";
import type { EmailVerificationRequest, EmailVerificationStore } from "../../features/email-verification/store.ts";
import { EMAIL_VERIFICATION_REQUESTS, type EmailVerificationRow } from "../code-request-rows.ts";
import { codeRequestVerbs } from "./code-requests.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import { writeForUser } from "./errors.ts";
import { writeTransaction } from "./db/write-transaction.ts";

/** `now`: the time in seconds that judges expiry. */
export function createSqliteEmailVerificationStore(db: Database, reads: SnapshotReads, events: SqliteEventLog, now: () => number): EmailVerificationStore {
	const requests = codeRequestVerbs<EmailVerificationRow, EmailVerificationRequest, string>(db, reads, events, EMAIL_VERIFICATION_REQUESTS, now);
	const upsertRequest = db.prepare<void, [string, number, number, string]>(
		`INSERT INTO email_verification_request (user_id, created_at, expires_at, code) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET
			created_at = excluded.created_at, expires_at = excluded.expires_at, code = excluded.code, failed_attempts = 0`,
	);
	const markEmailVerified = db.prepare<void, [string]>(`UPDATE user SET email_verified = 1 WHERE id = ?`);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM email_verification_request WHERE user_id = ?`);

	const verifyEmail = writeTransaction(db, (userId: string, event: HolmEvent): void => {
		markEmailVerified.run(userId);
		deleteForUser.run(userId);
		events.write(event);
	});

	return {
		...requests,
		async replace(request, lifetimeSeconds) {
			const times = stampedAt(now(), lifetimeSeconds);
			const written = writeForUser(() => upsertRequest.run(request.userId, times.createdAt, times.expiresAt, request.code));
			return written === "NO_USER" ? written : times;
		},
		async verifyEmail(userId, event) {
			verifyEmail(userId, event);
		},
	};
}
