// The second factors: a TOTP credential, and the recovery code that resets it when the
// authenticator is lost.
import { logSessionsEnded, sessionEnding } from "../sessions/actions.ts";
import { nowSeconds, type AppContext } from "../../context.ts";
import type { TooManyRequests } from "../../errors.ts";
import { codesMatch } from "../../lib/constant-time.ts";
import { generateCode } from "../../lib/ids.ts";
import { findTotpStep } from "../../lib/totp.ts";
import { logEvent, newEvent } from "../events/actions.ts";
import { withData, type EventData, type HolmEvent } from "../events/store.ts";
import { secondFactorLockout } from "../../limits.ts";
import type { IncorrectCode, Locked, TotpCredential } from "./store.ts";

export type RegisterTotpResult = { ok: true; credential: TotpCredential } | { ok: false; error: "INCORRECT_CODE" | "NOT_FOUND" };

/** A key is registered only with a code it produced, so a mistyped or mis-scanned key is caught now. */
export async function registerTotpCredential(
	ctx: AppContext,
	userId: string,
	key: Uint8Array,
	code: string,
	clientIp?: string,
): Promise<RegisterTotpResult> {
	const step = findTotpStep(key, code, ctx.now(), -1);
	if (step === null) return { ok: false, error: "INCORRECT_CODE" };
	const credential: TotpCredential = { userId, createdAt: nowSeconds(ctx), key };
	// The registering code's step is recorded, so that code cannot then pass verify-2fa as well.
	// NOT_FOUND when the user was deleted after the call found them.
	const event = newEvent(ctx, "totp_registered", { userId, clientIp });
	if ((await ctx.stores.twoFactor.replaceCredential(credential, step, event)) === "NO_USER") return { ok: false, error: "NOT_FOUND" };
	logEvent(ctx, event);
	return { ok: true, credential };
}

/** False when the user had no credential. Ends the user's sessions but `keepSession`; the
 *  console's removal (`data.actor`) ends them all. */
export async function deleteTotpCredential(ctx: AppContext, userId: string, keepSession: string | null, data: EventData = {}): Promise<boolean> {
	const event = newEvent(ctx, "totp_deleted", { userId, data });
	const ending = sessionEnding(ctx, userId, "second_factor_removed", keepSession);
	ending.event = withData(ending.event, data);
	if (!(await ctx.stores.twoFactor.deleteCredential(userId, event, ending))) return false;
	logSessionsEnded(ctx, ending);
	logEvent(ctx, event);
	return true;
}

function lockedOut(ctx: AppContext, check: "totp" | "recovery_code", locked: Locked): TooManyRequests {
	ctx.metrics.refused(`${check}_lockout`);
	return { error: "TOO_MANY_REQUESTS", retryAfterSeconds: locked.retryAfterSeconds };
}

/** The event of a lock this check may start; the store adds `lock_seconds`. */
function lockEventOf(ctx: AppContext, check: "totp" | "recovery_code", userId: string, clientIp: string | undefined): HolmEvent {
	return newEvent(ctx, "second_factor_locked", { userId, clientIp, data: { check } });
}

function incorrectCode(ctx: AppContext, lockEvent: HolmEvent, result: IncorrectCode): { error: "INCORRECT_CODE" } {
	if (result.lockedForSeconds !== null) logEvent(ctx, withData(lockEvent, { lock_seconds: result.lockedForSeconds }));
	return { error: "INCORRECT_CODE" };
}

export type VerifyTotpResult = { ok: true } | { ok: false; failure: { error: "INCORRECT_CODE" | "NOT_ALLOWED" } | TooManyRequests };

export async function verifyTotp(ctx: AppContext, userId: string, code: string, clientIp?: string): Promise<VerifyTotpResult> {
	const nowMs = ctx.now();
	const lockEvent = lockEventOf(ctx, "totp", userId, clientIp);
	const result = await ctx.stores.twoFactor.verifyTotp(
		userId,
		Math.floor(nowMs / 1000),
		(key, lastUsedStep) => findTotpStep(key, code, nowMs, lastUsedStep),
		secondFactorLockout(ctx.limits.settings),
		lockEvent,
	);
	switch (result.outcome) {
		case "VERIFIED":
			return { ok: true };
		case "LOCKED":
			return { ok: false, failure: lockedOut(ctx, "totp", result) };
		case "INCORRECT_CODE":
			return { ok: false, failure: incorrectCode(ctx, lockEvent, result) };
		case "NOT_ALLOWED":
			return { ok: false, failure: { error: result.outcome } };
	}
}

/** The new recovery code, or null when the user no longer exists. */
export async function regenerateRecoveryCode(ctx: AppContext, userId: string): Promise<string | null> {
	const recoveryCode = generateCode();
	const event = newEvent(ctx, "recovery_code_regenerated", { userId });
	if (!(await ctx.stores.twoFactor.setRecoveryCode(userId, recoveryCode, event))) return null;
	logEvent(ctx, event);
	return recoveryCode;
}

export type ResetSecondFactorsResult =
	| { ok: true; recoveryCode: string }
	| { ok: false; failure: { error: "INCORRECT_CODE" | "NOT_FOUND" } | TooManyRequests };

export async function resetUserSecondFactors(
	ctx: AppContext,
	userId: string,
	recoveryCode: string,
	clientIp: string | undefined,
	keepSession: string | null,
): Promise<ResetSecondFactorsResult> {
	const newCode = generateCode();
	const events = { reset: newEvent(ctx, "second_factor_reset", { userId, clientIp }), locked: lockEventOf(ctx, "recovery_code", userId, clientIp) };
	const ending = sessionEnding(ctx, userId, "second_factor_removed", keepSession, clientIp);
	const result = await ctx.stores.twoFactor.resetWithRecoveryCode(
		userId,
		(stored) => codesMatch(stored, recoveryCode),
		newCode,
		nowSeconds(ctx),
		secondFactorLockout(ctx.limits.settings),
		events,
		ending,
	);
	switch (result.outcome) {
		case "RESET":
			logSessionsEnded(ctx, ending);
			logEvent(ctx, events.reset);
			return { ok: true, recoveryCode: newCode };
		case "LOCKED":
			return { ok: false, failure: lockedOut(ctx, "recovery_code", result) };
		case "INCORRECT_CODE":
			return { ok: false, failure: incorrectCode(ctx, events.locked, result) };
		case "NOT_FOUND":
			return { ok: false, failure: { error: result.outcome } };
	}
}
