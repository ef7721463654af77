import { z } from "zod";
import { keptSessionId } from "../sessions/schemas.ts";
import { wireShape } from "../../http/wire.ts";
import { clientIp, code, email } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";
import type { EmailUpdateRequest } from "./store.ts";
import { named } from "../../openapi/names.ts";

export const createEmailUpdateRequestBody = named("CreateEmailUpdateRequestBody", z.object({ email, client_ip: clientIp }));

export const verifyNewEmailBody = named("VerifyNewEmailBody", z.object({
	// Any string: one that cannot name a request is INVALID_REQUEST, like an expired one.
	request_id: z.string().max(64),
	code,
	client_ip: clientIp,
	session_id: keptSessionId,
}));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** The email update request model of API.md section 2. */
export const emailUpdateRequestAnswer = named("EmailUpdateRequest", wireShape<EmailUpdateRequest>()({
	id: [identifier, (request) => request.id],
	user_id: [identifier, (request) => request.userId],
	created_at: [unixSeconds, (request) => request.createdAt],
	expires_at: [unixSeconds, (request) => request.expiresAt],
	email: [z.string().meta({ description: "The new address (NFC, lower-cased)." }), (request) => request.email],
	code: [issuedCode.meta({ description: "The code to send to the new address." }), (request) => request.code],
}));

/** POST /verify-new-email: the user's address now. */
export const verifiedEmailAnswer = named("VerifiedEmail", wireShape<string>()({
	email: [z.string(), (email) => email],
}));
