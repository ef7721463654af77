// What sessions need from a database (API.md section 13); src/stores/<database>/sessions.ts
// implements it. A session is a row that every credential change can reach in its own transaction
// (see SessionEnding), never a cache or a signed token that could outlive its end.
import { withData, type HolmEvent } from "../events/store.ts";
import type { User } from "../users/store.ts";
import { isLive, type SessionSettings } from "./settings.ts";

export interface Session {
	id: string;
	userId: string;
	createdAt: number;
	lastUsedAt: number;
	/** The canonical address (a.b.c.d, or IPv6 in its shortest form), the string as sent when it
	 *  is no address, or null. */
	clientIp: string | null;
	userAgent: string | null;
	secondFactorVerifiedAt: number | null;
	newDevice: boolean;
}

/** A session as stored: with the SHA-256 of its secret, which never leaves the store but for an export. */
export interface StoredSession extends Session {
	digest: Uint8Array;
}

/** Why sessions ended: the `reason` of a sessions_ended event. */
export type EndReason =
	| "sign_out"
	| "sign_out_everywhere"
	| "password_changed"
	| "password_reset"
	| "email_changed"
	| "second_factor_removed"
	| "user_deleted"
	| "session_limit"
	| "console"
	| "passkey_removed"
	| "identity_unlinked"
	| "account_claimed"
	| "user_disabled";

/**
 * The sessions a credential change ends, in the change's own transaction: every session of the
 * user but `keep`. The store writes `event` (sessions_ended, for the user it names) with
 * `session_ids` added when it ended any, and returns it among the events the change wrote, for
 * the caller to log once the change committed.
 */
export interface SessionEnding {
	keep: string | null;
	event: HolmEvent;
	/** Which of the ended sessions were still live (an expired one is not reported as ended). */
	now: number;
	settings: SessionSettings;
}

/** The sessions_ended event of `ending` naming the ended rows that were still live (an expired one
 *  is not reported: expiry is not an event), or null when none was. */
export function endedEvent(ending: SessionEnding, rows: readonly { id: string; created_at: number | string; last_used_at: number | string }[]): HolmEvent | null {
	const ids = rows
		.filter((row) => isLive({ createdAt: Number(row.created_at), lastUsedAt: Number(row.last_used_at) }, ending.now, ending.settings))
		.map((row) => row.id);
	return ids.length === 0 ? null : withData(ending.event, { session_ids: ids });
}

interface NewSession {
	/** What the caller makes; the store stamps createdAt and lastUsedAt (and secondFactorVerifiedAt,
	 *  with `secondFactorVerified`) by its clock, and judges newDevice. */
	session: Omit<StoredSession, "createdAt" | "lastUsedAt" | "secondFactorVerifiedAt" | "newDevice">;
	secondFactorVerified: boolean;
	/** Digests of this session's user agent and network; empty when neither was sent. */
	devices: Uint8Array[];
	/** session_created, written with the session; `new_device` is added by the store. */
	created: HolmEvent;
	/** sessions_ended (session_limit), written when the cap ended sessions. */
	limitEnded: HolmEvent;
}

/** NO_USER when the user is gone; USER_DISABLED while an operator's disable is in force (API.md
 *  section 18), judged under the user's row, so that a session cannot be made after a disable
 *  committed. */
type CreateSessionOutcome = "NO_USER" | "USER_DISABLED" | { session: Session; created: HolmEvent; ended: HolmEvent | null };

export interface SessionStore {
	/**
	 * In one atomic step under the user's row: judges `new_device` from the user's device digests
	 * of the last 90 days (and whether the user ever had a session), remembers this session's
	 * devices, ends the least recently used of the user's live sessions while the cap would be
	 * exceeded (parallel creations cannot exceed it), and inserts the session with its events. The
	 * session as stored, its times by the store's clock: the one that judges its expiry (the
	 * database's on PostgreSQL, as for a code request: StoredTimes in code-attempts.ts). Nothing
	 * while the user is disabled.
	 */
	create(input: NewSession, settings: SessionSettings): Promise<CreateSessionOutcome>;
	/** The session by its id, live or not (the caller judges, in the time a wrong secret costs), the
	 *  SHA-256 of its secret beside it (never inside the model, so no copy is needed to drop it), and
	 *  its user (a session goes with its user: ON DELETE CASCADE); null when no session has that id.
	 *  All come in one indexed read, and `now` is the database's on PostgreSQL (on SQLite null: the
	 *  instance's clock, which is the store's, judges). */
	findForValidation(id: string): Promise<{ session: Session; digest: Uint8Array; user: User; now: number | null } | null>;
	/** Moves last_used_at forward to the store's time when it is at least `intervalSeconds` old by
	 *  that time (one conditional write, so parallel validations write it once). */
	touch(id: string, intervalSeconds: number): Promise<void>;
	/** A live session; null when absent or expired. */
	get(id: string, settings: SessionSettings): Promise<Session | null>;
	/** The user's live sessions, most recently used first. */
	listForUser(userId: string, settings: SessionSettings): Promise<Session[]>;
	/** Ends one live session, writing `event` with `session_ids`; the event, or null when there was none. */
	end(id: string, settings: SessionSettings, event: HolmEvent): Promise<HolmEvent | null>;
	/**
	 * Ends every live session of the user but `except` (which must be a live session of that user,
	 * else NOT_FOUND and nothing ends); writes `event` with `session_ids` when any ended.
	 */
	endForUser(userId: string, except: string | null, settings: SessionSettings, event: HolmEvent): Promise<"NOT_FOUND" | HolmEvent | null>;
	/** Records a correct second factor, at the store's time, on a live session of the user; false
	 *  when there is none. */
	markSecondFactor(id: string, userId: string, settings: SessionSettings): Promise<boolean>;
	/** Live sessions of every user (the console's overview). */
	countLive(settings: SessionSettings): Promise<number>;
	/** Deletes sessions expired at `now` (the sweep's time: the database's where there is one) and
	 *  device digests older than 90 days. Expiry is not an event. */
	deleteExpired(now: number, settings: SessionSettings): Promise<void>;
}
