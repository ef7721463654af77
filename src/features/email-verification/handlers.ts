// /users/:user_id/email-verification-request, /users/:user_id/verify-email
import { answersResource, endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { ofPathUser, pathUser } from "../users/path-user.ts";
import { deletedOrNotFound } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { createVerificationRequestBody, emailVerificationRequestAnswer, verifyEmailBody } from "./schemas.ts";
import { CLIENT_IP, CREATED_AT, EXPIRES_AT, USER_ID } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag("Email verification", "Prove that the user receives mail at their address: Holm creates a code; your backend sends it; the user types it back.");

// The examples of the document (docs/api.md): the values this feature's endpoints show.
const EMAIL_VERIFICATION_REQUEST = { user_id: USER_ID, created_at: CREATED_AT, expires_at: EXPIRES_AT, code: "LC5LZV7H" };

/** The live request of the user of `:user_id`. */
const pathUserRequest = ofPathUser((ctx, user) => ctx.stores.emailVerifications.get(user.id));

export default endpoints("Email verification", {
	createEmailVerificationRequest: endpoint({
		summary: "Create an email verification request",
		body: createVerificationRequestBody,
		description:
			"A user without a stored email may have a request too. Your backend then keeps the address and sends the code to it (this is how " +
			"`@faroe/sdk`, which creates users without an email, uses it). A request for an already verified address is allowed. To resend a code, " +
			"`GET` the live request and send the same code again; create a new request only when `GET` answers `404`.",
		examples: { request: { client_ip: CLIENT_IP }, answer: EMAIL_VERIFICATION_REQUEST },
		success: returns(emailVerificationRequestAnswer, "The request; it replaces the user's previous one, whose code stops working."),
		errorsWhen: {
			INVALID_DATA: "Bad `client_ip`; body not an object.",
			TOO_MANY_REQUESTS:
				"3 verification requests for this user in the last 15 minutes, or 10 reset, verification, update and email sign-in requests from this address. `Retry-After` says when.",
		},
		resource: pathUser,
		errors: actions.CREATE_VERIFICATION_REQUEST_ERRORS,
		act: (ctx, { resource: user, body }) => actions.createEmailVerificationRequest(ctx, user.id, body.client_ip),
	}),

	getEmailVerificationRequest: answersResource({
		summary: "Get the email verification request",
		answer: emailVerificationRequestAnswer,
		says: "The live request, with its code.",
		resource: pathUserRequest,
		example: EMAIL_VERIFICATION_REQUEST,
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
		errorsWhen: {
			INVALID_DATA: "`code` missing, not a string, or longer than 64 characters.",
			NOT_ALLOWED: "The user has no live request: none was created, it expired, it was used, or 5 incorrect codes deleted it. Create a new one.",
			INCORRECT_CODE: "The code is wrong. The 5th incorrect code deletes the request.",
		},
		body: verifyEmailBody,
		examples: { request: { code: EMAIL_VERIFICATION_REQUEST.code } },
		success: returnsNothing("The user's email_verified is now true; the request is consumed."),
		resource: pathUser,
		errors: actions.VERIFY_EMAIL_ERRORS,
		act: (ctx, { resource: user, body }) => actions.verifyUserEmail(ctx, user.id, body.code, body.client_ip),
	}),
});
