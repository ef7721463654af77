// POST /users, GET /users, GET /users/:user_id, DELETE /users/:user_id
import { answersResource, endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { pathUser } from "./path-user.ts";
import * as actions from "./actions.ts";
import { createUserBody, disableUserBody, enableUserBody, parseUserListQuery, userAnswer, userListQuery } from "./schemas.ts";
import { CLIENT_IP, CREATED_AT, PASSWORD, USER } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag("Users", "Create, list, find, get, delete and import users.");

export default endpoints("Users", {
	createUser: endpoint({
		summary: "Create a user",
		description: "Put a captcha or an equivalent in front of sign-up: creating users is open to bots otherwise.",
		body: createUserBody,
		examples: { request: { email: "cat@example.com", password: PASSWORD, client_ip: CLIENT_IP }, answer: USER },
		success: returns(userAnswer, "The new user, with email_verified false and no TOTP credential."),
		errors: actions.CREATE_USER_ERRORS,
		errorsWhen: {
			INVALID_DATA: "`password` missing or not 8–127 characters; `email` invalid; `client_ip` not a string of at most 64 characters.",
			TOO_MANY_REQUESTS: "The address's password-hashing bucket is empty. `Retry-After` says when.",
			EMAIL_ALREADY_USED: "Another user has that address.",
			UNAVAILABLE: "Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time). `Retry-After` says when to retry.",
			UNKNOWN_ERROR: "Unexpected failure; with `--leak-check online --leak-fail closed`, also when the leak API cannot be reached.",
		},
		act: (ctx, { body }) => actions.createUser(ctx, { email: body.email, password: body.password, clientIp: body.client_ip }),
	}),

	listUsers: endpoint({
		summary: "List users",
		description:
			"An unknown or malformed sort_by, sort_order, per_page or page falls back to its default; it is not an error. " +
			"Filters combine.\n\n" +
			"**Find a user by email** with `GET /users?email=<address>` (percent-encoded; `curl -G --data-urlencode \"email=Cat@Example.com\"`): " +
			"the answer holds zero or one user, with the pagination headers. This is how your backend finds the account for \"forgot password\" " +
			"or for your own sign-in screens. It uses the unique index.\n\n" +
			"`email_query` of 3 characters or more goes through a substring index on the addresses (SQLite: an FTS5 trigram table; PostgreSQL: " +
			"a `pg_trgm` GIN index), so a rare match answers in milliseconds among a million users; shorter queries, and a query that matches many " +
			"users (every match is counted for `X-Pagination-Total`), read more. On PostgreSQL the index needs the `pg_trgm` extension, which Holm " +
			"creates when its role may (a database owner may, on PostgreSQL 13 and later); where it cannot, `email_query` reads every user and each " +
			"start logs a warning saying what to run. Keep `email_query` for admin screens; to find one account use `email`.",
		query: userListQuery,
		examples: { answer: [USER] },
		success: { status: 200, description: "One page of users, empty when the page holds none.", model: userAnswer.schema, list: true, pagination: true },
		async handle(c) {
			const query = parseUserListQuery(c.req.query());
			const { users, total } = await actions.listUsers(c.get("ctx"), {
				sortBy: query.sortBy,
				sortOrder: query.sortOrder,
				limit: query.perPage,
				offset: (query.page - 1) * query.perPage,
				emailQuery: query.emailQuery,
				exactEmail: query.exactEmail,
			});
			return Response.json(users.map(userAnswer.json), {
				headers: {
					"X-Pagination-Total": String(total),
					"X-Pagination-Total-Pages": String(Math.ceil(total / query.perPage)),
				},
			});
		},
	}),

	getUser: answersResource({ summary: "Get a user", answer: userAnswer, says: "The user.", resource: pathUser, example: USER }),

	deleteUser: endpoint({
		summary: "Delete a user",
		description:
			"Deletes the user and everything the user owns: password reset requests, the email verification request, email update requests, " +
			"the TOTP credential, passkeys, identities, second-factor lockouts and [sessions](#sessions) (a `sessions_ended` event with " +
			"`reason: \"user_deleted\"` records them).",
		success: returnsNothing("Deleted. The address is free at once."),
		resource: pathUser,
		errors: actions.DELETE_USER_ERRORS,
		act: (ctx, { resource: user }) => actions.deleteUser(ctx, user.id),
	}),

	disableUser: endpoint({
		summary: "Disable a user",
		description:
			"Stops an account without deleting it: abuse, a dispute, a departed employee. Every way in then answers `403 USER_DISABLED` once its " +
			"credential has proved correct (a wrong one answers as it always does, so the answer tells nothing to someone who does not know the " +
			"password): [verify-password](#verify-a-password), [authenticate/password](#sign-in-with-email-and-password), an " +
			"[email code](#sign-in-with-an-email-code), a [passkey sign-in](#verify-a-passkey-sign-in) and an identity provider's verify; " +
			"[creating a session](#create-a-session) answers `USER_DISABLED` too. The code or passkey ceremony is used up, and nothing else happens: " +
			"no sign-in, no claim of an unverified account ([security.md](security.md#a-disabled-user)), but a `sign_in_failed` event with " +
			"`\"reason\": \"user_disabled\"`. Everything else (resets, requests, second factors, passkey registration, reading and listing) works " +
			"as before, so enabling brings back a consistent account.\n\n" +
			"In the same transaction every [session](#sessions) of the user ends (`sessions_ended`, reason `user_disabled`) and a `user_disabled` " +
			"event records `data.reason` and `data.until` (`null` for none). Disabling a disabled user replaces its reason and end (another " +
			"`user_disabled`). Once `until` has passed, the user answers as enabled (`disabled: false`, `disabled_until: null`) by itself, " +
			"everywhere at once and with no event; the sessions that ended do not come back.",
		errorsWhen: {
			INVALID_DATA: "`reason` not a string or over 200 code points; `until` not a whole number, or not in the future. Nothing changes.",
		},
		body: disableUserBody,
		examples: {
			request: { reason: "Chargeback dispute #4411; see the ticket", until: CREATED_AT + 14 * 86_400 },
			answer: { ...USER, disabled: true, disabled_until: CREATED_AT + 14 * 86_400 },
		},
		success: returns(userAnswer, "The user, disabled."),
		resource: pathUser,
		errors: actions.DISABLE_USER_ERRORS,
		act: (ctx, { resource: user, body }) => actions.disableUser(ctx, user.id, { reason: body.reason ?? null, until: body.until ?? null }),
	}),

	enableUser: endpoint({
		summary: "Enable a user",
		description:
			"No body needed. Ends a disable, and records a `user_enabled` event; the user's sessions do not come back. Enabling a user that is " +
			"not disabled (never was, or its `until` has passed) changes nothing and records nothing.",
		errorsWhen: { INVALID_DATA: "A body that is not a JSON object." },
		body: enableUserBody,
		examples: { request: {}, answer: USER },
		success: returns(userAnswer, "The user, enabled."),
		resource: pathUser,
		errors: actions.ENABLE_USER_ERRORS,
		act: (ctx, { resource: user }) => actions.enableUser(ctx, user.id),
	}),
});
