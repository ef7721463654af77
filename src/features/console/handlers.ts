// The console's endpoints (API.md section 12), each thin: parse → act → answer. Every POST has
// passed guardWrites (own origin, JSON, body read) and, but for signing in, requireSession.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppContext, HonoEnv } from "../../http/env.ts";
import { parseBody } from "../../http/body.ts";
import { noContent } from "../../http/responses.ts";
import {
	createUserByConsole,
	disable,
	enable,
	listedUsersJSON,
	deletePendingRequests,
	deleteUserConfirmed,
	describeService,
	describeUser,
	eventFeed,
	removePasskey,
	removeIdentity,
	removeTotp,
	endAllUserSessions,
	endUserSession,
	searchUsers,
	unblock,
} from "./actions.ts";
import { consoleAssets } from "./assets.ts";
import { CLEARED_COOKIE, CONSOLE_COOKIE, consoleFailure, fail, sessionCookie } from "./responses.ts";
import { createUserBody, deleteUserBody, disableBody, emptyBody, feedQuery, searchQuery, signInBody } from "./schemas.ts";
import { CONSOLE_SESSION_SECONDS, endSession, signIn } from "./sessions.ts";

type C = Context<HonoEnv>;

/** What Bun.serve passes Hono as its env: the server, which knows the peer's address. */
type Server = { requestIP?: (request: Request) => { address: string } | null } | undefined;

/** The peer's address: a reverse proxy's for everyone behind it; "unknown" on a Unix socket. */
function peerAddress(c: C): string {
	const server = c.env as Server;
	return server?.requestIP?.(c.req.raw)?.address ?? "unknown";
}

function withHeader(response: Response, name: string, value: string): Response {
	response.headers.set(name, value);
	return response;
}

export function handleRedirect(c: C): Response {
	return c.redirect("/console/", 301);
}

