import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { clientIp, code, password } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";
import type { PasswordResetRequest } from "./store.ts";
import { named } from "../../openapi/names.ts";

export const createResetRequestBody = named("CreatePasswordResetRequestBody", z.object({ client_ip: clientIp }));

export const verifyResetEmailBody = named("VerifyPasswordResetEmailBody", z.object({ code, client_ip: clientIp }));

export const resetPasswordBody = named("ResetPasswordBody", z.object({
	request_id: z.string().max(64).meta({ description: "A verified password reset request." }),
	password,
	client_ip: clientIp,
}));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** The password reset request model of API.md section 2: the code is never shown again. */
export const passwordResetRequestAnswer = named("PasswordResetRequest", wireShape<PasswordResetRequest>()({
	id: [identifier.meta({ description: "Once the request is verified, it is as good as a password: keep it secret." }), (request) => request.id],
	user_id: [identifier, (request) => request.userId],
	created_at: [unixSeconds, (request) => request.createdAt],
	expires_at: [unixSeconds.meta({ description: "`created_at` + 600." }), (request) => request.expiresAt],
	email_verified: [
		z.boolean().meta({ description: "Whether the code was given back (`verify-email`). Only a verified request can reset a password." }),
		(request) => request.emailVerified,
	],
}));

/** The answer to creating a request: the only one that carries its code. */
export const createdPasswordResetRequestAnswer = named("CreatedPasswordResetRequest", passwordResetRequestAnswer.extend<PasswordResetRequest & { code: string }>()({
	code: [issuedCode.meta({ description: "Only in the response that creates the request. Holm keeps a hash of it and never shows it again." }), (request) => request.code],
}));
