// /users/:user_id/password-reset-requests, /password-reset-requests/:request_id[/verify-email], /reset-password
import { fail } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import { endpoint } from "../../http/endpoint.ts";
import { pathRequestId, pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { createdPasswordResetRequestAnswer, createResetRequestBody, passwordResetRequestAnswer, resetPasswordBody, verifyResetEmailBody } from "./schemas.ts";

export const createPasswordResetRequest = endpoint({
	operationId: "createPasswordResetRequest",
	summary: "Create a password reset request",
	tag: "Password reset",
	body: "CreatePasswordResetRequestBody",
	success: { status: 200, description: "The request with its code; the code appears only here.", model: "CreatedPasswordResetRequest" },
	errors: ["NOT_FOUND", "INVALID_DATA", ...actions.CREATE_RESET_REQUEST_ERRORS],
	async handle(c) {
		const user = await pathUser(c);
		if (user === null) return fail("NOT_FOUND");
		const body = parseBody(c, createResetRequestBody);
		if (body === null) return fail("INVALID_DATA");
		const created = await actions.createPasswordResetRequest(c.get("ctx"), user.id, body.client_ip);
		if (!created.ok) return created;
		return Response.json(createdPasswordResetRequestAnswer.json(created.value));
	},
});

export const listUserPasswordResetRequests = endpoint({
	operationId: "listUserPasswordResetRequests",
	summary: "List a user's password reset requests",
	tag: "Password reset",
	success: { status: 200, description: "The user's live requests, oldest first, without codes.", model: "PasswordResetRequest", list: true },
	errors: ["NOT_FOUND"],
	async handle(c) {
		const ctx = c.get("ctx");
		const user = await pathUser(c);
		if (user === null) return fail("NOT_FOUND");
		const requests = await ctx.stores.passwordResets.listForUser(user.id);
		return Response.json(requests.map(passwordResetRequestAnswer.json));
	},
});

export const deleteUserPasswordResetRequests = endpoint({
	operationId: "deleteUserPasswordResetRequests",
	summary: "Delete a user's password reset requests",
	tag: "Password reset",
	success: { status: 204, description: "Deleted, also when the user had none." },
	errors: ["NOT_FOUND"],
	async handle(c) {
		const user = await pathUser(c);
		if (user === null) return fail("NOT_FOUND");
		await c.get("ctx").stores.passwordResets.deleteForUser(user.id);
		return noContent();
	},
});

export const getPasswordResetRequest = endpoint({
	operationId: "getPasswordResetRequest",
	summary: "Get a password reset request",
	tag: "Password reset",
	success: { status: 200, description: "The request, without its code.", model: "PasswordResetRequest" },
	errors: ["NOT_FOUND"],
	async handle(c) {
		const ctx = c.get("ctx");
		const id = pathRequestId(c);
		const request = id === null ? null : await ctx.stores.passwordResets.get(id);
		if (request === null) return fail("NOT_FOUND");
		return Response.json(passwordResetRequestAnswer.json(request));
	},
});

export const deletePasswordResetRequest = endpoint({
	operationId: "deletePasswordResetRequest",
	summary: "Delete a password reset request",
	tag: "Password reset",
	success: { status: 204, description: "Deleted." },
	errors: ["NOT_FOUND"],
	async handle(c) {
		const ctx = c.get("ctx");
		const id = pathRequestId(c);
		if (id === null || !(await ctx.stores.passwordResets.delete(id))) return fail("NOT_FOUND");
		return noContent();
	},
});

export const verifyPasswordResetRequestEmail = endpoint({
	operationId: "verifyPasswordResetRequestEmail",
	summary: "Verify a password reset request's code",
	description: "The 5th incorrect code deletes the request; that answer is still INCORRECT_CODE, later calls answer NOT_FOUND.",
	tag: "Password reset",
	body: "VerifyPasswordResetEmailBody",
	success: { status: 204, description: "The request's email_verified is now true; it can reset the password." },
	errors: ["NOT_FOUND", "INVALID_DATA", ...actions.VERIFY_RESET_EMAIL_ERRORS],
	async handle(c) {
		const ctx = c.get("ctx");
		const id = pathRequestId(c);
		if (id === null || (await ctx.stores.passwordResets.get(id)) === null) return fail("NOT_FOUND");
		const body = parseBody(c, verifyResetEmailBody);
		if (body === null) return fail("INVALID_DATA");
		const verified = await actions.verifyResetEmail(ctx, id, body.code, body.client_ip);
		return verified.ok ? noContent() : verified;
	},
});

export const resetPassword = endpoint({
	operationId: "resetPassword",
	summary: "Reset a password with a verified request",
	description: "INVALID_REQUEST when the request does not exist, has expired or is not verified yet.",
	tag: "Password reset",
	body: "ResetPasswordBody",
	success: {
		status: 204,
		description: "The password is set, the user's email_verified becomes true, and the user's reset and email update requests are deleted.",
	},
	errors: ["INVALID_DATA", ...actions.RESET_PASSWORD_ERRORS],
	async handle(c) {
		const body = parseBody(c, resetPasswordBody);
		if (body === null) return fail("INVALID_DATA");
		const result = await actions.resetPassword(c.get("ctx"), body.request_id, body.password, body.client_ip);
		return result.ok ? noContent() : result;
	},
});
