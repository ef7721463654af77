import { z } from "zod";
import { clientIp, code, email } from "../../lib/validation.ts";

export const createEmailUpdateRequestBody = z.object({ email, client_ip: clientIp });

export const verifyNewEmailBody = z.object({
	// Any string: one that cannot name a request is INVALID_REQUEST, like an expired one.
	request_id: z.string().max(64),
	code,
	client_ip: clientIp,
});
