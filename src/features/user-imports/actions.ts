// Bringing users in (API.md section 9): each row is checked on its own, then every valid row is
// stored unless its email or id is taken, in the database or by an earlier row of the request.
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { generateCode, generateId } from "../../lib/ids.ts";
import { decodeTotpKeyOfLength, IMPORTED_TOTP_KEY_BYTES } from "../../lib/totp.ts";
import { parsePasswordHash } from "../../password-hashes/index.ts";
import { newEvent, recordEvent } from "../events/actions.ts";
import type { Passkey } from "../passkeys/store.ts";
import { DISABLED_UNTIL_ENABLED } from "../users/store.ts";
import { isUsablePublicKey } from "../passkeys/public-key.ts";
import { importRow, type ImportRow, type RowError } from "./schemas.ts";
import type { ImportedSession, ImportedUser } from "./store.ts";
import type { Identity } from "../identity-providers/store.ts";

export type OnConflict = "error" | "skip";

export type RowResult =
	| { index: number; status: "created" | "skipped"; userId: string }
	| { index: number; status: "failed"; error: RowError };

export interface ImportSummary {
	created: number;
	skipped: number;
	failed: number;
	/** One per row, in row order. */
	results: RowResult[];
}

/**
 * Rounds of inserts a request may take. A row whose conflict has gone by the time it is looked up
 * (the holder was deleted meanwhile, or the earlier row of this request that held its email was
 * not imported) is tried again in the next round; every round settles at least its first row, so
 * only a stream of deletes racing the import could use them all.
 */
const MAX_ROUNDS = 10;

type RowCheck = { ok: true; user: ImportedUser } | { ok: false; error: RowError };

const MAX_CREDENTIAL_ID_BYTES = 1023;

/**
 * How far ahead of this server's clock a time in a row may be. An export made on a machine whose
 * clock runs fast holds times a little in the future here; refusing them failed the newest rows of
 * a move. Such a time is stored as now (nothing stored is in the future); further ahead is no clock
 * skew but bad data, and fails the row.
 */
const CLOCK_SKEW_TOLERANCE_SECONDS = 3600;

/** `seconds` as stored (at most now), or null when it is further in the future than any skew. */
function notInTheFuture(seconds: number, now: number): number | null {
	if (seconds > now + CLOCK_SKEW_TOLERANCE_SECONDS) return null;
	return Math.min(seconds, now);
}
const MAX_USER_HANDLE_BYTES = 64;

/** Bytes of canonical base64 (or base64url without padding), or null when `text` is not. */
function decodeCanonical(text: string, encoding: "base64" | "base64url"): Uint8Array | null {
	const bytes = new Uint8Array(Buffer.from(text, encoding));
	return bytes.byteLength > 0 && Buffer.from(bytes).toString(encoding) === text ? bytes : null;
}

/** The row's passkeys to store, or null when one is malformed, its key does not import, or its id
 *  or credential id comes twice. */
async function checkPasskeys(rows: NonNullable<ImportRow["passkeys"]>, userId: string, now: number): Promise<Passkey[] | null> {
	const passkeys: Passkey[] = [];
	const seen = new Set<string>();
	for (const row of rows) {
		const credentialId = decodeCanonical(row.credential_id, "base64url");
		const publicKey = decodeCanonical(row.public_key, "base64");
		if (credentialId === null || credentialId.byteLength > MAX_CREDENTIAL_ID_BYTES || publicKey === null) return null;
		const id = row.id ?? generateId();
		if (seen.has(row.credential_id) || seen.has(id)) return null;
		seen.add(row.credential_id).add(id);
		const createdAt = notInTheFuture(row.created_at ?? now, now);
		const lastUsedAt = row.last_used_at == null ? null : notInTheFuture(row.last_used_at, now);
		if (createdAt === null || (row.last_used_at != null && lastUsedAt === null)) return null;
		if (row.backed_up === true && row.backup_eligible !== true) return null;
		if (!(await isUsablePublicKey(publicKey, row.algorithm))) return null;
		passkeys.push({
			id,
			userId,
			credentialId,
			publicKey,
			algorithm: row.algorithm,
			signCount: row.sign_count,
			name: row.name ?? "Passkey",
			createdAt,
			lastUsedAt,
			backupEligible: row.backup_eligible ?? false,
			backedUp: row.backed_up ?? false,
			transports: row.transports ?? [],
			aaguid: row.aaguid === undefined ? new Uint8Array(16) : new Uint8Array(Buffer.from(row.aaguid.replaceAll("-", ""), "hex")),
		});
	}
	return passkeys;
}

