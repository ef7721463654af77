// createApp(deps): the Hono app with the shared middleware, the error mapping and every route.
import type { Database } from "bun:sqlite";
import { Hono } from "hono";
import { errorResponse } from "./errors.ts";
import type { AppContext, HonoEnv } from "./http/env.ts";
import type { LeakCheck } from "./leak-check/index.ts";
import { createLimits } from "./limits.ts";
import type { Logger } from "./log.ts";
import { checkMediaTypes } from "./middleware/media-type.ts";
import { readBody } from "./middleware/read-body.ts";
import { requireSecret } from "./middleware/require-secret.ts";
import { ROUTES } from "./routes.ts";
import { createStores } from "./stores.ts";

export interface AppDeps {
	db: Database;
	secret: string;
	leakCheck: LeakCheck;
	log: Logger;
	/** Milliseconds since the Unix epoch. */
	now?: () => number;
	/** Keys each in-memory limiter remembers before dropping the least recently used. */
	limiterCapacity?: number;
}

export function createApp(deps: AppDeps): { app: Hono<HonoEnv>; ctx: AppContext } {
	const now = deps.now ?? Date.now;
	const ctx: AppContext = {
		db: deps.db,
		now,
		stores: createStores(deps.db),
		limits: createLimits(now, deps.limiterCapacity),
		leakCheck: deps.leakCheck,
		log: deps.log,
	};

	const app = new Hono<HonoEnv>();
	// Order matters (API.md section 1): secret, media type, then each route's 404, body and limits.
	app.use(async function logRequest(c, next) {
		const started = performance.now();
		await next();
		// The route pattern, not the path: a verified reset request's id is as good as a password.
		deps.log.info("request", {
			method: c.req.method,
			route: c.req.routePath,
			status: c.res.status,
			ms: Math.round((performance.now() - started) * 10) / 10,
		});
	});
	app.use(requireSecret(deps.secret));
	app.use(checkMediaTypes);
	app.use(readBody);
	app.use(async function provideContext(c, next) {
		c.set("ctx", ctx);
		await next();
	});

	const paths = new Set<string>();
	for (const [method, path, handler] of ROUTES) {
		app.on(method, path, handler);
		paths.add(path);
	}
	// Registered after every method of a path, so only a method without a handler reaches it.
	for (const path of paths) app.all(path, () => errorResponse("METHOD_NOT_ALLOWED"));

	app.notFound(() => errorResponse("NOT_FOUND"));
	app.onError(function answerUnknownError(error, c) {
		// The message names the failing operation; request bodies (passwords, codes) never reach it.
		deps.log.error("request failed", { method: c.req.method, path: c.req.path, error: error.name, message: error.message });
		return errorResponse("UNKNOWN_ERROR");
	});
	return { app, ctx };
}
