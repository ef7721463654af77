// SQL for the second factors: the TOTP credential, the recovery code, and the lockout that counts
// consecutive incorrect codes per user and check. Each check runs in one synchronous transaction
// together with its lockout bookkeeping, so parallel guesses are taken one at a time and cannot
// outrun the count; the count lives in the database, so a restart does not hand out fresh tries.
import type { Database } from "bun:sqlite";
import { encodeBase64 } from "@oslojs/encoding";
import { codesMatch } from "../../lib/constant-time.ts";
import { findTotpStep } from "../../lib/totp.ts";
import { MAX_INCORRECT_SECOND_FACTOR_CODES, SECOND_FACTOR_LOCKOUT_SECONDS } from "../../limits.ts";

type SecondFactorCheck = "totp" | "recovery_code";

export interface TotpCredential {
	userId: string;
	createdAt: number;
	key: Uint8Array;
}

interface CredentialRow {
	user_id: string;
	created_at: number;
	key: Uint8Array;
	last_used_step: number;
}

export type VerifyTotpOutcome = "VERIFIED" | "INCORRECT_CODE" | "NOT_ALLOWED" | "TOO_MANY_REQUESTS";
export type ResetWithRecoveryCodeOutcome = "RESET" | "INCORRECT_CODE" | "TOO_MANY_REQUESTS" | "NOT_FOUND";

export function createTwoFactorStore(db: Database) {
	const upsertCredential = db.prepare<void, [string, number, Uint8Array, number]>(
		`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET
			created_at = excluded.created_at, key = excluded.key, last_used_step = excluded.last_used_step`,
	);
	const selectCredential = db.prepare<CredentialRow, [string]>(
		`SELECT user_id, created_at, key, last_used_step FROM totp_credential WHERE user_id = ?`,
	);
	// Compare-and-swap: the step only ever moves forward, so one accepted code is accepted once.
	const advanceStep = db.prepare<void, [number, string, number]>(
		`UPDATE totp_credential SET last_used_step = ? WHERE user_id = ? AND last_used_step < ?`,
	);
	const deleteCredential = db.prepare<void, [string]>(`DELETE FROM totp_credential WHERE user_id = ?`);

	const selectRecoveryCode = db.prepare<{ recovery_code: string }, [string]>(`SELECT recovery_code FROM user WHERE id = ?`);
	const setRecoveryCode = db.prepare<void, [string, string]>(`UPDATE user SET recovery_code = ? WHERE id = ?`);
	const swapRecoveryCode = db.prepare<void, [string, string, string]>(
		`UPDATE user SET recovery_code = ? WHERE id = ? AND recovery_code = ?`,
	);

	const selectLockout = db.prepare<{ locked_until: number | null }, [string, SecondFactorCheck]>(
		`SELECT locked_until FROM second_factor_lockout WHERE user_id = ? AND check_name = ?`,
	);
	// Only reached while the check is not locked, so a lock found here has expired and is dropped.
	const countFailure = db.prepare<{ failed_attempts: number }, [string, SecondFactorCheck]>(
		`INSERT INTO second_factor_lockout (user_id, check_name, failed_attempts) VALUES (?, ?, 1)
		ON CONFLICT (user_id, check_name) DO UPDATE SET failed_attempts = failed_attempts + 1, locked_until = NULL
		RETURNING failed_attempts`,
	);
	// The count restarts with the lock, so once the lock expires the user has 5 tries again.
	const lock = db.prepare<void, [number, string, SecondFactorCheck]>(
		`UPDATE second_factor_lockout SET failed_attempts = 0, locked_until = ? WHERE user_id = ? AND check_name = ?`,
	);
	const clearLockout = db.prepare<void, [string, SecondFactorCheck]>(
		`DELETE FROM second_factor_lockout WHERE user_id = ? AND check_name = ?`,
	);
	const clearAllLockouts = db.prepare<void, [string]>(`DELETE FROM second_factor_lockout WHERE user_id = ?`);
	const deleteExpiredLockouts = db.prepare<void, [number]>(`DELETE FROM second_factor_lockout WHERE locked_until <= ?`);

	function isLocked(userId: string, check: SecondFactorCheck, now: number): boolean {
		const lockedUntil = selectLockout.get(userId, check)?.locked_until ?? null;
		return lockedUntil !== null && lockedUntil > now;
	}

	function recordIncorrectCode(userId: string, check: SecondFactorCheck, now: number): void {
		const { failed_attempts } = countFailure.get(userId, check)!;
		if (failed_attempts >= MAX_INCORRECT_SECOND_FACTOR_CODES) lock.run(now + SECOND_FACTOR_LOCKOUT_SECONDS, userId, check);
	}

	return {
		/** Replaces any earlier credential; `acceptedStep` is the step of the code that proved the key. */
		replaceCredential(credential: TotpCredential, acceptedStep: number): void {
			upsertCredential.run(credential.userId, credential.createdAt, credential.key, acceptedStep);
		},
		getCredential(userId: string): TotpCredential | null {
			const row = selectCredential.get(userId);
			return row === null ? null : { userId: row.user_id, createdAt: row.created_at, key: row.key };
		},
		deleteCredential(userId: string): boolean {
			return deleteCredential.run(userId).changes > 0;
		},
		/** Checks a TOTP code (time in milliseconds, for the step) under the user's 'totp' lockout. */
		verifyTotp: db.transaction((userId: string, code: string, nowMs: number): VerifyTotpOutcome => {
			const now = Math.floor(nowMs / 1000);
			if (isLocked(userId, "totp", now)) return "TOO_MANY_REQUESTS";
			const credential = selectCredential.get(userId);
			if (credential === null) return "NOT_ALLOWED";
			const step = findTotpStep(credential.key, code, nowMs, credential.last_used_step);
			if (step === null || advanceStep.run(step, userId, step).changes === 0) {
				recordIncorrectCode(userId, "totp", now);
				return "INCORRECT_CODE";
			}
			clearLockout.run(userId, "totp");
			return "VERIFIED";
		}),
		/** False when the user no longer exists. */
		setRecoveryCode(userId: string, recoveryCode: string): boolean {
			return setRecoveryCode.run(recoveryCode, userId).changes > 0;
		},
		/**
		 * Under the user's 'recovery_code' lockout: a correct recovery code is swapped for `newCode`
		 * (compare-and-swap, so one code resets once), the TOTP credential is deleted, and both
		 * lockouts are cleared, since the user has just proved more than a TOTP code would.
		 */
		resetWithRecoveryCode: db.transaction(
			(userId: string, given: string, newCode: string, now: number): ResetWithRecoveryCodeOutcome => {
				if (isLocked(userId, "recovery_code", now)) return "TOO_MANY_REQUESTS";
				const row = selectRecoveryCode.get(userId);
				if (row === null) return "NOT_FOUND";
				if (!codesMatch(row.recovery_code, given) || swapRecoveryCode.run(newCode, userId, row.recovery_code).changes === 0) {
					recordIncorrectCode(userId, "recovery_code", now);
					return "INCORRECT_CODE";
				}
				deleteCredential.run(userId);
				clearAllLockouts.run(userId);
				return "RESET";
			},
		),
		deleteExpired(now: number): void {
			deleteExpiredLockouts.run(now);
		},
	};
}

export type TwoFactorStore = ReturnType<typeof createTwoFactorStore>;

/** The TOTP credential model of API.md section 2. */
export function totpCredentialJSON(credential: TotpCredential) {
	return {
		user_id: credential.userId,
		created_at: credential.createdAt,
		key: encodeBase64(credential.key),
	};
}
