// POST /users/:user_id/verify-password, POST /users/:user_id/update-password, POST /authenticate/password
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { AppContext, HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { userJSON } from "../users/store.ts";
import { authenticateWithPassword, updateUserPassword, verifyUserPassword } from "./actions.ts";
import { authenticateBody, updatePasswordBody, verifyPasswordBody } from "./schemas.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

/** Both per-address limits on password guesses; the guess counts as incorrect until it proves right. */
function admitPasswordGuess(ctx: AppContext, clientIp: string | undefined): boolean {
	if (clientIp === undefined) return true;
	return ctx.limits.passwordHashing.consume(clientIp) && ctx.limits.incorrectPasswords.attempt(clientIp);
}

function passwordWasCorrect(ctx: AppContext, clientIp: string | undefined): void {
	if (clientIp !== undefined) ctx.limits.incorrectPasswords.succeed(clientIp);
}

export async function handleVerifyPassword(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, verifyPasswordBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (!admitPasswordGuess(ctx, body.client_ip)) return errorResponse("TOO_MANY_REQUESTS");
	const verdict = await verifyUserPassword(ctx, user.id, body.password);
	if (verdict !== "CORRECT") return errorResponse(verdict);
	passwordWasCorrect(ctx, body.client_ip);
	return noContent();
}

export async function handleUpdatePassword(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, updatePasswordBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (!admitPasswordGuess(ctx, body.client_ip)) return errorResponse("TOO_MANY_REQUESTS");
	const result = await updateUserPassword(ctx, user.id, { password: body.password, newPassword: body.new_password });
	if (result !== "INCORRECT_PASSWORD") passwordWasCorrect(ctx, body.client_ip);
	if (result !== "UPDATED") return errorResponse(result);
	return noContent();
}

export async function handleAuthenticate(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, authenticateBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (!admitPasswordGuess(ctx, body.client_ip)) return errorResponse("TOO_MANY_REQUESTS");
	const result = await authenticateWithPassword(ctx, body.email, body.password);
	if (!result.ok) return errorResponse(result.error);
	passwordWasCorrect(ctx, body.client_ip);
	return Response.json(userJSON(result.user));
}
