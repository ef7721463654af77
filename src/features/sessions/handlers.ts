// /users/:user_id/sessions, /sessions/validate, /sessions/:session_id
import { fail, ok } from "../../errors.ts";
import { endpoint, endpoints, returns, returnsList, returnsNothing } from "../../http/endpoint.ts";
import { pathResource } from "../../http/params.ts";
import { pathUser } from "../users/path-user.ts";
import { isId } from "../../lib/ids.ts";
import * as actions from "./actions.ts";
import { createdSessionAnswer, createSessionBody, endUserSessionsQuery, sessionAnswer, shownSession, validatedSessionAnswer, validateSessionBody } from "./schemas.ts";
import { CLIENT_IP, CREATED_AT, SESSION_ID, USER, USER_ID } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag(
	"Sessions",
	"Keep a signed-in user signed in: opaque tokens, validated in one read, ended in the same transaction as a credential change. Your " +
	"application creates a session once Holm (or your own single sign-on) has said who the user is, keeps its token in a cookie, and " +
	"validates it on every request. Holm ends it when the user signs out, after the idle timeout or the lifetime, and in the same " +
	"transaction as any change of a credential. [sessions.md](sessions.md) explains why and shows a cookie-based application.",
);

// The examples of the document (docs/api.md): the values this feature's endpoints show.
const SESSION = {
	id: SESSION_ID,
	user_id: USER_ID,
	created_at: CREATED_AT,
	last_used_at: CREATED_AT + 3600,
	expires_at: CREATED_AT + 3600 + 7 * 86_400,
	client_ip: CLIENT_IP,
	user_agent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
	second_factor_verified_at: null,
	new_device: false,
};
const SESSION_TOKEN = `${SESSION_ID}.h3k9xq2wzr7mtpvb5ncd8fy4ges6ja2uqr9kwt3x`;

/** The live session named by `:session_id`, or null (NOT_FOUND). */
const pathSession = pathResource("session_id", actions.getSession);

export default endpoints("Sessions", {
	createSession: endpoint({
		summary: "Create a session",
		description:
			"Call it once the user is signed in, by Holm's checks or your own. The token is returned once, never again: put it in an HttpOnly, Secure, " +
			"SameSite=Lax cookie. Creating one more session than --sessions-per-user (50) ends the user's least recently used session. " +
			'new_device tells a receiver of the session_created event whether to send a "new sign-in" email. See docs/sessions.md.\n\n' +
			"The token is `<session id>.<secret>` (65 characters, a 200-bit secret). It is answered once: Holm keeps only the SHA-256 of the secret. " +
			"The least recently used session that ends for the cap is a `sessions_ended` event with `reason: \"session_limit\"`. A `session_created` event " +
			"records the session and its `new_device`.",
		errorsWhen: {
			INVALID_DATA: "A field of the wrong type, or too long.",
			USER_DISABLED: "An operator [disabled](#disable-a-user) the user: a sign-in by your own single sign-on does not let them in either.",
		},
		body: createSessionBody,
		examples: {
			request: { client_ip: CLIENT_IP, user_agent: SESSION.user_agent, second_factor_verified: false },
			answer: { session: { ...SESSION, last_used_at: CREATED_AT, expires_at: CREATED_AT + 7 * 86_400 }, token: SESSION_TOKEN },
		},
		success: returns(createdSessionAnswer, "The session and its token."),
		resource: pathUser,
		errors: actions.CREATE_SESSION_ERRORS,
		act: async (ctx, { resource: user, body }) => {
			const created = await actions.createSession(ctx, user.id, { clientIp: body.client_ip, userAgent: body.user_agent, secondFactorVerified: body.second_factor_verified });
			return created.ok ? ok({ session: shownSession(created.value.session, actions.sessionSettings(ctx)), token: created.value.token }) : created;
		},
	}),

	listUserSessions: endpoint({
		summary: "List a user's sessions",
		description: "What a \"your devices\" page shows.",
		examples: { answer: [SESSION] },
		success: returnsList(sessionAnswer, "The user's live sessions, most recently used first."),
		resource: pathUser,
		async handle(c, { resource: user }) {
			const ctx = c.get("ctx");
			const settings = actions.sessionSettings(ctx);
			return Response.json((await actions.listUserSessions(ctx, user.id)).map((session) => sessionAnswer.json(shownSession(session, settings))));
		},
	}),

	deleteUserSessions: endpoint({
		summary: "Sign out everywhere",
		description:
			"Every session of the user ends (`sessions_ended`, `reason: \"sign_out_everywhere\"`). With `?except=SESSION_ID`, that session (a live " +
			"session of this user, else NOT_FOUND and nothing ends) stays signed in: \"sign out everywhere else\".",
		errorsWhen: { NOT_FOUND: "No such user, or `except` is not a live session of this user (and then nothing ends)." },
		query: endUserSessionsQuery,
		success: returnsNothing("The user's sessions have ended, on every instance."),
		resource: pathUser,
		errors: actions.END_USER_SESSIONS_ERRORS,
		act: async (ctx, { resource: user }, c) => {
			// The store judges whether `except` is live and the user's, in the transaction that ends the others.
			const except = c.req.query("except");
			if (except !== undefined && !isId(except)) return fail("NOT_FOUND");
			return actions.endUserSessions(ctx, user.id, except ?? null, "sign_out_everywhere");
		},
	}),

	validateSession: endpoint({
		summary: "Validate a session token",
		description:
			"Call it on each request of a signed-in user. The token travels in the body, never in a URL. A token that is malformed, unknown, expired, " +
			"ended, or whose secret is wrong answers NOT_FOUND (as does a session of a [disabled](#disable-a-user) user: disabling ends them all), each " +
			"after the same work (an unknown id is compared against a dummy digest), so the time taken tells nothing. One indexed read; a write at most " +
			"once a minute per session.",
		errorsWhen: {
			INVALID_DATA: "`token` missing, not a string, or longer than 1024 characters.",
			NOT_FOUND: "No live session has this token: clear the cookie and treat the request as signed out.",
		},
		body: validateSessionBody,
		examples: { request: { token: SESSION_TOKEN }, answer: { session: SESSION, user: USER } },
		success: returns(validatedSessionAnswer, "The live session and its user."),
		errors: actions.VALIDATE_SESSION_ERRORS,
		async handle(c, { body }) {
			const ctx = c.get("ctx");
			const found = await actions.validateSession(ctx, body.token);
			if (!found.ok) return found;
			return Response.json(validatedSessionAnswer.json({ session: shownSession(found.value.session, actions.sessionSettings(ctx)), user: found.value.user }));
		},
	}),

	getSession: endpoint({
		summary: "Get a session",
		examples: { answer: SESSION },
		success: returns(sessionAnswer, "The live session (never its token)."),
		resource: pathSession,
		handle: (c, { resource: session }) => Response.json(sessionAnswer.json(shownSession(session, actions.sessionSettings(c.get("ctx"))))),
	}),

	deleteSession: endpoint({
		summary: "End a session (sign out)",
		description: "The session ends on every instance: a `sessions_ended` event with `reason: \"sign_out\"`.",
		errorsWhen: { NOT_FOUND: "No live session has that id (ended or expired)." },
		success: returnsNothing("The session has ended, on every instance."),
		resource: pathSession,
		errors: actions.END_SESSION_ERRORS,
		act: (ctx, { resource: session }) => actions.endSession(ctx, session, "sign_out"),
	}),
});
