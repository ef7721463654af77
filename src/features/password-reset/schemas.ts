import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { clientIp, code, password } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";
import type { PasswordResetRequest } from "./store.ts";

export const createResetRequestBody = z.object({ client_ip: clientIp });

export const verifyResetEmailBody = z.object({ code, client_ip: clientIp });

export const resetPasswordBody = z.object({
	request_id: z.string().max(64),
	password,
	client_ip: clientIp,
});

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** The password reset request model of API.md section 2: the code is never shown again. */
export const passwordResetRequestAnswer = wireShape<PasswordResetRequest>()({
	id: [identifier.meta({ description: "Once the request is verified, it is as good as a password: keep it secret." }), (request) => request.id],
	user_id: [identifier, (request) => request.userId],
	created_at: [unixSeconds, (request) => request.createdAt],
	expires_at: [unixSeconds, (request) => request.expiresAt],
	email_verified: [z.boolean(), (request) => request.emailVerified],
});

/** The answer to creating a request: the only one that carries its code. */
export const createdPasswordResetRequestAnswer = passwordResetRequestAnswer.extend<PasswordResetRequest & { code: string }>()({
	code: [issuedCode, (request) => request.code],
});
