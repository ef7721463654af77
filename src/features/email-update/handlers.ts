// /users/:user_id/email-update-requests, /email-update-requests/:request_id, /verify-new-email
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import { nowSeconds, type HonoEnv } from "../../http/env.ts";
import { pathRequestId, pathUser } from "../../http/params.ts";
import { createEmailUpdateRequest, verifyNewEmail } from "./actions.ts";
import { createEmailUpdateRequestBody, verifyNewEmailBody } from "./schemas.ts";
import { emailUpdateRequestJSON } from "./store.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

export function handleCreateEmailUpdateRequest(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, createEmailUpdateRequestBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (!ctx.limits.emailUpdateRequests.consume(user.id)) return errorResponse("TOO_MANY_REQUESTS");
	const result = createEmailUpdateRequest(ctx, user.id, body.email);
	if (!result.ok) return errorResponse(result.error);
	return Response.json(emailUpdateRequestJSON(result.request));
}

export function handleListUserEmailUpdateRequests(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	return Response.json(ctx.stores.emailUpdates.listForUser(user.id, nowSeconds(ctx)).map(emailUpdateRequestJSON));
}

export function handleDeleteUserEmailUpdateRequests(c: C): Response {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	ctx.stores.emailUpdates.deleteForUser(user.id);
	return noContent();
}

export function handleGetEmailUpdateRequest(c: C): Response {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	const request = id === null ? null : ctx.stores.emailUpdates.get(id, nowSeconds(ctx));
	if (request === null) return errorResponse("NOT_FOUND");
	return Response.json(emailUpdateRequestJSON(request));
}

export function handleDeleteEmailUpdateRequest(c: C): Response {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	if (id === null || !ctx.stores.emailUpdates.delete(id, nowSeconds(ctx))) return errorResponse("NOT_FOUND");
	return noContent();
}

export function handleVerifyNewEmail(c: C): Response {
	const ctx = c.get("ctx");
	const body = parseBody(c, verifyNewEmailBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = verifyNewEmail(ctx, body.request_id, body.code);
	if (!result.ok) return errorResponse(result.error);
	return Response.json({ email: result.email });
}
