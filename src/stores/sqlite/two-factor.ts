// The second factors on SQLite: each check and its lockout bookkeeping run in one synchronous
// transaction, so parallel guesses are taken one at a time. Locks are judged by `now` (whole
// seconds, this instance's clock: one process, one clock).
import type { Database } from "bun:sqlite";
import { type HolmEvent, withData, written } from "../../features/events/store.ts";
import type { Locked, ResetWithRecoveryCodeOutcome, TwoFactorStore, VerifyTotpOutcome } from "../../features/two-factor/store.ts";
import { secondFactorLockSeconds, type SecondFactorLockout } from "../../limits.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { endSessionsWithin } from "./sessions.ts";
import { writeForUser } from "./errors.ts";
import { writeTransaction } from "./db/write-transaction.ts";

type SecondFactorCheck = "totp" | "recovery_code";

interface CredentialRow {
	user_id: string;
	created_at: number;
	key: Uint8Array;
	last_used_step: number;
}

export function createSqliteTwoFactorStore(db: Database, reads: SnapshotReads, events: SqliteEventLog, now: () => number): TwoFactorStore {
	// The same key registered again keeps the highest step used so far, so a code it accepted before
	// cannot pass again; a new key starts from its registering code.
	const upsertCredential = db.prepare<void, [string, number, Uint8Array, number]>(
		`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET
			created_at = excluded.created_at, key = excluded.key,
			last_used_step = CASE WHEN key = excluded.key THEN max(last_used_step, excluded.last_used_step) ELSE excluded.last_used_step END`,
	);
	const selectCredential = db.prepare<CredentialRow, [string]>(
		`SELECT user_id, created_at, key, last_used_step FROM totp_credential WHERE user_id = ?`,
	);
	const readCredential = reads.prepare<CredentialRow, [string]>(
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
	// Only reached while the check is not locked, so a lock found here has ended and is dropped
	// (its lock_count stays: the next lock escalates).
	const countFailure = db.prepare<{ failed_attempts: number; lock_count: number }, [string, SecondFactorCheck]>(
		`INSERT INTO second_factor_lockout (user_id, check_name, failed_attempts) VALUES (?, ?, 1)
		ON CONFLICT (user_id, check_name) DO UPDATE SET failed_attempts = failed_attempts + 1, locked_until = NULL
		RETURNING failed_attempts, lock_count`,
	);
	// The count restarts with the lock, so once the lock ends the user has all their tries again.
	const lock = db.prepare<void, [number, string, SecondFactorCheck]>(
		`UPDATE second_factor_lockout SET failed_attempts = 0, locked_until = ?, lock_count = lock_count + 1
		WHERE user_id = ? AND check_name = ?`,
	);
	const clearLockout = db.prepare<void, [string, SecondFactorCheck]>(
		`DELETE FROM second_factor_lockout WHERE user_id = ? AND check_name = ?`,
	);
	const clearAllLockouts = db.prepare<void, [string]>(`DELETE FROM second_factor_lockout WHERE user_id = ?`);

	/** The lock in force on a check, or null. */
	function lockOf(userId: string, check: SecondFactorCheck, at: number): Locked | null {
		const lockedUntil = selectLockout.get(userId, check)?.locked_until ?? null;
		return lockedUntil !== null && lockedUntil > at ? { outcome: "LOCKED", retryAfterSeconds: lockedUntil - at } : null;
	}

	/** Counts an incorrect code; the seconds of the lock it started (and its event), or null. */
	function recordIncorrectCode(userId: string, check: SecondFactorCheck, at: number, lockout: SecondFactorLockout, lockEvent: HolmEvent): number | null {
		const { failed_attempts, lock_count } = countFailure.get(userId, check)!;
		if (failed_attempts < lockout.maxIncorrectCodes) return null;
		const seconds = secondFactorLockSeconds(lock_count, lockout.firstLockSeconds);
		lock.run(at + seconds, userId, check);
		events.write(withData(lockEvent, { lock_seconds: seconds }));
		return seconds;
	}

	// One transaction that runs the work it is given, so each check is written once, in its method
	// below, with the interface's types.
	const inTransaction = writeTransaction(db, (work: () => unknown) => work());

	/** In one transaction: the lock in force on the user's check, or else what `check` answers at
	 *  the time `at` (the store's clock, read once). */
	function unlessLocked<T>(userId: string, name: SecondFactorCheck, check: (at: number) => T): Locked | T {
		const at = now();
		return inTransaction(() => lockOf(userId, name, at) ?? check(at)) as Locked | T;
	}

	const replaceCredential = writeTransaction(db, (credential: { userId: string; createdAt: number; key: Uint8Array }, acceptedStep: number, event: HolmEvent) => {
		upsertCredential.run(credential.userId, credential.createdAt, credential.key, acceptedStep);
		events.write(event);
	});
	const deleteCredentialWithEvent = writeTransaction(db, (userId: string, event: HolmEvent, ending: SessionEnding): HolmEvent[] | null => {
		if (deleteCredential.run(userId).changes === 0) return null;
		const ended = endSessionsWithin(db, events, userId, ending);
		events.write(event);
		return written(ended, event);
	});
	const setRecoveryCodeWithEvent = writeTransaction(db, (userId: string, recoveryCode: string, event: HolmEvent): boolean => {
		if (setRecoveryCode.run(recoveryCode, userId).changes === 0) return false;
		events.write(event);
		return true;
	});
	const selectUser = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE id = ?`);
	const clearLockouts = writeTransaction(db, (userId: string, event: HolmEvent): boolean => {
		if (selectUser.get(userId) === null) return false;
		clearAllLockouts.run(userId);
		events.write(event);
		return true;
	});

	return {
		async replaceCredential(credential, acceptedStep, event) {
			return writeForUser(() => replaceCredential(credential, acceptedStep, event));
		},
		async getCredential(userId) {
			const row = readCredential.get(userId);
			return row === null ? null : { userId: row.user_id, createdAt: row.created_at, key: row.key };
		},
		async deleteCredential(userId, event, ending) {
			return deleteCredentialWithEvent(userId, event, ending);
		},
		async verifyTotp(userId, findStep, lockout, lockEvent) {
			return unlessLocked(userId, "totp", (at): VerifyTotpOutcome => {
				const credential = selectCredential.get(userId);
				if (credential === null) return { outcome: "NOT_ALLOWED" };
				const step = findStep(credential.key, credential.last_used_step);
				if (step === null || advanceStep.run(step, userId, step).changes === 0) {
					return { outcome: "INCORRECT_CODE", lockedForSeconds: recordIncorrectCode(userId, "totp", at, lockout, lockEvent) };
				}
				clearLockout.run(userId, "totp");
				return { outcome: "VERIFIED" };
			});
		},
		async setRecoveryCode(userId, recoveryCode, event) {
			return setRecoveryCodeWithEvent(userId, recoveryCode, event);
		},
		async resetWithRecoveryCode(userId, isCorrect, newCode, lockout, outcomes, ending) {
			return unlessLocked(userId, "recovery_code", (at): ResetWithRecoveryCodeOutcome => {
				const row = selectRecoveryCode.get(userId);
				if (row === null) return { outcome: "NOT_FOUND" };
				if (!isCorrect(row.recovery_code) || swapRecoveryCode.run(newCode, userId, row.recovery_code).changes === 0) {
					return { outcome: "INCORRECT_CODE", lockedForSeconds: recordIncorrectCode(userId, "recovery_code", at, lockout, outcomes.locked) };
				}
				deleteCredential.run(userId);
				clearAllLockouts.run(userId);
				const ended = endSessionsWithin(db, events, userId, ending);
				events.write(outcomes.reset);
				return { outcome: "RESET", written: written(ended, outcomes.reset) };
			});
		},
		async clearLockouts(userId, event) {
			return clearLockouts(userId, event);
		},
	};
}
