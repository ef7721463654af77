// /users/:user_id/email-verification-request, /users/:user_id/verify-email
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import { nowSeconds, type HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { createEmailVerificationRequest } from "./actions.ts";
import { createVerificationRequestBody, verifyEmailBody } from "./schemas.ts";
import { emailVerificationRequestJSON } from "./store.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

export function handleCreateVerificationRequest(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, createVerificationRequestBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (!ctx.limits.emailVerificationRequests.consume(user.id)) return errorResponse("TOO_MANY_REQUESTS");
	const result = createEmailVerificationRequest(ctx, user);
	if (!result.ok) return errorResponse(result.error);
	return Response.json(emailVerificationRequestJSON(result.request));
}

export function handleGetVerificationRequest(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	const request = user === null ? null : ctx.stores.emailVerifications.get(user.id, nowSeconds(ctx));
	if (request === null) return errorResponse("NOT_FOUND");
	return Response.json(emailVerificationRequestJSON(request));
}

export function handleDeleteVerificationRequest(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null || !ctx.stores.emailVerifications.delete(user.id, nowSeconds(ctx))) return errorResponse("NOT_FOUND");
	return noContent();
}

export function handleVerifyEmail(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, verifyEmailBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const outcome = ctx.stores.emailVerifications.verifyCode(user.id, body.code, nowSeconds(ctx));
	if (outcome !== "VERIFIED") return errorResponse(outcome);
	return noContent();
}
