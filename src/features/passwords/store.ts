// What changing a password needs from a database; src/stores/<database>/passwords.ts implements it.
import type { HolmEvent } from "../events/store.ts";
import type { SessionEnding } from "../sessions/store.ts";

/** UPDATED with the events stored (sessions_ended when a session ended, then password_changed). */
export type ReplaceHashOutcome = { outcome: "UPDATED"; written: HolmEvent[] } | { outcome: "CHANGED_MEANWHILE" | "NOT_FOUND" };

export interface PasswordStore {
	/**
	 * A compare-and-swap: sets `newHash` (a password the leak lists do not hold, so the user's
	 * password_leaked becomes false) only if the user's hash is still `expectedHash`, and in the
	 * same step invalidates the user's password reset and email update requests (whoever started an
	 * email change may be the reason for the new password), ends the user's sessions but the one kept
	 * (`ending`), and writes `event` (password_changed).
	 */
	replacePasswordHash(userId: string, expectedHash: string, newHash: string, event: HolmEvent, ending: SessionEnding): Promise<ReplaceHashOutcome>;
	/**
	 * Replaces an imported hash by an argon2id hash of the same password, only if the user's hash is
	 * still `expectedHash` (a compare-and-swap: a reset or update that got there first wins, and this
	 * changes nothing). The password is the same, so nothing else is touched. True when it was replaced.
	 */
	upgradePasswordHash(userId: string, expectedHash: string, newHash: string): Promise<boolean>;
	/** Sets the user's password_leaked, only while their hash is still `verifiedHash` (the password
	 *  found leaked is still theirs). True when it changed. */
	markPasswordLeaked(userId: string, verifiedHash: string): Promise<boolean>;
	/** Whether the range API may be asked about this user's password now: at most once per
	 *  `intervalSeconds` by the store's clock (the database's on PostgreSQL, which also dates the
	 *  claim), and the claim is one compare-and-swap, so parallel sign-ins ask once. */
	claimOnlineLeakCheck(userId: string, verifiedHash: string, intervalSeconds: number): Promise<boolean>;
	/** The number of users whose password_leaked is true (a metric). */
	countLeakedPasswords(): Promise<number>;
}
