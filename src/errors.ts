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
	IDENTITY_IN_USE: 400,
	EMAIL_NOT_VERIFIED: 400,
	NOT_AUTHENTICATED: 401,
	USER_DISABLED: 403,
	NOT_FOUND: 404,
	METHOD_NOT_ALLOWED: 405,
	NOT_ACCEPTABLE: 406,
	PAYLOAD_TOO_LARGE: 413,
	UNSUPPORTED_MEDIA_TYPE: 415,
	UNKNOWN_ERROR: 500,
	PROVIDER_ERROR: 502,
	UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * What every action returns: its value, or one of the error codes it declares at its top
 * (`export const X_ERRORS = [...] as const`), from which its documented errors are derived too.
 * A refusal always says when to come back: TOO_MANY_REQUESTS is made only by `tooManyRequests`,
 * which sets `retryAfterSeconds`.
 */
export type Result<T, Codes extends readonly ErrorCode[]> = { ok: true; value: T } | Failure<Codes[number]>;

export interface Failure<Code extends ErrorCode = ErrorCode> {
	ok: false;
	error: Code;
	/** Whole seconds, at least 1: only with TOO_MANY_REQUESTS (and UNAVAILABLE). */
	retryAfterSeconds?: number;
}

export function ok<T>(value: T): { ok: true; value: T };
export function ok(): { ok: true; value: undefined };
export function ok<T>(value?: T): { ok: true; value: T | undefined } {
	return { ok: true, value };
}

export function fail<Code extends Exclude<ErrorCode, "TOO_MANY_REQUESTS" | "UNAVAILABLE">>(error: Code): Failure<Code> {
	return { ok: false, error };
}

/** A limiter's refusal (milliseconds) as a failure with whole seconds, at least 1. */
export function tooManyRequests(retryAfterMs: number): Failure<"TOO_MANY_REQUESTS"> {
	return { ok: false, error: "TOO_MANY_REQUESTS", retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
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

/** An error answer for a code the pipeline decides (secret, media type, body size, 404, 405). */
export function errorResponse(code: Exclude<ErrorCode, "TOO_MANY_REQUESTS" | "UNAVAILABLE">): Response {
	return answer(code);
}

/** The one way a failure becomes an answer: its code, and Retry-After when it says when. */
export function failureResponse(failure: Failure): Response {
	return failure.retryAfterSeconds === undefined ? answer(failure.error) : answer(failure.error, { "Retry-After": String(failure.retryAfterSeconds) });
}

/** Argon2id work that could not start in time, or a database that did not answer in time: the
 *  caller may try again in a few seconds. */
export function unavailableResponse(): Response {
	return answer("UNAVAILABLE", { "Retry-After": "5" });
}
