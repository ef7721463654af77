// /users/:user_id/password-reset-requests, /password-reset-requests/:request_id[/verify-email], /reset-password
import { fail } from "../../errors.ts";
import { endpoint, endpoints, type C } from "../../http/endpoint.ts";
import { nowSeconds } from "../../http/env.ts";
import { pathRequestId, pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { createdPasswordResetRequestAnswer, passwordResetRequestAnswer } from "./schemas.ts";
import type { PasswordResetRequest } from "./store.ts";

/** The live request named by `:request_id`, or null (NOT_FOUND). */
async function pathResetRequest(c: C): Promise<PasswordResetRequest | null> {
	const ctx = c.get("ctx");
	const id = pathRequestId(c);
	return id === null ? null : ctx.stores.passwordResets.get(id, nowSeconds(ctx));
}

export default endpoints("Password reset", {
	createPasswordResetRequest: endpoint({
		summary: "Create a password reset request",
		body: "CreatePasswordResetRequestBody",
		success: { status: 200, description: "The request with its code; the code appears only here.", model: "CreatedPasswordResetRequest" },
		resource: pathUser,
		errors: actions.CREATE_RESET_REQUEST_ERRORS,
		async handle(c, { resource: user, body }) {
			const created = await actions.createPasswordResetRequest(c.get("ctx"), user.id, body.client_ip);
			if (!created.ok) return created;
			return Response.json(createdPasswordResetRequestAnswer.json(created.value));
		},
	}),

	listUserPasswordResetRequests: endpoint({
		summary: "List a user's password reset requests",
		success: { status: 200, description: "The user's live requests, oldest first, without codes.", model: "PasswordResetRequest", list: true },
		resource: pathUser,
		async handle(c, { resource: user }) {
			const ctx = c.get("ctx");
			const requests = await ctx.stores.passwordResets.listForUser(user.id, nowSeconds(ctx));
			return Response.json(requests.map(passwordResetRequestAnswer.json));
		},
	}),

	deleteUserPasswordResetRequests: endpoint({
		summary: "Delete a user's password reset requests",
		success: { status: 204, description: "Deleted, also when the user had none." },
		resource: pathUser,
		async handle(c, { resource: user }) {
			await c.get("ctx").stores.passwordResets.deleteForUser(user.id);
			return noContent();
		},
	}),

	getPasswordResetRequest: endpoint({
		summary: "Get a password reset request",
		success: { status: 200, description: "The request, without its code.", model: "PasswordResetRequest" },
		resource: pathResetRequest,
		handle(c, { resource: request }) {
			return Response.json(passwordResetRequestAnswer.json(request));
		},
	}),

	deletePasswordResetRequest: endpoint({
		summary: "Delete a password reset request",
		success: { status: 204, description: "Deleted." },
		errors: ["NOT_FOUND"],
		async handle(c) {
			const ctx = c.get("ctx");
			const id = pathRequestId(c);
			if (id === null || !(await ctx.stores.passwordResets.delete(id, nowSeconds(ctx)))) return fail("NOT_FOUND");
			return noContent();
		},
	}),

	verifyPasswordResetRequestEmail: endpoint({
		summary: "Verify a password reset request's code",
		description: "The 5th incorrect code deletes the request; that answer is still INCORRECT_CODE, later calls answer NOT_FOUND.",
		body: "VerifyPasswordResetEmailBody",
		success: { status: 204, description: "The request's email_verified is now true; it can reset the password." },
		resource: pathResetRequest,
		errors: actions.VERIFY_RESET_EMAIL_ERRORS,
		async handle(c, { resource: request, body }) {
			const verified = await actions.verifyResetEmail(c.get("ctx"), request.id, body.code, body.client_ip);
			return verified.ok ? noContent() : verified;
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
			const result = await actions.resetPassword(c.get("ctx"), body.request_id, body.password, body.client_ip);
			return result.ok ? noContent() : result;
		},
	}),
});
