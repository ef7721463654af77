// A request that announced a body Holm did not read to the end (a GET or DELETE with a body, a
// caller without the secret, a 413) is answered at once and its connection is then closed.
// Keeping the connection would mean draining the rest first: a client trickling a body that
// never ends would hold it, with its memory, and hold up a graceful stop, for as long as it liked.
import type { RequestContext } from "../http/request-context.ts";

function announcesBody(request: Request): boolean {
	const length = request.headers.get("Content-Length");
	return request.headers.has("Transfer-Encoding") || (length !== null && length.trim() !== "0");
}

/** After the answer: closes the connection when the request announced a body that was not read. */
export function closeIfBodyUnread(c: RequestContext, response: Response): void {
	// read-body.ts sets rawBody only once it has read the whole body.
	if (c.get("rawBody") === undefined && announcesBody(c.req.raw)) response.headers.set("Connection", "close");
}
