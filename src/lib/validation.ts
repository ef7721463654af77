// Field shapes shared by the endpoint schemas (API.md section 1).
import { z } from "zod";
import { addressLimitKey } from "./client-ip.ts";

/** `null` in an optional field means the field is absent. */
export function optional<T extends z.ZodType>(schema: T) {
	return schema.nullish().transform((value) => value ?? undefined);
}

// A lone surrogate is no character: hashed as UTF-8 it becomes U+FFFD, so "a\ud800…" and
// "a\udc00…" would be one password. Passwords set and checked are well-formed Unicode.
function isWellFormed(text: string): boolean {
	return text.isWellFormed();
}

/** What a log line says of a string that is not well-formed (INVALID_DATA names the field and why). */
const NOT_WELL_FORMED = "not well-formed Unicode (a lone surrogate)";

/** 8 to 127 characters, counted as JavaScript (and @faroe/sdk's verifyPasswordInput) counts them. */
export const password = z.string().min(8).max(127).refine(isWellFormed, NOT_WELL_FORMED).meta({
	description: "A password being set: 8 to 127 characters, not in the leaked-password list ([passwords](#passwords)).",
});

/** A password to check: any length is a guess (only the length of a password being set is a rule),
 *  but never one that is not well-formed. */
export const passwordGuess = z.string().max(1024).refine(isWellFormed, NOT_WELL_FORMED).meta({ description: "A password being checked ([passwords](#passwords))." });

/**
 * Any string up to 64 characters, turned into the key its per-address limits use (one key for
 * every spelling of an address, one per IPv6 /64). "" is treated as absent so it cannot become
 * one bucket shared by everyone.
 */
export const clientIp = optional(z.string().max(64))
	.transform((value) => (value === undefined || value === "" ? undefined : addressLimitKey(value)))
	.meta({ description: "Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip)." });

// C0 controls, DEL and C1 controls: a CR/LF in an address becomes a header in the app's mailer.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** The seed's rule, plus exactly one "@" and no control characters; checked on the NFC form. */
export function isValidEmail(email: string): boolean {
	if (email.length === 0 || email.length >= 256 || email.trim() !== email) return false;
	// A lone surrogate is no character at all: no mail system, and no database encoding, takes it.
	if (CONTROL_CHARACTER.test(email) || !email.isWellFormed()) return false;
	const parts = email.split("@");
	if (parts.length !== 2) return false;
	const [local, domain] = parts as [string, string];
	if (local === "") return false;
	const dot = domain.indexOf(".");
	return dot > 0 && !domain.endsWith(".") && !/\s/.test(domain);
}

/**
 * Free text kept as it was sent (a session's user agent, a client_ip that is no address), with
 * each control character and lone surrogate made U+FFFD: no database takes a NUL or a lone
 * surrogate in text, and a CR/LF would become a line or a header wherever the text is shown.
 */
export function storableText(text: string): string {
	return text.toWellFormed().replace(CONTROL_CHARACTERS, "\uFFFD");
}

const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER, "g");

/** Whether `text` could be part of a stored email at all (no control characters, well-formed):
 *  a search for anything else matches nobody, without asking the database. */
export function couldBeInEmail(text: string): boolean {
	return !CONTROL_CHARACTER.test(text) && text.isWellFormed();
}

/** Emails are stored and compared in Unicode NFC, lower-cased: one address, one spelling. */
export function normalizeEmail(email: string): string {
	// Lower-casing can undo NFC (U+0130 becomes "i" and a combining dot), so normalise after it too.
	return email.normalize("NFC").toLowerCase().normalize("NFC");
}

export const email = z
	.string()
	.transform(normalizeEmail)
	.refine(isValidEmail, "not an email address Holm accepts")
	.meta({ description: "A valid [email address](#email-addresses); compared after normalisation." });

/** A code is any string: a wrong one is INCORRECT_CODE (and counts as a guess), not INVALID_DATA. */
export const code = z.string().max(64);
