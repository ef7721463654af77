import { z } from "zod";
import { clientIp, code, email, optional } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds, userResponse } from "../users/schemas.ts";

export const createEmailSignInBody = z.object({ email, client_ip: clientIp });

export const verifyEmailSignInBody = z.object({
	code,
	client_ip: clientIp,
	create_user: optional(z.boolean()).meta({ description: "Default false. When nobody holds the email, create a passwordless user with it (verified)." }),
});

// ---- Response shapes, for the OpenAPI document (src/openapi/). ----

/** email-sign-in/store.ts emailSignInRequestJSON: the code is never shown again. */
export const emailSignInRequestResponse = z.object({
	id: identifier,
	user_id: identifier.nullable().meta({ description: "The user who held the email when the request was made; null when nobody did." }),
	email: z.string(),
	created_at: unixSeconds,
	expires_at: unixSeconds,
});

/** The answer to creating a request: the only one that carries its code. */
export const createdEmailSignInRequestResponse = emailSignInRequestResponse.extend({ code: issuedCode });

export const emailSignInResponse = z.object({
	user: userResponse.nullable().meta({ description: "The user signed in; null when nobody holds the email and create_user was not true." }),
	created: z.boolean().meta({ description: "True when this call created the user (create_user)." }),
});
