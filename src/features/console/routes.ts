// The console (API.md section 12), served under /console/ on the API's listener when --console is
// given: the page and its two files, and JSON endpoints of its own under /console/api/. It takes
// its own session cookie, never the API secret; the API, in turn, never takes the cookie.
//
// Every state-changing call is a POST that must come from the console's own origin (Origin and
// Sec-Fetch-Site) and carry JSON: a form on another site can send neither.
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { nowSeconds, type HonoEnv } from "../../http/env.ts";
import { FailureWindow } from "../../lib/rate-limit.ts";
import { DEFAULT_BODY_LIMIT } from "../../http/route.ts";
import { readBody } from "../../middleware/read-body.ts";
import { consoleAssets } from "./assets.ts";
import {
	listedUserJSON,
	deletePendingRequests,
	deleteUserConfirmed,
	describeService,
	describeUser,
	eventFeed,
	removePasskey,
	removeTotp,
	searchUsers,
	unblock,
} from "./actions.ts";
import { EVENT_TYPES } from "../events/store.ts";
import { isId } from "../../lib/ids.ts";
import { withConsoleHeaders } from "./headers.ts";
import { CONSOLE_SESSION_SECONDS, endSession, exchangeSignInToken, useSession } from "./sessions.ts";

export const CONSOLE_COOKIE = "__Host-holm_console";

/** Refused sign-ins per address: 10 in 15 minutes block it for the rest of the window. A token has
 *  256 bits, so this keeps floods off the database rather than guessers out. Each attempt counts as
 *  refused until it succeeds (so parallel guesses cannot beat the limit); a success takes back only
 *  its own attempt. */
const SIGN_IN_RULE = new FailureWindow("console_sign_in_address", 10, 15 * 60 * 1000);

type C = Context<HonoEnv>;

/** What Bun.serve passes Hono as its env: the server, which knows the peer's address. */
type Server = { requestIP?: (request: Request) => { address: string } | null } | undefined;

type ConsoleError = "NOT_AUTHENTICATED" | "NOT_FOUND" | "INVALID_DATA" | "CROSS_SITE_REQUEST" | "UNSUPPORTED_MEDIA_TYPE" | "TOO_MANY_REQUESTS" | "NOT_CONFIRMED";

const STATUS: Record<ConsoleError, 400 | 401 | 403 | 404 | 415 | 429> = {
	NOT_AUTHENTICATED: 401,
	NOT_FOUND: 404,
	INVALID_DATA: 400,
	NOT_CONFIRMED: 400,
	CROSS_SITE_REQUEST: 403,
	UNSUPPORTED_MEDIA_TYPE: 415,
	TOO_MANY_REQUESTS: 429,
};

function fail(error: ConsoleError, headers?: Record<string, string>): Response {
	return Response.json({ error }, { status: STATUS[error], headers });
}

function noContent(headers?: Record<string, string>): Response {
	return new Response(null, { status: 204, headers });
}

/** The session cookie: only sent back over TLS or to a loopback address, never to another site,
 *  never readable by script. No Max-Age: the database decides when a session ends. */
function sessionCookie(value: string): string {
	return `${CONSOLE_COOKIE}=${value}; Path=/; Secure; HttpOnly; SameSite=Strict`;
}

const CLEARED_COOKIE = `${CONSOLE_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`;

/**
 * Whether a state-changing call comes from the console's own page. Browsers send Origin on every
 * POST, and Sec-Fetch-Site where they know it; a call with neither is refused too, since only a
 * browser holds the cookie.
 */
function isSameOrigin(c: C): boolean {
	const site = c.req.header("Sec-Fetch-Site");
	if (site !== undefined && site !== "same-origin") return false;
	const origin = c.req.header("Origin");
	const host = c.req.header("Host");
	if (origin === undefined || host === undefined || !URL.canParse(origin)) return false;
	return new URL(origin).host === host.toLowerCase();
}

function isJson(c: C): boolean {
	const type = c.req.header("Content-Type");
	return type !== undefined && (type.split(";")[0] ?? "").trim().toLowerCase() === "application/json";
}

