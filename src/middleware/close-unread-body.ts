// A request that announced a body Holm did not read to the end (a GET or DELETE with a body, a
// caller without the secret, a 413) is answered at once and its connection is then closed.
// Keeping the connection would mean draining the rest first: a client trickling a body that
// never ends would hold it, with its memory, and hold up a graceful stop, for as long as it liked.
import type { RequestContext } from "../http/request-context.ts";

function announcesBody(c: RequestContext): boolean {
	const length = c.req.header("Content-Length");
	return c.req.header("Transfer-Encoding") !== undefined || (length !== undefined && length.trim() !== "0");
}

/** After the answer: closes the connection when the request announced a body that was not read. */
export function closeIfBodyUnread(c: RequestContext, response: Response): void {
	// read-body.ts sets rawBody only once it has read the whole body.
	if (c.get("rawBody") === undefined && announcesBody(c)) response.headers.set("Connection", "close");
}
