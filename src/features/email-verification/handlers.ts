// /users/:user_id/email-verification-request, /users/:user_id/verify-email
import { fail } from "../../errors.ts";
import { endpoint, endpoints } from "../../http/endpoint.ts";
import { pathUser } from "../../http/params.ts";
import { answerWith, noContent, noContentOr } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { emailVerificationRequestAnswer } from "./schemas.ts";

export default endpoints("Email verification", {
	createEmailVerificationRequest: endpoint({
		summary: "Create an email verification request",
		body: "CreateEmailVerificationRequestBody",
		success: { status: 200, description: "The request; it replaces the user's previous one.", model: "EmailVerificationRequest" },
		resource: pathUser,
		errors: actions.CREATE_VERIFICATION_REQUEST_ERRORS,
		async handle(c, { resource: user, body }) {
			return answerWith(await actions.createEmailVerificationRequest(c.get("ctx"), user.id, body.client_ip), emailVerificationRequestAnswer);
		},
	}),

	getEmailVerificationRequest: endpoint({
		summary: "Get the email verification request",
		success: { status: 200, description: "The live request, with its code.", model: "EmailVerificationRequest" },
		errors: ["NOT_FOUND"],
		async handle(c) {
			const ctx = c.get("ctx");
			const user = await pathUser(c);
			const request = user === null ? null : await ctx.stores.emailVerifications.get(user.id);
			if (request === null) return fail("NOT_FOUND");
			return Response.json(emailVerificationRequestAnswer.json(request));
		},
	}),

	deleteEmailVerificationRequest: endpoint({
		summary: "Delete the email verification request",
		success: { status: 204, description: "Deleted." },
		errors: ["NOT_FOUND"],
		async handle(c) {
			const ctx = c.get("ctx");
			const user = await pathUser(c);
			if (user === null || !(await ctx.stores.emailVerifications.delete(user.id))) return fail("NOT_FOUND");
			return noContent();
		},
	}),

	verifyEmail: endpoint({
		summary: "Verify the email",
		description: "NOT_ALLOWED when the user has no live request. The 5th incorrect code deletes the request.",
		body: "VerifyEmailBody",
		success: { status: 204, description: "The user's email_verified is now true; the request is consumed." },
		resource: pathUser,
		errors: actions.VERIFY_EMAIL_ERRORS,
		async handle(c, { resource: user, body }) {
			return noContentOr(await actions.verifyUserEmail(c.get("ctx"), user.id, body.code, body.client_ip));
		},
	}),
});
