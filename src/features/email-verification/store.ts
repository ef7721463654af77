// SQL for email verification requests: at most one per user (the user id is the key). A request
// is live while now < expires_at; expired rows are invisible here and removed by the periodic sweep.
// The code is kept as given because GET shows it again (API.md section 2).
import type { Database } from "bun:sqlite";
import { codesMatch } from "../../lib/constant-time.ts";
import { MAX_CODE_ATTEMPTS } from "../../limits.ts";

export interface EmailVerificationRequest {
	userId: string;
	createdAt: number;
	expiresAt: number;
	code: string;
}

interface RequestRow {
	user_id: string;
	created_at: number;
	expires_at: number;
	code: string;
	failed_attempts: number;
}

function toRequest(row: RequestRow): EmailVerificationRequest {
	return { userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at, code: row.code };
}

export type VerifyEmailOutcome = "VERIFIED" | "INCORRECT_CODE" | "NOT_ALLOWED";

export function createEmailVerificationStore(db: Database) {
	// A new request replaces the old one, code and attempt count included.
	const upsertRequest = db.prepare<void, [string, number, number, string]>(
		`INSERT INTO email_verification_request (user_id, created_at, expires_at, code) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET
			created_at = excluded.created_at, expires_at = excluded.expires_at, code = excluded.code, failed_attempts = 0`,
	);
	const selectLive = db.prepare<RequestRow, [string, number]>(
		`SELECT user_id, created_at, expires_at, code, failed_attempts FROM email_verification_request
		WHERE user_id = ? AND expires_at > ?`,
	);
	const markEmailVerified = db.prepare<void, [string]>(`UPDATE user SET email_verified = 1 WHERE id = ?`);
	const countFailure = db.prepare<void, [string]>(
		`UPDATE email_verification_request SET failed_attempts = failed_attempts + 1 WHERE user_id = ?`,
	);
	const deleteLive = db.prepare<void, [string, number]>(
		`DELETE FROM email_verification_request WHERE user_id = ? AND expires_at > ?`,
	);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM email_verification_request WHERE user_id = ?`);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM email_verification_request WHERE expires_at <= ?`);

	return {
		replace(request: EmailVerificationRequest): void {
			upsertRequest.run(request.userId, request.createdAt, request.expiresAt, request.code);
		},
		get(userId: string, now: number): EmailVerificationRequest | null {
			const row = selectLive.get(userId, now);
			return row === null ? null : toRequest(row);
		},
		delete(userId: string, now: number): boolean {
			return deleteLive.run(userId, now).changes > 0;
		},
		/**
		 * Checks a code and records the outcome in one synchronous transaction, so the attempt count
		 * cannot be outrun by parallel guesses. A correct code verifies the user's email and consumes
		 * the request; the 5th incorrect one deletes it.
		 */
		verifyCode: db.transaction((userId: string, code: string, now: number): VerifyEmailOutcome => {
			const row = selectLive.get(userId, now);
			if (row === null) return "NOT_ALLOWED";
			if (codesMatch(row.code, code)) {
				markEmailVerified.run(userId);
				deleteForUser.run(userId);
				return "VERIFIED";
			}
			if (row.failed_attempts + 1 >= MAX_CODE_ATTEMPTS) deleteForUser.run(userId);
			else countFailure.run(userId);
			return "INCORRECT_CODE";
		}),
		deleteExpired(now: number): void {
			deleteExpired.run(now);
		},
	};
}

export type EmailVerificationStore = ReturnType<typeof createEmailVerificationStore>;

/** The email verification request model of API.md section 2. */
export function emailVerificationRequestJSON(request: EmailVerificationRequest) {
	return {
		user_id: request.userId,
		created_at: request.createdAt,
		expires_at: request.expiresAt,
		code: request.code,
	};
}
