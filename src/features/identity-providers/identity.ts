// What a provider said about the person who signed in, once its answer has passed every check: the
// identity (issuer, subject) and what may name a user (the email, and whether the provider verified
// it). Holm finds an identity only by (issuer, subject), never by email: an email is a claim the
// provider makes, and decides nothing unless it says the address was verified.
import { isValidEmail, normalizeEmail, storableText } from "../../lib/validation.ts";

export interface ProviderIdentity {
	/** The issuer that vouches for the subject: an OpenID Provider's `iss` (for Entra, its tenant's),
	 *  GitHub's web origin. */
	issuer: string;
	/** Unique and never reassigned within the issuer. */
	subject: string;
	/** The stored form (NFC, lower-cased), or null when the provider gave none Holm could use. */
	email: string | null;
	/** True only when the provider said it verified this address. */
	emailVerified: boolean;
	/** The person's name or login as the provider gave it, for the application's pages. */
	name: string | null;
}

/** The token the provider issued, for an application that calls the provider's API: answered once,
 *  by the verify, never stored. */
export interface ProviderTokens {
	accessToken: string;
	/** Unix seconds, or null when the provider did not say. */
	expiresAt: number | null;
}

/** OpenID Connect's `sub` is at most 255 ASCII characters; GitHub's ids are numbers. */
const SUBJECT = /^[\x21-\x7e]{1,255}$/;

export class UnusableIdentity extends Error {}

export function subjectOf(value: unknown): string {
	const subject = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
	if (typeof subject !== "string" || !SUBJECT.test(subject)) throw new UnusableIdentity("the subject is missing or not printable ASCII of at most 255 characters");
	return subject;
}

/** The stored form of a claimed address, or null for anything that is not an email Holm would take. */
export function emailOf(value: unknown): string | null {
	if (typeof value !== "string") return null;
	const email = normalizeEmail(value);
	return isValidEmail(email) ? email : null;
}

/** A name as a page can show it: text, control characters replaced, at most 200 characters. */
export function nameOf(value: unknown): string | null {
	if (typeof value !== "string" || value.trim() === "") return null;
	return storableText(value.trim()).slice(0, 200);
}