/** The POST's JSON object, checked against `schema`; null for INVALID_DATA. */
function jsonBody<T extends z.ZodType>(c: C, schema: T): z.infer<T> | null {
	const text = c.get("rawBody");
	if (text === null || text.trim() === "") return null;
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return null;
	}
	const parsed = schema.safeParse(value);
	return parsed.success ? parsed.data : null;
}

function addressOf(c: C): string {
	const server = c.env as Server;
	return server?.requestIP?.(c.req.raw)?.address ?? "unknown";
}

const signInBody = z.object({ token: z.string().max(200) });
const emptyBody = z.object({});
const deleteUserBody = z.object({ confirm: z.string().max(300) });

const searchQuery = z.object({
	q: z.string().max(300).catch(""),
	by: z.enum(["auto", "email", "email_part", "id", "password_leaked"]).catch("auto"),
	sort_by: z.enum(["created_at", "id"]).catch("created_at"),
	sort_order: z.enum(["ascending", "descending"]).catch("ascending"),
	page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
	per_page: z.coerce.number().int().min(1).max(100).catch(20),
});

/** The feed's filters; a value that makes no sense is no filter (or, for a user id, no user). */
const feedQuery = z.object({
	type: z.enum(["", ...EVENT_TYPES]).catch(""),
	user_id: z.string().max(100).transform((id) => (id === "" || isId(id) ? id : "none")).catch(""),
	hours: z.coerce.number().int().min(1).max(24 * 366).nullable().catch(null),
	before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().catch(null),
});

export interface ConsoleRoutes {
	fetch(request: Request, env: unknown): Response | Promise<Response>;
}

