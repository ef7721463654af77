import { z } from "zod";
import { keptSessionId } from "../sessions/schemas.ts";
import { clientIp, code, email } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";

export const createEmailUpdateRequestBody = z.object({ email, client_ip: clientIp });

export const verifyNewEmailBody = z.object({
	// Any string: one that cannot name a request is INVALID_REQUEST, like an expired one.
	request_id: z.string().max(64),
	code,
	client_ip: clientIp,
	session_id: keptSessionId,
});

// ---- Response shapes, for the OpenAPI document (src/openapi/). ----

/** email-update/store.ts emailUpdateRequestJSON */
export const emailUpdateRequestResponse = z.object({
	id: identifier,
	user_id: identifier,
	created_at: unixSeconds,
	expires_at: unixSeconds,
	email: z.string().meta({ description: "The new address (NFC, lower-cased)." }),
	code: issuedCode.meta({ description: "The code to send to the new address." }),
});

/** POST /verify-new-email: the user's address now. */
export const verifiedEmailResponse = z.object({ email: z.string() });
