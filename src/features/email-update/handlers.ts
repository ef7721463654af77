// /users/:user_id/email-update-requests, /email-update-requests/:request_id, /verify-new-email
import { isId } from "../../lib/ids.ts";
import { keptSessionIsWrong } from "../sessions/actions.ts";
import { fail } from "../../errors.ts";
import { endpoint, endpoints } from "../../http/endpoint.ts";
import { pathUser } from "../../http/params.ts";
import { userRequestEndpoints } from "../request-endpoints.ts";
import { answerWith } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { emailUpdateRequestAnswer, verifiedEmailAnswer } from "./schemas.ts";
import type { EmailUpdateRequest } from "./store.ts";

const requests = userRequestEndpoints<EmailUpdateRequest>({
	store: (ctx) => ctx.stores.emailUpdates,
	json: emailUpdateRequestAnswer.json,
	model: "EmailUpdateRequest",
	one: "an email update request",
	many: "email update requests",
	listed: "The user's live requests, oldest first, with codes.",
	shown: "The request, with its code.",
	deleted: "Deleted.",
});

export default endpoints("Email update", {
	createEmailUpdateRequest: endpoint({
		summary: "Create an email update request",
		body: "CreateEmailUpdateRequestBody",
		success: { status: 200, description: "The request; send its code to the new address.", model: "EmailUpdateRequest" },
		resource: pathUser,
		errors: actions.CREATE_EMAIL_UPDATE_ERRORS,
		async handle(c, { resource: user, body }) {
			return answerWith(await actions.createEmailUpdateRequest(c.get("ctx"), { userId: user.id, email: body.email, clientIp: body.client_ip }), emailUpdateRequestAnswer);
		},
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
		body: "VerifyNewEmailBody",
		success: { status: 200, description: "The user's new, verified address.", model: "VerifiedEmail" },
		errors: ["NOT_FOUND", ...actions.VERIFY_NEW_EMAIL_ERRORS],
		async handle(c, { body }) {
			const ctx = c.get("ctx");
			if (body.session_id !== undefined) {
				// The session must be the request's user's: their sessions are the ones the change ends.
				const request = isId(body.request_id) ? await ctx.stores.emailUpdates.get(body.request_id) : null;
				if (await keptSessionIsWrong(ctx, request?.userId ?? "", body.session_id)) return fail("NOT_FOUND");
			}
			return answerWith(await actions.verifyNewEmail(ctx, body.request_id, body.code, body.client_ip, body.session_id ?? null), verifiedEmailAnswer);
		},
	}),
});
