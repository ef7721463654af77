// GET /events, GET /users/:user_id/events, POST /users/:user_id/unblock
import { fail } from "../../errors.ts";
import { endpoint, endpoints, type Answer, type C } from "../../http/endpoint.ts";
import { pathUser } from "../../http/params.ts";
import { noContentOr } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { eventListQuery, eventPageAnswer, parseEventListQuery, type EventListQuery } from "./schemas.ts";

async function eventPage(c: C, query: EventListQuery): Promise<Answer<"INVALID_DATA">> {
	const page = await c.get("ctx").stores.events.list(query);
	if (page === "INVALID_CURSOR") return fail("INVALID_DATA");
	return Response.json(eventPageAnswer.json(page));
}

export default endpoints("Events", {
	listEvents: endpoint({
		summary: "Read the event feed",
		description:
			"Oldest first. Call again with `after` set to the `next` you were given to read every event exactly once, in order, " +
			"also while several instances write events. A malformed `after`, `user_id`, `limit` or `type` answers INVALID_DATA.",
		query: eventListQuery,
		success: { status: 200, description: "A page of events and the cursor to read on from.", model: "EventPage" },
		errors: ["INVALID_DATA"],
		async handle(c) {
			const query = parseEventListQuery(c.req.query(), c.req.queries("type") ?? []);
			if (query === null) return fail("INVALID_DATA");
			return eventPage(c, query);
		},
	}),

	listUserEvents: endpoint({
		summary: "Read one user's events",
		description: "The feed of GET /events, for one user. NOT_FOUND when there is no such user (a deleted user's events are in GET /events?user_id=).",
		query: eventListQuery.omit({ user_id: true }),
		success: { status: 200, description: "A page of the user's events and the cursor to read on from.", model: "EventPage" },
		resource: pathUser,
		errors: ["INVALID_DATA"],
		async handle(c, { resource: user }) {
			const query = parseEventListQuery(c.req.query(), c.req.queries("type") ?? []);
			if (query === null) return fail("INVALID_DATA");
			return eventPage(c, { ...query, userId: user.id });
		},
	}),

	unblockUser: endpoint({
		summary: "Lift a user's blocks",
		description:
			"Ends the user's block of password checks (10 incorrect passwords) and the locks of verify-2fa/totp and reset-2fa, " +
			"and resets the lock escalation. Blocks of addresses stay. Records a user_unblocked event.",
		body: "UnblockUserBody",
		success: { status: 204, description: "The user's blocks and locks are lifted." },
		resource: pathUser,
		errors: actions.UNBLOCK_USER_ERRORS,
		async handle(c, { resource: user }) {
			return noContentOr(await actions.unblockUser(c.get("ctx"), user.id));
		},
	}),
});
