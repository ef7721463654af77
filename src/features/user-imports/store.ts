// What importing and exporting users need from a database; src/stores/<database>/user-imports.ts
// implements it. The unique indexes on the user's id and email decide every conflict, so parallel
// imports and sign-ups can never give one address or one id to two users; the unique index on a
// passkey's credential id does the same for passkeys.
import { DEFAULT_SESSION_SETTINGS } from "../sessions/settings.ts";
import { cleanedPasskeyName, cleanedTransports } from "../passkeys/schemas.ts";
import { formatAaguid, type Passkey } from "../passkeys/store.ts";
import { disabledState } from "../users/store.ts";
import type { Identity } from "../identity-providers/store.ts";

/** A user ready to be stored: every field checked, nothing left to decide but the conflicts. */
export interface ImportedUser {
	id: string;
	createdAt: number;
	email: string | null;
	emailVerified: boolean;
	/** As given ("" for a user without a password): nothing is hashed at import. */
	passwordHash: string;
	recoveryCode: string;
	/** Registered as the user's TOTP credential, created at `totpCreatedAt`. */
	totpKey: Uint8Array | null;
	/** Stored with the user, in its transaction; each one's userId is the user's id. */
	passkeys: Passkey[];
	/** The user handle its passkeys were made with, or null (one is made when first needed). */
	passkeyUserHandle: Uint8Array | null;
	/** The user's sessions as another Holm kept them (the digest of each secret, never a token). */
	sessions: ImportedSession[];
	/** An operator's disable as stored (API.md section 18): null while enabled, 0 until enabled,
	 *  else the time it ends; and its reason. */
	disabledUntil: number | null;
	disabledReason: string | null;
	/** The user's identities at identity providers (API.md section 16); each one's userId is the user's id. */
	identities: Identity[];
}

export interface ImportedSession {
	id: string;
	digest: Uint8Array;
	createdAt: number;
	lastUsedAt: number;
	clientIp: string | null;
	userAgent: string | null;
	secondFactorVerifiedAt: number | null;
}

export interface UserImportStore {
	/**
	 * Inserts, in one transaction, every user whose id and email and passkeys' ids and credential ids
	 * are all free, with its TOTP credential and passkeys, and leaves out the others; answers the ids
	 * it inserted. `users` hold no id, no email, no passkey id and no credential id twice.
	 */
	insertWhereFree(users: readonly ImportedUser[], totpCreatedAt: number): Promise<Set<string>>;
	/** The holder of each of these emails that has one. */
	emailHolders(emails: readonly string[]): Promise<Map<string, string>>;
	/** Which of these ids a user has. */
	existingIds(ids: readonly string[]): Promise<Set<string>>;
	/** For each of these passkeys whose id or credential id a stored passkey has: the user holding
	 *  it, by the given passkey's id. */
	passkeyHolders(passkeys: readonly Passkey[]): Promise<Map<string, string>>;
	/** The user holding each of these session ids that is taken. */
	sessionHolders(sessionIds: readonly string[]): Promise<Map<string, string>>;
	/** For each of these identities whose id or (issuer, subject) a stored identity has: the user
	 *  holding it, by the given identity's id. */
	identityHolders(identities: readonly Identity[]): Promise<Map<string, string>>;
}

/** One user as `holm export` writes it: the ROW form of API.md section 9. */
export interface ExportedUser {
	id: string;
	email: string | null;
	email_verified: boolean;
	created_at: number;
	/** As stored; null for a user without a password. */
	password_hash: string | null;
	/** Standard base64, or null without a TOTP credential. */
	totp_key: string | null;
	recovery_code: string;
	/** Base64url (no padding), or null when no passkey ceremony ever made one. */
	passkey_user_handle: string | null;
	passkeys: ExportedPasskey[];
	/** The user's live sessions (API.md section 13): each secret's digest, never a token. */
	sessions: ExportedSession[];
	/** An operator's disable in force (API.md section 18): 0 until enabled, else the time it ends;
	 *  both fields absent while enabled (and once an end has passed). */
	disabled_until?: number;
	disabled_reason?: string | null;
	/** The user's identities at identity providers (API.md section 16). */
	identities: ExportedIdentity[];
}

/** The disable fields of an exported row from the stored columns, judged at `now` (the export's
 *  time, which judges its sessions too): nothing when the user is enabled. */
export function exportedDisable(storedUntil: number | string | null, reason: string | null, now: number): Pick<ExportedUser, "disabled_until" | "disabled_reason"> {
	const until = storedUntil === null ? null : Number(storedUntil);
	if (!disabledState(until, reason, now).disabled) return {};
	return { disabled_until: until!, disabled_reason: reason };
}

/** One identity of an exported user: the `identities` items of the ROW form. */
export interface ExportedIdentity {
	id: string;
	provider: string;
	issuer: string;
	subject: string;
	email: string | null;
	email_verified: boolean;
	name: string | null;
	created_at: number;
	last_sign_in_at: number | null;
}

