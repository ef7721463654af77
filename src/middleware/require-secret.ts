// Every route but GET /health and GET /openapi.json needs one of the secrets the server started
// with (API.md section 1), as the bare secret or as `Bearer <secret>`.
import type { Context } from "hono";
import { errorResponse } from "../errors.ts";
import { constantTimeEqualBytes, sha256 } from "../lib/constant-time.ts";

// `Bearer` is a scheme name, so any case (RFC 9110 section 11.1); one or more spaces follow it.
const BEARER = /^bearer +/i;

/** The health probe comes from load balancers and orchestrators that hold no secret, and the API's
 *  description is public knowledge; neither reads a body. */
function isPublic(c: Context): boolean {
	return (c.req.method === "GET" || c.req.method === "HEAD") && (c.req.path === "/health" || c.req.path === "/openapi.json");
}

/**
 * Whether `given` is one of the secrets, known by their SHA-256 (made once at start). Every secret
 * is compared, against both the header as it is and the header without its `Bearer ` scheme (a
 * secret may itself start with "Bearer "), with no early exit: the time taken says nothing about
 * which secret, or how much of one, was right.
 */
function matchesADigest(given: string, secretDigests: readonly Uint8Array[]): boolean {
	const candidates = BEARER.test(given) ? [sha256(given), sha256(given.replace(BEARER, ""))] : [sha256(given)];
	let matched = false;
	for (const secret of secretDigests) {
		for (const candidate of candidates) {
			const equal = constantTimeEqualBytes(candidate, secret);
			matched = matched || equal;
		}
	}
	return matched;
}

/** 401, naming the scheme a client should use (RFC 9110 section 11.6.1), so that HTTP tools and
 *  scrapers with bearer support know to send the secret as a bearer token. */
function notAuthenticated(): Response {
	const response = errorResponse("NOT_AUTHENTICATED");
	response.headers.set("WWW-Authenticate", "Bearer");
	return response;
}

/** The check of every request against `secrets`: NOT_AUTHENTICATED, or null to go on. */
export function secretCheck(secrets: readonly string[]): (c: Context) => Response | null {
	if (secrets.length === 0) throw new Error("secretCheck needs at least one secret");
	const digests = secrets.map(sha256);
	return function checkSecret(c) {
		if (isPublic(c)) return null;
		const given = c.req.header("Authorization");
		if (given === undefined || !matchesADigest(given, digests)) return notAuthenticated();
		return null;
	};
}
