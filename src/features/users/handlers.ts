// POST /users, GET /users, GET /users/:user_id, DELETE /users/:user_id
import { endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { pathUser } from "./path-user.ts";
import * as actions from "./actions.ts";
import { createUserBody, parseUserListQuery, userAnswer, userListQuery } from "./schemas.ts";

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
});
