// A user made of its row's columns, for every SQLite store that reads a user (the users store, a
// session's validation, which reads its user in the same statement).
import type { User } from "../../features/users/store.ts";

/** The user of a row's columns (0 and 1 for the flags), wherever they were read from. */
export function userOfColumns(
	id: string,
	createdAt: number,
	email: string | null,
	emailVerified: number,
	totpRegistered: number,
	recoveryCode: string,
	passwordLeaked: number,
): User {
	return { id, createdAt, email, emailVerified: emailVerified === 1, totpRegistered: totpRegistered === 1, recoveryCode, passwordLeaked: passwordLeaked === 1 };
}
