import { z } from "zod";
import { optional } from "../../lib/validation.ts";
import { identifier, unixSeconds, userResponse } from "../users/schemas.ts";

/** client_ip as the session keeps it: the address it names (canonical), or the string as sent. */
const sessionClientIp = optional(z.string().max(64)).transform((value) => (value === undefined || value.trim() === "" ? undefined : value));

export const createSessionBody = z.object({
	client_ip: sessionClientIp,
	user_agent: optional(z.string().max(512)).transform((value) => (value === "" ? undefined : value)),
	second_factor_verified: optional(z.boolean()).transform((value) => value ?? false),
});

// Any string: a token that is not one (malformed) answers NOT_FOUND, like an unknown one.
export const validateSessionBody = z.object({ token: z.string().max(1024) });

/** `session_id` of the calls that keep the session the user made the change on. */
export const keptSessionId = optional(z.string().max(64));

/** DELETE /users/{user_id}/sessions?except= */
export const endUserSessionsQuery = z.object({
	except: z.string().optional().meta({ description: "A live session of this user that stays signed in (sign out everywhere else)." }),
});

/** DELETE /users/{user_id}/totp-credential?session_id= */
export const keptSessionQuery = z.object({
	session_id: z.string().optional().meta({ description: "A live session of this user that stays signed in; NOT_FOUND (and nothing changes) when it is not one." }),
});

// ---- Response shapes, for the OpenAPI document (src/openapi/). ----

export const sessionResponse = z.object({
	id: identifier,
	user_id: identifier,
	created_at: unixSeconds,
	last_used_at: unixSeconds.meta({ description: "Written at most once a minute (once per tenth of the idle timeout when that is shorter than ten minutes)." }),
	expires_at: unixSeconds.meta({ description: "The earlier of last_used_at + the idle timeout and created_at + the lifetime, with the values in force now." }),
	client_ip: z.string().nullable().meta({ description: "The address (canonical), or the string as sent when it is no address; null when none was sent." }),
	user_agent: z.string().nullable(),
	second_factor_verified_at: unixSeconds.nullable().meta({ description: "When a second factor was verified for this session; null when never." }),
	new_device: z.boolean().meta({ description: "Neither this user agent nor this network (IPv4 /24, IPv6 /48) was on a session of the user in the last 90 days; false for the first session ever and when neither was sent." }),
});

export const createdSessionResponse = z.object({
	session: sessionResponse,
	token: z.string().max(100).meta({ description: "`<session id>.<secret>`: returned once, never shown again. Keep it in an HttpOnly cookie." }),
});

export const validatedSessionResponse = z.object({ session: sessionResponse, user: userResponse });
