// Turns the raw body into a typed value, or null for INVALID_DATA (API.md section 1: an empty
// body is {}, the body must be a JSON object, unknown fields are ignored).
import type { RequestContext } from "./request-context.ts";
import type { z } from "zod";
import { notAnAddress } from "../lib/client-ip.ts";
import { describeInvalidData, noteInvalidData, type InvalidData } from "../lib/invalid-data.ts";

export function parseBody<T extends z.ZodType>(c: RequestContext, schema: T): z.infer<T> | null {
	const text = c.get("rawBody");
	if (text === null) return invalid(c, { field: null, problem: "the body is not UTF-8" });
	let value: unknown = {};
	if (text.trim() !== "") {
		try {
			value = JSON.parse(text);
		} catch {
			return invalid(c, { field: null, problem: "the body is not JSON" });
		}
	}
	if (typeof value !== "object" || value === null || Array.isArray(value)) return invalid(c, { field: null, problem: "the body is not a JSON object" });
	const result = schema.safeParse(value);
	if (!result.success) return invalid(c, describeInvalidData(result.error));
	noteClientIp(c, result.data);
	return result.data;
}

/** Null, for INVALID_DATA; what was wrong goes on the request's log line (never the value). */
function invalid(c: RequestContext, detail: InvalidData): null {
	noteInvalidData(c.req.raw, detail);
	return null;
}

/** Every body that carries client_ip comes through here, after its schema made the limit key. */
function noteClientIp(c: RequestContext, body: unknown): void {
	if (typeof body !== "object" || body === null || !("client_ip" in body) || typeof body.client_ip !== "string") return;
	const value = notAnAddress(body.client_ip);
	if (value !== null) c.get("ctx").clientIpReport.notAnAddress(value);
}
