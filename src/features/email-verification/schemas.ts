import { z } from "zod";
import { clientIp, code } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";

// @faroe/sdk sends no body at all; an empty body counts as {}.
export const createVerificationRequestBody = z.object({ client_ip: clientIp });

export const verifyEmailBody = z.object({ code, client_ip: clientIp });

// ---- Response shapes, for the OpenAPI document (src/openapi/). ----

/** email-verification/store.ts emailVerificationRequestJSON */
export const emailVerificationRequestResponse = z.object({
	user_id: identifier,
	created_at: unixSeconds,
	expires_at: unixSeconds,
	code: issuedCode,
});
