// /users/:user_id/password-reset-requests, /password-reset-requests/:request_id[/verify-email], /reset-password
import type { Context } from "hono";
import { errorResponse, failureResponse, tooManyRequests } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathRequestId, pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import { createPasswordResetRequest, resetPassword, verifyResetEmail } from "./actions.ts";
import { createResetRequestBody, resetPasswordBody, verifyResetEmailBody } from "./schemas.ts";
import { passwordResetRequestJSON } from "./store.ts";

type C = Context<HonoEnv>;

export async function handleCreateResetRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, createResetRequestBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const admitted = await ctx.limits.admitCodeRequest("passwordReset", user.id, body.client_ip);
	if (!admitted.allowed) return failureResponse(tooManyRequests(admitted.retryAfterMs));
	const created = await createPasswordResetRequest(ctx, user.id);
	if (!created.ok) return errorResponse(created.error);
	return Response.json({ ...passwordResetRequestJSON(created.request), code: created.code });
}

export async function handleListUserResetRequests(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const requests = await ctx.stores.passwordResets.listForUser(user.id);
	return Response.json(requests.map(passwordResetRequestJSON));
}

export async function handleDeleteUserResetRequests(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	await ctx.stores.passwordResets.deleteForUser(user.id);
	return noContent();
}

export async function handleGetResetRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	const request = id === null ? null : await ctx.stores.passwordResets.get(id);
	if (request === null) return errorResponse("NOT_FOUND");
	return Response.json(passwordResetRequestJSON(request));
}

export async function handleDeleteResetRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	if (id === null || !(await ctx.stores.passwordResets.delete(id))) return errorResponse("NOT_FOUND");
	return noContent();
}

export async function handleVerifyResetEmail(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	if (id === null || (await ctx.stores.passwordResets.get(id)) === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, verifyResetEmailBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const outcome = await verifyResetEmail(ctx, id, body.code, body.client_ip);
	if (outcome !== "VERIFIED") return errorResponse(outcome);
	return noContent();
}

export async function handleResetPassword(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, resetPasswordBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await resetPassword(ctx, body.request_id, body.password, body.client_ip);
	if (!result.ok) return failureResponse(result.failure);
	return noContent();
}
