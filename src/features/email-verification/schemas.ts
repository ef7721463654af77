import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { clientIp, code } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";
import type { EmailVerificationRequest } from "./store.ts";

// @faroe/sdk sends no body at all; an empty body counts as {}.
export const createVerificationRequestBody = z.object({ client_ip: clientIp });

export const verifyEmailBody = z.object({ code, client_ip: clientIp });

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** The email verification request model of API.md section 2. */
export const emailVerificationRequestAnswer = wireShape<EmailVerificationRequest>()({
	user_id: [identifier, (request) => request.userId],
	created_at: [unixSeconds, (request) => request.createdAt],
	expires_at: [unixSeconds, (request) => request.expiresAt],
	code: [issuedCode, (request) => request.code],
});
