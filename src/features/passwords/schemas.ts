import { z } from "zod";
import { clientIp, email, password, passwordGuess } from "../../lib/validation.ts";
import { keptSessionId } from "../sessions/schemas.ts";
import { named } from "../../openapi/names.ts";

export const verifyPasswordBody = named("VerifyPasswordBody", z.object({
	password: passwordGuess,
	client_ip: clientIp,
}));

export const updatePasswordBody = named("UpdatePasswordBody", z.object({
	password: passwordGuess,
	new_password: password,
	client_ip: clientIp,
	session_id: keptSessionId,
}));

export const authenticateBody = named("AuthenticateBody", z.object({
	email,
	password: passwordGuess,
	client_ip: clientIp,
}));
