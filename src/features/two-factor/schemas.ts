import { encodeBase64 } from "@oslojs/encoding";
import { keptSessionId } from "../sessions/schemas.ts";
import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { decodeTotpKey } from "../../lib/totp.ts";
import { clientIp, code, optional } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";
import type { TotpCredential } from "./store.ts";
import { named } from "../../openapi/names.ts";

/** `totp_key` is accepted for `key`; either must be strict base64 of exactly 20 bytes. */
export const registerTotpBody = named("RegisterTotpBody", z
	.object({ key: optional(z.string()), totp_key: optional(z.string()), code, client_ip: clientIp })
	.transform((body, ctx) => {
		const key = decodeTotpKey(body.key ?? body.totp_key ?? "");
		if (key === null) {
			ctx.issues.push({ code: "custom", message: "key must be base64 of 20 bytes", input: body.key ?? body.totp_key });
			return z.NEVER;
		}
		return { key, code: body.code, client_ip: body.client_ip };
	}));

// client_ip (optional) goes into the events these calls make (a lock, a reset).
export const verifyTotpBody = named("VerifyTotpBody", z.object({ code, client_ip: clientIp, session_id: keptSessionId }));

// @faroe/sdk sends no body at all; an empty body counts as {}.
export const regenerateRecoveryCodeBody = named("RegenerateRecoveryCodeBody", z.object({}));

export const resetTwoFactorBody = named("ResetTwoFactorBody", z.object({ recovery_code: code, client_ip: clientIp, session_id: keptSessionId }));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** The TOTP credential model of API.md section 2. */
export const totpCredentialAnswer = named("TotpCredential", wireShape<TotpCredential>()({
	user_id: [identifier, (credential) => credential.userId],
	created_at: [unixSeconds, (credential) => credential.createdAt],
	key: [
		z
			.string()
			.regex(/^[A-Za-z0-9+/]+={0,2}$/)
			.meta({
				description:
					"Padded standard base64 of the key: 20 bytes, or 10 to 64 when imported. SHA-1, 6 digits, 30-second steps. A user has at most one " +
					"credential; anyone holding the API secret can read it.",
			}),
		(credential) => encodeBase64(credential.key),
	],
}));

/** regenerate-recovery-code and reset-2fa: the user's new recovery code. */
export const recoveryCodeAnswer = named("RecoveryCode", wireShape<string>()({
	recovery_code: [issuedCode, (recoveryCode) => recoveryCode],
}));
