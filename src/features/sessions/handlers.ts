// /users/:user_id/sessions, /sessions/validate, /sessions/:session_id
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import { isId } from "../../lib/ids.ts";
import { userJSON } from "../users/store.ts";
import { createSession, endSession, endUserSessions, getSession, listUserSessions, sessionSettings, validateSession } from "./actions.ts";
import { createSessionBody, validateSessionBody } from "./schemas.ts";
import { sessionJSON, type Session } from "./store.ts";

type C = Context<HonoEnv>;

/** The live session named by `:session_id`, or null (NOT_FOUND). */
async function pathSession(c: C): Promise<Session | null> {
	const id = c.req.param("session_id") ?? "";
	return isId(id) ? getSession(c.get("ctx"), id) : null;
}

export async function handleCreateSession(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, createSessionBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await createSession(ctx, user.id, {
		clientIp: body.client_ip,
		userAgent: body.user_agent,
		secondFactorVerified: body.second_factor_verified,
	});
	if (!result.ok) return errorResponse(result.error);
	return Response.json({ session: sessionJSON(result.session, sessionSettings(ctx)), token: result.token });
}

export async function handleValidateSession(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, validateSessionBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await validateSession(ctx, body.token);
	if (result === null) return errorResponse("NOT_FOUND");
	return Response.json({ session: sessionJSON(result.session, sessionSettings(ctx)), user: userJSON(result.user) });
}

export async function handleGetSession(c: C): Promise<Response> {
	const session = await pathSession(c);
	if (session === null) return errorResponse("NOT_FOUND");
	return Response.json(sessionJSON(session, sessionSettings(c.get("ctx"))));
}

export async function handleListUserSessions(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const settings = sessionSettings(ctx);
	return Response.json((await listUserSessions(ctx, user.id)).map((session) => sessionJSON(session, settings)));
}

export async function handleDeleteSession(c: C): Promise<Response> {
	const session = await pathSession(c);
	if (session === null || !(await endSession(c.get("ctx"), session, "sign_out"))) return errorResponse("NOT_FOUND");
	return noContent();
}

export async function handleDeleteUserSessions(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const except = c.req.query("except");
	if (except !== undefined && !isId(except)) return errorResponse("NOT_FOUND");
	if ((await endUserSessions(ctx, user.id, except ?? null, "sign_out_everywhere")) === "NOT_FOUND") return errorResponse("NOT_FOUND");
	return noContent();
}
