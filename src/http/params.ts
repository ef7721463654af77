// Path parameters that name a stored resource.
import type { Context } from "hono";
import type { User } from "../features/users/store.ts";
import { isId } from "../lib/ids.ts";
import type { HonoEnv } from "./env.ts";

/** The user named by `:user_id`, or null (NOT_FOUND). */
export async function pathUser(c: Context<HonoEnv>): Promise<User | null> {
	const id = c.req.param("user_id") ?? "";
	return isId(id) ? c.get("ctx").stores.users.get(id) : null;
}

/** The `:request_id` segment when it can be an identifier at all, else null. */
export function pathRequestId(c: Context<HonoEnv>): string | null {
	const id = c.req.param("request_id") ?? "";
	return isId(id) ? id : null;
}
