// Reads the request body once, refusing more than 64 KiB (413) whether or not Content-Length
// tells the truth. The text is parsed later by each route, because a missing path resource
// (404) must win over a malformed body (400).
import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../errors.ts";
import type { HonoEnv } from "../http/env.ts";

export const MAX_BODY_BYTES = 64 * 1024;

export const readBody: MiddlewareHandler<HonoEnv> = async function readBody(c, next) {
	const declared = c.req.header("Content-Length");
	if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) return errorResponse("PAYLOAD_TOO_LARGE");
	const stream = c.req.raw.body;
	if (stream === null) {
		c.set("rawBody", "");
		return next();
	}
	const chunks: Uint8Array[] = [];
	let size = 0;
	for await (const chunk of stream) {
		size += chunk.byteLength;
		if (size > MAX_BODY_BYTES) return errorResponse("PAYLOAD_TOO_LARGE");
		chunks.push(chunk);
	}
	try {
		c.set("rawBody", new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
	} catch {
		c.set("rawBody", null); // not UTF-8: answered INVALID_DATA when the route parses it
	}
	return next();
};
