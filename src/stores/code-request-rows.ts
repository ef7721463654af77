// The rows of the one-time-code request tables (reset, email verification, email update, email
// sign-in) as the
// features name them, the same on either database: PostgreSQL hands a bigint over as a string,
// SQLite a boolean as 0 or 1.
import type { EmailSignInRequest } from "../features/email-sign-in/store.ts";
import type { EmailUpdateRequest } from "../features/email-update/store.ts";
import type { EmailVerificationRequest } from "../features/email-verification/store.ts";
import type { PasswordResetRequest } from "../features/password-reset/store.ts";

interface CodeRequestRow {
	user_id: string;
	created_at: number | string;
	expires_at: number | string;
}

function codeRequestFields(row: CodeRequestRow): { userId: string; createdAt: number; expiresAt: number } {
	return { userId: row.user_id, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
}

export interface PasswordResetRow extends CodeRequestRow {
	id: string;
	email_verified: number | boolean;
}

export function passwordResetOfRow(row: PasswordResetRow): PasswordResetRequest {
	return { id: row.id, ...codeRequestFields(row), emailVerified: Boolean(row.email_verified) };
}

export interface EmailVerificationRow extends CodeRequestRow {
	code: string;
}

export function emailVerificationOfRow(row: EmailVerificationRow): EmailVerificationRequest {
	return { ...codeRequestFields(row), code: row.code };
}

export interface EmailUpdateRow extends CodeRequestRow {
	id: string;
	email: string;
	code: string;
}

export function emailUpdateOfRow(row: EmailUpdateRow): EmailUpdateRequest {
	return { id: row.id, ...codeRequestFields(row), email: row.email, code: row.code };
}

/** A sign-in request names a user only when one held the email when it was made. */
export interface EmailSignInRow {
	id: string;
	user_id: string | null;
	email: string;
	created_at: number | string;
	expires_at: number | string;
}

export function emailSignInOfRow(row: EmailSignInRow): EmailSignInRequest {
	return { id: row.id, userId: row.user_id, email: row.email, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
}
