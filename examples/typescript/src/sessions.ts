// The Holm session in a cookie: made at sign-in, checked on every request, dropped at sign-out.
import { getConnInfo } from "@hono/node-server/conninfo";
import { HolmError, type Session, type User } from "@holm/client";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { holm } from "./holm.js";

export type AppEnv = { Variables: { user: User | null; session: Session | null } };

const COOKIE = "holm_session";
// Holm decides when a session ends (7 days idle, 30 days at most, by default; every password reset
// or "sign out everywhere" at once): the cookie only has to outlive it.
const COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

/** The visitor's address, for Holm's per-address limits. Behind a proxy, take the one it hands on. */
export function clientIp(c: Context): string | undefined {
	return getConnInfo(c).remote.address;
}

/** Call only once the user has passed every check you ask for (password, passkey, TOTP, ...).
 *  `secondFactorVerified`: they gave a TOTP code too, which the session records. */
export async function startSession(c: Context, userId: string, options: { secondFactorVerified?: boolean } = {}): Promise<void> {
	const { token } = await holm.createSession(userId, {
		client_ip: clientIp(c),
		user_agent: c.req.header("User-Agent")?.slice(0, 512),
		second_factor_verified: options.secondFactorVerified ?? false,
	});
	setCookie(c, COOKIE, token, {
		path: "/",
		maxAge: COOKIE_MAX_AGE,
		httpOnly: true, // no script on the page can read the token
		secure: new URL(c.req.url).protocol === "https:", // https only, wherever the site is served over https
		sameSite: "Lax", // not sent with another site's form posts
	});
}

export function endSessionCookie(c: Context): void {
	deleteCookie(c, COOKIE, { path: "/" });
}

/** Sets `user` and `session` for every request: the signed-in user, or null. One call to Holm per
 *  request, so a session ended anywhere (sign-out everywhere, a password reset) ends here at once. */
export const holmSession = createMiddleware<AppEnv>(async (c, next) => {
	c.set("user", null);
	c.set("session", null);
	const token = getCookie(c, COOKIE);
	if (token !== undefined) {
		try {
			const { user, session } = await holm.validateSession(token);
			c.set("user", user);
			c.set("session", session);
		} catch (error) {
			// NOT_FOUND: unknown, expired or ended; INVALID_DATA: not a token at all.
			if (!(error instanceof HolmError && (error.code === "NOT_FOUND" || error.code === "INVALID_DATA"))) throw error;
			endSessionCookie(c);
		}
	}
	await next();
});
