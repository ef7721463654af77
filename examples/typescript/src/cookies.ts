// The app's signed cookies: what a browser holds between two steps of a sign-in (a pending
// verification, a pending second factor, a TOTP key, a pending link), signed so that no visitor can
// make one. Set COOKIE_SECRET, the same on every process, in production: without it each start picks
// its own, and forgets what was pending (the visitor signs in again).
import type { Context } from "hono";
import { getSignedCookie, setSignedCookie } from "hono/cookie";
import { randomBytes } from "node:crypto";

export const COOKIE_SECRET = process.env.COOKIE_SECRET || randomBytes(32).toString("base64url");

export function isHttps(c: Context): boolean {
	return new URL(c.req.url).protocol === "https:";
}

// Hono signs a cookie's value, not its name: so each value below starts with what it is for and until
// when it holds, and one signed cookie cannot stand in for another (a pending_verification cookie,
// which is a bare user id, is none of these).
export async function setPurposeCookie(c: Context, name: string, purpose: string, value: string, seconds: number, path = "/"): Promise<void> {
	const signed = `${purpose}:${Date.now() + seconds * 1000}:${value}`;
	await setSignedCookie(c, name, signed, COOKIE_SECRET, { path, maxAge: seconds, httpOnly: true, sameSite: "Lax", secure: isHttps(c) });
}

/** The value of a cookie set by setPurposeCookie for `purpose`, until it expires; else undefined. */
export async function getPurposeCookie(c: Context, name: string, purpose: string): Promise<string | undefined> {
	const signed = await getSignedCookie(c, COOKIE_SECRET, name);
	if (typeof signed !== "string") return undefined; // none, or not signed by this app
	const [given, expires, ...rest] = signed.split(":");
	if (given !== purpose || !(Number(expires) > Date.now())) return undefined;
	return rest.join(":");
}
