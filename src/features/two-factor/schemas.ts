import { z } from "zod";
import { decodeTotpKey } from "../../lib/totp.ts";
import { code, optional } from "../../lib/validation.ts";

/** `totp_key` is accepted for `key`; either must be strict base64 of exactly 20 bytes. */
export const registerTotpBody = z
	.object({ key: optional(z.string()), totp_key: optional(z.string()), code })
	.transform((body, ctx) => {
		const key = decodeTotpKey(body.key ?? body.totp_key ?? "");
		if (key === null) {
			ctx.issues.push({ code: "custom", message: "key must be base64 of 20 bytes", input: body.key ?? body.totp_key });
			return z.NEVER;
		}
		return { key, code: body.code };
	});

export const verifyTotpBody = z.object({ code });

// @faroe/sdk sends no body at all; an empty body counts as {}.
export const regenerateRecoveryCodeBody = z.object({});

export const resetTwoFactorBody = z.object({ recovery_code: code });
