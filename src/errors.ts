// The closed set of error codes and the HTTP status each one answers with (API.md section 6).

export const ERROR_STATUS = {
	INVALID_DATA: 400,
	WEAK_PASSWORD: 400,
	TOO_MANY_REQUESTS: 400,
	INCORRECT_CODE: 400,
	INCORRECT_PASSWORD: 400,
	INVALID_REQUEST: 400,
	EMAIL_ALREADY_USED: 400,
	NOT_ALLOWED: 400,
	INVALID_CREDENTIAL: 400,
	PASSKEY_ALREADY_REGISTERED: 400,
	NOT_AUTHENTICATED: 401,
	NOT_FOUND: 404,
	METHOD_NOT_ALLOWED: 405,
	NOT_ACCEPTABLE: 406,
	PAYLOAD_TOO_LARGE: 413,
	UNSUPPORTED_MEDIA_TYPE: 415,
	UNKNOWN_ERROR: 500,
	UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A refusal always says when to come back, so TOO_MANY_REQUESTS carries its wait. */
export type Failure = { error: Exclude<ErrorCode, "TOO_MANY_REQUESTS" | "UNAVAILABLE"> } | TooManyRequests;
export type TooManyRequests = { error: "TOO_MANY_REQUESTS"; retryAfterSeconds: number };

/** A limiter's refusal (milliseconds) as a failure with whole seconds, at least 1. */
export function tooManyRequests(retryAfterMs: number): TooManyRequests {
	return { error: "TOO_MANY_REQUESTS", retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

// The code each error response carries, for the request log and the metrics, without reading the body.
const codes = new WeakMap<Response, ErrorCode>();

/** The error code of a response made here, or null (a success). */
export function errorCodeOf(response: Response): ErrorCode | null {
	return codes.get(response) ?? null;
}

function answer(code: ErrorCode, headers?: Record<string, string>): Response {
	const response = Response.json({ error: code }, { status: ERROR_STATUS[code], headers });
	codes.set(response, code);
	return response;
}

export function errorResponse(code: Exclude<ErrorCode, "TOO_MANY_REQUESTS" | "UNAVAILABLE">): Response {
	return answer(code);
}

export function failureResponse(failure: Failure): Response {
	if (failure.error !== "TOO_MANY_REQUESTS") return errorResponse(failure.error);
	return answer(failure.error, { "Retry-After": String(failure.retryAfterSeconds) });
}

/** Argon2id work that could not start in time, or a database that did not answer in time: the
 *  caller may try again in a few seconds. */
export function unavailableResponse(): Response {
	return answer("UNAVAILABLE", { "Retry-After": "5" });
}
