// One Holm client for the whole process. The secret is a credential for this backend only: never
// send it to a browser.
import { createHolmClient } from "@holm/client";

function required(name: string): string {
	const value = process.env[name];
	if (!value) throw new Error(`set ${name} (see README.md)`);
	return value;
}

export const holm = createHolmClient({ url: required("HOLM_URL"), secret: required("HOLM_SECRET") });

/** Holm's identifiers are 24 characters of this alphabet (the server's isId). An id that comes from
 *  the visitor (a cookie, a form field, a link) goes into a call only once it passes: anything else is
 *  no id at all, never a path for the client to put in a URL. */
export function isId(value: unknown): value is string {
	return typeof value === "string" && /^[abcdefghijkmnpqrstuvwxyz23456789]{24}$/.test(value);
}
