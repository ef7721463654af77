// 415 for a body we would not read as JSON, 406 for a client that cannot take JSON back.
// @faroe/sdk sends its JSON as text/plain;charset=UTF-8, so text/plain must pass.
import type { RequestContext } from "../http/request-context.ts";
import { errorResponse } from "../errors.ts";

const READABLE = new Set(["application/json", "text/plain"]);
const ACCEPTABLE = new Set(["application/json", "application/*", "*/*"]);

/** "application/json" for "Application/JSON; charset=utf-8": the type without its parameters. */
export function essence(mediaType: string): string {
	return (mediaType.split(";")[0] ?? "").trim().toLowerCase();
}

function acceptsJson(accept: string): boolean {
	return accept.split(",").some((range) => {
		const [type = "", ...params] = range.split(";");
		if (!ACCEPTABLE.has(type.trim().toLowerCase())) return false;
		// "q=0" means "not acceptable".
		const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
		return q === undefined || Number(q.slice(2)) > 0;
	});
}

/** 415 or 406, or null to go on. */
export function checkMediaTypes(c: RequestContext): Response | null {
	const contentType = c.req.header("Content-Type");
	if (contentType !== undefined && !READABLE.has(essence(contentType))) return errorResponse("UNSUPPORTED_MEDIA_TYPE");
	const accept = c.req.header("Accept");
	// Most callers send */* or application/json: those need no parsing.
	if (accept !== undefined && accept !== "*/*" && accept !== "application/json" && accept.trim() !== "" && !acceptsJson(accept)) {
		return errorResponse("NOT_ACCEPTABLE");
	}
	return null;
}