/** The row's sessions to store, or null when one is malformed or an id comes twice. */
function checkSessions(rows: NonNullable<ImportRow["sessions"]>, now: number): ImportedSession[] | null {
	const sessions: ImportedSession[] = [];
	const seen = new Set<string>();
	for (const row of rows) {
		const digest = decodeCanonical(row.digest, "base64url");
		if (digest === null || digest.byteLength !== 32 || seen.has(row.id)) return null;
		seen.add(row.id);
		if (row.created_at > row.last_used_at || row.last_used_at > now) return null;
		if (row.second_factor_verified_at !== undefined && row.second_factor_verified_at > now) return null;
		sessions.push({
			id: row.id,
			digest,
			createdAt: row.created_at,
			lastUsedAt: row.last_used_at,
			clientIp: row.client_ip ?? null,
			userAgent: row.user_agent ?? null,
			secondFactorVerifiedAt: row.second_factor_verified_at ?? null,
		});
	}
	return sessions;
}

/** The row's identities to store, or null when one is in the future or comes twice (its id, or its
 *  issuer and subject). */
function checkIdentities(rows: NonNullable<ImportRow["identities"]>, userId: string, now: number): Identity[] | null {
	const identities: Identity[] = [];
	const seen = new Set<string>();
	for (const row of rows) {
		const id = row.id ?? generateId();
		const pair = identityPair(row);
		if (seen.has(id) || seen.has(pair)) return null;
		seen.add(id).add(pair);
		const createdAt = notInTheFuture(row.created_at ?? now, now);
		const lastSignInAt = row.last_sign_in_at == null ? null : notInTheFuture(row.last_sign_in_at, now);
		if (createdAt === null || (row.last_sign_in_at != null && lastSignInAt === null)) return null;
		identities.push({
			id,
			userId,
			provider: row.provider,
			issuer: row.issuer,
			subject: row.subject,
			email: row.email ?? null,
			emailVerified: row.email_verified ?? false,
			name: row.name ?? null,
			createdAt,
			lastSignInAt,
		});
	}
	return identities;
}

/** What makes an identity one: its issuer and subject (a subject is printable ASCII, without a line break). */
function identityPair(identity: { issuer: string; subject: string }): string {
	return `${identity.issuer}\n${identity.subject}`;
}

/** A row as a user to store, or why it fails. Nothing is hashed: a hash is only parsed and bounded. */
async function checkRow(row: unknown, now: number): Promise<RowCheck> {
	const parsed = importRow.safeParse(row);
	if (!parsed.success) return { ok: false, error: "INVALID_DATA" };
	const fields = parsed.data;
	const createdAt = notInTheFuture(fields.created_at ?? now, now);
	if (createdAt === null) return { ok: false, error: "INVALID_DATA" };
	let totpKey: Uint8Array | null = null;
	if (fields.totp_key !== undefined) {
		totpKey = decodeTotpKeyOfLength(fields.totp_key, IMPORTED_TOTP_KEY_BYTES.min, IMPORTED_TOTP_KEY_BYTES.max);
		if (totpKey === null) return { ok: false, error: "INVALID_DATA" };
	}
	if (fields.password_hash !== undefined) {
		const hash = parsePasswordHash(fields.password_hash);
		if ("error" in hash) return { ok: false, error: hash.error };
	}
	let passkeyUserHandle: Uint8Array | null = null;
	if (fields.passkey_user_handle !== undefined) {
		passkeyUserHandle = decodeCanonical(fields.passkey_user_handle, "base64url");
		if (passkeyUserHandle === null || passkeyUserHandle.byteLength > MAX_USER_HANDLE_BYTES) return { ok: false, error: "INVALID_DATA" };
	}
	const id = fields.id ?? generateId();
	const passkeys = await checkPasskeys(fields.passkeys ?? [], id, now);
	if (passkeys === null) return { ok: false, error: "INVALID_DATA" };
	const sessions = checkSessions(fields.sessions ?? [], now);
	if (sessions === null) return { ok: false, error: "INVALID_DATA" };
	const disable = checkDisable(fields, sessions, now);
	if (disable === null) return { ok: false, error: "INVALID_DATA" };
	const identities = checkIdentities(fields.identities ?? [], id, now);
	if (identities === null) return { ok: false, error: "INVALID_DATA" };
	return {
		ok: true,
		user: {
			id,
			createdAt,
			email: fields.email ?? null,
			emailVerified: fields.email_verified ?? false,
			passwordHash: fields.password_hash ?? "", // no password: every check is INCORRECT_PASSWORD
			recoveryCode: fields.recovery_code ?? generateCode(),
			totpKey,
			passkeys,
			passkeyUserHandle,
			sessions,
			...disable,
			identities,
		},
	};
}

