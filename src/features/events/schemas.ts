import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { isId } from "../../lib/ids.ts";
import { identifier, unixSeconds } from "../users/schemas.ts";
import { EVENT_TYPES, type EventType, type HolmEvent } from "./store.ts";
import { named } from "../../openapi/names.ts";

const EVENTS_LIMIT_DEFAULT = 100;
const EVENTS_LIMIT_MAX = 1000;

const KNOWN_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);

export interface EventListQuery {
	after: string | null;
	userId: string | null;
	types: EventType[];
	limit: number;
}

/**
 * GET /events and GET /users/{id}/events. Unlike GET /users, a malformed value is INVALID_DATA
 * rather than its default: a reader that silently restarted from the oldest event, or silently
 * read every type because of a typo, would act on the wrong events. A limit over the maximum is
 * capped; a user_id that cannot be an identifier names no user. null for INVALID_DATA.
 */
export function parseEventListQuery(one: Record<string, string | undefined>, types: string[]): EventListQuery | null {
	let limit = EVENTS_LIMIT_DEFAULT;
	if (one.limit !== undefined) {
		if (!/^[0-9]{1,9}$/.test(one.limit) || Number(one.limit) === 0) return null;
		limit = Math.min(Number(one.limit), EVENTS_LIMIT_MAX);
	}
	if (!types.every((type) => KNOWN_TYPES.has(type))) return null;
	const after = one.after === undefined || one.after === "" ? null : one.after;
	const userId = one.user_id === undefined || one.user_id === "" ? null : one.user_id;
	if (userId !== null && !isId(userId)) return null;
	return { after, userId, types: [...new Set(types)] as EventType[], limit };
}

/** POST /users/{id}/unblock takes no fields; an empty body counts as {}. */
export const unblockUserBody = named("UnblockUserBody", z.object({}));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** The event model of API.md section 11 (also the body of its webhook delivery). */
export const eventAnswer = wireShape<HolmEvent>()({
	id: [identifier.meta({ description: "Also the webhook-id of its webhook delivery." }), (event) => event.id],
	time: [unixSeconds, (event) => event.time],
	type: [z.enum(EVENT_TYPES), (event) => event.type],
	user_id: [identifier.nullable(), (event) => event.userId],
	client_ip: [
		z.string().nullable().meta({ description: "The canonical client_ip of the call (v4:192.0.2.1, or v6:2001:db8::/64 for an IPv6 /64), or null." }),
		(event) => event.clientIp,
	],
	data: [
		z.record(z.string(), z.unknown()).meta({
			description: "Details by type (limit, check, lock_seconds, request, method, previous_email, email); never a password, code, key, hash, secret or request id.",
		}),
		(event) => event.data,
	],
});

export const eventPageAnswer = named("EventPage", wireShape<{ events: readonly HolmEvent[]; next: string }>()({
	events: [z.array(eventAnswer.schema), (page) => page.events.map(eventAnswer.json)],
	next: [
		z.string().meta({ description: "Give it as `after` to read on; the same cursor comes back while there is nothing newer." }),
		(page) => page.next,
	],
}));

export const eventListQuery = z.object({
	after: z.string().optional().meta({ description: "The `next` of the previous page; absent: from the oldest event kept." }),
	user_id: z.string().optional().meta({ description: "Only this user's events (GET /events only)." }),
	type: z.array(z.enum(EVENT_TYPES)).optional().meta({ description: "Only these types; repeat the parameter for several." }),
	limit: z.int().min(1).max(999_999_999).default(EVENTS_LIMIT_DEFAULT).meta({ description: `At most ${EVENTS_LIMIT_MAX}; larger values are capped.` }),
});
