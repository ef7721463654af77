// /email-sign-ins, /email-sign-ins/:request_id[/verify]
import { fail } from "../../errors.ts";
import { endpoint, endpoints, returns } from "../../http/endpoint.ts";
import { pathRequestId } from "../../http/params.ts";
import { requestEndpoints } from "../request-endpoints.ts";
import * as actions from "./actions.ts";
import { createdEmailSignInRequestAnswer, createEmailSignInBody, emailSignInAnswer, emailSignInRequestAnswer, verifyEmailSignInBody } from "./schemas.ts";
import { CLIENT_IP, requestExample, USER } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag(
	"Email sign-in",
	"Sign in with a code from the inbox: create a request for an email (known or not; the answer is the same), mail its code, " +
	"verify the code. A link in the mail must lead to a page that signs in only on a POST: mail scanners open links. Sign-in with a code " +
	"from the inbox works instead of a password, or with no password at all; Holm makes and checks the code, your backend mails it. See " +
	"[email-sign-in.md](email-sign-in.md) for the whole flow, the mail, and a link that mail scanners cannot use up.",
);

// The examples of the document (docs/api.md): the values this feature's endpoints show.
const EMAIL_SIGN_IN_REQUEST = requestExample("w7dn3kqzcx9m4rbt2hpv6fsj", { email: "cat@example.com" });

/** An absent, expired, used or superseded request is INVALID_REQUEST, not NOT_FOUND (API.md
 *  section 14), judged after the body. */

const requests = requestEndpoints({
	store: "emailSignIns",
	one: "an email sign-in request",
	answer: emailSignInRequestAnswer,
	example: EMAIL_SIGN_IN_REQUEST,
	deleted: "Deleted; its code no longer works.",
});

export default endpoints("Email sign-in", {
	createEmailSignIn: endpoint({
		summary: "Create an email sign-in request",
		description:
			"Made whether or not a user holds the email (user_id null), in the same time, so answer your visitor identically either way. " +
			"Replaces any earlier request for the email: only the latest code works. 3 per email per 15 minutes; the per-address bucket of code requests. " +
			"You may mail an address no user holds a \"no account yet\" message, or the code (to create the account with `create_user`).",
		errorsWhen: {
			INVALID_DATA: "`email` missing or invalid; bad `client_ip`.",
			TOO_MANY_REQUESTS:
				"3 requests for this address in the last 15 minutes (counted whether or not a user holds it), or 10 reset, verification, update and email sign-in requests from this address. `Retry-After` says when.",
		},
		body: createEmailSignInBody,
		examples: { request: { email: "Cat@Example.com", client_ip: CLIENT_IP }, answer: { ...EMAIL_SIGN_IN_REQUEST, code: "K7QMWD3R" } },
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
			"The per-user password block does not apply (guessing passwords must not lock a user out of every way in); its own limit is 5 codes per request. " +
			"An email code is a first factor: when `totp_registered` is `true`, ask for the TOTP code as after a password.\n\n" +
			"A correct code is a `sign_in` event with `\"method\": \"email_code\"` (of two verifies at once, on any instances, one succeeds and the other " +
			"answers `INVALID_REQUEST`). It signs in the user the request named (who held the address when the request was made, and still does). When " +
			"the request named nobody: with `create_user: true`, a user is created (email verified, no password: every password check answers " +
			"`INCORRECT_PASSWORD` until a reset sets one), `created` is `true`, and a `user_created` event is written; without it, `user` is `null`: you " +
			"know only that the visitor receives mail at that address.\n\n" +
			"When the user's `email_verified` was `false`, the code is the first proof of the address and the account becomes the prover's " +
			"([security.md](security.md#whoever-proves-the-address-owns-the-account)): in the same transaction the password, TOTP credential, passkeys, " +
			"sessions and pending requests are removed, the recovery code is replaced, and an `account_claimed` event records what was there.",
		errorsWhen: {
			INVALID_DATA: "`code` missing or not a string; `create_user` not a boolean; bad `client_ip`.",
			INVALID_REQUEST:
				"No such request, or it has expired, been used, replaced by a newer one, or deleted (also after 5 incorrect codes); or the user it named no longer holds the address.",
			INCORRECT_CODE: "The code is wrong (a `sign_in_failed` event). The 5th incorrect code deletes the request; that answer is still `INCORRECT_CODE`.",
			EMAIL_ALREADY_USED: "The request named nobody, and a user has taken the address since. The request is used up; ask for a new one.",
			USER_DISABLED:
				"The code is right, but an operator [disabled](#disable-a-user) the user. The request is used up; the address is not marked verified and an unverified account is not claimed.",
		},
		body: verifyEmailSignInBody,
		examples: {
			request: { code: "k7qmwd3r", client_ip: CLIENT_IP, create_user: true },
			answer: { user: { ...USER, email_verified: true }, created: false, claimed: false },
		},
		success: returns(emailSignInAnswer, "The user (null when nobody holds the email and create_user was not true), and whether this call created it."),
		errors: actions.VERIFY_EMAIL_SIGN_IN_ERRORS,
		act: async (ctx, { body }, c) => {
			const requestId = pathRequestId(c);
			if (requestId === null) return fail("INVALID_REQUEST");
			return actions.verifyEmailSignIn(ctx, { requestId, code: body.code, clientIp: body.client_ip, createUser: body.create_user === true });
		},
	}),
});