/**
 * The row's disable (API.md section 18), or null when it makes no sense: a reason without a
 * disable, or sessions beside a disable in force (disabling ends every session, so no export holds
 * both). An end that has passed by this server's clock is no disable: the user is imported enabled,
 * as every Holm reads it (an export taken before the end, imported after).
 */
function checkDisable(fields: ImportRow, sessions: readonly ImportedSession[], now: number): Pick<ImportedUser, "disabledUntil" | "disabledReason"> | null {
	const until = fields.disabled_until;
	if (until === undefined) return fields.disabled_reason === undefined ? NOT_DISABLED : null;
	if (until !== DISABLED_UNTIL_ENABLED && until <= now) return NOT_DISABLED;
	if (sessions.length > 0) return null;
	return { disabledUntil: until, disabledReason: fields.disabled_reason ?? null };
}

const NOT_DISABLED = { disabledUntil: null, disabledReason: null } as const;

interface Pending {
	index: number;
	user: ImportedUser;
}

/** What of a passkey must be unique across every user: its id and its credential id. */
const passkeyKeys = (passkey: Passkey): string[] => [`id:${passkey.id}`, `credential:${Buffer.from(passkey.credentialId).toString("hex")}`];

/** What of an identity must be unique across every user: its id, and its issuer and subject. */
const identityKeys = (identity: Identity): string[] => [`identity:${identity.id}`, `pair:${identityPair(identity)}`];

/** The rows of `pending` that can go in one insert (no id, email, passkey id or credential id
 *  twice), and the rest. */
function splitFirstOccurrences(pending: readonly Pending[]): { round: Pending[]; later: Pending[] } {
	const ids = new Set<string>();
	const emails = new Set<string>();
	const passkeysSeen = new Set<string>();
	const sessionIds = new Set<string>();
	const identitiesSeen = new Set<string>();
	const round: Pending[] = [];
	const later: Pending[] = [];
	for (const row of pending) {
		const { id, email, passkeys, sessions, identities } = row.user;
		const keys = passkeys.flatMap(passkeyKeys);
		const identityKeysOfRow = identities.flatMap(identityKeys);
		if (
			ids.has(id) ||
			(email !== null && emails.has(email)) ||
			keys.some((key) => passkeysSeen.has(key)) ||
			sessions.some((session) => sessionIds.has(session.id)) ||
			identityKeysOfRow.some((key) => identitiesSeen.has(key))
		) {
			later.push(row);
			continue;
		}
		ids.add(id);
		if (email !== null) emails.add(email);
		for (const key of keys) passkeysSeen.add(key);
		for (const session of sessions) sessionIds.add(session.id);
		for (const key of identityKeysOfRow) identitiesSeen.add(key);
		round.push(row);
	}
	return { round, later };
}

