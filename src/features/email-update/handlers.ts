// /users/:user_id/email-update-requests, /email-update-requests/:request_id, /verify-new-email
import type { Context } from "hono";
import { errorResponse, failureResponse, tooManyRequests } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathRequestId, pathUser } from "../../http/params.ts";
import { createEmailUpdateRequest, verifyNewEmail } from "./actions.ts";
import { createEmailUpdateRequestBody, verifyNewEmailBody } from "./schemas.ts";
import { emailUpdateRequestJSON } from "./store.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

export async function handleCreateEmailUpdateRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, createEmailUpdateRequestBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const admitted = await ctx.limits.admitCodeRequest("emailUpdate", user.id, body.client_ip);
	if (!admitted.allowed) return failureResponse(tooManyRequests(admitted.retryAfterMs));
	const result = await createEmailUpdateRequest(ctx, user.id, body.email);
	if (!result.ok) return errorResponse(result.error);
	return Response.json(emailUpdateRequestJSON(result.request));
}

export async function handleListUserEmailUpdateRequests(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const requests = await ctx.stores.emailUpdates.listForUser(user.id);
	return Response.json(requests.map(emailUpdateRequestJSON));
}

export async function handleDeleteUserEmailUpdateRequests(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	await ctx.stores.emailUpdates.deleteForUser(user.id);
	return noContent();
}

export async function handleGetEmailUpdateRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	const request = id === null ? null : await ctx.stores.emailUpdates.get(id);
	if (request === null) return errorResponse("NOT_FOUND");
	return Response.json(emailUpdateRequestJSON(request));
}

export async function handleDeleteEmailUpdateRequest(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	if (id === null || !(await ctx.stores.emailUpdates.delete(id))) return errorResponse("NOT_FOUND");
	return noContent();
}

export async function handleVerifyNewEmail(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, verifyNewEmailBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await verifyNewEmail(ctx, body.request_id, body.code, body.client_ip);
	if (!result.ok) return errorResponse(result.error);
	return Response.json({ email: result.email });
}
