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
	/** Disabled by an operator (API.md section 18): every way in answers USER_DISABLED once its
	 *  credential proved correct. Judged by the store's clock as the user is read (see disabledState). */
	disabled: boolean;
	/** When a disable ends by itself (whole Unix seconds); null while enabled and while disabled
	 *  until enabled. */
	disabledUntil: number | null;
	/** The operator's reason, while disabled (null without one): shown by the console, never by the API's user. */
	disabledReason: string | null;
}

/** A user's disable as stored: `disabled_until` NULL while enabled, 0 until enabled, else the
 *  time it ends. What is in force is judged when the user is read, by the time of the store that
 *  reads it (the instance's on SQLite, the database's on PostgreSQL), so that an end that has passed
 *  reads as enabled without a write, an event or a sweep. */
export function disabledState(storedUntil: number | null, reason: string | null, now: number): Pick<User, "disabled" | "disabledUntil" | "disabledReason"> {
	if (storedUntil === null || (storedUntil !== DISABLED_UNTIL_ENABLED && storedUntil <= now)) return ENABLED;
	return { disabled: true, disabledUntil: storedUntil === DISABLED_UNTIL_ENABLED ? null : storedUntil, disabledReason: reason };
}

/** The stored (and exported) `disabled_until` of a disable without an end. */
export const DISABLED_UNTIL_ENABLED = 0;

const ENABLED = { disabled: false, disabledUntil: null, disabledReason: null } as const;

/** What an operator's disable asks for: an end (null: until enabled) and a reason (null: none). */
export interface Disable {
	until: number | null;
	reason: string | null;
}

/** DISABLED with the events stored (sessions_ended when sessions ended, then user_disabled) and
 *  the user as it now reads. */
export type DisableOutcome = { outcome: "DISABLED"; user: User; written: HolmEvent[] } | { outcome: "NOT_FOUND" | "UNTIL_PASSED" };

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
	/** The same by id: a password check reads whether the user is disabled with the hash it checks,
	 *  in the one read every check makes, so that a disabled user's wrong password costs what
	 *  anyone's does. */
	getForSignIn(id: string): Promise<{ user: User; passwordHash: string } | null>;
	isEmailTaken(email: string): Promise<boolean>;
	list(query: UserListQuery): Promise<{ users: User[]; total: number }>;
	/** Everything the user owns goes with them; their sessions' end is recorded (`ending`). False
	 *  when there was no such user. */
	delete(id: string, event: HolmEvent, ending: SessionEnding): Promise<HolmEvent[] | null>;
	/** The users whose password_leaked is true, by created_at then id (the console's list), through
	 *  the partial index that holds only them. */
	listPasswordLeaked(query: { sortOrder: SortOrder; limit: number; offset: number }): Promise<{ users: User[]; total: number }>;
	/**
	 * In one transaction under the user's row: disables the user (replacing the reason and end of a
	 * disable in force), ends every session of theirs (`ending`), and writes `event` (user_disabled).
	 * UNTIL_PASSED when `disable.until` is not after the store's time (the database's on
	 * PostgreSQL), and nothing changes.
	 */
	disable(id: string, disable: Disable, event: HolmEvent, ending: SessionEnding): Promise<DisableOutcome>;
	/** Enables the user; `event` (user_enabled) is written only when a disable was in force by the
	 *  store's time (an end that passed was an enabling already). The user as it now reads, and the
	 *  events written; null when there is no such user. */
	enable(id: string, event: HolmEvent): Promise<{ user: User; written: HolmEvent[] } | null>;
}

/**
 * The outcome of writing a row that belongs to a user (a request, a credential): NO_USER when the
 * user was deleted after the call found them, which the database's foreign key tells.
 */
export type UserRowWrite = "STORED" | "NO_USER";
