// A user's row as PostgreSQL answers it, and the model made of it: read by the users store and by
// every store whose transaction reads the user it changes (sessions, email sign-in).
import type { User } from "../../features/users/store.ts";
import type { Int8 } from "./events.ts";

// totp_registered is a column kept by triggers on totp_credential (see its schema step).
// password_set is read as a comparison: the hash itself is never read with a user.
export const USER_COLUMNS = `id, created_at, email, email_verified, recovery_code, password_leaked, totp_registered, password_hash <> '' AS password_set`;

export interface UserRow {
	id: string;
	created_at: Int8;
	email: string | null;
	email_verified: boolean;
	totp_registered: boolean;
	recovery_code: string;
	password_leaked: boolean;
	password_set: boolean;
}

export function toUser(row: UserRow): User {
	return {
		id: row.id,
		createdAt: Number(row.created_at),
		email: row.email,
		emailVerified: row.email_verified,
		totpRegistered: row.totp_registered,
		recoveryCode: row.recovery_code,
		passwordLeaked: row.password_leaked,
		passwordSet: row.password_set,
	};
}
