// What every one-time-code request table (password reset, email verification, email update, email
// sign-in) needs from a database; src/stores/<database>/code-requests.ts writes it once per
// database. The check of a code against these is code-attempts.ts.
import type { HolmEvent } from "./events/store.ts";

export interface TakenAttempt<Code> {
	/** What the given code is compared with (the code, or its digest). */
	code: Code;
	/** Attempts counted so far, this one included. */
	attempts: number;
	/** Whose request it is (null: an email sign-in for an email nobody held). */
	userId: string | null;
}

export interface CodeAttemptStore<Code> {
	/** Counts one attempt at a live request that has had fewer than `maxAttempts` (the code-attempts
	 *  limit); null when the request is absent, expired or out of attempts. */
	takeCodeAttempt(key: string, maxAttempts: number): Promise<TakenAttempt<Code> | null>;
	/** Deletes the request (its last attempt was incorrect) and writes `event`, in one transaction. */
	deleteAfterLastAttempt(key: string, event: HolmEvent): Promise<void>;
}

/**
 * When a new request was made and when it expires (Unix seconds), as its store stamped them: by the
 * clock that will judge them, now and a lifetime later. That is the instance's clock on SQLite (one
 * process) and the database's on PostgreSQL, whatever the clock of the instance that stores it.
 * The answer shows these.
 */
export interface StoredTimes {
	createdAt: number;
	expiresAt: number;
}

/** A request as its caller makes it: everything but the times its store stamps. */
export type Unstamped<Request> = Omit<Request, keyof StoredTimes>;

/** Made at `now`, expiring `lifetimeSeconds` later. */
export function stampedAt(now: number, lifetimeSeconds: number): StoredTimes {
	return { createdAt: now, expiresAt: now + lifetimeSeconds };
}

/** What every one-time-code request table can do (src/stores/<database>/code-requests.ts writes it
 *  once per database); "live" is judged by the store's clock. */
export interface CodeRequestStore<Request, Code> extends CodeAttemptStore<Code> {
	/** The live request, or null. */
	get(key: string): Promise<Request | null>;
	/** The user's live requests, oldest first. */
	listForUser(userId: string): Promise<Request[]>;
	/** Deletes a live request; whether there was one. */
	delete(key: string): Promise<boolean>;
	deleteForUser(userId: string): Promise<void>;
	/** Deletes the requests that expired by `now` (the sweep's time). */
	deleteExpired(now: number): Promise<void>;
}
