// /users/:user_id/email-update-requests, /email-update-requests/:request_id, /verify-new-email
import { endpoint, endpoints, returns, type C } from "../../http/endpoint.ts";
import { pathUser } from "../users/path-user.ts";
import { isId } from "../../lib/ids.ts";
import { userRequestEndpoints } from "../request-endpoints.ts";
import * as actions from "./actions.ts";
import { createEmailUpdateRequestBody, emailUpdateRequestAnswer, verifiedEmailAnswer, verifyNewEmailBody } from "./schemas.ts";
import { KEPT_SESSION_IN_BODY } from "../sessions/kept-session.ts";
import { CLIENT_IP, requestExample, SESSION_ID } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag("Email update", "Move a user to a new address once they prove they receive mail there.");

// The examples of the document (docs/api.md): the values this feature's endpoints show.
const EMAIL_UPDATE_REQUEST = requestExample("p3hw8rvmz6dqkc2tyn4bsfxe", { email: "kitten@example.com", code: "9U6UE4HG" });

const requests = userRequestEndpoints({
	store: "emailUpdates",
	one: "an email update request",
	answer: emailUpdateRequestAnswer,
	example: EMAIL_UPDATE_REQUEST,
});

/** The user of the request in the body: their sessions are the ones the change ends, so the one
 *  it keeps must be theirs. */
async function requestUser(c: C, { body }: { body: { request_id: string } }): Promise<string> {
	const request = isId(body.request_id) ? await c.get("ctx").stores.emailUpdates.get(body.request_id) : null;
	return request?.userId ?? "";
}

export default endpoints("Email update", {
	createEmailUpdateRequest: endpoint({
		summary: "Create an email update request",
		body: createEmailUpdateRequestBody,
		description: "A user may hold several update requests at once.",
		examples: { request: { email: EMAIL_UPDATE_REQUEST.email, client_ip: CLIENT_IP }, answer: EMAIL_UPDATE_REQUEST },
		success: returns(emailUpdateRequestAnswer, "The request; send its code to the **new** address."),
		errorsWhen: {
			INVALID_DATA: "`email` missing or invalid; bad `client_ip`.",
			TOO_MANY_REQUESTS:
				"3 update requests for this user in the last 15 minutes, or 10 reset, verification, update and email sign-in requests from this address. `Retry-After` says when.",
			EMAIL_ALREADY_USED: "A user (this one included) has that address. The attempt still counts towards the 3 per 15 minutes.",
		},
		resource: pathUser,
		errors: actions.CREATE_EMAIL_UPDATE_ERRORS,
		act: (ctx, { resource: user, body }) => actions.createEmailUpdateRequest(ctx, { userId: user.id, email: body.email, clientIp: body.client_ip }),
	}),

	listUserEmailUpdateRequests: requests.listForUser,
	deleteUserEmailUpdateRequests: requests.deleteForUser,
	getEmailUpdateRequest: requests.get,
	deleteEmailUpdateRequest: requests.delete,

	verifyNewEmail: endpoint({
		summary: "Verify the new email",
		description:
			"In one transaction: the user's email becomes the new address with `email_verified: true`; every update request for that address (of " +
			"any user) is deleted; the user's password reset requests and email verification request are deleted, since their codes went to the " +
			"old address; every [session](#sessions) of the user but `session_id` ends (`session_id` must be a live session of the request's user). " +
			"Update your own copy of the user's address from the response, and consider telling the old address that it was replaced.",
		errorsWhen: {
			NOT_FOUND: "`session_id` is not a live session of the request's user (judged first; nothing changes).",
			INVALID_DATA: "A field missing, not a string, or longer than 64 characters.",
			INVALID_REQUEST: "No such request, or it has expired or been deleted after 5 incorrect codes.",
			INCORRECT_CODE: "The code is wrong. The 5th incorrect code deletes the request.",
			EMAIL_ALREADY_USED: "Another user took the address after the request was made. The request is kept; the user may pick another address.",
		},
		body: verifyNewEmailBody,
		examples: { request: { request_id: EMAIL_UPDATE_REQUEST.id, code: EMAIL_UPDATE_REQUEST.code, session_id: SESSION_ID }, answer: { email: EMAIL_UPDATE_REQUEST.email } },
		success: returns(verifiedEmailAnswer, "The user's new, verified address."),
		keep: KEPT_SESSION_IN_BODY,
		keptBy: requestUser,
		errors: actions.VERIFY_NEW_EMAIL_ERRORS,
		act: (ctx, { body, keep }) => actions.verifyNewEmail(ctx, body.request_id, body.code, body.client_ip, keep),
	}),
});
