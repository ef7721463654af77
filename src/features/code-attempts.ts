// Checking the one-time code of a request (password reset, email verification, email update, email sign-in),
// written once. "Count first, judge after": the store counts the attempt in one atomic step, and
// only an attempt it counted is compared. Parallel guesses therefore cannot read the count before
// any of them writes it back, on SQLite or PostgreSQL alike; the 5th incorrect code deletes the
// request. A correct code's attempt is given back by the store verb that acts on it.
import type { AppContext } from "../context.ts";
import { logEvent, newEvent } from "./events/actions.ts";
import type { HolmEvent } from "./events/store.ts";

interface TakenAttempt<Code> {
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

type CodeCheck = "CORRECT" | "INCORRECT" | "ABSENT";

/** The verdict, and whose request the code was for (from the same statement that counted the
 *  attempt, so a caller needs no read of its own); null when absent or nobody's. */
interface CheckedCode {
	check: CodeCheck;
	userId: string | null;
}

export async function checkCode<Code>(
	ctx: AppContext,
	request: "password_reset" | "email_verification" | "email_update" | "email_sign_in",
	store: CodeAttemptStore<Code>,
	key: string,
	isCorrect: (code: Code) => boolean,
	/** The canonical client_ip the code came from, for the security event; undefined when unsent. */
	clientIp: string | undefined,
): Promise<CheckedCode> {
	const maxAttempts = ctx.limits.settings["code-attempts"].count;
	const taken = await store.takeCodeAttempt(key, maxAttempts);
	if (taken === null) return { check: "ABSENT", userId: null };
	if (isCorrect(taken.code)) return { check: "CORRECT", userId: taken.userId };
	if (taken.attempts >= maxAttempts) {
		const event = newEvent(ctx, "request_deleted_after_incorrect_codes", { userId: taken.userId, clientIp, data: { request } });
		await store.deleteAfterLastAttempt(key, event);
		logEvent(ctx, event);
	}
	return { check: "INCORRECT", userId: taken.userId };
}