export function createConsoleRoutes(ctx: AppContext): ConsoleRoutes {
	const app = new Hono<HonoEnv>();

	app.use(async function consoleHeaders(c, next) {
		c.set("ctx", ctx);
		await next();
		c.res = withConsoleHeaders(c.res);
	});

	app.get("/console", (c) => c.redirect("/console/", 301));
	app.get("/console/", async () => new Response((await consoleAssets()).html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
	app.get("/console/console.js", async () => new Response((await consoleAssets()).js, { headers: { "Content-Type": "text/javascript; charset=utf-8" } }));
	app.get("/console/console.css", async () => new Response((await consoleAssets()).css, { headers: { "Content-Type": "text/css; charset=utf-8" } }));

	// Every POST: from our own page, as JSON, at most 64 KiB; then its own checks.
	app.use("/console/api/*", async function guardWrites(c, next) {
		if (c.req.method !== "POST") return next();
		if (!isSameOrigin(c)) return fail("CROSS_SITE_REQUEST");
		if (!isJson(c)) return fail("UNSUPPORTED_MEDIA_TYPE");
		const refused = await readBody(c, DEFAULT_BODY_LIMIT);
		if (refused !== null) return refused;
		return next();
	});

	app.post("/console/api/session", async (c) => {
		const body = jsonBody(c, signInBody);
		if (body === null) return fail("INVALID_DATA");
		const limitKey = [{ rule: SIGN_IN_RULE, key: addressOf(c) }];
		const attempt = crypto.randomUUID();
		const admitted = await ctx.storage.limitStore.update(limitKey, ctx.now(), ([state], at) => {
			const result = SIGN_IN_RULE.check(state, at);
			return { result, states: [result.allowed ? SIGN_IN_RULE.attempt(state, attempt, at) : state] };
		});
		if (!admitted.allowed) return fail("TOO_MANY_REQUESTS", { "Retry-After": String(Math.max(1, Math.ceil(admitted.retryAfterMs / 1000))) });
		const session = await exchangeSignInToken(ctx.stores, body.token, nowSeconds(ctx));
		if (session === null) return fail("NOT_AUTHENTICATED");
		await ctx.storage.limitStore.update(limitKey, ctx.now(), ([state], at) => ({
			result: { allowed: true },
			states: [SIGN_IN_RULE.succeed(state, attempt, at)],
		}));
		ctx.log.info("console session started", { address: addressOf(c) });
		return noContent({ "Set-Cookie": sessionCookie(session) });
	});

	// Everything below needs a live session; the API secret is not one.
	app.use("/console/api/*", async function requireSession(c, next) {
		if (c.req.method === "POST" && c.req.path === "/console/api/session") return next();
		const session = getCookie(c, CONSOLE_COOKIE);
		if (session === undefined || !(await useSession(ctx.stores, session, nowSeconds(ctx)))) return fail("NOT_AUTHENTICATED");
		return next();
	});

	// What the page may show: events and passkeys come with their features.
	app.get("/console/api/session", () => Response.json({ max_seconds: CONSOLE_SESSION_SECONDS, features: { events: true, passkeys: true } }));

	app.post("/console/api/sign-out", async (c) => {
		if (jsonBody(c, emptyBody) === null) return fail("INVALID_DATA");
		await endSession(ctx.stores, getCookie(c, CONSOLE_COOKIE) ?? "");
		return noContent({ "Set-Cookie": CLEARED_COOKIE });
	});

	app.get("/console/api/overview", async () => Response.json(await describeService(ctx)));

	app.get("/console/api/users", async (c) => {
		const query = searchQuery.parse(c.req.query());
		const { users, total } = await searchUsers(ctx, {
			text: query.q,
			mode: query.by,
			sortBy: query.sort_by,
			sortOrder: query.sort_order,
			page: query.page,
			perPage: query.per_page,
		});
		const rows = await Promise.all(users.map((user) => listedUserJSON(ctx, user)));
		return Response.json({ users: rows, total, page: query.page, per_page: query.per_page, pages: Math.ceil(total / query.per_page) });
	});

	app.get("/console/api/users/:user_id", async (c) => {
		const details = await describeUser(ctx, c.req.param("user_id"));
		return details === null ? fail("NOT_FOUND") : Response.json(details);
	});

	app.post("/console/api/users/:user_id/delete", async (c) => {
		const body = jsonBody(c, deleteUserBody);
		if (body === null) return fail("INVALID_DATA");
		const outcome = await deleteUserConfirmed(ctx, c.req.param("user_id"), body.confirm);
		if (outcome === "NOT_FOUND") return fail("NOT_FOUND");
		if (outcome === "NOT_CONFIRMED") return fail("NOT_CONFIRMED");
		ctx.log.info("console action", { action: "delete_user", user_id: c.req.param("user_id") });
		return noContent();
	});

	app.post("/console/api/users/:user_id/remove-totp", async (c) => {
		if (jsonBody(c, emptyBody) === null) return fail("INVALID_DATA");
		if (!(await removeTotp(ctx, c.req.param("user_id")))) return fail("NOT_FOUND");
		ctx.log.info("console action", { action: "remove_totp", user_id: c.req.param("user_id") });
		return noContent();
	});

	app.post("/console/api/users/:user_id/delete-requests", async (c) => {
		if (jsonBody(c, emptyBody) === null) return fail("INVALID_DATA");
		if (!(await deletePendingRequests(ctx, c.req.param("user_id")))) return fail("NOT_FOUND");
		ctx.log.info("console action", { action: "delete_requests", user_id: c.req.param("user_id") });
		return noContent();
	});

	app.post("/console/api/users/:user_id/unblock", async (c) => {
		if (jsonBody(c, emptyBody) === null) return fail("INVALID_DATA");
		if (!(await unblock(ctx, c.req.param("user_id")))) return fail("NOT_FOUND");
		ctx.log.info("console action", { action: "unblock", user_id: c.req.param("user_id") });
		return noContent();
	});

	app.get("/console/api/events", async (c) => {
		const query = feedQuery.parse(c.req.query());
		return Response.json(
			await eventFeed(ctx, {
				type: query.type === "" ? null : query.type,
				userId: query.user_id === "" ? null : query.user_id,
				hours: query.hours,
				before: query.before,
			}),
		);
	});

	app.post("/console/api/passkeys/:passkey_id/delete", async (c) => {
		if (jsonBody(c, emptyBody) === null) return fail("INVALID_DATA");
		if (!(await removePasskey(ctx, c.req.param("passkey_id")))) return fail("NOT_FOUND");
		ctx.log.info("console action", { action: "delete_passkey", passkey_id: c.req.param("passkey_id") });
		return noContent();
	});

	app.notFound(() => fail("NOT_FOUND"));
	return { fetch: (request, env) => app.fetch(request, env) };
}

/** Whether a path is the console's: /console and everything under /console/. */
export function isConsolePath(path: string): boolean {
	return path === "/console" || path.startsWith("/console/");
}
