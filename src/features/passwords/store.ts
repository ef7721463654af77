// What changing a password needs from a database; src/stores/<database>/passwords.ts implements it.

export type ReplaceHashOutcome = "UPDATED" | "CHANGED_MEANWHILE" | "NOT_FOUND";

export interface PasswordStore {
	/**
	 * A compare-and-swap: sets `newHash` only if the user's hash is still `expectedHash`, and in the
	 * same step invalidates the user's password reset and email update requests (whoever started an
	 * email change may be the reason for the new password).
	 */
	replacePasswordHash(userId: string, expectedHash: string, newHash: string): Promise<ReplaceHashOutcome>;
}
