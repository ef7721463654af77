// GET /events, GET /users/:user_id/events, POST /users/:user_id/unblock
import { fail } from "../../errors.ts";
import { endpoint, endpoints, returns, returnsNothing, type Answer, type C } from "../../http/endpoint.ts";
import { pathUser } from "../users/path-user.ts";
import * as actions from "./actions.ts";
import { type EventListQuery, eventListQuery, eventPageAnswer, parseEventListQuery, unblockUserBody } from "./schemas.ts";
import { CREATED_AT, USER_ID } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag(
	"Events",
	"What happened to accounts: a feed to follow, one user's history, and lifting a user's blocks. Events are kept for `--event-retention` " +
	"days (30 by default). The event types, what each one's `data` holds, how to follow the feed, and webhooks are in [events.md](events.md).",
);

// The examples of the document (docs/api.md): the values this feature's endpoints show.
// Events: what the feed shows of her, in order (the cursor is SQLite's; PostgreSQL's reads "xid.seq").
const EVENT_CREATED = { id: "q3n7ttd2k5xw9cz8mbh4pvra", time: CREATED_AT, type: "user_created", user_id: USER_ID, client_ip: null, data: {} };
const EVENT_SIGN_IN_FAILED = {
	id: "c8wzp2tkf6mhd9xq4vnr3bsa",
	time: CREATED_AT + 60,
	type: "sign_in_failed",
	user_id: USER_ID,
	client_ip: "v4:203.0.113.7",
	data: { method: "password" },
};

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
			"also while several instances write events ([events.md](events.md#following-the-feed)). When nothing newer exists, `events` is empty and " +
			"`next` is the cursor you sent: keep it and ask again later.",
		errorsWhen: {
			INVALID_DATA:
				"A malformed `after`, `user_id`, `limit` or `type`. Holm refuses rather than guessing, since restarting from the oldest event, or reading every type, would make a reader act on the wrong events.",
		},
		query: eventListQuery,
		examples: { answer: { events: [EVENT_CREATED], next: "5291" } },
		success: returns(eventPageAnswer, "A page of events and the cursor to read on from."),
		errors: ["INVALID_DATA"],
		handle: (c) => eventPage(c),
	}),

	listUserEvents: endpoint({
		summary: "Read one user's events",
		description: "The feed of GET /events, for one existing user: a \"recent activity\" page. Parameters and answer as there.",
		errorsWhen: {
			NOT_FOUND: "No such user. For a deleted user's events, use `GET /events?user_id=`.",
			INVALID_DATA: "A malformed `after`, `limit` or `type`.",
		},
		query: eventListQuery.omit({ user_id: true }),
		examples: { answer: { events: [EVENT_SIGN_IN_FAILED], next: "5307" } },
		success: returns(eventPageAnswer, "A page of the user's events and the cursor to read on from."),
		resource: pathUser,
		errors: ["INVALID_DATA"],
		handle: (c, { resource: user }) => eventPage(c, { userId: user.id }),
	}),

	unblockUser: endpoint({
		summary: "Unblock a user",
		description:
			"No body needed. Ends the user's block of password checks (after 10 incorrect passwords in 15 minutes) and the locks of " +
			"`verify-2fa/totp` and `reset-2fa`, and restarts their escalation, so the next lock is 15 minutes again. Blocks of *addresses* stay: an " +
			"address that guessed may be guessing at other accounts too. Records a `user_unblocked` event. Use it when a user who was locked out by " +
			"someone else's guesses has proved who they are to you.",
		errorsWhen: { INVALID_DATA: "A body that is not a JSON object." },
		body: unblockUserBody,
		examples: { request: {} },
		success: returnsNothing("The user's blocks and locks are lifted, also when nothing was blocked."),
		resource: pathUser,
		errors: actions.UNBLOCK_USER_ERRORS,
		act: (ctx, { resource: user }) => actions.unblockUser(ctx, user.id),
	}),
});
