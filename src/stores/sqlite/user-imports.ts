// Importing users on SQLite: one synchronous transaction per request, so no other write (a
// sign-up, another import) can come between a row's check and its insert.
import type { Database } from "bun:sqlite";
import type { ImportedUser, UserImportStore } from "../../features/user-imports/store.ts";

export function createSqliteUserImportStore(db: Database): UserImportStore {
	// One statement for the whole batch, not one per row: the email search index (an FTS5 table kept
	// by triggers) writes its pending rows out at every statement that opens a savepoint, so row by
	// row it wrote 1,000 tiny segments a request and made an import three times slower.
	// DO NOTHING with no target: a taken id and a taken email alike leave the row out.
	const insertUsers = db.prepare<{ id: string }, [string]>(
		`INSERT INTO user (id, created_at, email, email_verified, password_hash, recovery_code)
		SELECT value ->> 'id', value ->> 'created_at', value ->> 'email', value ->> 'email_verified', value ->> 'password_hash', value ->> 'recovery_code'
		FROM json_each(?) WHERE true
		ON CONFLICT DO NOTHING
		RETURNING id`,
	);
	const insertCredential = db.prepare<void, [string, number, Uint8Array]>(
		`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES (?, ?, ?, 0)`,
	);
	const selectEmailHolder = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE email = ?`);
	const selectId = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE id = ?`);

	const insertAll = db.transaction((users: readonly ImportedUser[], totpCreatedAt: number): Set<string> => {
		const rows = users.map((user) => ({
			id: user.id,
			created_at: user.createdAt,
			email: user.email,
			email_verified: user.emailVerified ? 1 : 0,
			password_hash: user.passwordHash,
			recovery_code: user.recoveryCode,
		}));
		const inserted = new Set(insertUsers.all(JSON.stringify(rows)).map((row) => row.id));
		for (const user of users) {
			if (user.totpKey !== null && inserted.has(user.id)) insertCredential.run(user.id, totpCreatedAt, user.totpKey);
		}
		return inserted;
	});

	return {
		async insertWhereFree(users, totpCreatedAt) {
			if (users.length === 0) return new Set();
			return insertAll(users, totpCreatedAt);
		},
		async emailHolders(emails) {
			const holders = new Map<string, string>();
			for (const email of emails) {
				const row = selectEmailHolder.get(email);
				if (row !== null) holders.set(email, row.id);
			}
			return holders;
		},
		async existingIds(ids) {
			return new Set(ids.filter((id) => selectId.get(id) !== null));
		},
	};
}
