// The second factors: a TOTP credential, and the recovery code that resets it when the
// authenticator is lost.
import type { AppContext } from "../../http/env.ts";
import { nowSeconds } from "../../http/env.ts";
import { generateCode } from "../../lib/ids.ts";
import { findTotpStep } from "../../lib/totp.ts";
import type { TotpCredential, VerifyTotpOutcome } from "./store.ts";

export type RegisterTotpResult = { ok: true; credential: TotpCredential } | { ok: false; error: "INCORRECT_CODE" };

/** A key is registered only with a code it produced, so a mistyped or mis-scanned key is caught now. */
export function registerTotpCredential(ctx: AppContext, userId: string, key: Uint8Array, code: string): RegisterTotpResult {
	const step = findTotpStep(key, code, ctx.now(), -1);
	if (step === null) return { ok: false, error: "INCORRECT_CODE" };
	const credential: TotpCredential = { userId, createdAt: nowSeconds(ctx), key };
	// The registering code's step is recorded, so that code cannot then pass verify-2fa as well.
	ctx.stores.twoFactor.replaceCredential(credential, step);
	return { ok: true, credential };
}

export function verifyTotp(ctx: AppContext, userId: string, code: string): VerifyTotpOutcome {
	return ctx.stores.twoFactor.verifyTotp(userId, code, ctx.now());
}

/** The new recovery code, or null when the user no longer exists. */
export function regenerateRecoveryCode(ctx: AppContext, userId: string): string | null {
	const recoveryCode = generateCode();
	return ctx.stores.twoFactor.setRecoveryCode(userId, recoveryCode) ? recoveryCode : null;
}

export type ResetSecondFactorsResult =
	| { ok: true; recoveryCode: string }
	| { ok: false; error: "INCORRECT_CODE" | "TOO_MANY_REQUESTS" | "NOT_FOUND" };

export function resetUserSecondFactors(ctx: AppContext, userId: string, recoveryCode: string): ResetSecondFactorsResult {
	const newCode = generateCode();
	const outcome = ctx.stores.twoFactor.resetWithRecoveryCode(userId, recoveryCode, newCode, nowSeconds(ctx));
	if (outcome !== "RESET") return { ok: false, error: outcome };
	return { ok: true, recoveryCode: newCode };
}
