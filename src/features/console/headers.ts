// The headers of every console answer (API.md section 12): nothing but our own files may run or
// load, no one may frame it, nothing is cached or sent on as a referrer.

export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
	"Content-Security-Policy":
		"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
	"X-Frame-Options": "DENY",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy": "no-referrer",
	"Cache-Control": "no-store",
	"Cross-Origin-Opener-Policy": "same-origin",
	"Cross-Origin-Resource-Policy": "same-origin",
};

export function withConsoleHeaders(response: Response): Response {
	for (const [name, value] of Object.entries(CONSOLE_HEADERS)) response.headers.set(name, value);
	return response;
}
