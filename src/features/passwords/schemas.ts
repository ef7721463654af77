import { z } from "zod";
import { clientIp, email, password } from "../../lib/validation.ts";

export const verifyPasswordBody = z.object({
	// Any length is a guess to check; only the length of a password being set is a rule.
	password: z.string().max(1024),
	client_ip: clientIp,
});

export const updatePasswordBody = z.object({
	password: z.string().max(1024),
	new_password: password,
	client_ip: clientIp,
});

export const authenticateBody = z.object({
	email,
	password: z.string().max(1024),
	client_ip: clientIp,
});
