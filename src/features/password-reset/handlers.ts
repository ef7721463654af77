// /users/:user_id/password-reset-requests, /password-reset-requests/:request_id[/verify-email], /reset-password
import { endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { pathUser } from "../users/path-user.ts";
import { userRequestEndpoints } from "../request-endpoints.ts";
import * as actions from "./actions.ts";
import { createdPasswordResetRequestAnswer, createResetRequestBody, passwordResetRequestAnswer, resetPasswordBody, verifyResetEmailBody } from "./schemas.ts";
import { CLIENT_IP, NEW_PASSWORD, requestExample } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag(
	"Password reset",
	"Create a request (its code goes to the user), verify the code, set the new password: a reset takes three calls. Holm returns the code; " +
	"you email it. See [flows.md](flows.md#password-reset-forgot-password).",
);

// The examples of the document (docs/api.md): the values this feature's endpoints show.
const PASSWORD_RESET_REQUEST = requestExample("xkmtyqnsfd5w7hbq2g9cp6ra", { email_verified: false });

const requests = userRequestEndpoints({
	store: "passwordResets",
	one: "a password reset request",
	answer: passwordResetRequestAnswer,
	example: PASSWORD_RESET_REQUEST,
});

export default endpoints("Password reset", {
	createPasswordResetRequest: endpoint({
		summary: "Create a password reset request",
		body: createResetRequestBody,
		description:
			"A user may have several live requests; each is independent. A user without a stored email may have reset requests; your backend then " +
			"delivers the code some other way.",
		examples: { request: { client_ip: CLIENT_IP }, answer: { ...PASSWORD_RESET_REQUEST, code: "V3XVZYXW" } },
		success: returns(createdPasswordResetRequestAnswer, "The request with its code; the code appears only here."),
		errorsWhen: {
			INVALID_DATA: "Bad `client_ip`; body not an object.",
			TOO_MANY_REQUESTS:
				"3 reset requests for this user in the last 15 minutes, or 10 reset, verification, update and email sign-in requests from this address. `Retry-After` says when.",
		},
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
		description: "`client_ip` is accepted for compatibility; this endpoint's limit is per request (5 codes).",
		errorsWhen: {
			NOT_FOUND: "No such request, or it has expired, been used, or been deleted after 5 incorrect codes.",
			INVALID_DATA: "`code` missing, not a string, or longer than 64 characters.",
			INCORRECT_CODE: "The code is wrong. The 5th incorrect code deletes the request; that answer is still `INCORRECT_CODE`, and later calls answer `NOT_FOUND`.",
		},
		body: verifyResetEmailBody,
		examples: { request: { code: "v3xvzyxw", client_ip: CLIENT_IP } },
		success: returnsNothing("The request's email_verified is now true; it can reset the password."),
		resource: requests.pathRequest,
		errors: actions.VERIFY_RESET_EMAIL_ERRORS,
		act: (ctx, { resource: request, body }) => actions.verifyResetEmail(ctx, request.id, body.code, body.client_ip),
	}),

	resetPassword: endpoint({
		summary: "Reset a password",
		description:
			"In one transaction: the password is set, the user's `email_verified` becomes `true` (the code reached their inbox), all of the user's " +
			"password reset requests and email update requests are deleted (whoever started an email change may be the reason for the reset), and " +
			"every session of the user ends (`sessions_ended`, reason `password_reset`). For a user whose email was already verified, the TOTP " +
			"credential, passkeys and recovery code are untouched: a user with TOTP still needs it to sign in. For a user whose email was **not** " +
			"verified, the reset is the first proof of the address and the account becomes the prover's " +
			"([security.md](security.md#whoever-proves-the-address-owns-the-account)): the TOTP credential, passkeys, pending requests and passkey " +
			"ceremonies are removed as well, the recovery code is replaced, and an `account_claimed` event records what was there. The answer is the " +
			"same `204`.\n\n" +
			"Holm has already ended the user's sessions; if your application keeps sessions of its own, end them too.",
		errorsWhen: {
			INVALID_DATA: "A field missing; `password` not 8–127 characters; `request_id` longer than 64; bad `client_ip`.",
			TOO_MANY_REQUESTS: "The address's password-hashing bucket is empty.",
			INVALID_REQUEST: "No such request, it has expired, or its code has not been verified yet.",
			UNAVAILABLE: "Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time).",
		},
		body: resetPasswordBody,
		examples: { request: { request_id: PASSWORD_RESET_REQUEST.id, password: NEW_PASSWORD, client_ip: CLIENT_IP } },
		success: returnsNothing("The password is set, the user's email_verified becomes true, and the user's reset and email update requests are deleted."),
		errors: actions.RESET_PASSWORD_ERRORS,
		act: (ctx, { body }) => actions.resetPassword(ctx, body.request_id, body.password, body.client_ip),
	}),
});
