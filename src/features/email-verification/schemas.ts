import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { clientIp, code } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";
import type { EmailVerificationRequest } from "./store.ts";
import { named } from "../../openapi/names.ts";

// @faroe/sdk sends no body at all; an empty body counts as {}.
export const createVerificationRequestBody = named("CreateEmailVerificationRequestBody", z.object({ client_ip: clientIp }));

export const verifyEmailBody = named("VerifyEmailBody", z.object({ code, client_ip: clientIp }));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** The email verification request model of API.md section 2. */
export const emailVerificationRequestAnswer = named("EmailVerificationRequest", wireShape<EmailVerificationRequest>()({
	user_id: [
		identifier.meta({ description: "The user. A user has at most one request; it has no identifier of its own: it is reached through its user." }),
		(request) => request.userId,
	],
	created_at: [unixSeconds, (request) => request.createdAt],
	expires_at: [unixSeconds.meta({ description: "`created_at` + 600." }), (request) => request.expiresAt],
	code: [issuedCode.meta({ description: "The code to send to the user. `GET` shows it again, so you can resend it." }), (request) => request.code],
}));
