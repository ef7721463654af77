// The one-time-code request tables (reset, email verification, email update, email sign-in) as
// both databases' code request verbs (src/stores/<database>/code-requests.ts) know them, and their
// rows as the features name them, the same on either database: PostgreSQL hands a bigint over as a
// string, SQLite a boolean as 0 or 1.
import type { EmailSignInRequest } from "../features/email-sign-in/store.ts";
import type { EmailUpdateRequest } from "../features/email-update/store.ts";
import type { EmailVerificationRequest } from "../features/email-verification/store.ts";
import type { PasswordResetRequest } from "../features/password-reset/store.ts";

/** What tells one code request table from another. */
export interface CodeRequestTable<Row, Request> {
	name: "password_reset_request" | "email_verification_request" | "email_update_request" | "email_sign_in_request";
	/** The column a request is found by: its own id, or the user's where a user has one at most. */
	key: "id" | "user_id";
	/** The column a given code is compared with: the code, or its digest. */
	code: "code" | "code_hash";
	/** The columns a request is read with on SQLite (PostgreSQL reads the whole row). */
	columns: string;
	toRequest: (row: Row) => Request;
}

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

export const PASSWORD_RESET_REQUESTS: CodeRequestTable<PasswordResetRow, PasswordResetRequest> = {
	name: "password_reset_request",
	key: "id",
	code: "code_hash",
	columns: "id, user_id, created_at, expires_at, email_verified",
	toRequest: (row) => ({ id: row.id, ...codeRequestFields(row), emailVerified: Boolean(row.email_verified) }),
};

export interface EmailVerificationRow extends CodeRequestRow {
	code: string;
}

export const EMAIL_VERIFICATION_REQUESTS: CodeRequestTable<EmailVerificationRow, EmailVerificationRequest> = {
	name: "email_verification_request",
	key: "user_id",
	code: "code",
	columns: "user_id, created_at, expires_at, code",
	toRequest: (row) => ({ ...codeRequestFields(row), code: row.code }),
};

export interface EmailUpdateRow extends CodeRequestRow {
	id: string;
	email: string;
	code: string;
}

export const EMAIL_UPDATE_REQUESTS: CodeRequestTable<EmailUpdateRow, EmailUpdateRequest> = {
	name: "email_update_request",
	key: "id",
	code: "code",
	columns: "id, user_id, created_at, expires_at, email, code",
	toRequest: (row) => ({ id: row.id, ...codeRequestFields(row), email: row.email, code: row.code }),
};

/** A sign-in request names a user only when one held the email when it was made. */
export interface EmailSignInRow {
	id: string;
	user_id: string | null;
	email: string;
	created_at: number | string;
	expires_at: number | string;
}

export const EMAIL_SIGN_IN_REQUESTS: CodeRequestTable<EmailSignInRow, EmailSignInRequest> = {
	name: "email_sign_in_request",
	key: "id",
	code: "code_hash",
	columns: "id, user_id, email, created_at, expires_at",
	toRequest: (row) => ({ id: row.id, userId: row.user_id, email: row.email, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) }),
};
