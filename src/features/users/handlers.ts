// POST /users, GET /users, GET /users/:user_id, DELETE /users/:user_id
import type { Context } from "hono";
import { errorResponse, failureResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { createUser, deleteUser, listUsers } from "./actions.ts";
import { createUserBody, parseUserListQuery } from "./schemas.ts";
import { userJSON } from "./store.ts";
import { noContent } from "../../http/responses.ts";

type C = Context<HonoEnv>;

export async function handleCreateUser(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, createUserBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await createUser(ctx, { email: body.email, password: body.password, clientIp: body.client_ip });
	if (!result.ok) return failureResponse(result.failure);
	return Response.json(userJSON(result.user));
}

export async function handleListUsers(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const query = parseUserListQuery(c.req.query());
	const { users, total } = await listUsers(ctx, {
		sortBy: query.sortBy,
		sortOrder: query.sortOrder,
		limit: query.perPage,
		offset: (query.page - 1) * query.perPage,
		emailQuery: query.emailQuery,
		exactEmail: query.exactEmail,
	});
	return Response.json(users.map(userJSON), {
		headers: {
			"X-Pagination-Total": String(total),
			"X-Pagination-Total-Pages": String(Math.ceil(total / query.perPage)),
		},
	});
}

export async function handleGetUser(c: C): Promise<Response> {
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	return Response.json(userJSON(user));
}

export async function handleDeleteUser(c: C): Promise<Response> {
	const user = await pathUser(c);
	if (user === null || !(await deleteUser(c.get("ctx"), user.id))) return errorResponse("NOT_FOUND");
	return noContent();
}