/** The columns of an identity row as both export queries give them. */
export interface IdentityExportColumns {
	id: string;
	provider: string;
	issuer: string;
	subject: string;
	email: string | null;
	email_verified: boolean | number;
	name: string | null;
	created_at: number | string;
	last_sign_in_at: number | string | null;
}

export function exportedIdentity(row: IdentityExportColumns): ExportedIdentity {
	return {
		id: row.id,
		provider: row.provider,
		issuer: row.issuer,
		subject: row.subject,
		email: row.email,
		email_verified: Boolean(row.email_verified),
		name: row.name,
		created_at: Number(row.created_at),
		last_sign_in_at: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
	};
}

/** One session of an exported user: the `sessions` items of the ROW form. */
interface ExportedSession {
	id: string;
	/** Base64url (no padding) of the SHA-256 of the token's secret. */
	digest: string;
	created_at: number;
	last_used_at: number;
	client_ip: string | null;
	user_agent: string | null;
	second_factor_verified_at: number | null;
}

/** The columns of a session row as both export queries give them: the digest in hex. */
export interface SessionExportColumns {
	id: string;
	digest: string;
	created_at: number | string;
	last_used_at: number | string;
	client_ip: string | null;
	user_agent: string | null;
	second_factor_verified_at: number | string | null;
}

export function exportedSession(row: SessionExportColumns): ExportedSession {
	return {
		id: row.id,
		digest: Buffer.from(row.digest, "hex").toString("base64url"),
		created_at: Number(row.created_at),
		last_used_at: Number(row.last_used_at),
		client_ip: row.client_ip,
		user_agent: row.user_agent,
		second_factor_verified_at: row.second_factor_verified_at === null ? null : Number(row.second_factor_verified_at),
	};
}

/** Which sessions an export writes: those live at `now` under these timeouts. */
export interface LiveSessions {
	now: number;
	idleTimeoutSeconds: number;
	lifetimeSeconds: number;
}

/** Live now under the default timeouts (7 days idle, 30 in all). */
export function liveNow(): LiveSessions {
	return { now: Math.floor(Date.now() / 1000), idleTimeoutSeconds: DEFAULT_SESSION_SETTINGS.idleTimeoutSeconds, lifetimeSeconds: DEFAULT_SESSION_SETTINGS.lifetimeSeconds };
}

/** One passkey of an exported user: the `passkeys` items of the ROW form. */
interface ExportedPasskey {
	id: string;
	/** Base64url, no padding. */
	credential_id: string;
	/** Standard base64 of the SubjectPublicKeyInfo. */
	public_key: string;
	algorithm: number;
	sign_count: number;
	name: string;
	created_at: number;
	last_used_at: number | null;
	backup_eligible: boolean;
	backed_up: boolean;
	transports: string[];
	/** UUID spelling. */
	aaguid: string;
}

/** The columns of a passkey row as both export queries give them: bytes in hex. */
export interface PasskeyExportColumns {
	id: string;
	credential_id: string;
	public_key: string;
	algorithm: number;
	sign_count: number | string;
	name: string;
	created_at: number | string;
	last_used_at: number | string | null;
	backup_eligible: boolean | number;
	backed_up: boolean | number;
	/** An array; a JSON string of one where an earlier Holm on PostgreSQL stored it so. */
	transports: string[] | string;
	aaguid: string;
}

/**
 * One passkey in the exported form, the same bytes from either database, in the form the import
 * takes, whatever an earlier Holm stored: a counter of 2^31 or more that was stored negative is
 * read back unsigned; "backed up" without "backup eligible" (stored from an assertion that was not
 * compared with the registration) is not backed up; transports and names are cleaned to the rule
 * both ways in share (passkeys/schemas.ts).
 */
export function exportedPasskey(row: PasskeyExportColumns): ExportedPasskey {
	const transports: unknown = typeof row.transports === "string" ? JSON.parse(row.transports) : row.transports;
	const backupEligible = Boolean(row.backup_eligible);
	return {
		id: row.id,
		credential_id: Buffer.from(row.credential_id, "hex").toString("base64url"),
		public_key: Buffer.from(row.public_key, "hex").toString("base64"),
		algorithm: Number(row.algorithm),
		sign_count: Number(row.sign_count) >>> 0,
		name: cleanedPasskeyName(row.name, "Passkey"),
		created_at: Number(row.created_at),
		last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
		backup_eligible: backupEligible,
		backed_up: backupEligible && Boolean(row.backed_up),
		transports: Array.isArray(transports) ? cleanedTransports(transports.filter((item) => typeof item === "string")) : [],
		aaguid: formatAaguid(Buffer.from(row.aaguid, "hex")),
	};
}

/** Every user of a database, read from one snapshot while a server may keep writing. */
export interface UserExportSource {
	/** Hands over every user, in batches in created_at, id order, all read in one snapshot;
	 *  the next batch is read once `write` has taken the last. */
	each(write: (users: ExportedUser[]) => Promise<void>): Promise<void>;
	close(): Promise<void>;
}
