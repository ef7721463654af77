// The second-factor lockout of API.md section 4, kept in the database by the two-factor stores:
// how many incorrect codes in a row lock a check, and how long each lock of a run lasts.
import { DEFAULT_LIMITS, SECOND, type LimitSettings } from "./settings.ts";

/** However many locks came before, a second-factor lock lasts at most this long. */
const SECOND_FACTOR_MAX_LOCK_SECONDS = 24 * 60 * 60;

/** How long the lock after `earlierLocks` locks lasts: the first lock, doubled for each earlier
 *  one, at most 24 hours. */
export function secondFactorLockSeconds(earlierLocks: number, firstLockSeconds: number = DEFAULT_LIMITS["second-factor"].windowMs! / SECOND): number {
	return Math.min(firstLockSeconds * 2 ** Math.min(earlierLocks, 16), Math.max(SECOND_FACTOR_MAX_LOCK_SECONDS, firstLockSeconds));
}

/** What a store needs to keep a second-factor lockout: codes in a row, and the first lock's length. */
export interface SecondFactorLockout {
	maxIncorrectCodes: number;
	firstLockSeconds: number;
}

export function secondFactorLockout(settings: LimitSettings): SecondFactorLockout {
	const { count, windowMs } = settings["second-factor"];
	return { maxIncorrectCodes: count, firstLockSeconds: windowMs! / SECOND };
}
