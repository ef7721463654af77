// The user a path names (`:user_id`), which most endpoints load before their handler runs.
import type { AppContext } from "../../context.ts";
import type { PathResource } from "../../http/endpoint.ts";
import { pathResource } from "../../http/params.ts";
import type { User } from "./store.ts";

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
