// /users/:user_id/register-totp, /users/:user_id/totp-credential, /users/:user_id/verify-2fa/totp,
// /users/:user_id/regenerate-recovery-code, /users/:user_id/reset-2fa
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { regenerateRecoveryCode, registerTotpCredential, resetUserSecondFactors, verifyTotp } from "./actions.ts";
import { regenerateRecoveryCodeBody, registerTotpBody, resetTwoFactorBody, verifyTotpBody } from "./schemas.ts";
import { totpCredentialJSON } from "./store.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

export function handleRegisterTotp(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, registerTotpBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = registerTotpCredential(ctx, user.id, body.key, body.code);
	if (!result.ok) return errorResponse(result.error);
	return Response.json(totpCredentialJSON(result.credential));
}

export function handleGetTotpCredential(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	const credential = user === null ? null : ctx.stores.twoFactor.getCredential(user.id);
	if (credential === null) return errorResponse("NOT_FOUND");
	return Response.json(totpCredentialJSON(credential));
}

export function handleDeleteTotpCredential(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null || !ctx.stores.twoFactor.deleteCredential(user.id)) return errorResponse("NOT_FOUND");
	return noContent();
}

export function handleVerifyTotp(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, verifyTotpBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const outcome = verifyTotp(ctx, user.id, body.code);
	if (outcome !== "VERIFIED") return errorResponse(outcome);
	return noContent();
}

export function handleRegenerateRecoveryCode(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	if (parseBody(c, regenerateRecoveryCodeBody) === null) return errorResponse("INVALID_DATA");
	const recoveryCode = regenerateRecoveryCode(ctx, user.id);
	if (recoveryCode === null) return errorResponse("NOT_FOUND");
	return Response.json({ recovery_code: recoveryCode });
}

export function handleResetTwoFactor(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, resetTwoFactorBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = resetUserSecondFactors(ctx, user.id, body.recovery_code);
	if (!result.ok) return errorResponse(result.error);
	return Response.json({ recovery_code: result.recoveryCode });
}
