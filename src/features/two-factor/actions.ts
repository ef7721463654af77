// The second factors: a TOTP credential, and the recovery code that resets it when the
// authenticator is lost.
import { nowSeconds, type AppContext } from "../../context.ts";
import type { TooManyRequests } from "../../errors.ts";
import { codesMatch } from "../../lib/constant-time.ts";
import { generateCode } from "../../lib/ids.ts";
import { findTotpStep } from "../../lib/totp.ts";
import { secondFactorLockout } from "../../limits.ts";
import { logSecurityEvent } from "../../security-events.ts";
import type { IncorrectCode, Locked, TotpCredential } from "./store.ts";

export type RegisterTotpResult = { ok: true; credential: TotpCredential } | { ok: false; error: "INCORRECT_CODE" | "NOT_FOUND" };

/** A key is registered only with a code it produced, so a mistyped or mis-scanned key is caught now. */
export async function registerTotpCredential(ctx: AppContext, userId: string, key: Uint8Array, code: string): Promise<RegisterTotpResult> {
	const step = findTotpStep(key, code, ctx.now(), -1);
	if (step === null) return { ok: false, error: "INCORRECT_CODE" };
	const credential: TotpCredential = { userId, createdAt: nowSeconds(ctx), key };
	// The registering code's step is recorded, so that code cannot then pass verify-2fa as well.
	// NOT_FOUND when the user was deleted after the call found them.
	if ((await ctx.stores.twoFactor.replaceCredential(credential, step)) === "NO_USER") return { ok: false, error: "NOT_FOUND" };
	return { ok: true, credential };
}

function lockedOut(ctx: AppContext, check: "totp" | "recovery_code", locked: Locked): TooManyRequests {
	ctx.metrics.refused(`${check}_lockout`);
	return { error: "TOO_MANY_REQUESTS", retryAfterSeconds: locked.retryAfterSeconds };
}

function incorrectCode(ctx: AppContext, check: "totp" | "recovery_code", userId: string, result: IncorrectCode): { error: "INCORRECT_CODE" } {
	if (result.lockedForSeconds !== null) {
		logSecurityEvent(ctx.log, { event: "second_factor_locked", check, user_id: userId, lock_seconds: result.lockedForSeconds });
	}
	return { error: "INCORRECT_CODE" };
}

export type VerifyTotpResult = { ok: true } | { ok: false; failure: { error: "INCORRECT_CODE" | "NOT_ALLOWED" } | TooManyRequests };

export async function verifyTotp(ctx: AppContext, userId: string, code: string): Promise<VerifyTotpResult> {
	const nowMs = ctx.now();
	const result = await ctx.stores.twoFactor.verifyTotp(
		userId,
		Math.floor(nowMs / 1000),
		(key, lastUsedStep) => findTotpStep(key, code, nowMs, lastUsedStep),
		secondFactorLockout(ctx.limits.settings),
	);
	switch (result.outcome) {
		case "VERIFIED":
			return { ok: true };
		case "LOCKED":
			return { ok: false, failure: lockedOut(ctx, "totp", result) };
		case "INCORRECT_CODE":
			return { ok: false, failure: incorrectCode(ctx, "totp", userId, result) };
		case "NOT_ALLOWED":
			return { ok: false, failure: { error: result.outcome } };
	}
}

/** The new recovery code, or null when the user no longer exists. */
export async function regenerateRecoveryCode(ctx: AppContext, userId: string): Promise<string | null> {
	const recoveryCode = generateCode();
	return (await ctx.stores.twoFactor.setRecoveryCode(userId, recoveryCode)) ? recoveryCode : null;
}

export type ResetSecondFactorsResult =
	| { ok: true; recoveryCode: string }
	| { ok: false; failure: { error: "INCORRECT_CODE" | "NOT_FOUND" } | TooManyRequests };

export async function resetUserSecondFactors(ctx: AppContext, userId: string, recoveryCode: string): Promise<ResetSecondFactorsResult> {
	const newCode = generateCode();
	const result = await ctx.stores.twoFactor.resetWithRecoveryCode(
		userId,
		(stored) => codesMatch(stored, recoveryCode),
		newCode,
		nowSeconds(ctx),
		secondFactorLockout(ctx.limits.settings),
	);
	switch (result.outcome) {
		case "RESET":
			logSecurityEvent(ctx.log, { event: "second_factor_reset", user_id: userId });
			return { ok: true, recoveryCode: newCode };
		case "LOCKED":
			return { ok: false, failure: lockedOut(ctx, "recovery_code", result) };
		case "INCORRECT_CODE":
			return { ok: false, failure: incorrectCode(ctx, "recovery_code", userId, result) };
		case "NOT_FOUND":
			return { ok: false, failure: { error: result.outcome } };
	}
}
