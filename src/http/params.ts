// Path parameters that name a stored resource: an endpoint's `resource` loads it before the
// handler runs, and answers NOT_FOUND when there is none (a malformed id names nothing).
import type { AppContext } from "../context.ts";
import { isId } from "../lib/ids.ts";
import type { C, PathResource } from "./endpoint.ts";

/** The resource named by the path parameter `param`, loaded by `load` when it can be an id at all. */
export function pathResource<R>(param: string, load: (ctx: AppContext, id: string) => Promise<R | null>): PathResource<R> {
	return async function loadPathResource(c) {
		const id = c.req.param(param) ?? "";
		return isId(id) ? load(c.get("ctx"), id) : null;
	};
}

/** The `:request_id` segment when it can be an identifier at all, else null. */
export function pathRequestId(c: C): string | null {
	const id = c.req.param("request_id") ?? "";
	return isId(id) ? id : null;
}
