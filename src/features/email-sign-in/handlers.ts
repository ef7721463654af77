// /email-sign-ins, /email-sign-ins/:request_id[/verify]
import { fail } from "../../errors.ts";
import { endpoint, endpoints, returns } from "../../http/endpoint.ts";
import { pathRequestId } from "../../http/params.ts";
import { requestEndpoints } from "../request-endpoints.ts";
import * as actions from "./actions.ts";
import { createdEmailSignInRequestAnswer, createEmailSignInBody, emailSignInAnswer, emailSignInRequestAnswer, verifyEmailSignInBody } from "./schemas.ts";
import type { EmailSignInRequest } from "./store.ts";

/** An absent, expired, used or superseded request is INVALID_REQUEST, not NOT_FOUND (API.md
 *  section 14), judged after the body. */

const requests = requestEndpoints<EmailSignInRequest>({
	store: (ctx) => ctx.stores.emailSignIns,
	answer: emailSignInRequestAnswer,
	one: "an email sign-in request",
	codes: "hidden",
	deleted: "Deleted; its code no longer works.",
});

export default endpoints("Email sign-in", {
	createEmailSignIn: endpoint({
		summary: "Create an email sign-in request",
		description:
			"Made whether or not a user holds the email (user_id null), in the same time, so answer your visitor identically either way. " +
			"Replaces any earlier request for the email: only the latest code works. 3 per email per 15 minutes; the per-address bucket of code requests.",
		body: createEmailSignInBody,
		success: returns(createdEmailSignInRequestAnswer, "The request with its code; the code appears only here. It lives 10 minutes."),
		errors: actions.CREATE_EMAIL_SIGN_IN_ERRORS,
		act: (ctx, { body }) => actions.createEmailSignInRequest(ctx, body.email, body.client_ip),
	}),

	getEmailSignIn: requests.get,
	deleteEmailSignIn: requests.delete,

	verifyEmailSignIn: endpoint({
		summary: "Sign in with an email code",
		description:
			"A correct code uses the request up (of two parallel verifies, one succeeds), marks the email verified and signs the user in. " +
			"With create_user and nobody holding the email, creates a passwordless user. INVALID_REQUEST when the request is absent, expired, used or " +
			"superseded; the 5th incorrect code deletes the request; EMAIL_ALREADY_USED when a user took the email after a request that named nobody. " +
			"The per-user password block does not apply. An email code is a first factor: ask for TOTP or a passkey as after a password.",
		body: verifyEmailSignInBody,
		success: returns(emailSignInAnswer, "The user (null when nobody holds the email and create_user was not true), and whether this call created it."),
		errors: actions.VERIFY_EMAIL_SIGN_IN_ERRORS,
		act: async (ctx, { body }, c) => {
			const requestId = pathRequestId(c);
			if (requestId === null) return fail("INVALID_REQUEST");
			return actions.verifyEmailSignIn(ctx, { requestId, code: body.code, clientIp: body.client_ip, createUser: body.create_user === true });
		},
	}),
});
