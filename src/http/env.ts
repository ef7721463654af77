// What every handler can reach through its Hono context.
import type { Database } from "bun:sqlite";
import type { LeakCheck } from "../leak-check/index.ts";
import type { Limits } from "../limits.ts";
import type { Logger } from "../log.ts";
import type { Stores } from "../stores.ts";

export interface AppContext {
	db: Database;
	/** Milliseconds since the Unix epoch; injected so tests can move time. */
	now: () => number;
	stores: Stores;
	limits: Limits;
	leakCheck: LeakCheck;
	log: Logger;
}

export type HonoEnv = {
	Variables: {
		ctx: AppContext;
		/** The request body as text, "" when there is none, null when it is not UTF-8. */
		rawBody: string | null;
	};
};

/** Whole Unix seconds, the unit of every timestamp in the API. */
export function nowSeconds(ctx: AppContext): number {
	return Math.floor(ctx.now() / 1000);
}
