import { z } from "zod";
import { optional, storableText } from "../../lib/validation.ts";
import { wireShape } from "../../http/wire.ts";
import { identifier, unixSeconds, userAnswer } from "../users/schemas.ts";
import type { User } from "../users/store.ts";
import { expiresAt, type SessionSettings } from "./settings.ts";
import type { Session } from "./store.ts";
import { named } from "../../openapi/names.ts";

/** client_ip as the session keeps it: the address it names (canonical), or the string as sent
 *  (storableText: control characters and lone surrogates become U+FFFD). */
const sessionClientIp = optional(z.string().max(64)).transform((value) => (value === undefined || value.trim() === "" ? undefined : storableText(value)));

export const createSessionBody = named("CreateSessionBody", z.object({
	client_ip: sessionClientIp,
	user_agent: optional(z.string().max(512)).transform((value) => (value === undefined || value === "" ? undefined : storableText(value))),
	second_factor_verified: optional(z.boolean()).transform((value) => value ?? false),
}));

// Any string: a token that is not one (malformed) answers NOT_FOUND, like an unknown one.
export const validateSessionBody = named("ValidateSessionBody", z.object({ token: z.string().max(1024) }));

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

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** A session with the expiry computed from the timeouts in force now. */
type ShownSession = Session & { expiresAt: number };

export function shownSession(session: Session, settings: SessionSettings): ShownSession {
	return { ...session, expiresAt: expiresAt(session, settings) };
}

/** The session model of API.md section 13. Never the token, never the digest. */
export const sessionAnswer = named("Session", wireShape<ShownSession>()({
	id: [identifier, (session) => session.id],
	user_id: [identifier, (session) => session.userId],
	created_at: [unixSeconds, (session) => session.createdAt],
	last_used_at: [
		unixSeconds.meta({ description: "Written at most once a minute (once per tenth of the idle timeout when that is shorter than ten minutes)." }),
		(session) => session.lastUsedAt,
	],
	expires_at: [
		unixSeconds.meta({ description: "The earlier of last_used_at + the idle timeout and created_at + the lifetime, with the values in force now." }),
		(session) => session.expiresAt,
	],
	client_ip: [
		z.string().nullable().meta({ description: "The address (canonical), or the string as sent when it is no address; null when none was sent." }),
		(session) => session.clientIp,
	],
	user_agent: [z.string().nullable(), (session) => session.userAgent],
	second_factor_verified_at: [
		unixSeconds.nullable().meta({ description: "When a second factor was verified for this session; null when never." }),
		(session) => session.secondFactorVerifiedAt,
	],
	new_device: [
		z.boolean().meta({
			description:
				"Neither this user agent nor this network (IPv4 /24, IPv6 /48) was on a session of the user in the last 90 days; false for the first session ever and when neither was sent.",
		}),
		(session) => session.newDevice,
	],
}, (session) => ({
	id: session.id,
	user_id: session.userId,
	created_at: session.createdAt,
	last_used_at: session.lastUsedAt,
	expires_at: session.expiresAt,
	client_ip: session.clientIp,
	user_agent: session.userAgent,
	second_factor_verified_at: session.secondFactorVerifiedAt,
	new_device: session.newDevice,
})));

export const createdSessionAnswer = named("CreatedSession", wireShape<{ session: ShownSession; token: string }>()({
	session: [sessionAnswer.schema, (created) => sessionAnswer.json(created.session)],
	token: [
		z.string().max(100).meta({ description: "`<session id>.<secret>`: returned once, never shown again. Keep it in an HttpOnly cookie." }),
		(created) => created.token,
	],
}));

// Every validation of every signed-in request answers this one: both parts are literals.
export const validatedSessionAnswer = named("ValidatedSession", wireShape<{ session: ShownSession; user: User }>()(
	{
		session: [sessionAnswer.schema, (validated) => sessionAnswer.json(validated.session)],
		user: [userAnswer.schema, (validated) => userAnswer.json(validated.user)],
	},
	(validated) => ({ session: sessionAnswer.json(validated.session), user: userAnswer.json(validated.user) }),
));
