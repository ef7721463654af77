// /users/:user_id/password-reset-requests, /password-reset-requests/:request_id[/verify-email], /reset-password
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import { nowSeconds, type HonoEnv } from "../../http/env.ts";
import { pathRequestId, pathUser } from "../../http/params.ts";
import { createPasswordResetRequest, resetPassword } from "./actions.ts";
import { createResetRequestBody, resetPasswordBody, verifyResetEmailBody } from "./schemas.ts";
import { passwordResetRequestJSON } from "./store.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

export function handleCreateResetRequest(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, createResetRequestBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (!ctx.limits.passwordResetRequests.consume(user.id)) return errorResponse("TOO_MANY_REQUESTS");
	const { request, code } = createPasswordResetRequest(ctx, user.id);
	return Response.json({ ...passwordResetRequestJSON(request), code });
}

export function handleListUserResetRequests(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	return Response.json(ctx.stores.passwordResets.listForUser(user.id, nowSeconds(ctx)).map(passwordResetRequestJSON));
}

export function handleDeleteUserResetRequests(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	ctx.stores.passwordResets.deleteForUser(user.id);
	return noContent();
}

export function handleGetResetRequest(c: C): Response {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	const request = id === null ? null : ctx.stores.passwordResets.get(id, nowSeconds(ctx));
	if (request === null) return errorResponse("NOT_FOUND");
	return Response.json(passwordResetRequestJSON(request));
}

export function handleDeleteResetRequest(c: C): Response {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	if (id === null || !ctx.stores.passwordResets.delete(id, nowSeconds(ctx))) return errorResponse("NOT_FOUND");
	return noContent();
}

export function handleVerifyResetEmail(c: C): Response {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	if (id === null || ctx.stores.passwordResets.get(id, nowSeconds(ctx)) === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, verifyResetEmailBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const outcome = ctx.stores.passwordResets.verifyCode(id, body.code, nowSeconds(ctx));
	if (outcome !== "VERIFIED") return errorResponse(outcome);
	return noContent();
}

export async function handleResetPassword(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, resetPasswordBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (body.client_ip !== undefined && !ctx.limits.passwordHashing.consume(body.client_ip)) {
		return errorResponse("TOO_MANY_REQUESTS");
	}
	const result = await resetPassword(ctx, body.request_id, body.password);
	if (result !== "RESET") return errorResponse(result);
	return noContent();
}
