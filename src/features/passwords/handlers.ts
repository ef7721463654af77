// POST /users/:user_id/verify-password, POST /users/:user_id/update-password, POST /authenticate/password
import { endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { pathUser } from "../users/path-user.ts";
import { userAnswer } from "../users/schemas.ts";
import * as actions from "./actions.ts";
import { authenticateBody, updatePasswordBody, verifyPasswordBody } from "./schemas.ts";
import { KEPT_SESSION_IN_BODY } from "../sessions/kept-session.ts";

export default endpoints("Passwords", {
	verifyPassword: endpoint({
		summary: "Verify a password",
		body: verifyPasswordBody,
		success: returnsNothing("The password is correct."),
		resource: pathUser,
		errors: actions.VERIFY_PASSWORD_ERRORS,
		act: (ctx, { resource: user, body }) => actions.verifyUserPassword(ctx, { userId: user.id, password: body.password, clientIp: body.client_ip }),
	}),

	updatePassword: endpoint({
		summary: "Update a password",
		description:
			"The new password's leak check comes before the current password is checked. If the password changed during the call, " +
			"the answer is INCORRECT_PASSWORD and nothing changes. Every other session of the user ends in the same transaction; `session_id` (a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.",
		body: updatePasswordBody,
		success: returnsNothing("Changed; the user's password reset and email update requests are deleted, and every session but `session_id` ends."),
		resource: pathUser,
		keep: KEPT_SESSION_IN_BODY,
		errors: actions.UPDATE_PASSWORD_ERRORS,
		act: (ctx, { resource: user, body, keep }) =>
			actions.updateUserPassword(ctx, { userId: user.id, password: body.password, newPassword: body.new_password, clientIp: body.client_ip, keepSession: keep }),
	}),

	authenticateWithPassword: endpoint({
		summary: "Sign in with email and password",
		description: "NOT_FOUND when no user has the address; it costs the same time as a wrong password.",
		body: authenticateBody,
		success: returns(userAnswer, "The user. When totp_registered is true, ask for a TOTP code before creating a session."),
		errors: actions.AUTHENTICATE_ERRORS,
		act: (ctx, { body }) => actions.authenticateWithPassword(ctx, { email: body.email, password: body.password, clientIp: body.client_ip }),
	}),
});
