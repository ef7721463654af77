// The second factors: a TOTP credential, and the recovery code that resets it when the
// authenticator is lost.
import { sessionEnding } from "../sessions/actions.ts";
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { fail, ok, type Failure, type Result } from "../../errors.ts";
import { codesMatch } from "../../lib/constant-time.ts";
import { generateCode } from "../../lib/ids.ts";
import { findTotpStep } from "../../lib/totp.ts";
import { logEvent, logEvents, newEvent } from "../events/actions.ts";
import { withData, type EventData, type HolmEvent } from "../events/store.ts";
import { secondFactorLockout } from "../../limits.ts";
import type { IncorrectCode, Locked, TotpCredential } from "./store.ts";

export const REGISTER_TOTP_ERRORS = ["INCORRECT_CODE", "NOT_FOUND"] as const;

/** A key is registered only with a code it produced, so a mistyped or mis-scanned key is caught now. */
export async function registerTotpCredential(
	ctx: AppContext,
	userId: string,
	key: Uint8Array,
	code: string,
	clientIp?: string,
): Promise<Result<TotpCredential, typeof REGISTER_TOTP_ERRORS>> {
	const step = findTotpStep(key, code, ctx.now(), -1);
	if (step === null) return fail("INCORRECT_CODE");
	const credential: TotpCredential = { userId, createdAt: nowSeconds(ctx), key };
	// The registering code's step is recorded, so that code cannot then pass verify-2fa as well.
	// NOT_FOUND when the user was deleted after the call found them.
	const event = newEvent(ctx, "totp_registered", { userId, clientIp });
	if ((await ctx.stores.twoFactor.replaceCredential(credential, step, event)) === "NO_USER") return fail("NOT_FOUND");
	logEvent(ctx, event);
	return ok(credential);
}

export const DELETE_TOTP_ERRORS = ["NOT_FOUND"] as const;

/** NOT_FOUND when the user had no credential. Ends the user's sessions but `keepSession`; the
 *  console's removal (`data.actor`) ends them all. */
export async function deleteTotpCredential(
	ctx: AppContext,
	userId: string,
	keepSession: string | null,
	data: EventData = {},
): Promise<Result<void, typeof DELETE_TOTP_ERRORS>> {
	const event = newEvent(ctx, "totp_deleted", { userId, data });
	const ending = sessionEnding(ctx, userId, "second_factor_removed", keepSession, undefined, data);
	const written = await ctx.stores.twoFactor.deleteCredential(userId, event, ending);
	if (written === null) return fail("NOT_FOUND");
	logEvents(ctx, written);
	return ok();
}

function lockedOut(ctx: AppContext, check: "totp" | "recovery_code", locked: Locked): Failure<"TOO_MANY_REQUESTS"> {
	ctx.limitRefusals.refused(`${check}_lockout`);
	return { ok: false, error: "TOO_MANY_REQUESTS", retryAfterSeconds: locked.retryAfterSeconds };
}

/** The event of a lock this check may start; the store adds `lock_seconds`. */
function lockEventOf(ctx: AppContext, check: "totp" | "recovery_code", userId: string, clientIp: string | undefined): HolmEvent {
	return newEvent(ctx, "second_factor_locked", { userId, clientIp, data: { check } });
}

function incorrectCode(ctx: AppContext, lockEvent: HolmEvent, result: IncorrectCode): Failure<"INCORRECT_CODE"> {
	if (result.lockedForSeconds !== null) logEvent(ctx, withData(lockEvent, { lock_seconds: result.lockedForSeconds }));
	return fail("INCORRECT_CODE");
}

export const VERIFY_TOTP_ERRORS = ["TOO_MANY_REQUESTS", "NOT_ALLOWED", "INCORRECT_CODE"] as const;

export async function verifyTotp(ctx: AppContext, userId: string, code: string, clientIp?: string): Promise<Result<void, typeof VERIFY_TOTP_ERRORS>> {
	const nowMs = ctx.now();
	const lockEvent = lockEventOf(ctx, "totp", userId, clientIp);
	const result = await ctx.stores.twoFactor.verifyTotp(
		userId,
		(key, lastUsedStep) => findTotpStep(key, code, nowMs, lastUsedStep),
		secondFactorLockout(ctx.limits.settings),
		lockEvent,
	);
	switch (result.outcome) {
		case "VERIFIED":
			return ok();
		case "LOCKED":
			return lockedOut(ctx, "totp", result);
		case "INCORRECT_CODE":
			return incorrectCode(ctx, lockEvent, result);
		case "NOT_ALLOWED":
			return fail(result.outcome);
	}
}

export const REGENERATE_RECOVERY_CODE_ERRORS = ["NOT_FOUND"] as const;

/** The new recovery code; NOT_FOUND when the user no longer exists. */
export async function regenerateRecoveryCode(ctx: AppContext, userId: string): Promise<Result<string, typeof REGENERATE_RECOVERY_CODE_ERRORS>> {
	const recoveryCode = generateCode();
	const event = newEvent(ctx, "recovery_code_regenerated", { userId });
	if (!(await ctx.stores.twoFactor.setRecoveryCode(userId, recoveryCode, event))) return fail("NOT_FOUND");
	logEvent(ctx, event);
	return ok(recoveryCode);
}

export const RESET_SECOND_FACTORS_ERRORS = ["TOO_MANY_REQUESTS", "INCORRECT_CODE", "NOT_FOUND"] as const;

export async function resetUserSecondFactors(
	ctx: AppContext,
	userId: string,
	recoveryCode: string,
	clientIp: string | undefined,
	keepSession: string | null,
): Promise<Result<string, typeof RESET_SECOND_FACTORS_ERRORS>> {
	const newCode = generateCode();
	const events = { reset: newEvent(ctx, "second_factor_reset", { userId, clientIp }), locked: lockEventOf(ctx, "recovery_code", userId, clientIp) };
	const ending = sessionEnding(ctx, userId, "second_factor_removed", keepSession, clientIp);
	const result = await ctx.stores.twoFactor.resetWithRecoveryCode(
		userId,
		(stored) => codesMatch(stored, recoveryCode),
		newCode,
		secondFactorLockout(ctx.limits.settings),
		events,
		ending,
	);
	switch (result.outcome) {
		case "RESET":
			logEvents(ctx, result.written);
			return ok(newCode);
		case "LOCKED":
			return lockedOut(ctx, "recovery_code", result);
		case "INCORRECT_CODE":
			return incorrectCode(ctx, events.locked, result);
		case "NOT_FOUND":
			return fail(result.outcome);
	}
}
