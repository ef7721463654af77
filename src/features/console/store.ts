// What the console (API.md section 12) keeps in the database: one-time sign-in tokens and sessions,
// each known only by the SHA-256 of its secret, so that a copy of the database signs no one in.
// Both live in the database so that any instance accepts them. Expiry and idleness are judged by
// the store's clock, given when it is built: on SQLite this instance's, on PostgreSQL the
// database's (API.md section 8).
import type { HolmEvent } from "../events/store.ts";

interface ConsoleSession {
	createdAt: number;
	lastSeenAt: number;
}

/** A second-factor check's lock as the console shows it; never the codes. */
interface SecondFactorLock {
	check: string;
	failedAttempts: number;
	/** Whole Unix seconds; null when the check is not locked now. */
	lockedUntil: number | null;
	/** Locks in this run so far: the next one lasts twice as long. */
	lockCount: number;
}

/** What a row of the user list shows beside the user. */
interface ListedUserFacts {
	passkeys: number;
	secondFactorLocked: boolean;
}

/** A page of events as the console shows them: newest first. */
interface RecentEventQuery {
	userId: string | null;
	type: string | null;
	/** Whole Unix seconds: only events at or after it; null for every event kept. */
	since: number | null;
	/** Only events before this feed position (a page's `older`); null for the newest. */
	before: number | null;
	limit: number;
}

/** How stale a session's last use may be before a call writes the new one. */
export const TOUCH_EVERY_SECONDS = 60;

export interface ConsoleStore {
	insertToken(digest: Uint8Array, ttlSeconds: number): Promise<void>;
	/** Deletes the token and says whether it was there and live: one atomic step, so a token signs
	 *  in once, whichever instance is asked and however many ask at the same time. */
	consumeToken(digest: Uint8Array): Promise<boolean>;
	insertSession(digest: Uint8Array): Promise<void>;
	/**
	 * The session, if it was used within `idleSeconds` and began within `lifetimeSeconds`. Its last
	 * use moves to now when it is older than TOUCH_EVERY_SECONDS, by a statement that checks the
	 * same conditions again (so two instances cannot revive an ended session); so a page's calls
	 * do not each write to the database.
	 */
	touchSession(digest: Uint8Array, idleSeconds: number, lifetimeSeconds: number): Promise<ConsoleSession | null>;
	deleteSession(digest: Uint8Array): Promise<void>;
	/** Ends every session and unused token; how many sessions there were. */
	deleteAllSessions(): Promise<number>;
	/** The user's second-factor lock rows (an ended lock still counts for the escalation). */
	secondFactorLocks(userId: string): Promise<SecondFactorLock[]>;
	/** For each of a page of users, in one read: how many passkeys, and whether a second-factor
	 *  check is locked now. Users not given (or gone) are not in the map. */
	listedUserFacts(userIds: readonly string[]): Promise<Map<string, ListedUserFacts>>;
	/** The email (null for a user without one) of each of the given users, in one read: what the
	 *  event feed shows for an event's user. Users not given (or gone) are not in the map. */
	userEmails(userIds: readonly string[]): Promise<Map<string, string | null>>;
	/** Events, newest first, each with its position (for the next page). */
	recentEvents(query: RecentEventQuery): Promise<{ seq: number; event: HolmEvent }[]>;
	/** How many events of each type happened at or after `since`. */
	eventCounts(since: number): Promise<Record<string, number>>;
	/** Drops expired tokens and sessions that can no longer be used (`now` from the sweep, which
	 *  reads the database's clock where it has one). */
	deleteExpired(now: number, idleSeconds: number, lifetimeSeconds: number): Promise<void>;
}

/** A row of second_factor_lockout, as both databases give it. */
export interface LockRow {
	check_name: string;
	failed_attempts: number | string;
	locked_until: number | string | null;
	lock_count: number | string;
}

/** A row of listedUserFacts's statement, as both databases give it. */
export interface ListedUserRow {
	user_id: string;
	passkeys: number | string;
	locked: number | boolean;
}

export function toListedUserFacts(rows: ListedUserRow[]): Map<string, ListedUserFacts> {
	return new Map(rows.map((row) => [row.user_id, { passkeys: Number(row.passkeys), secondFactorLocked: Boolean(row.locked) }]));
}

export function toLock(row: LockRow, now: number): SecondFactorLock {
	const lockedUntil = row.locked_until === null ? null : Number(row.locked_until);
	return {
		check: row.check_name,
		failedAttempts: Number(row.failed_attempts),
		lockedUntil: lockedUntil !== null && lockedUntil > now ? lockedUntil : null,
		lockCount: Number(row.lock_count),
	};
}
