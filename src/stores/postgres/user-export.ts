// Every user of the PostgreSQL database for `holm export`: one REPEATABLE READ, read-only
// transaction (one snapshot, however long the export takes and whatever the instances write
// meanwhile), read through a cursor so that memory stays bounded.
import { encodeBase64 } from "@oslojs/encoding";
import { connectPostgres } from "./connection.ts";
import { exportedDisable, exportedIdentity, exportedPasskey, exportedSession, type ExportedUser, type IdentityExportColumns, liveNow, type LiveSessions, type PasskeyExportColumns, type SessionExportColumns, type UserExportSource } from "../../features/user-imports/store.ts";
import type { Int8 } from "./events.ts";

const BATCH = 10_000;

interface ExportRow {
	id: string;
	email: string | null;
	email_verified: boolean;
	created_at: Int8;
	password_hash: string;
	recovery_code: string;
	totp_key: Uint8Array | null;
	passkey_user_handle: Uint8Array | null;
	/** jsonb: parsed by the driver, or its text. */
	passkeys: string | PasskeyExportColumns[];
	sessions: string | SessionExportColumns[];
	disabled_until: Int8 | null;
	disabled_reason: string | null;
	identities: string | IdentityExportColumns[];
}

/** The row of one user; `now` judges whether a disable is in force. */
function toExported(row: ExportRow, now: number): ExportedUser {
	return {
		id: row.id,
		email: row.email,
		email_verified: row.email_verified,
		created_at: Number(row.created_at),
		password_hash: row.password_hash === "" ? null : row.password_hash,
		totp_key: row.totp_key === null ? null : encodeBase64(row.totp_key),
		recovery_code: row.recovery_code,
		passkey_user_handle: row.passkey_user_handle === null ? null : Buffer.from(row.passkey_user_handle).toString("base64url"),
		passkeys: (typeof row.passkeys === "string" ? JSON.parse(row.passkeys) : row.passkeys).map(exportedPasskey),
		sessions: (typeof row.sessions === "string" ? JSON.parse(row.sessions) : row.sessions).map(exportedSession),
		...exportedDisable(row.disabled_until, row.disabled_reason, now),
		identities: (typeof row.identities === "string" ? JSON.parse(row.identities) : row.identities).map(exportedIdentity),
	};
}

export function openPostgresUserExport(url: string, live: LiveSessions = liveNow()): UserExportSource {
	const sql = connectPostgres(url, 1);
	return {
		async each(write) {
			await sql.begin(async (tx) => {
				await tx`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
				// An export reads for as long as it takes and waits on whoever reads its output; it
				// holds no row lock, so the role's timeouts for requests do not apply to it.
				await tx`SET LOCAL statement_timeout = 0`;
				await tx`SET LOCAL idle_in_transaction_session_timeout = 0`;
				await tx.unsafe(
					`DECLARE user_export NO SCROLL CURSOR FOR
					SELECT u.id, u.email, u.email_verified, u.created_at, u.password_hash, u.recovery_code, u.disabled_until, u.disabled_reason, t.key AS totp_key,
						h.handle AS passkey_user_handle,
						(SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'credential_id', encode(p.credential_id, 'hex'),
							'public_key', encode(p.public_key, 'hex'), 'algorithm', p.algorithm, 'sign_count', p.sign_count, 'name', p.name,
							'created_at', p.created_at, 'last_used_at', p.last_used_at, 'backup_eligible', p.backup_eligible,
							'backed_up', p.backed_up, 'transports', p.transports, 'aaguid', encode(p.aaguid, 'hex')) ORDER BY p.created_at, p.id), '[]'::jsonb)
						FROM passkey p WHERE p.user_id = u.id) AS passkeys,
						(SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'digest', encode(s.digest, 'hex'), 'created_at', s.created_at,
							'last_used_at', s.last_used_at, 'client_ip', s.client_ip, 'user_agent', s.user_agent,
							'second_factor_verified_at', s.second_factor_verified_at) ORDER BY s.created_at, s.id), '[]'::jsonb)
						FROM session s WHERE s.user_id = u.id AND s.last_used_at > ${Math.floor(live.now - live.idleTimeoutSeconds)}
							AND s.created_at > ${Math.floor(live.now - live.lifetimeSeconds)}) AS sessions,
						(SELECT coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'provider', i.provider, 'issuer', i.issuer, 'subject', i.subject,
							'email', i.email, 'email_verified', i.email_verified, 'name', i.name, 'created_at', i.created_at,
							'last_sign_in_at', i.last_sign_in_at) ORDER BY i.created_at, i.id), '[]'::jsonb)
						FROM identity i WHERE i.user_id = u.id) AS identities
					FROM "user" u LEFT JOIN totp_credential t ON t.user_id = u.id LEFT JOIN passkey_user_handle h ON h.user_id = u.id
					ORDER BY u.created_at, u.id`,
				);
				for (;;) {
					const rows = await tx.unsafe<ExportRow[]>(`FETCH ${BATCH} FROM user_export`);
					if (rows.length === 0) break;
					await write(rows.map((row) => toExported(row, live.now)));
				}
			});
		},
		async close() {
			await sql.close({ timeout: 5 });
		},
	};
}
