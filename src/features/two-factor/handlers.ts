// /users/:user_id/register-totp, /users/:user_id/totp-credential, /users/:user_id/verify-2fa/totp,
// /users/:user_id/regenerate-recovery-code, /users/:user_id/reset-2fa
import { keptSessionIsWrong, markSecondFactor } from "../sessions/actions.ts";
import type { Context } from "hono";
import { errorResponse, failureResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { deleteTotpCredential, regenerateRecoveryCode, registerTotpCredential, resetUserSecondFactors, verifyTotp } from "./actions.ts";
import { regenerateRecoveryCodeBody, registerTotpBody, resetTwoFactorBody, verifyTotpBody } from "./schemas.ts";
import { totpCredentialJSON } from "./store.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

export async function handleRegisterTotp(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, registerTotpBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await registerTotpCredential(ctx, user.id, body.key, body.code, body.client_ip);
	if (!result.ok) return errorResponse(result.error);
	return Response.json(totpCredentialJSON(result.credential));
}

export async function handleGetTotpCredential(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	const credential = user === null ? null : await ctx.stores.twoFactor.getCredential(user.id);
	if (credential === null) return errorResponse("NOT_FOUND");
	return Response.json(totpCredentialJSON(credential));
}

export async function handleDeleteTotpCredential(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const keep = c.req.query("session_id");
	if (await keptSessionIsWrong(ctx, user.id, keep)) return errorResponse("NOT_FOUND");
	if (!(await deleteTotpCredential(ctx, user.id, keep ?? null))) return errorResponse("NOT_FOUND");
	return noContent();
}

export async function handleVerifyTotp(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, verifyTotpBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (await keptSessionIsWrong(ctx, user.id, body.session_id)) return errorResponse("NOT_FOUND");
	const result = await verifyTotp(ctx, user.id, body.code, body.client_ip);
	if (!result.ok) return failureResponse(result.failure);
	// A session that ended meanwhile records nothing; the code was still right.
	if (body.session_id !== undefined) await markSecondFactor(ctx, user.id, body.session_id);
	return noContent();
}

export async function handleRegenerateRecoveryCode(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	if (parseBody(c, regenerateRecoveryCodeBody) === null) return errorResponse("INVALID_DATA");
	const recoveryCode = await regenerateRecoveryCode(ctx, user.id);
	if (recoveryCode === null) return errorResponse("NOT_FOUND");
	return Response.json({ recovery_code: recoveryCode });
}

export async function handleResetTwoFactor(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, resetTwoFactorBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (await keptSessionIsWrong(ctx, user.id, body.session_id)) return errorResponse("NOT_FOUND");
	const result = await resetUserSecondFactors(ctx, user.id, body.recovery_code, body.client_ip, body.session_id ?? null);
	if (!result.ok) return failureResponse(result.failure);
	return Response.json({ recovery_code: result.recoveryCode });
}
