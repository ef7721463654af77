import { z } from "zod";
import { clientIp, code } from "../../lib/validation.ts";

// @faroe/sdk sends no body at all; an empty body counts as {}.
export const createVerificationRequestBody = z.object({ client_ip: clientIp });

export const verifyEmailBody = z.object({ code, client_ip: clientIp });
