import { z } from "zod";
import { decodeTotpKey } from "../../lib/totp.ts";
import { clientIp, code, optional } from "../../lib/validation.ts";
import { identifier, issuedCode, unixSeconds } from "../users/schemas.ts";
import { keptSessionId } from "../sessions/schemas.ts";

/** `totp_key` is accepted for `key`; either must be strict base64 of exactly 20 bytes. */
export const registerTotpBody = z
	.object({ key: optional(z.string()), totp_key: optional(z.string()), code, client_ip: clientIp })
	.transform((body, ctx) => {
		const key = decodeTotpKey(body.key ?? body.totp_key ?? "");
		if (key === null) {
			ctx.issues.push({ code: "custom", message: "key must be base64 of 20 bytes", input: body.key ?? body.totp_key });
			return z.NEVER;
		}
		return { key, code: body.code, client_ip: body.client_ip };
	});

// client_ip (optional) goes into the events these calls make (a lock, a reset).
export const verifyTotpBody = z.object({ code, client_ip: clientIp, session_id: keptSessionId });

// @faroe/sdk sends no body at all; an empty body counts as {}.
export const regenerateRecoveryCodeBody = z.object({});

export const resetTwoFactorBody = z.object({ recovery_code: code, client_ip: clientIp, session_id: keptSessionId });

// ---- Response shapes, for the OpenAPI document (src/openapi/). ----

/** two-factor/store.ts totpCredentialJSON */
export const totpCredentialResponse = z.object({
	user_id: identifier,
	created_at: unixSeconds,
	key: z
		.string()
		.regex(/^[A-Za-z0-9+/]+={0,2}$/)
		.meta({ description: "Padded standard base64 of the key: 20 bytes, or 10 to 64 when imported. SHA-1, 6 digits, 30-second steps." }),
});

/** regenerate-recovery-code and reset-2fa: the user's new recovery code. */
export const recoveryCodeResponse = z.object({ recovery_code: issuedCode });
