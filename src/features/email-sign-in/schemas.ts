import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { clientIp, code, email, optional } from "../../lib/validation.ts";
import type { User } from "../users/store.ts";
import { identifier, issuedCode, unixSeconds, userAnswer } from "../users/schemas.ts";
import type { EmailSignInRequest } from "./store.ts";
import { named } from "../../openapi/names.ts";

export const createEmailSignInBody = named("CreateEmailSignInBody", z.object({ email, client_ip: clientIp }));

export const verifyEmailSignInBody = named("VerifyEmailSignInBody", z.object({
	code,
	client_ip: clientIp,
	create_user: optional(z.boolean()).meta({ description: "Default false. When nobody holds the email, create a passwordless user with it (verified)." }),
}));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** The email sign-in request model of API.md section 14: the code is never shown again. */
export const emailSignInRequestAnswer = named("EmailSignInRequest", wireShape<EmailSignInRequest>()({
	id: [identifier.meta({ description: "With the code, it signs in: keep it out of logs." }), (request) => request.id],
	user_id: [
		identifier.nullable().meta({ description: "The user who held the email when the request was made; null when nobody did." }),
		(request) => request.userId,
	],
	email: [z.string().meta({ description: "NFC, lower-cased." }), (request) => request.email],
	created_at: [unixSeconds, (request) => request.createdAt],
	expires_at: [unixSeconds, (request) => request.expiresAt],
}));

/** The answer to creating a request: the only one that carries its code. */
export const createdEmailSignInRequestAnswer = named("CreatedEmailSignInRequest", emailSignInRequestAnswer.extend<EmailSignInRequest & { code: string }>()({
	code: [issuedCode, (request) => request.code],
}));

/** The answer to a correct code. */
export const emailSignInAnswer = named("EmailSignIn", wireShape<{ user: User | null; created: boolean; claimed: boolean }>()({
	user: [
		userAnswer.schema.nullable().meta({ description: "The user signed in; null when nobody holds the email and create_user was not true." }),
		(signIn) => (signIn.user === null ? null : userAnswer.json(signIn.user)),
	],
	created: [z.boolean().meta({ description: "True when this call created the user (create_user)." }), (signIn) => signIn.created],
	claimed: [
		z.boolean().meta({
			description:
				"True when the user's email was not verified before this code: the code proved the address, and everything set up before it " +
				"(password, TOTP, passkeys, sessions, pending requests) was removed and the recovery code replaced. Clear what your application keeps for the user too.",
		}),
		(signIn) => signIn.claimed,
	],
}));
