// The console's answers (API.md section 12): its own error codes, beside the API's (a refused
// sign-in is 429 here, since no Faroe client reads these), and its session cookie.

export const CONSOLE_COOKIE = "__Host-holm_console";

type ConsoleError =
	| "NOT_AUTHENTICATED"
	| "NOT_FOUND"
	| "INVALID_DATA"
	| "NOT_CONFIRMED"
	| "CROSS_SITE_REQUEST"
	| "UNSUPPORTED_MEDIA_TYPE"
	| "EMAIL_ALREADY_USED"
	| "WEAK_PASSWORD";

/** A console call's failure, in the shape of the API's (errors.ts): a refusal
 *  (`tooManyRequests`) says when to come back. */
export interface ConsoleFailure {
	ok: false;
	error: ConsoleError | "TOO_MANY_REQUESTS" | "UNAVAILABLE";
	retryAfterSeconds?: number;
}

const STATUS: Record<ConsoleFailure["error"], 400 | 401 | 403 | 404 | 415 | 429 | 503> = {
	NOT_AUTHENTICATED: 401,
	NOT_FOUND: 404,
	INVALID_DATA: 400,
	NOT_CONFIRMED: 400,
	CROSS_SITE_REQUEST: 403,
	UNSUPPORTED_MEDIA_TYPE: 415,
	TOO_MANY_REQUESTS: 429,
	EMAIL_ALREADY_USED: 400,
	WEAK_PASSWORD: 400,
	UNAVAILABLE: 503,
};

export function consoleFailure(failure: ConsoleFailure): Response {
	const headers = failure.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(failure.retryAfterSeconds) };
	return Response.json({ error: failure.error }, { status: STATUS[failure.error], headers });
}

export function fail(error: ConsoleError): Response {
	return consoleFailure({ ok: false, error });
}

/** The session cookie: only sent back over TLS or to a loopback address, never to another site,
 *  never readable by script. No Max-Age: the database decides when a session ends. */
export function sessionCookie(value: string): string {
	return `${CONSOLE_COOKIE}=${value}; Path=/; Secure; HttpOnly; SameSite=Strict`;
}

export const CLEARED_COOKIE = `${CONSOLE_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`;
