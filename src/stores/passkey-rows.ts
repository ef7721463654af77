// The rows of the passkey tables as the passkey feature names them, the same on either database:
// PostgreSQL hands a bigint over as a string and a boolean as a boolean, SQLite a boolean as 0 or
// 1; PostgreSQL parses jsonb where SQLite keeps its text.
import type { Ceremony, Passkey } from "../features/passkeys/store.ts";

export const PASSKEY_COLUMNS = `id, user_id, credential_id, public_key, algorithm, sign_count, name, created_at, last_used_at,
	backup_eligible, backed_up, transports, aaguid`;

export interface PasskeyRow {
	id: string;
	user_id: string;
	credential_id: Uint8Array;
	public_key: Uint8Array;
	algorithm: number | string;
	sign_count: number | string;
	name: string;
	created_at: number | string;
	last_used_at: number | string | null;
	backup_eligible: number | boolean;
	backed_up: number | boolean;
	/** SQLite's JSON text; on PostgreSQL the array, parsed by the driver, or a JSON string holding it
	 *  where an earlier Holm stored it so (Bun sent the text as a JSON string). */
	transports: string | string[];
	aaguid: Uint8Array;
}

export function toPasskey(row: PasskeyRow): Passkey {
	return {
		id: row.id,
		userId: row.user_id,
		credentialId: new Uint8Array(row.credential_id),
		publicKey: new Uint8Array(row.public_key),
		algorithm: Number(row.algorithm),
		signCount: Number(row.sign_count),
		name: row.name,
		createdAt: Number(row.created_at),
		lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
		backupEligible: Boolean(row.backup_eligible),
		backedUp: Boolean(row.backed_up),
		transports: typeof row.transports === "string" ? JSON.parse(row.transports) : row.transports,
		aaguid: new Uint8Array(row.aaguid),
	};
}

/** The passkey of a row that may not be there: null from SQLite, undefined as PostgreSQL's first
 *  row of none. */
export function passkeyOrNull(row: PasskeyRow | null | undefined): Passkey | null {
	return row === null || row === undefined ? null : toPasskey(row);
}

export interface CeremonyRow {
	id: string;
	kind: Ceremony["kind"];
	user_id: string | null;
	challenge: Uint8Array;
	created_at: number | string;
	expires_at: number | string;
}

export function toCeremony(row: CeremonyRow): Ceremony {
	return {
		id: row.id,
		kind: row.kind,
		userId: row.user_id,
		challenge: new Uint8Array(row.challenge),
		createdAt: Number(row.created_at),
		expiresAt: Number(row.expires_at),
	};
}
