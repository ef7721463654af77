// POST /users/:user_id/verify-password, POST /users/:user_id/update-password, POST /authenticate/password
import { endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { pathUser } from "../users/path-user.ts";
import { userAnswer } from "../users/schemas.ts";
import * as actions from "./actions.ts";
import { authenticateBody, updatePasswordBody, verifyPasswordBody } from "./schemas.ts";
import { KEPT_SESSION_IN_BODY } from "../sessions/kept-session.ts";
import { CLIENT_IP, NEW_PASSWORD, PASSWORD, SESSION_ID, USER } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag(
	"Passwords",
	"Verify and update passwords; sign in with email and password.\n\n" +
	"### Passwords found leaked after they were set\n\nA password that was fine when it was chosen can appear in a leak later. Each correct " +
	"password at `verify-password` and `authenticate/password` is looked up again in the local leak lists (the bundled list and `--leak-file`: a " +
	"lookup of microseconds, so a sign-in takes no longer). When a list holds it, the user's `password_leaked` becomes `true`, the `sign_in` " +
	"event says `\"password_leaked\": true`, and `authenticate/password` answers the user with the flag set (`verify-password` keeps its " +
	"empty `204`). With `--leak-check online`, the range API is also asked, at most once a day per user and after the answer has been sent: " +
	"a leak it finds flags the user for their next sign-in. The flag stays until the password is set again by `update-password` or " +
	"`reset-password` (both refuse passwords the lists hold, so the new one is clean). When you see `password_leaked: true`, send the user " +
	"to change their password right away (a reset if they cannot). `/metrics` counts such users (`holm_users_password_leaked`).",
);

export default endpoints("Passwords", {
	verifyPassword: endpoint({
		summary: "Verify a password",
		description: "Use it to confirm a signed-in user before a sensitive change (email change, TOTP removal).",
		errorsWhen: {
			INVALID_DATA: "`password` missing, not a string, or longer than 1024 characters; bad `client_ip`.",
			TOO_MANY_REQUESTS:
				"The address's hashing bucket is empty, the address is blocked after 5 incorrect passwords, or the user is blocked after 10 incorrect passwords. `Retry-After` says when.",
			UNAVAILABLE: "Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time).",
			USER_DISABLED:
				"The password is right, but an operator [disabled](#disable-a-user) the user. Told only after a correct password; a `sign_in_failed` event with `\"reason\": \"user_disabled\"`.",
		},
		body: verifyPasswordBody,
		examples: { request: { password: PASSWORD, client_ip: CLIENT_IP } },
		success: returnsNothing("The password is correct."),
		resource: pathUser,
		errors: actions.VERIFY_PASSWORD_ERRORS,
		act: (ctx, { resource: user, body }) => actions.verifyUserPassword(ctx, { userId: user.id, password: body.password, clientIp: body.client_ip }),
	}),

	updatePassword: endpoint({
		summary: "Update a password",
		description:
			"The password is changed, the user's password reset requests and email update requests are deleted, and every [session](#sessions) of " +
			"the user but `session_id` ends, in the same transaction; `session_id` must be a live session of this user, else NOT_FOUND before anything " +
			"else is judged, and nothing changes.\n\n" +
			"The new password is checked against the leak list before the current password is checked, so a weak new password answers " +
			"`WEAK_PASSWORD` without costing a hash or a guess. The change is a compare-and-swap on the password hash that was verified: if the " +
			"password changed in between (a parallel reset or update), the call answers `INCORRECT_PASSWORD` and changes nothing.\n\n" +
			"Holm's own sessions end with the change; if your application keeps sessions of its own, end them too.",
		errorsWhen: {
			NOT_FOUND: "No such user, or `session_id` is not a live session of this user (judged first; nothing changes).",
			INVALID_DATA: "A field missing; `new_password` not 8–127 characters; `password` longer than 1024; bad `client_ip`.",
			TOO_MANY_REQUESTS: "As for [verify-password](#verify-a-password).",
			WEAK_PASSWORD: "`new_password` is in the leaked-password list.",
			UNAVAILABLE: "Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time).",
			INCORRECT_PASSWORD: "`password` is wrong, or the password changed during the call.",
		},
		body: updatePasswordBody,
		examples: { request: { password: PASSWORD, new_password: NEW_PASSWORD, client_ip: CLIENT_IP, session_id: SESSION_ID } },
		success: returnsNothing("Changed; the user's password reset and email update requests are deleted, and every session but `session_id` ends."),
		resource: pathUser,
		keep: KEPT_SESSION_IN_BODY,
		errors: actions.UPDATE_PASSWORD_ERRORS,
		act: (ctx, { resource: user, body, keep }) =>
			actions.updateUserPassword(ctx, { userId: user.id, password: body.password, newPassword: body.new_password, clientIp: body.client_ip, keepSession: keep }),
	}),

	authenticateWithPassword: endpoint({
		summary: "Sign in with email and password",
		description:
			"An unknown address costs the same time and the same database work as a wrong password (one read, one argon2id verification), counts " +
			"towards the address's incorrect-password block, and has a per-user block of its own: 10 wrong sign-ins for it in 15 minutes answer " +
			"`TOO_MANY_REQUESTS`, exactly as for an address with an account ([limits.md](limits.md)). Show your end user the same message for " +
			"`NOT_FOUND` and `INCORRECT_PASSWORD`, so your sign-in form does not reveal which addresses have accounts. " +
			"Check `totp_registered` before you create a session: when it is `true`, ask for a TOTP code first ([flows.md](flows.md#sign-in)).",
		errorsWhen: {
			INVALID_DATA: "`email` missing or invalid; `password` missing or longer than 1024 characters; bad `client_ip`.",
			TOO_MANY_REQUESTS: "As for [verify-password](#verify-a-password).",
			UNAVAILABLE: "Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time).",
			NOT_FOUND: "No user has that address.",
			USER_DISABLED: "The password is right, but an operator [disabled](#disable-a-user) the user.",
		},
		body: authenticateBody,
		examples: { request: { email: "Cat@Example.com", password: PASSWORD, client_ip: CLIENT_IP }, answer: USER },
		success: returns(userAnswer, "The user. When totp_registered is true, ask for a TOTP code before creating a session."),
		errors: actions.AUTHENTICATE_ERRORS,
		act: (ctx, { body }) => actions.authenticateWithPassword(ctx, { email: body.email, password: body.password, clientIp: body.client_ip }),
	}),
});
