// What the second factors need from a database; src/stores/<database>/two-factor.ts implements it.
// Each check is one atomic step together with its lockout bookkeeping (5 incorrect codes in a row
// lock the check; each further lock lasts twice as long, API.md section 4), so parallel guesses
// are taken one at a time, and the counts survive a restart.
import type { HolmEvent } from "../events/store.ts";
import type { SessionEnding } from "../sessions/store.ts";
import type { UserRowWrite } from "../users/store.ts";
import type { SecondFactorLockout } from "../../limits.ts";

export interface TotpCredential {
	userId: string;
	createdAt: number;
	key: Uint8Array;
}

/** A locked check, and the seconds until its lock ends. */
export type Locked = { outcome: "LOCKED"; retryAfterSeconds: number };
/** An incorrect code; `lockedForSeconds` when it was the one that locked the check. */
export type IncorrectCode = { outcome: "INCORRECT_CODE"; lockedForSeconds: number | null };
export type VerifyTotpOutcome = { outcome: "VERIFIED" | "NOT_ALLOWED" } | IncorrectCode | Locked;
export type ResetWithRecoveryCodeOutcome = { outcome: "RESET"; written: HolmEvent[] } | { outcome: "NOT_FOUND" } | IncorrectCode | Locked;

export interface TwoFactorStore {
	/** Replaces any earlier credential; `acceptedStep` is the step of the code that proved the key.
	 *  When the key is the one already registered, the last used step never moves back. Writes
	 *  `event` (totp_registered) when the credential was stored. */
	replaceCredential(credential: TotpCredential, acceptedStep: number, event: HolmEvent): Promise<UserRowWrite>;
	getCredential(userId: string): Promise<TotpCredential | null>;
	/** Deletes the credential and, in the same step, ends the user's sessions but the one kept (`ending`). */
	deleteCredential(userId: string, event: HolmEvent, ending: SessionEnding): Promise<HolmEvent[] | null>;
	/**
	 * Under the user's TOTP lockout: `findStep(key, lastUsedStep)` names the step the code matches
	 * after the last accepted one, or null. The step only moves forward (compare-and-swap), so one
	 * accepted code is accepted once (RFC 6238 section 5.2). `lockout` gives the figures in force;
	 * locks are judged by the store's clock (given when it is built; on PostgreSQL the database's).
	 * A code that locks the check writes `lockEvent` (second_factor_locked) with `lock_seconds` added.
	 */
	verifyTotp(
		userId: string,
		findStep: (key: Uint8Array, lastUsedStep: number) => number | null,
		lockout: SecondFactorLockout,
		lockEvent: HolmEvent,
	): Promise<VerifyTotpOutcome>;
	/** False when the user no longer exists. */
	setRecoveryCode(userId: string, recoveryCode: string, event: HolmEvent): Promise<boolean>;
	/**
	 * Under the user's recovery-code lockout: a correct recovery code (`isCorrect`) is swapped for
	 * `newCode` (compare-and-swap, so one code resets once), the TOTP credential is deleted, and both
	 * lockouts are cleared, since the user has just proved more than a TOTP code would (`events.reset`);
	 * a code that locks the check writes `events.locked` with `lock_seconds`.
	 */
	resetWithRecoveryCode(
		userId: string,
		isCorrect: (recoveryCode: string) => boolean,
		newCode: string,
		lockout: SecondFactorLockout,
		events: { reset: HolmEvent; locked: HolmEvent },
		ending: SessionEnding,
	): Promise<ResetWithRecoveryCodeOutcome>;
	/** Ends both checks' locks and their escalation (POST /users/{id}/unblock) and writes `event`.
	 *  False when the user no longer exists. */
	clearLockouts(userId: string, event: HolmEvent): Promise<boolean>;
}
