// Importing users on PostgreSQL: a whole request's users in one statement, each row left out when
// its id or email is taken (ON CONFLICT DO NOTHING waits for a parallel transaction that holds the
// same key, then leaves the row out if that one committed), with their TOTP credentials.
import type { SQL } from "bun";
import { encodeBase64 } from "@oslojs/encoding";
import type { UserImportStore } from "../../features/user-imports/store.ts";

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
					totp_key: user.totpKey === null ? null : encodeBase64(user.totpKey),
				}));
			const inserted = await sql.unsafe(
				`WITH input AS (
					SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(id text, created_at bigint, email text, email_verified boolean,
						password_hash text, recovery_code text, totp_key text)
				), inserted AS (
					INSERT INTO "user" (id, created_at, email, email_verified, password_hash, recovery_code)
					SELECT id, created_at, email, email_verified, password_hash, recovery_code FROM input
					ON CONFLICT DO NOTHING
					RETURNING id
				), credentials AS (
					INSERT INTO totp_credential (user_id, created_at, key, last_used_step)
					SELECT input.id, $2, decode(input.totp_key, 'base64'), 0 FROM input JOIN inserted ON inserted.id = input.id
					WHERE input.totp_key IS NOT NULL
				)
				SELECT id FROM inserted`,
				[rows, totpCreatedAt],
			);
			return new Set(inserted.map((row: { id: string }) => row.id));
		},
		async emailHolders(emails) {
			if (emails.length === 0) return new Map();
			const rows = await sql.unsafe(`SELECT id, email FROM "user" WHERE email IN (SELECT jsonb_array_elements_text($1::jsonb))`, [emails]);
			return new Map(rows.map((row: { id: string; email: string }) => [row.email, row.id]));
		},
		async existingIds(ids) {
			if (ids.length === 0) return new Set();
			const rows = await sql.unsafe(`SELECT id FROM "user" WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb))`, [ids]);
			return new Set(rows.map((row: { id: string }) => row.id));
		},
	};
}
