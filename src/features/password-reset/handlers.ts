// /users/:user_id/password-reset-requests, /password-reset-requests/:request_id[/verify-email], /reset-password
import { endpoint, endpoints } from "../../http/endpoint.ts";
import { pathUser } from "../../http/params.ts";
import { answerWith, noContentOr } from "../../http/responses.ts";
import { userRequestEndpoints } from "../request-endpoints.ts";
import * as actions from "./actions.ts";
import { createdPasswordResetRequestAnswer, passwordResetRequestAnswer } from "./schemas.ts";
import type { PasswordResetRequest } from "./store.ts";

const requests = userRequestEndpoints<PasswordResetRequest>({
	store: (ctx) => ctx.stores.passwordResets,
	json: passwordResetRequestAnswer.json,
	model: "PasswordResetRequest",
	one: "a password reset request",
	many: "password reset requests",
	listed: "The user's live requests, oldest first, without codes.",
	shown: "The request, without its code.",
	deleted: "Deleted.",
});

export default endpoints("Password reset", {
	createPasswordResetRequest: endpoint({
		summary: "Create a password reset request",
		body: "CreatePasswordResetRequestBody",
		success: { status: 200, description: "The request with its code; the code appears only here.", model: "CreatedPasswordResetRequest" },
		resource: pathUser,
		errors: actions.CREATE_RESET_REQUEST_ERRORS,
		async handle(c, { resource: user, body }) {
			return answerWith(await actions.createPasswordResetRequest(c.get("ctx"), user.id, body.client_ip), createdPasswordResetRequestAnswer);
		},
	}),

	listUserPasswordResetRequests: requests.listForUser,
	deleteUserPasswordResetRequests: requests.deleteForUser,
	getPasswordResetRequest: requests.get,
	deletePasswordResetRequest: requests.delete,

	verifyPasswordResetRequestEmail: endpoint({
		summary: "Verify a password reset request's code",
		description: "The 5th incorrect code deletes the request; that answer is still INCORRECT_CODE, later calls answer NOT_FOUND.",
		body: "VerifyPasswordResetEmailBody",
		success: { status: 204, description: "The request's email_verified is now true; it can reset the password." },
		resource: requests.pathRequest,
		errors: actions.VERIFY_RESET_EMAIL_ERRORS,
		async handle(c, { resource: request, body }) {
			return noContentOr(await actions.verifyResetEmail(c.get("ctx"), request.id, body.code, body.client_ip));
		},
	}),

	resetPassword: endpoint({
		summary: "Reset a password with a verified request",
		description: "INVALID_REQUEST when the request does not exist, has expired or is not verified yet.",
		body: "ResetPasswordBody",
		success: {
			status: 204,
			description: "The password is set, the user's email_verified becomes true, and the user's reset and email update requests are deleted.",
		},
		errors: actions.RESET_PASSWORD_ERRORS,
		async handle(c, { body }) {
			return noContentOr(await actions.resetPassword(c.get("ctx"), body.request_id, body.password, body.client_ip));
		},
	}),
});
