import { z } from "zod";
import { clientIp, code, password } from "../../lib/validation.ts";

export const createResetRequestBody = z.object({ client_ip: clientIp });

export const verifyResetEmailBody = z.object({ code, client_ip: clientIp });

export const resetPasswordBody = z.object({
	request_id: z.string().max(64),
	password,
	client_ip: clientIp,
});
