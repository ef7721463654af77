// /users/:user_id/password-reset-requests, /password-reset-requests/:request_id[/verify-email], /reset-password
import { endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { pathUser } from "../users/path-user.ts";
import { userRequestEndpoints } from "../request-endpoints.ts";
import * as actions from "./actions.ts";
import { createdPasswordResetRequestAnswer, createResetRequestBody, passwordResetRequestAnswer, resetPasswordBody, verifyResetEmailBody } from "./schemas.ts";
import type { PasswordResetRequest } from "./store.ts";

const requests = userRequestEndpoints<PasswordResetRequest>({
	store: (ctx) => ctx.stores.passwordResets,
	answer: passwordResetRequestAnswer,
	one: "a password reset request",
	codes: "hidden",
});

export default endpoints("Password reset", {
	createPasswordResetRequest: endpoint({
		summary: "Create a password reset request",
		body: createResetRequestBody,
		success: returns(createdPasswordResetRequestAnswer, "The request with its code; the code appears only here."),
		resource: pathUser,
		errors: actions.CREATE_RESET_REQUEST_ERRORS,
		act: (ctx, { resource: user, body }) => actions.createPasswordResetRequest(ctx, user.id, body.client_ip),
	}),

	listUserPasswordResetRequests: requests.listForUser,
	deleteUserPasswordResetRequests: requests.deleteForUser,
	getPasswordResetRequest: requests.get,
	deletePasswordResetRequest: requests.delete,

	verifyPasswordResetRequestEmail: endpoint({
		summary: "Verify a password reset request's code",
		description: "The 5th incorrect code deletes the request; that answer is still INCORRECT_CODE, later calls answer NOT_FOUND.",
		body: verifyResetEmailBody,
		success: returnsNothing("The request's email_verified is now true; it can reset the password."),
		resource: requests.pathRequest,
		errors: actions.VERIFY_RESET_EMAIL_ERRORS,
		act: (ctx, { resource: request, body }) => actions.verifyResetEmail(ctx, request.id, body.code, body.client_ip),
	}),

	resetPassword: endpoint({
		summary: "Reset a password with a verified request",
		description: "INVALID_REQUEST when the request does not exist, has expired or is not verified yet.",
		body: resetPasswordBody,
		success: returnsNothing("The password is set, the user's email_verified becomes true, and the user's reset and email update requests are deleted."),
		errors: actions.RESET_PASSWORD_ERRORS,
		act: (ctx, { body }) => actions.resetPassword(ctx, body.request_id, body.password, body.client_ip),
	}),
});
