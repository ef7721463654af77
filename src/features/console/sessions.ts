// Signing in to the console (API.md section 12): `holm console-link` stores a one-time token's
// digest; the page trades the token, once and within its time to live, for a session whose secret
// lives only in an HttpOnly cookie. Sessions end after 30 minutes idle and 12 hours in all.
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { AppContext } from "../../context.ts";
import { ok, tooManyRequests } from "../../errors.ts";
import { sha256 } from "../../lib/constant-time.ts";
import type { Stores } from "../../stores/index.ts";
import type { ConsoleFailure } from "./responses.ts";

export const CONSOLE_IDLE_SECONDS = 30 * 60;
export const CONSOLE_SESSION_SECONDS = 12 * 60 * 60;
export const CONSOLE_TOKEN_TTL_DEFAULT_SECONDS = 10 * 60;
/** A link is meant to be opened at once; a day is the most `--ttl` allows. */
export const CONSOLE_TOKEN_TTL_MAX_SECONDS = 24 * 60 * 60;

/** 32 random bytes, base64url: 43 characters that survive a URL fragment and a cookie unescaped. */
function newSecret(): string {
	return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Stores a new sign-in token (its digest only) and gives the token, shown once. */
export async function createSignInToken(stores: Stores, ttlSeconds: number): Promise<string> {
	const token = newSecret();
	await stores.console.insertToken(sha256(token), ttlSeconds);
	return token;
}

/** Uses up the token and opens a session: its secret, for the cookie; null for an unknown, used or
 *  expired token. */
async function exchangeSignInToken(stores: Stores, token: string): Promise<string | null> {
	if (!SECRET_SHAPE.test(token)) return null;
	if (!(await stores.console.consumeToken(sha256(token)))) return null;
	const session = newSecret();
	await stores.console.insertSession(sha256(session));
	return session;
}

/**
 * Signing in with a link's token, from `address` (the peer's: behind a reverse proxy or on a Unix
 * socket, one address for every operator). The token is checked first: a valid one is no guess,
 * so it signs in whatever the address's count, and ten made-up tokens cannot lock operators out.
 * Only a token that fails counts, and once the address has failed 10 times in 15 minutes, failures
 * answer TOO_MANY_REQUESTS. Guessing gains nothing from the tokens still checked meanwhile: a
 * token has 256 random bits (docs/security.md, "Console sign-in").
 */
export async function signIn(ctx: AppContext, token: string, address: string): Promise<{ ok: true; value: string } | ConsoleFailure> {
	const session = await exchangeSignInToken(ctx.stores, token);
	if (session !== null) return ok(session);
	const counted = await ctx.limits.countFailedConsoleSignIn(address);
	if (!counted.allowed) return tooManyRequests(counted.retryAfterMs);
	return { ok: false, error: "NOT_AUTHENTICATED" };
}

/** Whether the cookie's session is live, marking it used now. */
export async function useSession(stores: Stores, session: string): Promise<boolean> {
	if (!SECRET_SHAPE.test(session)) return false;
	const live = await stores.console.touchSession(sha256(session), CONSOLE_IDLE_SECONDS, CONSOLE_SESSION_SECONDS);
	return live !== null;
}

export async function endSession(stores: Stores, session: string): Promise<void> {
	if (SECRET_SHAPE.test(session)) await stores.console.deleteSession(sha256(session));
}
