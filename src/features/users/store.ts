// What the users feature needs from a database; src/stores/<database>/users.ts implements it.
import type { HolmEvent } from "../events/store.ts";
import type { SessionEnding } from "../sessions/store.ts";

export interface User {
	id: string;
	createdAt: number;
	email: string | null;
	emailVerified: boolean;
	totpRegistered: boolean;
	recoveryCode: string;
	/** The current password was found in the leak lists at a correct check after it was set. */
	passwordLeaked: boolean;
	/** Whether the user has a password at all (one signed up by email code or an identity provider may
	 *  not): an application offers "set a password" rather than "change it". */
	passwordSet: boolean;
}

export interface NewUser {
	id: string;
	createdAt: number;
	email: string | null;
	passwordHash: string;
	recoveryCode: string;
}

export type UserSortBy = "created_at" | "id";
export type SortOrder = "ascending" | "descending";

export interface UserListQuery {
	sortBy: UserSortBy;
	sortOrder: SortOrder;
	limit: number;
	offset: number;
	/** Already lower-cased; "" matches every user. */
	emailQuery: string;
}

export interface UserStore {
	/** EMAIL_ALREADY_USED when another user holds the email (the unique index decides a race). */
	/** `event` (user_created) is written with the user, in one transaction. */
	insert(user: NewUser, event: HolmEvent): Promise<"CREATED" | "EMAIL_ALREADY_USED">;
	get(id: string): Promise<User | null>;
	/** By the stored form of the email (NFC, lower-cased). */
	getByEmail(email: string): Promise<User | null>;
	getPasswordHash(id: string): Promise<string | null>;
	/** For a sign-in: the user and their password hash in one read, so that an email with an
	 *  account and one without cost the same database work. */
	getByEmailForSignIn(email: string): Promise<{ user: User; passwordHash: string } | null>;
	isEmailTaken(email: string): Promise<boolean>;
	list(query: UserListQuery): Promise<{ users: User[]; total: number }>;
	/** Everything the user owns goes with them; their sessions' end is recorded (`ending`). False
	 *  when there was no such user. */
	delete(id: string, event: HolmEvent, ending: SessionEnding): Promise<boolean>;
	/** The users whose password_leaked is true, by created_at then id (the console's list), through
	 *  the partial index that holds only them. */
	listPasswordLeaked(query: { sortOrder: SortOrder; limit: number; offset: number }): Promise<{ users: User[]; total: number }>;
}

/**
 * The outcome of writing a row that belongs to a user (a request, a credential): NO_USER when the
 * user was deleted after the call found them, which the database's foreign key tells.
 */
export type UserRowWrite = "STORED" | "NO_USER";
