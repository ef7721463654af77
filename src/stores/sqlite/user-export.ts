// Every user of the SQLite database for `holm export`, from one read transaction on a connection
// of its own. A running server holds the data directory through holm.lock, not holm.db, and in
// WAL mode a reader neither waits for the server's writes nor holds them up, so this works while
// Holm serves (as `holm backup` does).
import { Database } from "bun:sqlite";
import { encodeBase64 } from "@oslojs/encoding";
import { exportedDisable, exportedIdentity, exportedPasskey, exportedSession, type ExportedUser, liveNow, type LiveSessions, type UserExportSource } from "../../features/user-imports/store.ts";

const BATCH = 10_000;

interface ExportRow {
	id: string;
	email: string | null;
	email_verified: number;
	created_at: number;
	password_hash: string;
	recovery_code: string;
	totp_key: Uint8Array | null;
	passkey_user_handle: Uint8Array | null;
	/** A JSON array of the user's passkeys, bytes in hex. */
	passkeys: string;
	/** A JSON array of the user's live sessions, digests in hex. */
	sessions: string;
	disabled_until: number | null;
	disabled_reason: string | null;
	/** A JSON array of the user's identities. */
	identities: string;
}

/** The row of one user; `now` judges whether a disable is in force. */
function toExported(row: ExportRow, now: number): ExportedUser {
	return {
		id: row.id,
		email: row.email,
		email_verified: row.email_verified === 1,
		created_at: row.created_at,
		password_hash: row.password_hash === "" ? null : row.password_hash,
		totp_key: row.totp_key === null ? null : encodeBase64(row.totp_key),
		recovery_code: row.recovery_code,
		passkey_user_handle: row.passkey_user_handle === null ? null : Buffer.from(row.passkey_user_handle).toString("base64url"),
		passkeys: JSON.parse(row.passkeys).map(exportedPasskey),
		sessions: JSON.parse(row.sessions).map(exportedSession),
		...exportedDisable(row.disabled_until, row.disabled_reason, now),
		identities: JSON.parse(row.identities).map(exportedIdentity),
	};
}

/** `path` must exist: an export never creates a database. */
export function openSqliteUserExport(path: string, live: LiveSessions = liveNow()): UserExportSource {
	const db = new Database(path, { create: false, readonly: true, strict: true });
	db.run("PRAGMA busy_timeout = 5000");
	return {
		async each(write) {
			db.run("BEGIN");
			try {
				const rows = db
					.prepare<ExportRow, [number, number]>(
						`SELECT user.id, user.email, user.email_verified, user.created_at, user.password_hash, user.recovery_code,
							user.disabled_until, user.disabled_reason,
							totp_credential.key AS totp_key, passkey_user_handle.handle AS passkey_user_handle,
							(SELECT json_group_array(json_object('id', id, 'credential_id', hex(credential_id), 'public_key', hex(public_key),
								'algorithm', algorithm, 'sign_count', sign_count, 'name', name, 'created_at', created_at, 'last_used_at', last_used_at,
								'backup_eligible', backup_eligible, 'backed_up', backed_up, 'transports', json(transports), 'aaguid', hex(aaguid)))
							FROM (SELECT * FROM passkey WHERE passkey.user_id = user.id ORDER BY created_at, id)) AS passkeys,
							(SELECT json_group_array(json_object('id', id, 'digest', hex(digest), 'created_at', created_at, 'last_used_at', last_used_at,
								'client_ip', client_ip, 'user_agent', user_agent, 'second_factor_verified_at', second_factor_verified_at))
							FROM (SELECT * FROM session WHERE session.user_id = user.id AND last_used_at > ?1 AND created_at > ?2
								ORDER BY created_at, id)) AS sessions,
							(SELECT json_group_array(json_object('id', id, 'provider', provider, 'issuer', issuer, 'subject', subject, 'email', email,
								'email_verified', email_verified, 'name', name, 'created_at', created_at, 'last_sign_in_at', last_sign_in_at))
							FROM (SELECT * FROM identity WHERE identity.user_id = user.id ORDER BY created_at, id)) AS identities
						FROM user LEFT JOIN totp_credential ON totp_credential.user_id = user.id
							LEFT JOIN passkey_user_handle ON passkey_user_handle.user_id = user.id
						ORDER BY user.created_at, user.id`,
					)
					.iterate(live.now - live.idleTimeoutSeconds, live.now - live.lifetimeSeconds);
				let batch: ExportedUser[] = [];
				for (const row of rows) {
					batch.push(toExported(row, live.now));
					if (batch.length < BATCH) continue;
					await write(batch);
					batch = [];
				}
				if (batch.length > 0) await write(batch);
			} finally {
				db.run("COMMIT");
			}
		},
		async close() {
			db.close();
		},
	};
}
