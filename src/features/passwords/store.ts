// SQL that changes a user's password.
import type { Database } from "bun:sqlite";

export function createPasswordStore(db: Database) {
	const updateHash = db.prepare<void, [string, string]>(`UPDATE user SET password_hash = ? WHERE id = ?`);
	const deleteResetRequests = db.prepare<void, [string]>(`DELETE FROM password_reset_request WHERE user_id = ?`);

	return {
		/** Sets the hash and invalidates the user's password reset requests, in one transaction.
		 *  False when the user no longer exists. */
		updatePassword: db.transaction((userId: string, passwordHash: string): boolean => {
			if (updateHash.run(passwordHash, userId).changes === 0) return false;
			deleteResetRequests.run(userId);
			return true;
		}),
	};
}

export type PasswordStore = ReturnType<typeof createPasswordStore>;
