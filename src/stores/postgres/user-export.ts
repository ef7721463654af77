// Every user of the PostgreSQL database for `holm export`: one REPEATABLE READ, read-only
// transaction (one snapshot, however long the export takes and whatever the instances write
// meanwhile), read through a cursor so that memory stays bounded.
import { SQL } from "bun";
import { encodeBase64 } from "@oslojs/encoding";
import type { ExportedUser, UserExportSource } from "../../features/user-imports/store.ts";

const BATCH = 10_000;

function toExported(row: any): ExportedUser {
	return {
		id: row.id,
		email: row.email,
		email_verified: row.email_verified,
		created_at: Number(row.created_at),
		password_hash: row.password_hash === "" ? null : row.password_hash,
		totp_key: row.totp_key === null ? null : encodeBase64(row.totp_key),
		recovery_code: row.recovery_code,
	};
}

export function openPostgresUserExport(url: string): UserExportSource {
	const sql = new SQL(url, { max: 1, connectionTimeout: 5 });
	return {
		async each(write) {
			await sql.begin(async (tx) => {
				await tx`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
				await tx.unsafe(
					`DECLARE user_export NO SCROLL CURSOR FOR
					SELECT u.id, u.email, u.email_verified, u.created_at, u.password_hash, u.recovery_code, t.key AS totp_key
					FROM "user" u LEFT JOIN totp_credential t ON t.user_id = u.id
					ORDER BY u.created_at, u.id`,
				);
				for (;;) {
					const rows = await tx.unsafe(`FETCH ${BATCH} FROM user_export`);
					if (rows.length === 0) break;
					await write(rows.map(toExported));
				}
			});
		},
		async close() {
			await sql.close({ timeout: 5 });
		},
	};
}