export async function importUsers(ctx: AppContext, rows: readonly unknown[], onConflict: OnConflict): Promise<ImportSummary> {
	const now = nowSeconds(ctx);
	const results: RowResult[] = new Array(rows.length);
	let pending: Pending[] = [];
	for (const [index, row] of rows.entries()) {
		const checked = await checkRow(row, now);
		if (checked.ok) pending.push({ index, user: checked.user });
		else results[index] = { index, status: "failed", error: checked.error };
	}

	function conflict(row: Pending, error: "EMAIL_ALREADY_USED" | "ID_ALREADY_USED" | "PASSKEY_ALREADY_REGISTERED" | "IDENTITY_IN_USE", holder: string): void {
		results[row.index] = onConflict === "skip" ? { index: row.index, status: "skipped", userId: holder } : { index: row.index, status: "failed", error };
	}

	for (let round = 0; pending.length > 0 && round < MAX_ROUNDS; round++) {
		const { round: batch, later } = splitFirstOccurrences(pending);
		const inserted = await ctx.stores.userImports.insertWhereFree(
			batch.map((row) => row.user),
			now,
		);
		const left: Pending[] = [...later];
		for (const row of batch) {
			if (inserted.has(row.user.id)) results[row.index] = { index: row.index, status: "created", userId: row.user.id };
			else left.push(row);
		}
		// Who holds what the rows left over wanted: the email decides first, then the id, then the passkeys.
		const holders = await ctx.stores.userImports.emailHolders(left.flatMap((row) => (row.user.email === null ? [] : [row.user.email])));
		const withoutEmailHolder = left.filter((row) => row.user.email === null || !holders.has(row.user.email));
		const takenIds = await ctx.stores.userImports.existingIds(withoutEmailHolder.map((row) => row.user.id));
		const passkeyHolders = await ctx.stores.userImports.passkeyHolders(
			withoutEmailHolder.filter((row) => !takenIds.has(row.user.id)).flatMap((row) => row.user.passkeys),
		);
		const sessionHolders = await ctx.stores.userImports.sessionHolders(
			withoutEmailHolder.filter((row) => !takenIds.has(row.user.id)).flatMap((row) => row.user.sessions.map((session) => session.id)),
		);
		const identityHolders = await ctx.stores.userImports.identityHolders(
			withoutEmailHolder.filter((row) => !takenIds.has(row.user.id)).flatMap((row) => row.user.identities),
		);
		pending = [];
		for (const row of left) {
			const holder = row.user.email === null ? undefined : holders.get(row.user.email);
			const credentialHolder = row.user.passkeys.map((passkey) => passkeyHolders.get(passkey.id)).find((user) => user !== undefined);
			const sessionHolder = row.user.sessions.map((session) => sessionHolders.get(session.id)).find((user) => user !== undefined);
			const identityHolder = row.user.identities.map((identity) => identityHolders.get(identity.id)).find((user) => user !== undefined);
			if (holder !== undefined) conflict(row, "EMAIL_ALREADY_USED", holder);
			else if (takenIds.has(row.user.id)) conflict(row, "ID_ALREADY_USED", row.user.id);
			else if (credentialHolder !== undefined) conflict(row, "PASSKEY_ALREADY_REGISTERED", credentialHolder);
			// A taken session id is a taken id: the session belongs to someone already.
			else if (sessionHolder !== undefined) conflict(row, "ID_ALREADY_USED", sessionHolder);
			else if (identityHolder !== undefined) conflict(row, "IDENTITY_IN_USE", identityHolder);
			else pending.push(row);
		}
	}
	// Only deletes racing every round leave rows here; they fail, and a second run settles them.
	for (const row of pending) results[row.index] = { index: row.index, status: "failed", error: row.user.email === null ? "ID_ALREADY_USED" : "EMAIL_ALREADY_USED" };

	const summary: ImportSummary = { created: 0, skipped: 0, failed: 0, results };
	for (const result of results) summary[result.status]++;
	// One event for the request, stored once every round is settled: the rows went in over several
	// transactions, and only now are the counts known.
	await recordEvent(ctx, newEvent(ctx, "users_imported", { userId: null, data: { created: summary.created, skipped: summary.skipped, failed: summary.failed } }));
	return summary;
}
