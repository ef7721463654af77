// /users/:user_id/email-update-requests, /email-update-requests/:request_id, /verify-new-email
import { endpoint, endpoints, returns, type C } from "../../http/endpoint.ts";
import { pathUser } from "../users/path-user.ts";
import { isId } from "../../lib/ids.ts";
import { userRequestEndpoints } from "../request-endpoints.ts";
import * as actions from "./actions.ts";
import { createEmailUpdateRequestBody, emailUpdateRequestAnswer, verifiedEmailAnswer, verifyNewEmailBody } from "./schemas.ts";
import type { EmailUpdateRequest } from "./store.ts";
import { KEPT_SESSION_IN_BODY } from "../sessions/kept-session.ts";

const requests = userRequestEndpoints<EmailUpdateRequest>({
	store: (ctx) => ctx.stores.emailUpdates,
	answer: emailUpdateRequestAnswer,
	one: "an email update request",
	codes: "shown",
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
		success: returns(emailUpdateRequestAnswer, "The request; send its code to the new address."),
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
			"INVALID_REQUEST when the request does not exist or has expired. The 5th incorrect code deletes the request. " +
			"EMAIL_ALREADY_USED when another user took the address meanwhile; the request is kept. Every other session of the user ends in the same transaction; `session_id` (a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.",
		body: verifyNewEmailBody,
		success: returns(verifiedEmailAnswer, "The user's new, verified address."),
		keep: KEPT_SESSION_IN_BODY,
		keptBy: requestUser,
		errors: actions.VERIFY_NEW_EMAIL_ERRORS,
		act: (ctx, { body, keep }) => actions.verifyNewEmail(ctx, body.request_id, body.code, body.client_ip, keep),
	}),
});
