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
	NOT_AUTHENTICATED: 401,
	NOT_FOUND: 404,
	METHOD_NOT_ALLOWED: 405,
	NOT_ACCEPTABLE: 406,
	PAYLOAD_TOO_LARGE: 413,
	UNSUPPORTED_MEDIA_TYPE: 415,
	UNKNOWN_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function errorResponse(code: ErrorCode): Response {
	return Response.json({ error: code }, { status: ERROR_STATUS[code] });
}
