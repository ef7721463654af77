// /users/:user_id/email-verification-request, /users/:user_id/verify-email
import { endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { ofPathUser, pathUser } from "../users/path-user.ts";
import { deletedOrNotFound } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { createVerificationRequestBody, emailVerificationRequestAnswer, verifyEmailBody } from "./schemas.ts";

/** The live request of the user of `:user_id`. */
const pathUserRequest = ofPathUser((ctx, user) => ctx.stores.emailVerifications.get(user.id));

export default endpoints("Email verification", {
	createEmailVerificationRequest: endpoint({
		summary: "Create an email verification request",
		body: createVerificationRequestBody,
		success: returns(emailVerificationRequestAnswer, "The request; it replaces the user's previous one."),
		resource: pathUser,
		errors: actions.CREATE_VERIFICATION_REQUEST_ERRORS,
		act: (ctx, { resource: user, body }) => actions.createEmailVerificationRequest(ctx, user.id, body.client_ip),
	}),

	getEmailVerificationRequest: endpoint({
		summary: "Get the email verification request",
		success: returns(emailVerificationRequestAnswer, "The live request, with its code."),
		resource: pathUserRequest,
		handle: (_c, { resource: request }) => Response.json(emailVerificationRequestAnswer.json(request)),
	}),

	deleteEmailVerificationRequest: endpoint({
		summary: "Delete the email verification request",
		success: returnsNothing("Deleted."),
		resource: pathUser,
		errors: ["NOT_FOUND"],
		handle: async (c, { resource: user }) => deletedOrNotFound(await c.get("ctx").stores.emailVerifications.delete(user.id)),
	}),

	verifyEmail: endpoint({
		summary: "Verify the email",
		description: "NOT_ALLOWED when the user has no live request. The 5th incorrect code deletes the request.",
		body: verifyEmailBody,
		success: returnsNothing("The user's email_verified is now true; the request is consumed."),
		resource: pathUser,
		errors: actions.VERIFY_EMAIL_ERRORS,
		act: (ctx, { resource: user, body }) => actions.verifyUserEmail(ctx, user.id, body.code, body.client_ip),
	}),
});
