// SQL for password reset requests. A request is live while now < expires_at; expired rows are
// invisible here and removed by the periodic sweep.
import type { Database } from "bun:sqlite";
import { constantTimeEqualBytes, hashCode } from "../../lib/constant-time.ts";
import { MAX_CODE_ATTEMPTS } from "../../limits.ts";

export interface PasswordResetRequest {
	id: string;
	userId: string;
	createdAt: number;
	expiresAt: number;
	emailVerified: boolean;
}

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

export type VerifyCodeOutcome = "VERIFIED" | "INCORRECT_CODE" | "NOT_FOUND";

export function createPasswordResetStore(db: Database) {
	const insertRequest = db.prepare<void, [string, string, number, number, Uint8Array]>(
		`INSERT INTO password_reset_request (id, user_id, created_at, expires_at, code_hash) VALUES (?, ?, ?, ?, ?)`,
	);
	const selectLive = db.prepare<RequestRow, [string, number]>(
		`SELECT ${COLUMNS} FROM password_reset_request WHERE id = ? AND expires_at > ?`,
	);
	const selectLiveForUser = db.prepare<RequestRow, [string, number]>(
		`SELECT ${COLUMNS} FROM password_reset_request WHERE user_id = ? AND expires_at > ? ORDER BY created_at, id`,
	);
	const selectCode = db.prepare<{ code_hash: Uint8Array; failed_attempts: number }, [string, number]>(
		`SELECT code_hash, failed_attempts FROM password_reset_request WHERE id = ? AND expires_at > ?`,
	);
	const markVerified = db.prepare<void, [string]>(`UPDATE password_reset_request SET email_verified = 1 WHERE id = ?`);
	const countFailure = db.prepare<void, [string]>(
		`UPDATE password_reset_request SET failed_attempts = failed_attempts + 1 WHERE id = ?`,
	);
	const deleteLive = db.prepare<void, [string, number]>(`DELETE FROM password_reset_request WHERE id = ? AND expires_at > ?`);
	const deleteById = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE id = ?`);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);
	const selectVerifiedUser = db.prepare<{ user_id: string }, [string, number]>(
		`SELECT user_id FROM password_reset_request WHERE id = ? AND expires_at > ? AND email_verified = 1`,
	);
	const setPassword = db.prepare<void, [string, string]>(`UPDATE user SET password_hash = ?, email_verified = 1 WHERE id = ?`);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM password_reset_request WHERE expires_at <= ?`);

	return {
		insert(request: PasswordResetRequest & { codeHash: Uint8Array }): void {
			insertRequest.run(request.id, request.userId, request.createdAt, request.expiresAt, request.codeHash);
		},
		get(id: string, now: number): PasswordResetRequest | null {
			const row = selectLive.get(id, now);
			return row === null ? null : toRequest(row);
		},
		listForUser(userId: string, now: number): PasswordResetRequest[] {
			return selectLiveForUser.all(userId, now).map(toRequest);
		},
		delete(id: string, now: number): boolean {
			return deleteLive.run(id, now).changes > 0;
		},
		deleteForUser(userId: string): void {
			deleteForUser.run(userId);
		},
		/**
		 * Checks a code and records the outcome in one synchronous transaction, so the attempt
		 * count cannot be outrun by parallel guesses; the 5th incorrect code deletes the request.
		 */
		verifyCode: db.transaction((id: string, code: string, now: number): VerifyCodeOutcome => {
			const row = selectCode.get(id, now);
			if (row === null) return "NOT_FOUND";
			if (constantTimeEqualBytes(hashCode(code), row.code_hash)) {
				markVerified.run(id);
				return "VERIFIED";
			}
			if (row.failed_attempts + 1 >= MAX_CODE_ATTEMPTS) deleteById.run(id);
			else countFailure.run(id);
			return "INCORRECT_CODE";
		}),
		/**
		 * Sets the password of a verified request's user, marks their email verified and deletes all
		 * of their reset requests. Re-checks the request inside the transaction: a parallel reset
		 * may have consumed it while the password was being hashed. Null when it is gone.
		 */
		resetPassword: db.transaction((id: string, passwordHash: string, now: number): string | null => {
			const row = selectVerifiedUser.get(id, now);
			if (row === null) return null;
			setPassword.run(passwordHash, row.user_id);
			deleteForUser.run(row.user_id);
			return row.user_id;
		}),
		deleteExpired(now: number): void {
			deleteExpired.run(now);
		},
	};
}

export type PasswordResetStore = ReturnType<typeof createPasswordResetStore>;

/** The password reset request model of API.md section 2. */
export function passwordResetRequestJSON(request: PasswordResetRequest) {
	return {
		id: request.id,
		user_id: request.userId,
		created_at: request.createdAt,
		expires_at: request.expiresAt,
		email_verified: request.emailVerified,
	};
}
