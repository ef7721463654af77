// Password reset requests on SQLite: the code request verbs (code-requests.ts), and what only a
// reset does.
import type { Database } from "bun:sqlite";
import { stampedAt } from "../../features/code-requests-store.ts";
import { type HolmEvent, written } from "../../features/events/store.ts";
import type { PasswordResetRequest, PasswordResetStore } from "../../features/password-reset/store.ts";
import type { AccountClaim } from "../../features/account-claims/claim.ts";
import { PASSWORD_RESET_REQUESTS, type PasswordResetRow } from "../code-request-rows.ts";
import { claimAccountWithin } from "./account-claims.ts";
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
	const deleteRequest = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE id = ?`);
	const selectEmailVerified = db.prepare<{ email_verified: number }, [string]>(`SELECT email_verified FROM user WHERE id = ?`);
	const setPassword = db.prepare<void, [string, string]>(`UPDATE user SET password_hash = ?, password_leaked = 0, password_leak_checked_online_at = NULL WHERE id = ?`);
	const deleteEmailUpdateRequests = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE user_id = ?`);

	const resetPassword = writeTransaction(db, (id: string, event: HolmEvent, claim: AccountClaim): { userId: string; claimed: boolean; written: HolmEvent[] } | null => {
		const row = selectVerifiedUser.get(id, now());
		if (row === null) return null;
		const userId = row.user_id;
		deleteRequest.run(id);
		// The reset is the first proof of an unverified address: the account is the prover's.
		if (selectEmailVerified.get(userId)?.email_verified === 0) {
			const claimed = claimAccountWithin(db, events, userId, claim);
			events.write(event);
			return { userId, claimed: true, written: [...claimed.events, event] };
		}
		setPassword.run(claim.passwordHash, userId);
		deleteForUser.run(userId);
		deleteEmailUpdateRequests.run(userId);
		const ended = endSessionsWithin(db, events, userId, claim.ending);
		events.write(event);
		return { userId, claimed: false, written: written(ended, event) };
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
		async resetPassword(id, event, claim) {
			return resetPassword(id, event, claim);
		},
	};
}
