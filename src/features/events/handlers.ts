// GET /events, GET /users/:user_id/events, POST /users/:user_id/unblock
import { fail } from "../../errors.ts";
import { endpoint, endpoints, returns, returnsNothing, type Answer, type C } from "../../http/endpoint.ts";
import { pathUser } from "../users/path-user.ts";
import * as actions from "./actions.ts";
import { type EventListQuery, eventListQuery, eventPageAnswer, parseEventListQuery, unblockUserBody } from "./schemas.ts";

/** A page of the feed, read with the query string, narrowed by `narrow` (to the path's user). */
async function eventPage(c: C, narrow: Partial<EventListQuery> = {}): Promise<Answer<"INVALID_DATA">> {
	const query = parseEventListQuery(c.req.query(), c.req.queries("type") ?? []);
	if (query === null) return fail("INVALID_DATA");
	const page = await c.get("ctx").stores.events.list({ ...query, ...narrow });
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
		success: returns(eventPageAnswer, "A page of events and the cursor to read on from."),
		errors: ["INVALID_DATA"],
		handle: (c) => eventPage(c),
	}),

	listUserEvents: endpoint({
		summary: "Read one user's events",
		description: "The feed of GET /events, for one user. NOT_FOUND when there is no such user (a deleted user's events are in GET /events?user_id=).",
		query: eventListQuery.omit({ user_id: true }),
		success: returns(eventPageAnswer, "A page of the user's events and the cursor to read on from."),
		resource: pathUser,
		errors: ["INVALID_DATA"],
		handle: (c, { resource: user }) => eventPage(c, { userId: user.id }),
	}),

	unblockUser: endpoint({
		summary: "Lift a user's blocks",
		description:
			"Ends the user's block of password checks (10 incorrect passwords) and the locks of verify-2fa/totp and reset-2fa, " +
			"and resets the lock escalation. Blocks of addresses stay. Records a user_unblocked event.",
		body: unblockUserBody,
		success: returnsNothing("The user's blocks and locks are lifted."),
		resource: pathUser,
		errors: actions.UNBLOCK_USER_ERRORS,
		act: (ctx, { resource: user }) => actions.unblockUser(ctx, user.id),
	}),
});
