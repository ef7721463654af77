// /users/:user_id/email-verification-request, /users/:user_id/verify-email
import type { Context } from "hono";
import { errorResponse, failureResponse, tooManyRequests } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import { createEmailVerificationRequest, verifyUserEmail } from "./actions.ts";
import { createVerificationRequestBody, verifyEmailBody } from "./schemas.ts";
import { emailVerificationRequestJSON } from "./store.ts";

type C = Context<HonoEnv>;

export async function handleCreateVerificationRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, createVerificationRequestBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const admitted = await ctx.limits.admitCodeRequest("emailVerification", user.id, body.client_ip);
	if (!admitted.allowed) return failureResponse(tooManyRequests(admitted.retryAfterMs));
	const created = await createEmailVerificationRequest(ctx, user.id);
	if (!created.ok) return errorResponse(created.error);
	return Response.json(emailVerificationRequestJSON(created.request));
}

export async function handleGetVerificationRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	const request = user === null ? null : await ctx.stores.emailVerifications.get(user.id);
	if (request === null) return errorResponse("NOT_FOUND");
	return Response.json(emailVerificationRequestJSON(request));
}

export async function handleDeleteVerificationRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null || !(await ctx.stores.emailVerifications.delete(user.id))) return errorResponse("NOT_FOUND");
	return noContent();
}

export async function handleVerifyEmail(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, verifyEmailBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const outcome = await verifyUserEmail(ctx, user.id, body.code, body.client_ip);
	if (outcome !== "VERIFIED") return errorResponse(outcome);
	return noContent();
}
