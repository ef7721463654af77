// What every console call passes before its handler (API.md section 12): a state-changing call
// comes from the console's own page, as JSON, with a body the API's reader accepts; everything but
// the page, its files and signing in needs a live session, never the API secret.
import type { Context, Next } from "hono";
import { getCookie } from "hono/cookie";
import type { HonoEnv } from "../../http/env.ts";
import { DEFAULT_BODY_LIMIT } from "../../http/route.ts";
import { essence } from "../../middleware/media-type.ts";
import { readBody } from "../../middleware/read-body.ts";
import { CONSOLE_COOKIE, fail } from "./responses.ts";
import { useSession } from "./sessions.ts";

type C = Context<HonoEnv>;

/**
 * Whether a state-changing call comes from the console's own page. Browsers send Origin on every
 * POST, and Sec-Fetch-Site where they know it; a call with neither is refused too, since only a
 * browser holds the cookie.
 */
function isSameOrigin(c: C): boolean {
	const site = c.req.header("Sec-Fetch-Site");
	if (site !== undefined && site !== "same-origin") return false;
	const origin = c.req.header("Origin");
	const host = c.req.header("Host");
	if (origin === undefined || host === undefined || !URL.canParse(origin)) return false;
	return new URL(origin).host === host.toLowerCase();
}

/** Only application/json: unlike the API, not text/plain, which a form on another site can send. */
function isJson(c: C): boolean {
	return essence(c.req.header("Content-Type") ?? "") === "application/json";
}

/** Every POST: from our own page, as JSON, at most 64 KiB; then its own checks. */
export async function guardWrites(c: C, next: Next): Promise<Response | void> {
	if (c.req.method !== "POST") return next();
	if (!isSameOrigin(c)) return fail("CROSS_SITE_REQUEST");
	if (!isJson(c)) return fail("UNSUPPORTED_MEDIA_TYPE");
	const refused = await readBody(c, DEFAULT_BODY_LIMIT);
	if (refused !== null) return refused;
	return next();
}

/** A live session in the cookie; the API secret is not one. */
export async function requireSession(c: C, next: Next): Promise<Response | void> {
	const session = getCookie(c, CONSOLE_COOKIE);
	if (session === undefined || !(await useSession(c.get("ctx").stores, session))) return fail("NOT_AUTHENTICATED");
	return next();
}
