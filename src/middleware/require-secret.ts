// Every route but the public rows of src/routes.ts (GET /health and GET /openapi.json) needs one of
// the secrets the server started with (API.md section 1), as the bare secret or as `Bearer <secret>`.
import type { RequestContext } from "../http/request-context.ts";
import { errorResponse } from "../errors.ts";
import type { Route } from "../http/route.ts";
import { constantTimeEqualBytes, sha256 } from "../lib/constant-time.ts";

// `Bearer` is a scheme name, so any case (RFC 9110 section 11.1); one or more spaces follow it.
const BEARER = /^bearer +/i;


/**
 * Whether `given` is one of the secrets, known by their SHA-256 (made once at start). Every secret
 * is compared with no early exit, so the time taken says nothing about which secret, or how much of
 * one, was right. A header with the `Bearer ` scheme is compared without it, and also as it is when
 * a secret itself starts with "Bearer " (`schemeInASecret`, decided at start; a secret from the
 * command line has no space, so never there): one SHA-256 instead of two for every bearer header.
 * Which hashes are made depends only on the header's own form and on that start-time fact.
 */
function matchesADigest(given: string, secretDigests: readonly Uint8Array[], schemeInASecret: boolean): boolean {
	const bearer = BEARER.test(given);
	const candidates = !bearer ? [sha256(given)] : schemeInASecret ? [sha256(given), sha256(given.replace(BEARER, ""))] : [sha256(given.replace(BEARER, ""))];
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

/** The check of every request against `secrets`: NOT_AUTHENTICATED, or null to go on. `route` is the
 *  row the request matched (null for none): a public row (the health probe, which load balancers
 *  call without a secret, and the API's description) needs none, and neither reads a body. */
export function secretCheck(secrets: readonly string[]): (c: RequestContext, route: Route | null) => Response | null {
	if (secrets.length === 0) throw new Error("secretCheck needs at least one secret");
	const digests = secrets.map(sha256);
	const schemeInASecret = secrets.some((secret) => BEARER.test(secret));
	return function checkSecret(c, route) {
		if (route?.public === true) return null;
		const given = c.req.header("Authorization");
		if (given === undefined || !matchesADigest(given, digests, schemeInASecret)) return notAuthenticated();
		return null;
	};
}
