// /users/:user_id/sessions, /sessions/validate, /sessions/:session_id
import { fail } from "../../errors.ts";
import { endpoint, endpoints, type C } from "../../http/endpoint.ts";
import { pathUser } from "../../http/params.ts";
import { noContentOr } from "../../http/responses.ts";
import { isId } from "../../lib/ids.ts";
import * as actions from "./actions.ts";
import { createdSessionAnswer, endUserSessionsQuery, sessionAnswer, shownSession, validatedSessionAnswer } from "./schemas.ts";
import type { Session } from "./store.ts";

/** The live session named by `:session_id`, or null (NOT_FOUND). */
async function pathSession(c: C): Promise<Session | null> {
	const id = c.req.param("session_id") ?? "";
	return isId(id) ? actions.getSession(c.get("ctx"), id) : null;
}

export default endpoints("Sessions", {
	createSession: endpoint({
		summary: "Create a session (sign the user in)",
		description:
			"Call it once the user is signed in, by Holm's checks or your own. The token is returned once, never again: put it in an HttpOnly, Secure, " +
			"SameSite=Lax cookie. Creating one more session than --sessions-per-user (50) ends the user's least recently used session. " +
			'new_device tells a receiver of the session_created event whether to send a "new sign-in" email. See docs/sessions.md.',
		body: "CreateSessionBody",
		success: { status: 200, description: "The session and its token.", model: "CreatedSession" },
		resource: pathUser,
		errors: actions.CREATE_SESSION_ERRORS,
		async handle(c, { resource: user, body }) {
			const ctx = c.get("ctx");
			const result = await actions.createSession(ctx, user.id, {
				clientIp: body.client_ip,
				userAgent: body.user_agent,
				secondFactorVerified: body.second_factor_verified,
			});
			if (!result.ok) return result;
			const { session, token } = result.value;
			return Response.json(createdSessionAnswer.json({ session: shownSession(session, actions.sessionSettings(ctx)), token }));
		},
	}),

	listUserSessions: endpoint({
		summary: "List a user's sessions",
		success: { status: 200, description: "The user's live sessions, most recently used first.", model: "Session", list: true },
		resource: pathUser,
		async handle(c, { resource: user }) {
			const ctx = c.get("ctx");
			const settings = actions.sessionSettings(ctx);
			return Response.json((await actions.listUserSessions(ctx, user.id)).map((session) => sessionAnswer.json(shownSession(session, settings))));
		},
	}),

	deleteUserSessions: endpoint({
		summary: "Sign the user out everywhere (or everywhere else)",
		description: "With `except`, that session (a live session of this user, else NOT_FOUND and nothing ends) stays signed in.",
		query: endUserSessionsQuery,
		success: { status: 204, description: "The user's sessions have ended, on every instance." },
		resource: pathUser,
		errors: ["NOT_FOUND", ...actions.END_USER_SESSIONS_ERRORS],
		async handle(c, { resource: user }) {
			const except = c.req.query("except");
			if (except !== undefined && !isId(except)) return fail("NOT_FOUND");
			return noContentOr(await actions.endUserSessions(c.get("ctx"), user.id, except ?? null, "sign_out_everywhere"));
		},
	}),

	validateSession: endpoint({
		summary: "Validate a session token",
		description:
			"Call it on each request of a signed-in user. The token travels in the body, never in a URL. A token that is malformed, unknown, expired, " +
			"ended, or whose secret is wrong answers NOT_FOUND, each in the same time: clear the cookie and treat the request as signed out.",
		body: "ValidateSessionBody",
		success: { status: 200, description: "The live session and its user.", model: "ValidatedSession" },
		errors: ["NOT_FOUND"],
		async handle(c, { body }) {
			const ctx = c.get("ctx");
			const found = await actions.validateSession(ctx, body.token);
			if (found === null) return fail("NOT_FOUND");
			return Response.json(validatedSessionAnswer.json({ session: shownSession(found.session, actions.sessionSettings(ctx)), user: found.user }));
		},
	}),

	getSession: endpoint({
		summary: "Get a session",
		success: { status: 200, description: "The live session (never its token).", model: "Session" },
		errors: ["NOT_FOUND"],
		async handle(c) {
			const session = await pathSession(c);
			if (session === null) return fail("NOT_FOUND");
			return Response.json(sessionAnswer.json(shownSession(session, actions.sessionSettings(c.get("ctx")))));
		},
	}),

	deleteSession: endpoint({
		summary: "End a session (sign out)",
		success: { status: 204, description: "The session has ended, on every instance." },
		errors: ["NOT_FOUND", ...actions.END_SESSION_ERRORS],
		async handle(c) {
			const session = await pathSession(c);
			if (session === null) return fail("NOT_FOUND");
			return noContentOr(await actions.endSession(c.get("ctx"), session, "sign_out"));
		},
	}),
});
