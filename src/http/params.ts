// Path parameters that name a stored resource.
import type { RequestContext } from "./request-context.ts";
import type { User } from "../features/users/store.ts";
import { isId } from "../lib/ids.ts";

/** The user named by `:user_id`, or null (NOT_FOUND). */
export async function pathUser(c: RequestContext): Promise<User | null> {
	const id = c.req.param("user_id") ?? "";
	return isId(id) ? c.get("ctx").stores.users.get(id) : null;
}

/** The `:request_id` segment when it can be an identifier at all, else null. */
export function pathRequestId(c: RequestContext): string | null {
	const id = c.req.param("request_id") ?? "";
	return isId(id) ? id : null;
}