export async function handlePage(): Promise<Response> {
	return new Response((await consoleAssets()).html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export async function handleScript(): Promise<Response> {
	return new Response((await consoleAssets()).js, { headers: { "Content-Type": "text/javascript; charset=utf-8" } });
}

export async function handleStyle(): Promise<Response> {
	return new Response((await consoleAssets()).css, { headers: { "Content-Type": "text/css; charset=utf-8" } });
}

export async function handleSignIn(c: C): Promise<Response> {
	const body = parseBody(c, signInBody);
	if (body === null) return fail("INVALID_DATA");
	const address = peerAddress(c);
	const signedIn = await signIn(c.get("ctx"), body.token, address);
	if (!signedIn.ok) return consoleFailure(signedIn);
	c.get("ctx").log.info("console session started", { address });
	return withHeader(noContent(), "Set-Cookie", sessionCookie(signedIn.value));
}

/** What the page may show: events and passkeys come with their features. */
export function handleSession(): Response {
	return Response.json({ max_seconds: CONSOLE_SESSION_SECONDS, features: { events: true, passkeys: true } });
}

export async function handleSignOut(c: C): Promise<Response> {
	if (parseBody(c, emptyBody) === null) return fail("INVALID_DATA");
	await endSession(c.get("ctx").stores, getCookie(c, CONSOLE_COOKIE) ?? "");
	return withHeader(noContent(), "Set-Cookie", CLEARED_COOKIE);
}

export async function handleOverview(c: C): Promise<Response> {
	return Response.json(await describeService(c.get("ctx")));
}

export async function handleListUsers(c: C): Promise<Response> {
	const query = searchQuery.parse(c.req.query());
	const { users, total } = await searchUsers(c.get("ctx"), {
		text: query.q,
		mode: query.by,
		sortBy: query.sort_by,
		sortOrder: query.sort_order,
		page: query.page,
		perPage: query.per_page,
	});
	return Response.json({ users: await listedUsersJSON(c.get("ctx"), users), total, page: query.page, per_page: query.per_page, pages: Math.ceil(total / query.per_page) });
}

export async function handleGetUser(c: C): Promise<Response> {
	const details = await describeUser(c.get("ctx"), c.req.param("user_id") ?? "");
	return details === null ? fail("NOT_FOUND") : Response.json(details);
}

export async function handleDeleteUser(c: C): Promise<Response> {
	const body = parseBody(c, deleteUserBody);
	if (body === null) return fail("INVALID_DATA");
	const userId = c.req.param("user_id") ?? "";
	const outcome = await deleteUserConfirmed(c.get("ctx"), userId, body.confirm);
	if (outcome !== "DELETED") return fail(outcome);
	c.get("ctx").log.info("console action", { action: "delete_user", user_id: userId });
	return noContent();
}

/** An action that takes nothing but the id in its path: NOT_FOUND when there is nothing to act
 *  on; a `console action` log line, naming the id, when done. */
function pathAction(action: string, param: "user_id" | "passkey_id" | "identity_id", act: (ctx: AppContext, id: string) => Promise<boolean>) {
	return async function handleAction(c: C): Promise<Response> {
		if (parseBody(c, emptyBody) === null) return fail("INVALID_DATA");
		const id = c.req.param(param) ?? "";
		if (!(await act(c.get("ctx"), id))) return fail("NOT_FOUND");
		c.get("ctx").log.info("console action", { action, [param]: id });
		return noContent();
	};
}

export const handleRemoveTotp = pathAction("remove_totp", "user_id", removeTotp);
export const handleEnable = pathAction("enable", "user_id", enable);

/** Disables the user, with a reason and an end of the API's rules (INVALID_DATA otherwise). */
export async function handleDisable(c: C): Promise<Response> {
	const body = parseBody(c, disableBody);
	if (body === null) return fail("INVALID_DATA");
	const userId = c.req.param("user_id") ?? "";
	const outcome = await disable(c.get("ctx"), userId, { reason: body.reason ?? null, until: body.until ?? null });
	if (outcome !== "DISABLED") return fail(outcome);
	// The reason is the operator's text: it goes to the event, not to this line.
	c.get("ctx").log.info("console action", { action: "disable", user_id: userId, until: body.until ?? null });
	return noContent();
}

/** Creates a user with an email and a password, or an email only; answers the new user's id. */
export async function handleCreateUser(c: C): Promise<Response> {
	const body = parseBody(c, createUserBody);
	if (body === null) return fail("INVALID_DATA");
	const created = await createUserByConsole(c.get("ctx"), { email: body.email, password: body.password ?? null });
	if (!created.ok) return consoleFailure(created);
	c.get("ctx").log.info("console action", { action: "create_user", user_id: created.id, with_password: body.password !== undefined });
	return Response.json({ id: created.id });
}
export const handleDeleteRequests = pathAction("delete_requests", "user_id", deletePendingRequests);
export const handleUnblock = pathAction("unblock", "user_id", unblock);
export const handleDeletePasskey = pathAction("delete_passkey", "passkey_id", removePasskey);
export const handleDeleteIdentity = pathAction("delete_identity", "identity_id", removeIdentity);
export const handleEndSessions = pathAction("end_sessions", "user_id", endAllUserSessions);

/** Ends one session, named by its id under its user's (a session of another user is NOT_FOUND). */
export async function handleEndSession(c: C): Promise<Response> {
	if (parseBody(c, emptyBody) === null) return fail("INVALID_DATA");
	const userId = c.req.param("user_id") ?? "";
	const sessionId = c.req.param("session_id") ?? "";
	if (!(await endUserSession(c.get("ctx"), userId, sessionId))) return fail("NOT_FOUND");
	c.get("ctx").log.info("console action", { action: "end_session", user_id: userId, session_id: sessionId });
	return noContent();
}

export async function handleEventFeed(c: C): Promise<Response> {
	const query = feedQuery.parse(c.req.query());
	const feed = await eventFeed(c.get("ctx"), {
		type: query.type === "" ? null : query.type,
		userId: query.user_id === "" ? null : query.user_id,
		hours: query.hours,
		before: query.before,
	});
	return Response.json(feed);
}
