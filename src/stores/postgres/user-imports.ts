// Importing users on PostgreSQL: a whole request's users in one statement, each row left out when
// its id or email is taken (ON CONFLICT DO NOTHING waits for a parallel transaction that holds the
// same key, then leaves the row out if that one committed), with their TOTP credentials.
import type { SQL } from "bun";
import { encodeBase64 } from "@oslojs/encoding";
import type { UserImportStore } from "../../features/user-imports/store.ts";
import { isUniqueViolation } from "./errors.ts";

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

export function createPostgresUserImportStore(sql: SQL): UserImportStore {
	return {
		async insertWhereFree(users, totpCreatedAt) {
			if (users.length === 0) return new Set();
			// One JSON parameter (Bun sends an array as JSON), not 1,000 rows of placeholders: one round
			// trip, one plan.
			const rows = users.map((user) => ({
					id: user.id,
					created_at: user.createdAt,
					email: user.email,
					email_verified: user.emailVerified,
					password_hash: user.passwordHash,
					recovery_code: user.recoveryCode,
					disabled_until: user.disabledUntil,
					disabled_reason: user.disabledReason,
					totp_key: user.totpKey === null ? null : encodeBase64(user.totpKey),
					passkey_user_handle: user.passkeyUserHandle === null ? null : hex(user.passkeyUserHandle),
					passkeys: user.passkeys.map((p) => ({
						id: p.id,
						credential_id: hex(p.credentialId),
						public_key: hex(p.publicKey),
						algorithm: p.algorithm,
						sign_count: p.signCount,
						name: p.name,
						created_at: p.createdAt,
						last_used_at: p.lastUsedAt,
						backup_eligible: p.backupEligible,
						backed_up: p.backedUp,
						transports: p.transports,
						aaguid: hex(p.aaguid),
					})),
					identities: user.identities.map((i) => ({
						id: i.id,
						provider: i.provider,
						issuer: i.issuer,
						subject: i.subject,
						email: i.email,
						email_verified: i.emailVerified,
						name: i.name,
						created_at: i.createdAt,
						last_sign_in_at: i.lastSignInAt,
					})),
					sessions: user.sessions.map((s) => ({
						id: s.id,
						digest: hex(s.digest),
						created_at: s.createdAt,
						last_used_at: s.lastUsedAt,
						client_ip: s.clientIp,
						user_agent: s.userAgent,
						second_factor_verified_at: s.secondFactorVerifiedAt,
					})),
				}));
			// A user one of whose passkey ids or credential ids is registered stays out. A registration or
			// import committing the same one between that check and the insert makes the statement fail on
			// a unique index: then nothing went in, and the caller looks the rows' conflicts up and tries again.
			let inserted;
			try {
				inserted = await sql.unsafe(
				`WITH input AS (
					SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(id text, created_at bigint, email text, email_verified boolean,
						password_hash text, recovery_code text, disabled_until bigint, disabled_reason text, totp_key text, passkey_user_handle text,
						passkeys jsonb, sessions jsonb, identities jsonb)
				), inserted AS (
					-- totp_registered comes with the user, so the credential's trigger has no row to update
					-- (each update would leave a dead row version until vacuum).
					INSERT INTO "user" (id, created_at, email, email_verified, password_hash, recovery_code, totp_registered, disabled_until, disabled_reason)
					SELECT id, created_at, email, email_verified, password_hash, recovery_code, totp_key IS NOT NULL, disabled_until, disabled_reason FROM input
					WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(input.passkeys) k
						JOIN passkey p ON p.credential_id = decode(k ->> 'credential_id', 'hex') OR p.id = k ->> 'id')
						AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(input.sessions) j JOIN session s ON s.id = j ->> 'id')
						AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(input.identities) e
							JOIN identity i ON i.id = e ->> 'id' OR (i.issuer = e ->> 'issuer' AND i.subject = e ->> 'subject'))
					ON CONFLICT DO NOTHING
					RETURNING id
				), credentials AS (
					INSERT INTO totp_credential (user_id, created_at, key, last_used_step)
					SELECT input.id, $2, decode(input.totp_key, 'base64'), 0 FROM input JOIN inserted ON inserted.id = input.id
					WHERE input.totp_key IS NOT NULL
				), handles AS (
					INSERT INTO passkey_user_handle (user_id, handle)
					SELECT input.id, decode(input.passkey_user_handle, 'hex') FROM input JOIN inserted ON inserted.id = input.id
					WHERE input.passkey_user_handle IS NOT NULL
					ON CONFLICT DO NOTHING
				), passkeys AS (
					INSERT INTO passkey (id, user_id, credential_id, public_key, algorithm, sign_count, name, created_at, last_used_at,
						backup_eligible, backed_up, transports, aaguid)
					SELECT k.id, input.id, decode(k.credential_id, 'hex'), decode(k.public_key, 'hex'), k.algorithm, k.sign_count, k.name,
						k.created_at, k.last_used_at, k.backup_eligible, k.backed_up, k.transports, decode(k.aaguid, 'hex')
					FROM input JOIN inserted ON inserted.id = input.id,
						jsonb_to_recordset(input.passkeys) AS k(id text, credential_id text, public_key text, algorithm integer, sign_count bigint,
							name text, created_at bigint, last_used_at bigint, backup_eligible boolean, backed_up boolean, transports jsonb, aaguid text)
				), sessions AS (
					INSERT INTO session (id, user_id, digest, created_at, last_used_at, client_ip, user_agent, second_factor_verified_at, new_device)
					SELECT j.id, input.id, decode(j.digest, 'hex'), j.created_at, j.last_used_at, j.client_ip, j.user_agent, j.second_factor_verified_at, false
					FROM input JOIN inserted ON inserted.id = input.id,
						jsonb_to_recordset(input.sessions) AS j(id text, digest text, created_at bigint, last_used_at bigint, client_ip text,
							user_agent text, second_factor_verified_at bigint)
				), identities AS (
					INSERT INTO identity (id, user_id, provider, issuer, subject, email, email_verified, name, created_at, last_sign_in_at)
					SELECT e.id, input.id, e.provider, e.issuer, e.subject, e.email, e.email_verified, e.name, e.created_at, e.last_sign_in_at
					FROM input JOIN inserted ON inserted.id = input.id,
						jsonb_to_recordset(input.identities) AS e(id text, provider text, issuer text, subject text, email text, email_verified boolean,
							name text, created_at bigint, last_sign_in_at bigint)
				)
				SELECT id FROM inserted`,
					[rows, totpCreatedAt],
				);
			} catch (error) {
				if (isUniqueViolation(error)) return new Set();
				throw error;
			}
			return new Set(inserted.map((row: { id: string }) => row.id));
		},
		async emailHolders(emails) {
			if (emails.length === 0) return new Map();
			const rows = await sql.unsafe(`SELECT id, email FROM "user" WHERE email IN (SELECT jsonb_array_elements_text($1::jsonb))`, [emails]);
			return new Map(rows.map((row: { id: string; email: string }) => [row.email, row.id]));
		},
		async passkeyHolders(passkeys) {
			if (passkeys.length === 0) return new Map();
			const rows = await sql.unsafe(
				`SELECT DISTINCT ON (given.id) given.id, passkey.user_id
				FROM jsonb_to_recordset($1::jsonb) AS given(id text, credential_id text)
				JOIN passkey ON passkey.id = given.id OR passkey.credential_id = decode(given.credential_id, 'hex')`,
				[passkeys.map((passkey) => ({ id: passkey.id, credential_id: hex(passkey.credentialId) }))],
			);
			return new Map(rows.map((row: { id: string; user_id: string }) => [row.id, row.user_id]));
		},
		async sessionHolders(sessionIds) {
			if (sessionIds.length === 0) return new Map();
			const rows = await sql.unsafe(`SELECT id, user_id FROM session WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))`, [sessionIds]);
			return new Map(rows.map((row: { id: string; user_id: string }) => [row.id, row.user_id]));
		},
		async identityHolders(identities) {
			if (identities.length === 0) return new Map();
			const rows = await sql.unsafe(
				`SELECT DISTINCT ON (given.id) given.id, identity.user_id
				FROM jsonb_to_recordset($1::jsonb) AS given(id text, issuer text, subject text)
				JOIN identity ON identity.id = given.id OR (identity.issuer = given.issuer AND identity.subject = given.subject)`,
				[identities.map((identity) => ({ id: identity.id, issuer: identity.issuer, subject: identity.subject }))],
			);
			return new Map(rows.map((row: { id: string; user_id: string }) => [row.id, row.user_id]));
		},
		async existingIds(ids) {
			if (ids.length === 0) return new Set();
			const rows = await sql.unsafe(`SELECT id FROM "user" WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))`, [ids]);
			return new Set(rows.map((row: { id: string }) => row.id));
		},
	};
}
