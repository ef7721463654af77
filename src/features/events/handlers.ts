// GET /events, GET /users/:user_id/events, POST /users/:user_id/unblock
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import { unblockUser } from "./actions.ts";
import { parseBody } from "../../http/body.ts";
import { parseEventListQuery, unblockUserBody, type EventListQuery } from "./schemas.ts";
import { eventJSON } from "./store.ts";

type C = Context<HonoEnv>;

async function eventPage(c: C, query: EventListQuery): Promise<Response> {
	const page = await c.get("ctx").stores.events.list(query);
	if (page === "INVALID_CURSOR") return errorResponse("INVALID_DATA");
	return Response.json({ events: page.events.map(eventJSON), next: page.next });
}

export async function handleListEvents(c: C): Promise<Response> {
	const query = parseEventListQuery(c.req.query(), c.req.queries("type") ?? []);
	if (query === null) return errorResponse("INVALID_DATA");
	return eventPage(c, query);
}

export async function handleListUserEvents(c: C): Promise<Response> {
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const query = parseEventListQuery(c.req.query(), c.req.queries("type") ?? []);
	if (query === null) return errorResponse("INVALID_DATA");
	return eventPage(c, { ...query, userId: user.id });
}

export async function handleUnblockUser(c: C): Promise<Response> {
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	if (parseBody(c, unblockUserBody) === null) return errorResponse("INVALID_DATA");
	if (!(await unblockUser(c.get("ctx"), user.id))) return errorResponse("NOT_FOUND");
	return noContent();
}
