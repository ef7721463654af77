// SQL for email update requests. A request is live while now < expires_at; expired rows are
// invisible here and removed by the periodic sweep. The code is kept as given because GET shows it
// again (API.md section 2).
import type { Database } from "bun:sqlite";
import { codesMatch } from "../../lib/constant-time.ts";
import { isUniqueViolation } from "../../lib/sqlite-errors.ts";
import { MAX_CODE_ATTEMPTS } from "../../limits.ts";

export interface EmailUpdateRequest {
	id: string;
	userId: string;
	createdAt: number;
	expiresAt: number;
	/** The new address, lower-cased. */
	email: string;
	code: string;
}

interface RequestRow {
	id: string;
	user_id: string;
	created_at: number;
	expires_at: number;
	email: string;
	code: string;
	failed_attempts: number;
}

const COLUMNS = `id, user_id, created_at, expires_at, email, code, failed_attempts`;

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

export type VerifyNewEmailOutcome =
	| { ok: true; userId: string; email: string }
	| { ok: false; error: "INVALID_REQUEST" | "INCORRECT_CODE" | "EMAIL_ALREADY_USED" };

export function createEmailUpdateStore(db: Database) {
	const insertRequest = db.prepare<void, [string, string, number, number, string, string]>(
		`INSERT INTO email_update_request (id, user_id, created_at, expires_at, email, code) VALUES (?, ?, ?, ?, ?, ?)`,
	);
	const selectLive = db.prepare<RequestRow, [string, number]>(
		`SELECT ${COLUMNS} FROM email_update_request WHERE id = ? AND expires_at > ?`,
	);
	const selectLiveForUser = db.prepare<RequestRow, [string, number]>(
		`SELECT ${COLUMNS} FROM email_update_request WHERE user_id = ? AND expires_at > ? ORDER BY created_at, id`,
	);
	const countFailure = db.prepare<void, [string]>(
		`UPDATE email_update_request SET failed_attempts = failed_attempts + 1 WHERE id = ?`,
	);
	const deleteLive = db.prepare<void, [string, number]>(`DELETE FROM email_update_request WHERE id = ? AND expires_at > ?`);
	const deleteById = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE id = ?`);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE user_id = ?`);
	const deleteForEmail = db.prepare<void, [string]>(`DELETE FROM email_update_request WHERE email = ?`);
	const setVerifiedEmail = db.prepare<void, [string, string]>(`UPDATE user SET email = ?, email_verified = 1 WHERE id = ?`);
	const deleteResetRequests = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);
	const deleteVerificationRequest = db.prepare<void, [string]>(`DELETE FROM email_verification_request WHERE user_id = ?`);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM email_update_request WHERE expires_at <= ?`);

	return {
		insert(request: EmailUpdateRequest): void {
			insertRequest.run(request.id, request.userId, request.createdAt, request.expiresAt, request.email, request.code);
		},
		get(id: string, now: number): EmailUpdateRequest | null {
			const row = selectLive.get(id, now);
			return row === null ? null : toRequest(row);
		},
		listForUser(userId: string, now: number): EmailUpdateRequest[] {
			return selectLiveForUser.all(userId, now).map(toRequest);
		},
		delete(id: string, now: number): boolean {
			return deleteLive.run(id, now).changes > 0;
		},
		deleteForUser(userId: string): void {
			deleteForUser.run(userId);
		},
		/**
		 * Checks a code and, when it is right, moves the user to the new address, all in one
		 * synchronous transaction: parallel guesses cannot outrun the attempt count (the 5th
		 * incorrect code deletes the request), and the unique index on user.email decides which
		 * user gets an address two of them race for. On success every request for that address
		 * (of any user) goes, and so do the user's reset and verification requests, whose codes
		 * went to the old address.
		 */
		verifyCode: db.transaction((id: string, code: string, now: number): VerifyNewEmailOutcome => {
			const row = selectLive.get(id, now);
			if (row === null) return { ok: false, error: "INVALID_REQUEST" };
			if (!codesMatch(row.code, code)) {
				if (row.failed_attempts + 1 >= MAX_CODE_ATTEMPTS) deleteById.run(id);
				else countFailure.run(id);
				return { ok: false, error: "INCORRECT_CODE" };
			}
			try {
				setVerifiedEmail.run(row.email, row.user_id);
			} catch (error) {
				// Only this statement is undone; nothing else has been written in the transaction.
				if (isUniqueViolation(error)) return { ok: false, error: "EMAIL_ALREADY_USED" };
				throw error;
			}
			deleteForEmail.run(row.email);
			deleteResetRequests.run(row.user_id);
			deleteVerificationRequest.run(row.user_id);
			return { ok: true, userId: row.user_id, email: row.email };
		}),
		deleteExpired(now: number): void {
			deleteExpired.run(now);
		},
	};
}

export type EmailUpdateStore = ReturnType<typeof createEmailUpdateStore>;

/** The email update request model of API.md section 2. */
export function emailUpdateRequestJSON(request: EmailUpdateRequest) {
	return {
		id: request.id,
		user_id: request.userId,
		created_at: request.createdAt,
		expires_at: request.expiresAt,
		email: request.email,
		code: request.code,
	};
}
