// What every handler can reach through its Hono context.
import type { AppContext } from "../context.ts";

export type { AppContext } from "../context.ts";

export type HonoEnv = {
	Variables: {
		ctx: AppContext;
		/** The request body as text, "" when there is none, null when it is not UTF-8. */
		rawBody: string | null;
	};
};
