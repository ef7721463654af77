// /email-sign-ins, /email-sign-ins/:request_id[/verify]
import type { Context } from "hono";
import { errorResponse, failureResponse, tooManyRequests } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import { nowSeconds, type HonoEnv } from "../../http/env.ts";
import { pathRequestId } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import { userJSON } from "../users/store.ts";
import { createEmailSignInRequest, verifyEmailSignIn } from "./actions.ts";
import { createEmailSignInBody, verifyEmailSignInBody } from "./schemas.ts";
import { emailSignInRequestJSON } from "./store.ts";

type C = Context<HonoEnv>;

export async function handleCreateEmailSignIn(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, createEmailSignInBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const admitted = await ctx.limits.admitEmailSignInRequest(body.email, body.client_ip);
	if (!admitted.allowed) return failureResponse(tooManyRequests(admitted.retryAfterMs));
	const created = await createEmailSignInRequest(ctx, body.email);
	return Response.json({ ...emailSignInRequestJSON(created.request), code: created.code });
}

export async function handleGetEmailSignIn(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	const request = id === null ? null : await ctx.stores.emailSignIns.get(id, nowSeconds(ctx));
	if (request === null) return errorResponse("NOT_FOUND");
	return Response.json(emailSignInRequestJSON(request));
}

export async function handleDeleteEmailSignIn(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	if (id === null || !(await ctx.stores.emailSignIns.delete(id, nowSeconds(ctx)))) return errorResponse("NOT_FOUND");
	return noContent();
}

/** An absent, expired, used or superseded request is INVALID_REQUEST, not NOT_FOUND (API.md
 *  section 14), after the body is checked. */
export async function handleVerifyEmailSignIn(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, verifyEmailSignInBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const id = pathRequestId(c);
	if (id === null) return errorResponse("INVALID_REQUEST");
	const result = await verifyEmailSignIn(ctx, { requestId: id, code: body.code, clientIp: body.client_ip, createUser: body.create_user === true });
	if (!result.ok) return errorResponse(result.error);
	return Response.json({ user: result.user === null ? null : userJSON(result.user), created: result.created });
}
