// Field shapes shared by the endpoint schemas (API.md section 1).
import { z } from "zod";

/** `null` in an optional field means the field is absent. */
export function optional<T extends z.ZodType>(schema: T) {
	return schema.nullish().transform((value) => value ?? undefined);
}

/** 8 to 127 characters, counted as JavaScript (and @faroe/sdk's verifyPasswordInput) counts them. */
export const password = z.string().min(8).max(127);

/** Any string up to 64 characters; "" is treated as absent so it cannot become one shared bucket. */
export const clientIp = optional(z.string().max(64)).transform((value) => (value === "" ? undefined : value));

export function isValidEmail(email: string): boolean {
	if (email.length === 0 || email.length >= 256 || email.trim() !== email) return false;
	const at = email.lastIndexOf("@");
	if (at < 1) return false;
	const domain = email.slice(at + 1);
	const dot = domain.indexOf(".");
	return dot > 0 && !domain.endsWith(".") && !/\s/.test(domain);
}

/** Emails are stored and compared lower-cased. */
export const email = z.string().refine(isValidEmail).transform((value) => value.toLowerCase());

/** A code is any string: a wrong one is INCORRECT_CODE (and counts as a guess), not INVALID_DATA. */
export const code = z.string().max(64);
