// What importing and exporting users need from a database; src/stores/<database>/user-imports.ts
// implements it. The unique indexes on the user's id and email decide every conflict, so parallel
// imports and sign-ups can never give one address or one id to two users.

/** A user ready to be stored: every field checked, nothing left to decide but the conflicts. */
export interface ImportedUser {
	id: string;
	createdAt: number;
	email: string | null;
	emailVerified: boolean;
	/** As given ("" for a user without a password): nothing is hashed at import. */
	passwordHash: string;
	recoveryCode: string;
	/** Registered as the user's TOTP credential, created at `totpCreatedAt`. */
	totpKey: Uint8Array | null;
}

export interface UserImportStore {
	/**
	 * Inserts, in one transaction, every user whose id and email are both free, with its TOTP
	 * credential, and leaves out the others; answers the ids it inserted. `users` hold no id and
	 * no email twice.
	 */
	insertWhereFree(users: readonly ImportedUser[], totpCreatedAt: number): Promise<Set<string>>;
	/** The holder of each of these emails that has one. */
	emailHolders(emails: readonly string[]): Promise<Map<string, string>>;
	/** Which of these ids a user has. */
	existingIds(ids: readonly string[]): Promise<Set<string>>;
}

/** One user as `holm export` writes it: the ROW form of API.md section 9. */
export interface ExportedUser {
	id: string;
	email: string | null;
	email_verified: boolean;
	created_at: number;
	/** As stored; null for a user without a password. */
	password_hash: string | null;
	/** Standard base64, or null without a TOTP credential. */
	totp_key: string | null;
	recovery_code: string;
}

/** Every user of a database, read from one snapshot while a server may keep writing. */
export interface UserExportSource {
	/** Hands over every user, in batches in created_at, id order, all read in one snapshot;
	 *  the next batch is read once `write` has taken the last. */
	each(write: (users: ExportedUser[]) => Promise<void>): Promise<void>;
	close(): Promise<void>;
}
