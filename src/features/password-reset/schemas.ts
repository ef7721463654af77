import { z } from "zod";
import { clientIp, code, password } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";

export const createResetRequestBody = z.object({ client_ip: clientIp });

export const verifyResetEmailBody = z.object({ code, client_ip: clientIp });

export const resetPasswordBody = z.object({
	request_id: z.string().max(64),
	password,
	client_ip: clientIp,
});

// ---- Response shapes, for the OpenAPI document (src/openapi/). ----

/** password-reset/store.ts passwordResetRequestJSON: the code is never shown again. */
export const passwordResetRequestResponse = z.object({
	id: identifier.meta({ description: "Once the request is verified, it is as good as a password: keep it secret." }),
	user_id: identifier,
	created_at: unixSeconds,
	expires_at: unixSeconds,
	email_verified: z.boolean(),
});

/** The answer to creating a request: the only one that carries its code. */
export const createdPasswordResetRequestResponse = passwordResetRequestResponse.extend({ code: issuedCode });
