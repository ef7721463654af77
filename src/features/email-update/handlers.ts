// /users/:user_id/email-update-requests, /email-update-requests/:request_id, /verify-new-email
import { isId } from "../../lib/ids.ts";
import { keptSessionIsWrong } from "../sessions/actions.ts";
import { fail } from "../../errors.ts";
import { endpoint } from "../../http/endpoint.ts";
import { nowSeconds } from "../../http/env.ts";
import { pathRequestId, pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { emailUpdateRequestAnswer, verifiedEmailAnswer } from "./schemas.ts";

export const createEmailUpdateRequest = endpoint({
	operationId: "createEmailUpdateRequest",
	summary: "Create an email update request",
	tag: "Email update",
	body: "CreateEmailUpdateRequestBody",
	success: { status: 200, description: "The request; send its code to the new address.", model: "EmailUpdateRequest" },
	resource: pathUser,
	errors: actions.CREATE_EMAIL_UPDATE_ERRORS,
	async handle(c, { resource: user, body }) {
		const created = await actions.createEmailUpdateRequest(c.get("ctx"), { userId: user.id, email: body.email, clientIp: body.client_ip });
		if (!created.ok) return created;
		return Response.json(emailUpdateRequestAnswer.json(created.value));
	},
});

export const listUserEmailUpdateRequests = endpoint({
	operationId: "listUserEmailUpdateRequests",
	summary: "List a user's email update requests",
	tag: "Email update",
	success: { status: 200, description: "The user's live requests, oldest first, with codes.", model: "EmailUpdateRequest", list: true },
	resource: pathUser,
	errors: [],
	async handle(c, { resource: user }) {
		const ctx = c.get("ctx");
		const requests = await ctx.stores.emailUpdates.listForUser(user.id, nowSeconds(ctx));
		return Response.json(requests.map(emailUpdateRequestAnswer.json));
	},
});

export const deleteUserEmailUpdateRequests = endpoint({
	operationId: "deleteUserEmailUpdateRequests",
	summary: "Delete a user's email update requests",
	tag: "Email update",
	success: { status: 204, description: "Deleted, also when the user had none." },
	resource: pathUser,
	errors: [],
	async handle(c, { resource: user }) {
		await c.get("ctx").stores.emailUpdates.deleteForUser(user.id);
		return noContent();
	},
});

export const getEmailUpdateRequest = endpoint({
	operationId: "getEmailUpdateRequest",
	summary: "Get an email update request",
	tag: "Email update",
	success: { status: 200, description: "The request, with its code.", model: "EmailUpdateRequest" },
	errors: ["NOT_FOUND"],
	async handle(c) {
		const ctx = c.get("ctx");
		const id = pathRequestId(c);
		const request = id === null ? null : await ctx.stores.emailUpdates.get(id, nowSeconds(ctx));
		if (request === null) return fail("NOT_FOUND");
		return Response.json(emailUpdateRequestAnswer.json(request));
	},
});

export const deleteEmailUpdateRequest = endpoint({
	operationId: "deleteEmailUpdateRequest",
	summary: "Delete an email update request",
	tag: "Email update",
	success: { status: 204, description: "Deleted." },
	errors: ["NOT_FOUND"],
	async handle(c) {
		const ctx = c.get("ctx");
		const id = pathRequestId(c);
		if (id === null || !(await ctx.stores.emailUpdates.delete(id, nowSeconds(ctx)))) return fail("NOT_FOUND");
		return noContent();
	},
});

export const verifyNewEmail = endpoint({
	operationId: "verifyNewEmail",
	summary: "Verify the new email",
	description:
		"INVALID_REQUEST when the request does not exist or has expired. The 5th incorrect code deletes the request. " +
		"EMAIL_ALREADY_USED when another user took the address meanwhile; the request is kept. Every other session of the user ends in the same transaction; `session_id` (a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.",
	tag: "Email update",
	body: "VerifyNewEmailBody",
	success: { status: 200, description: "The user's new, verified address.", model: "VerifiedEmail" },
	errors: ["NOT_FOUND", ...actions.VERIFY_NEW_EMAIL_ERRORS],
	async handle(c, { body }) {
		const ctx = c.get("ctx");
		if (body.session_id !== undefined) {
			// The session must be the request's user's: their sessions are the ones the change ends.
			const request = isId(body.request_id) ? await ctx.stores.emailUpdates.get(body.request_id, nowSeconds(ctx)) : null;
			if (await keptSessionIsWrong(ctx, request?.userId ?? "", body.session_id)) return fail("NOT_FOUND");
		}
		const result = await actions.verifyNewEmail(ctx, body.request_id, body.code, body.client_ip, body.session_id ?? null);
		if (!result.ok) return result;
		return Response.json(verifiedEmailAnswer.json(result.value));
	},
});
