// The console (API.md section 12), served under /console/ on the API's listener when --console is
// given: the page and its two files, and JSON endpoints of its own under /console/api/. It takes
// its own session cookie, never the API secret; the API, in turn, never takes the cookie.
//
// Every state-changing call is a POST that must come from the console's own origin (Origin and
// Sec-Fetch-Site) and carry JSON: a form on another site can send neither (guards.ts).
import { Hono, type Handler } from "hono";
import type { AppContext } from "../../context.ts";
import type { HonoEnv } from "../../http/env.ts";
import * as handlers from "./handlers.ts";
import { guardWrites, requireSession } from "./guards.ts";
import { withConsoleHeaders } from "./headers.ts";
import { fail } from "./responses.ts";

type Route = readonly ["GET" | "POST", string, Handler<HonoEnv>];

/** What anyone may ask for: the page, its files, and signing in with a link's token. */
const OPEN: readonly Route[] = [
	["GET", "/console", handlers.handleRedirect],
	["GET", "/console/", handlers.handlePage],
	["GET", "/console/console.js", handlers.handleScript],
	["GET", "/console/console.css", handlers.handleStyle],
	["POST", "/console/api/session", handlers.handleSignIn], // failed tokens: 10 per address in 15 min (Limits)
];

/** What needs a live session. */
const SIGNED_IN: readonly Route[] = [
	["GET", "/console/api/session", handlers.handleSession],
	["POST", "/console/api/sign-out", handlers.handleSignOut],
	["GET", "/console/api/overview", handlers.handleOverview],
	["GET", "/console/api/users", handlers.handleListUsers],
	["POST", "/console/api/users", handlers.handleCreateUser], // hashes a password: the API's own limits
	["GET", "/console/api/users/:user_id", handlers.handleGetUser],
	["POST", "/console/api/users/:user_id/delete", handlers.handleDeleteUser],
	["POST", "/console/api/users/:user_id/remove-totp", handlers.handleRemoveTotp],
	["POST", "/console/api/users/:user_id/delete-requests", handlers.handleDeleteRequests],
	["POST", "/console/api/users/:user_id/unblock", handlers.handleUnblock],
	["POST", "/console/api/users/:user_id/disable", handlers.handleDisable],
	["POST", "/console/api/users/:user_id/enable", handlers.handleEnable],
	["POST", "/console/api/users/:user_id/sessions/:session_id/end", handlers.handleEndSession],
	["POST", "/console/api/users/:user_id/end-sessions", handlers.handleEndSessions],
	["GET", "/console/api/events", handlers.handleEventFeed],
	["POST", "/console/api/passkeys/:passkey_id/delete", handlers.handleDeletePasskey],
	["POST", "/console/api/identities/:identity_id/delete", handlers.handleDeleteIdentity],
];

interface ConsoleRoutes {
	fetch(request: Request, env: unknown): Response | Promise<Response>;
}

export function createConsoleRoutes(ctx: AppContext): ConsoleRoutes {
	const app = new Hono<HonoEnv>();
	app.use(async function consoleHeaders(c, next) {
		c.set("ctx", ctx);
		await next();
		c.res = withConsoleHeaders(c.res);
	});
	app.use("/console/api/*", guardWrites);
	for (const [method, path, handler] of OPEN) app.on(method, path, handler);
	// Registered after the open routes: a route that answered (signing in) never reaches it.
	app.use("/console/api/*", requireSession);
	for (const [method, path, handler] of SIGNED_IN) app.on(method, path, handler);
	app.notFound(() => fail("NOT_FOUND"));
	return { fetch: (request, env) => app.fetch(request, env) };
}

/** Whether a path is the console's: /console and everything under /console/. */
export function isConsolePath(path: string): boolean {
	return path === "/console" || path.startsWith("/console/");
}
