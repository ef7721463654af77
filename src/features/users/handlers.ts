// POST /users, GET /users, GET /users/:user_id, DELETE /users/:user_id
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { createUser } from "./actions.ts";
import { createUserBody, parseUserListQuery } from "./schemas.ts";
import { userJSON } from "./store.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

export async function handleCreateUser(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, createUserBody);
	if (body === null) return errorResponse("INVALID_DATA");
	if (body.client_ip !== undefined && !ctx.limits.passwordHashing.consume(body.client_ip)) {
		return errorResponse("TOO_MANY_REQUESTS");
	}
	const result = await createUser(ctx, body);
	if (!result.ok) return errorResponse(result.error);
	return Response.json(userJSON(result.user));
}

export function handleListUsers(c: C): Response {
	const ctx = c.get("ctx");
	const query = parseUserListQuery(c.req.query());
	const { users, total } = ctx.stores.users.list({
		sortBy: query.sortBy,
		sortOrder: query.sortOrder,
		limit: query.perPage,
		offset: (query.page - 1) * query.perPage,
		emailQuery: query.emailQuery,
	});
	return Response.json(users.map(userJSON), {
		headers: {
			"X-Pagination-Total": String(total),
			"X-Pagination-Total-Pages": String(Math.ceil(total / query.perPage)),
		},
	});
}

export function handleGetUser(c: C): Response {
	const user = pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	return Response.json(userJSON(user));
}

export function handleDeleteUser(c: C): Response {
	const user = pathUser(c);
	if (user === null || !c.get("ctx").stores.users.delete(user.id)) return errorResponse("NOT_FOUND");
	return noContent();
}
