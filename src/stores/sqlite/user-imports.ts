// Importing users on SQLite: one synchronous transaction per request, so no other write (a
// sign-up, another import) can come between a row's check and its insert.
import type { Database } from "bun:sqlite";
import type { ImportedUser, UserImportStore } from "../../features/user-imports/store.ts";

export function createSqliteUserImportStore(db: Database): UserImportStore {
	// DO NOTHING with no target: a taken id and a taken email alike leave the row out.
	const insertUser = db.prepare<void, [string, number, string | null, number, string, string]>(
		`INSERT INTO user (id, created_at, email, email_verified, password_hash, recovery_code) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`,
	);
	const insertCredential = db.prepare<void, [string, number, Uint8Array]>(
		`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES (?, ?, ?, 0)`,
	);
	const selectEmailHolder = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE email = ?`);
	const selectId = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE id = ?`);

	const insertAll = db.transaction((users: readonly ImportedUser[], totpCreatedAt: number): Set<string> => {
		const inserted = new Set<string>();
		for (const user of users) {
			const changes = insertUser.run(user.id, user.createdAt, user.email, user.emailVerified ? 1 : 0, user.passwordHash, user.recoveryCode).changes;
			if (changes === 0) continue;
			if (user.totpKey !== null) insertCredential.run(user.id, totpCreatedAt, user.totpKey);
			inserted.add(user.id);
		}
		return inserted;
	});

	return {
		async insertWhereFree(users, totpCreatedAt) {
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
