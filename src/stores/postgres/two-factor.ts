// The second factors on PostgreSQL. Each check locks the user's row (first, as every transaction
// that changes a user's rows does, so none can deadlock with another) and then its lockout row (an
// upsert takes the row lock, creating the row if needed): parallel guesses for one user and check
// are taken one at a time, like the SQLite transaction, until the check's transaction ends. Locks
// are judged and set by the database's clock (clock.ts), read once the rows are locked, never by
// this instance's.
import type { SQL } from "bun";
import type { Locked, ResetWithRecoveryCodeOutcome, TwoFactorStore, VerifyTotpOutcome } from "../../features/two-factor/store.ts";
import { secondFactorLockSeconds, type SecondFactorLockout } from "../../limits.ts";
import { writeForUser } from "./errors.ts";
import type { DatabaseClock } from "./clock.ts";
import { transaction, type Transaction } from "./connection.ts";
import { endSessionsWithin } from "./sessions.ts";
import { type HolmEvent, withData, written } from "../../features/events/store.ts";
import { change, type Int8, type PostgresEventLog } from "./events.ts";

type SecondFactorCheck = "totp" | "recovery_code";

/** Locks the user's row and the check's lockout row for this transaction: "NO_USER" when the user
 *  is gone; otherwise the lock in force (null when there is none) and the database's time then. */
async function lockLockoutRow(
	tx: Transaction,
	clock: DatabaseClock,
	userId: string,
	check: SecondFactorCheck,
): Promise<"NO_USER" | { locked: Locked | null; now: number }> {
	const user = await tx`SELECT 1 FROM "user" WHERE id = ${userId} FOR UPDATE`;
	if (user.length === 0) return "NO_USER";
	// An upsert returns its one row, inserted or not.
	const [row] = await tx<{ locked_until: Int8 | null; now: Int8 }[]>`INSERT INTO second_factor_lockout (user_id, check_name) VALUES (${userId}, ${check})
		ON CONFLICT (user_id, check_name) DO UPDATE SET check_name = excluded.check_name
		RETURNING locked_until, ${clock.seconds(tx)} AS now`;
	const now = Number(row!.now);
	const lockedUntil = row!.locked_until === null ? null : Number(row!.locked_until);
	const locked: Locked | null = lockedUntil !== null && lockedUntil > now ? { outcome: "LOCKED", retryAfterSeconds: lockedUntil - now } : null;
	return { locked, now };
}

/** One more incorrect code; the 5th in a row (by default) locks the check, each lock twice as long as the last.
 *  The seconds of the lock it started, or null. */
async function recordIncorrectCode(
	tx: Transaction,
	userId: string,
	check: SecondFactorCheck,
	now: number,
	lockout: SecondFactorLockout,
	lockEvent: { events: PostgresEventLog; event: HolmEvent },
): Promise<number | null> {
	// The row lockLockoutRow locked, there until the transaction ends.
	const [row] = await tx<{ failed_attempts: number; lock_count: number }[]>`UPDATE second_factor_lockout SET failed_attempts = failed_attempts + 1, locked_until = NULL
		WHERE user_id = ${userId} AND check_name = ${check} RETURNING failed_attempts, lock_count`;
	if (row!.failed_attempts < lockout.maxIncorrectCodes) return null;
	const seconds = secondFactorLockSeconds(row!.lock_count, lockout.firstLockSeconds);
	await tx`UPDATE second_factor_lockout SET failed_attempts = 0, locked_until = ${now + seconds},
		lock_count = lock_count + 1 WHERE user_id = ${userId} AND check_name = ${check}`;
	await lockEvent.events.write(tx, withData(lockEvent.event, { lock_seconds: seconds }));
	return seconds;
}

