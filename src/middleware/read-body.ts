// Reads the request body once, refusing more than the matched row's limit (413: 64 KiB, 4 MiB for
// POST /user-imports; see src/routes.ts) whether or not Content-Length tells the truth. The text
// is parsed later by each route, because a missing path resource (404) must win over a malformed
// body (400).
//
// Only POST routes take a body; GET and DELETE never read one, whatever the client sends, and
// this middleware runs after the secret check, so no body is read for a caller without the
// secret. An unread body is not drained either: see close-unread-body.ts.
import type { RequestContext } from "../http/request-context.ts";
import { errorResponse } from "../errors.ts";
import { clientClosed, clientClosedResponse } from "../http/client-closed.ts";

// One decoder serves every request: decode() without { stream } leaves no state behind.
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** A chunked body's bytes, or null when there are more than `limit`: counted while reading, and
 *  the read stops at the limit whatever the client keeps sending. */
async function chunkedBytes(request: Request, limit: number): Promise<Uint8Array | null> {
	const chunks: Uint8Array[] = [];
	let size = 0;
	for await (const chunk of request.body!) {
		size += chunk.byteLength;
		if (size > limit) return null;
		chunks.push(chunk);
	}
	return Buffer.concat(chunks);
}

/** Reads a POST's body of at most `limit` bytes into `rawBody`: PAYLOAD_TOO_LARGE, the stand-in
 *  answer for a client that left (http/client-closed.ts), or null to go on. Other methods read nothing. */
export async function readBody(c: RequestContext, limit: number): Promise<Response | null> {
	if (c.req.method !== "POST") return null;
	const declared = c.req.header("Content-Length");
	if (declared !== undefined && !(Number(declared) <= limit)) return errorResponse("PAYLOAD_TOO_LARGE");
	// With a Content-Length, bytes() reads it (none for 0). Only without one is `body` asked for:
	// in Bun that getter makes a ReadableStream, about 3 µs of every POST for nothing.
	if (declared === undefined && c.req.raw.body === null) {
		c.set("rawBody", "");
		return null;
	}
	let bytes: Uint8Array | null;
	try {
		// With a Content-Length (checked above), Bun reads exactly that many bytes: one read, no
		// loop, and no async wrapper around it (each costs every POST a promise and a turn).
		bytes = declared !== undefined ? await c.req.raw.bytes() : await chunkedBytes(c.req.raw, limit);
	} catch (error) {
		// A body the client stopped sending, its connection closed: nothing failed here.
		if (!clientClosed(c.req.raw)) throw error;
		return clientClosedResponse();
	}
	if (bytes === null) return errorResponse("PAYLOAD_TOO_LARGE");
	try {
		c.set("rawBody", UTF8.decode(bytes));
	} catch {
		c.set("rawBody", null); // not UTF-8: answered INVALID_DATA when the route parses it
	}
	return null;
}
