// Turns the raw body into a typed value, or null for INVALID_DATA (API.md section 1: an empty
// body is {}, the body must be a JSON object, unknown fields are ignored).
import type { Context } from "hono";
import type { z } from "zod";
import type { HonoEnv } from "./env.ts";

export function parseBody<T extends z.ZodType>(c: Context<HonoEnv>, schema: T): z.infer<T> | null {
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
	return result.success ? result.data : null;
}
