// POST /users, GET /users, GET /users/:user_id, DELETE /users/:user_id
import { endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { pathUser } from "./path-user.ts";
import * as actions from "./actions.ts";
import { createUserBody, disableUserBody, enableUserBody, parseUserListQuery, userAnswer, userListQuery } from "./schemas.ts";

export default endpoints("Users", {
	createUser: endpoint({
		summary: "Create a user",
		description: "Put a captcha or an equivalent in front of sign-up: creating users is open to bots otherwise.",
		body: createUserBody,
		success: returns(userAnswer, "The new user, with email_verified false and no TOTP credential."),
		errors: actions.CREATE_USER_ERRORS,
		act: (ctx, { body }) => actions.createUser(ctx, { email: body.email, password: body.password, clientIp: body.client_ip }),
	}),

	listUsers: endpoint({
		summary: "List users, or find a user by email",
		description:
			"An unknown or malformed sort_by, sort_order, per_page or page falls back to its default; it is not an error. " +
			"Filters combine. With `email`, the answer holds zero or one user.",
		query: userListQuery,
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

	getUser: endpoint({
		summary: "Get a user",
		success: returns(userAnswer, "The user."),
		resource: pathUser,
		handle: (_c, { resource: user }) => Response.json(userAnswer.json(user)),
	}),

	deleteUser: endpoint({
		summary: "Delete a user and everything the user owns",
		success: returnsNothing("Deleted. The address is free at once."),
		resource: pathUser,
		errors: actions.DELETE_USER_ERRORS,
		act: (ctx, { resource: user }) => actions.deleteUser(ctx, user.id),
	}),

	disableUser: endpoint({
		summary: "Disable a user",
		description:
			"An operator stops an account without deleting it (abuse, a dispute, a departed employee). Every session of the user ends in the same " +
			"transaction, and from then on every way in (verify-password, authenticate/password, email sign-in, passkey sign-in) answers 403 " +
			"USER_DISABLED once its credential has proved correct (a wrong one answers as it always does), and creating a session answers " +
			"USER_DISABLED. Everything else works as before. Disabling a disabled user replaces its reason and end. With `until`, the user is " +
			"enabled again by itself once that time has passed, without an event. Records a user_disabled event.",
		body: disableUserBody,
		success: returns(userAnswer, "The user, disabled."),
		resource: pathUser,
		errors: actions.DISABLE_USER_ERRORS,
		act: (ctx, { resource: user, body }) => actions.disableUser(ctx, user.id, { reason: body.reason ?? null, until: body.until ?? null }),
	}),

	enableUser: endpoint({
		summary: "Enable a disabled user",
		description: "Ends a disable; the user's sessions do not come back. Enabling an enabled user changes nothing and records nothing; otherwise records a user_enabled event.",
		body: enableUserBody,
		success: returns(userAnswer, "The user, enabled."),
		resource: pathUser,
		errors: actions.ENABLE_USER_ERRORS,
		act: (ctx, { resource: user }) => actions.enableUser(ctx, user.id),
	}),
});
