// A row of src/routes.ts: an endpoint at a method and path, with what applies to it there. The
// shared middleware reads the row the request matched (never the path): the secret check, the
// feature switch, the body limit. The OpenAPI document is made from the rows.
import type { ErrorCode } from "../errors.ts";
import type { LimitName } from "../limits.ts";
import type { Endpoint } from "./endpoint.ts";

export type Method = "GET" | "POST" | "DELETE";

/** A switch that turns a group of endpoints off: each answers NOT_ALLOWED right after the secret
 *  check while it is off (passkeys: without --passkey-rp-id, API.md section 10). */
export type Feature = "passkeys";

export const KiB = 1024;
export const MiB = 1024 * KiB;
/** Every body but those of rows that say otherwise. */
export const DEFAULT_BODY_LIMIT = 64 * KiB;

export interface RouteOptions {
	/** Needs no secret (GET /health, GET /openapi.json). */
	public?: true;
	feature?: Feature;
	/** Bytes of body the route reads at most (POST only); DEFAULT_BODY_LIMIT when absent. */
	bodyLimit?: number;
	/** The limits the route's action applies (the names of --limit), for the reader and the document. */
	limits?: readonly LimitName[];
	/** Uses no database, so never answers 503 for one (the service endpoints). */
	noDatabase?: true;
}

export interface Route extends RouteOptions {
	method: Method;
	path: string;
	endpoint: Endpoint;
	bodyLimit: number;
}

export function route(method: Method, path: string, endpoint: Endpoint, options: RouteOptions = {}): Route {
	return { ...options, method, path, endpoint, bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT };
}

/**
 * Every code the route can answer: the feature switch's, the endpoint's own, then those the
 * pipeline adds whatever the endpoint (docs/errors.md). The media type check runs on every
 * request, body or not; only POST reads a body; every endpoint that uses the database answers 503
 * when it does not answer in time (on PostgreSQL), and any may fail (500).
 */
export function documentedErrors(route: Route): ErrorCode[] {
	const codes: ErrorCode[] = [];
	if (route.feature !== undefined) codes.push("NOT_ALLOWED");
	codes.push(...route.endpoint.errors);
	if (!route.public) codes.push("NOT_AUTHENTICATED");
	codes.push("UNSUPPORTED_MEDIA_TYPE", "NOT_ACCEPTABLE");
	if (route.method === "POST") codes.push("PAYLOAD_TOO_LARGE");
	codes.push("UNKNOWN_ERROR");
	if (!route.noDatabase) codes.push("UNAVAILABLE");
	return [...new Set(codes)];
}
