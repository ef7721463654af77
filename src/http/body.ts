// Turns the raw body into a typed value, or null for INVALID_DATA (API.md section 1: an empty
// body is {}, the body must be a JSON object, unknown fields are ignored).
import type { RequestContext } from "./request-context.ts";
import type { z } from "zod";
import { notAnAddress } from "../lib/client-ip.ts";

export function parseBody<T extends z.ZodType>(c: RequestContext, schema: T): z.infer<T> | null {
	const text = c.get("rawBody");
	if (text === null) return null;
	let value: unknown = {};
	if (text.trim() !== "") {
		try {
			value = JSON.parse(text);
		} catch {
			return null;
		}
	}
	if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
	const result = schema.safeParse(value);
	if (!result.success) return null;
	noteClientIp(c, result.data);
	return result.data;
}

/** Every body that carries client_ip comes through here, after its schema made the limit key. */
function noteClientIp(c: RequestContext, body: unknown): void {
	if (typeof body !== "object" || body === null || !("client_ip" in body) || typeof body.client_ip !== "string") return;
	const value = notAnAddress(body.client_ip);
	if (value !== null) c.get("ctx").clientIpReport.notAnAddress(value);
}
