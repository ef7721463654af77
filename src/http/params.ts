// Path parameters that name a stored resource: an endpoint's `resource` loads it before the
// handler runs, and answers NOT_FOUND when there is none (a malformed id names nothing).
import type { AppContext } from "../context.ts";
import type { User } from "../features/users/store.ts";
import { isId } from "../lib/ids.ts";
import type { C, PathResource } from "./endpoint.ts";

/** The resource named by the path parameter `param`, loaded by `load` when it can be an id at all. */
export function pathResource<R>(param: string, load: (ctx: AppContext, id: string) => Promise<R | null>): PathResource<R> {
	return async function loadPathResource(c) {
		const id = c.req.param(param) ?? "";
		return isId(id) ? load(c.get("ctx"), id) : null;
	};
}

/** The user named by `:user_id`, or null (NOT_FOUND). */
export const pathUser: PathResource<User> = pathResource("user_id", (ctx, id) => ctx.stores.users.get(id));

/** What the user of `:user_id` holds (their TOTP credential, their verification request), or null
 *  when there is no such user or they hold none. */
export function ofPathUser<R>(load: (ctx: AppContext, user: User) => Promise<R | null>): PathResource<R> {
	return async function loadOfPathUser(c) {
		const user = await pathUser(c);
		return user === null ? null : load(c.get("ctx"), user);
	};
}

/** The `:request_id` segment when it can be an identifier at all, else null. */
export function pathRequestId(c: C): string | null {
	const id = c.req.param("request_id") ?? "";
	return isId(id) ? id : null;
}
