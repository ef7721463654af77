// POST /users/:user_id/verify-password, POST /users/:user_id/update-password, POST /authenticate/password
import { keptSessionIsWrong } from "../sessions/actions.ts";
import type { Context } from "hono";
import { errorResponse, failureResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import { userJSON } from "../users/store.ts";
import { authenticateWithPassword, updateUserPassword, verifyUserPassword } from "./actions.ts";
import { authenticateBody, updatePasswordBody, verifyPasswordBody } from "./schemas.ts";

type C = Context<HonoEnv>;

export async function handleVerifyPassword(c: C): Promise<Response> {
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, verifyPasswordBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await verifyUserPassword(c.get("ctx"), { userId: user.id, password: body.password, clientIp: body.client_ip });
	if (!result.ok) return failureResponse(result.failure);
	return noContent();
}

export async function handleUpdatePassword(c: C): Promise<Response> {
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, updatePasswordBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (await keptSessionIsWrong(c.get("ctx"), user.id, body.session_id)) return errorResponse("NOT_FOUND");
	const result = await updateUserPassword(c.get("ctx"), {
		userId: user.id,
		password: body.password,
		newPassword: body.new_password,
		clientIp: body.client_ip,
		keepSession: body.session_id ?? null,
	});
	if (!result.ok) return failureResponse(result.failure);
	return noContent();
}

export async function handleAuthenticate(c: C): Promise<Response> {
	const body = parseBody(c, authenticateBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await authenticateWithPassword(c.get("ctx"), { email: body.email, password: body.password, clientIp: body.client_ip });
	if (!result.ok) return failureResponse(result.failure);
	return Response.json(userJSON(result.user));
}
