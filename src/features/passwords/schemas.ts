import { z } from "zod";
import { clientIp, email, password, passwordGuess } from "../../lib/validation.ts";
import { keptSessionId } from "../sessions/schemas.ts";

export const verifyPasswordBody = z.object({
	password: passwordGuess,
	client_ip: clientIp,
});

export const updatePasswordBody = z.object({
	password: passwordGuess,
	new_password: password,
	client_ip: clientIp,
	session_id: keptSessionId,
});

export const authenticateBody = z.object({
	email,
	password: passwordGuess,
	client_ip: clientIp,
});
