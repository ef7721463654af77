// The rows of the identity tables as the identity-providers feature names them, the same on either
// database: PostgreSQL hands a bigint over as a string and a boolean as a boolean, SQLite a boolean
// as 0 or 1.
import type { ProviderIdentity } from "../features/identity-providers/identity.ts";
import type { ExternalSignInRequest, Identity } from "../features/identity-providers/store.ts";

export const IDENTITY_COLUMNS = `id, user_id, provider, issuer, subject, email, email_verified, name, created_at, last_sign_in_at`;

export interface IdentityRow {
	id: string;
	user_id: string;
	provider: string;
	issuer: string;
	subject: string;
	email: string | null;
	email_verified: number | boolean;
	name: string | null;
	created_at: number | string;
	last_sign_in_at: number | string | null;
}

export function toIdentity(row: IdentityRow): Identity {
	return {
		id: row.id,
		userId: row.user_id,
		provider: row.provider,
		issuer: row.issuer,
		subject: row.subject,
		email: row.email,
		emailVerified: Boolean(row.email_verified),
		name: row.name,
		createdAt: Number(row.created_at),
		lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
	};
}

export const REQUEST_COLUMNS = `id, provider, user_id, state, code_verifier, nonce, created_at, expires_at`;

export interface RequestRow {
	id: string;
	provider: string;
	user_id: string | null;
	state: string;
	code_verifier: string;
	nonce: string | null;
	created_at: number | string;
	expires_at: number | string;
}

export function toRequest(row: RequestRow): ExternalSignInRequest {
	return {
		id: row.id,
		provider: row.provider,
		userId: row.user_id,
		state: row.state,
		codeVerifier: row.code_verifier,
		nonce: row.nonce,
		createdAt: Number(row.created_at),
		expiresAt: Number(row.expires_at),
	};
}

/** What a request waiting for a link keeps of the provider's answer. */
export type PendingLinkRow = Pick<IdentityRow, "provider" | "issuer" | "subject" | "email" | "email_verified" | "name">;

export function toPendingIdentity(row: PendingLinkRow): ProviderIdentity {
	return { issuer: row.issuer, subject: row.subject, email: row.email, emailVerified: Boolean(row.email_verified), name: row.name };
}