export function createPostgresTwoFactorStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): TwoFactorStore {
	return {
		async replaceCredential(credential, acceptedStep, event) {
			// The same key registered again keeps the highest step used so far (see the SQLite store).
			return writeForUser(() =>
				events.withChange(
					change(
						`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES ($1, $2, $3, $4)
						ON CONFLICT (user_id) DO UPDATE SET
							created_at = excluded.created_at, key = excluded.key,
							last_used_step = CASE WHEN totp_credential.key = excluded.key
								THEN GREATEST(totp_credential.last_used_step, excluded.last_used_step) ELSE excluded.last_used_step END`,
						credential.userId,
						credential.createdAt,
						credential.key,
						acceptedStep,
					),
					event,
					"always",
				),
			);
		},
		async getCredential(userId) {
			const [row] = await sql<{ user_id: string; created_at: Int8; key: Uint8Array }[]>`SELECT user_id, created_at, key FROM totp_credential WHERE user_id = ${userId}`;
			if (row === undefined) return null;
			return { userId: row.user_id, createdAt: Number(row.created_at), key: new Uint8Array(row.key) };
		},
		async deleteCredential(userId, event, ending) {
			return transaction(sql, async (tx) => {
				const user = await tx`SELECT 1 FROM "user" WHERE id = ${userId} FOR UPDATE`;
				if (user.length === 0) return null;
				const deleted = await tx`DELETE FROM totp_credential WHERE user_id = ${userId}`;
				if (deleted.count === 0) return null;
				const ended = await endSessionsWithin(tx, events, userId, ending);
				await events.write(tx, event);
				return written(ended, event);
			});
		},
		async verifyTotp(userId, findStep, figures, lockEvent) {
			return transaction(sql, async (tx): Promise<VerifyTotpOutcome> => {
				const lockout = await lockLockoutRow(tx, clock, userId, "totp");
				if (lockout === "NO_USER") return { outcome: "NOT_ALLOWED" };
				if (lockout.locked !== null) return lockout.locked;
				const [credential] = await tx<{ key: Uint8Array; last_used_step: Int8 }[]>`SELECT key, last_used_step FROM totp_credential WHERE user_id = ${userId}`;
				if (credential === undefined) return { outcome: "NOT_ALLOWED" };
				const step = findStep(new Uint8Array(credential.key), Number(credential.last_used_step));
				// Compare-and-swap: the step only ever moves forward, so one accepted code is accepted once.
				const advanced = step === null ? null : await tx`UPDATE totp_credential SET last_used_step = ${step}
					WHERE user_id = ${userId} AND last_used_step < ${step}`;
				if (advanced === null || advanced.count === 0) {
					return { outcome: "INCORRECT_CODE", lockedForSeconds: await recordIncorrectCode(tx, userId, "totp", lockout.now, figures, { events, event: lockEvent }) };
				}
				await tx`DELETE FROM second_factor_lockout WHERE user_id = ${userId} AND check_name = 'totp'`;
				return { outcome: "VERIFIED" };
			});
		},
		async setRecoveryCode(userId, recoveryCode, event) {
			return (await events.withChange(change(`UPDATE "user" SET recovery_code = $1 WHERE id = $2`, recoveryCode, userId), event, "if changed")) > 0;
		},
		async resetWithRecoveryCode(userId, isCorrect, newCode, figures, outcomes, ending) {
			return transaction(sql, async (tx): Promise<ResetWithRecoveryCodeOutcome> => {
				const lockout = await lockLockoutRow(tx, clock, userId, "recovery_code");
				if (lockout === "NO_USER") return { outcome: "NOT_FOUND" };
				if (lockout.locked !== null) return lockout.locked;
				// The user's row is locked and there (lockLockoutRow said so).
				const [row] = await tx<{ recovery_code: string }[]>`SELECT recovery_code FROM "user" WHERE id = ${userId}`;
				const current = row!.recovery_code;
				const swapped = isCorrect(current)
					? await tx`UPDATE "user" SET recovery_code = ${newCode} WHERE id = ${userId} AND recovery_code = ${current}`
					: null;
				if (swapped === null || swapped.count === 0) {
					return { outcome: "INCORRECT_CODE", lockedForSeconds: await recordIncorrectCode(tx, userId, "recovery_code", lockout.now, figures, { events, event: outcomes.locked }) };
				}
				await tx`DELETE FROM totp_credential WHERE user_id = ${userId}`;
				await tx`DELETE FROM second_factor_lockout WHERE user_id = ${userId}`;
				const ended = await endSessionsWithin(tx, events, userId, ending);
				await events.write(tx, outcomes.reset);
				return { outcome: "RESET", written: written(ended, outcomes.reset) };
			});
		},
		async clearLockouts(userId, event) {
			return transaction(sql, async (tx) => {
				const user = await tx`SELECT 1 FROM "user" WHERE id = ${userId} FOR UPDATE`;
				if (user.length === 0) return false;
				await tx`DELETE FROM second_factor_lockout WHERE user_id = ${userId}`;
				await events.write(tx, event);
				return true;
			});
		},
	};
}
