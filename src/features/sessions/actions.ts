// Sessions (API.md section 13): created once the application has signed a user in, validated on
// each of its requests in one indexed read, and ended by the user, the operator, the cap, or in
// the same transaction as the credential change that must end them.
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { fail, ok, type Result } from "../../errors.ts";
import { addressLimitKey, parseAddress } from "../../lib/client-ip.ts";
import { constantTimeEqualBytes, sha256 } from "../../lib/constant-time.ts";
import { generateId, isId } from "../../lib/ids.ts";
import { logEvent, newEvent } from "../events/actions.ts";
import type { EventData } from "../events/store.ts";
import type { User } from "../users/store.ts";
import { DEFAULT_SESSION_SETTINGS, isLive, touchIntervalSeconds, type SessionSettings } from "./settings.ts";
import type { EndReason, Session, SessionEnding } from "./store.ts";
import { generateSecret, parseToken, secretDigest, tokenOf } from "./tokens.ts";

export function sessionSettings(ctx: AppContext): SessionSettings {
	return ctx.sessions ?? DEFAULT_SESSION_SETTINGS;
}

/** The address as the session shows it: a.b.c.d, IPv6 in its shortest form, or the string as
 *  sent when it is no address. */
function displayedAddress(value: string): string {
	const address = parseAddress(value);
	if (address === null) return value.trim();
	if (address.version === 4) return address.octets.join(".");
	return new URL(`http://[${address.groups.map((group) => group.toString(16)).join(":")}]`).hostname.slice(1, -1);
}

/** The network new_device compares: an IPv4 /24, an IPv6 /48, or the string itself. */
function networkOf(value: string): string {
	const address = parseAddress(value);
	if (address === null) return `other:${value.trim()}`;
	if (address.version === 4) return `v4:${address.octets.slice(0, 3).join(".")}`;
	return `v6:${address.groups.slice(0, 3).map((group) => group.toString(16)).join(":")}`;
}

export interface CreateSessionInput {
	clientIp?: string;
	userAgent?: string;
	secondFactorVerified: boolean;
}

export const CREATE_SESSION_ERRORS = ["NOT_FOUND", "USER_DISABLED"] as const;

/** NOT_FOUND when the user was deleted after the call found them; USER_DISABLED while an operator's
 *  disable is in force (API.md section 18): the application may have signed the user in by a way
 *  of its own, and a disabled user is let in by none. */
export async function createSession(
	ctx: AppContext,
	userId: string,
	input: CreateSessionInput,
): Promise<Result<{ session: Session; token: string }, typeof CREATE_SESSION_ERRORS>> {
	const id = generateId();
	const secret = generateSecret();
	const devices: Uint8Array[] = [];
	if (input.userAgent !== undefined) devices.push(sha256(`user-agent\0${input.userAgent}`));
	if (input.clientIp !== undefined) devices.push(sha256(`network\0${networkOf(input.clientIp)}`));
	const eventIp = input.clientIp === undefined ? null : addressLimitKey(input.clientIp);
	const result = await ctx.stores.sessions.create(
		{
			session: {
				id,
				userId,
				digest: secretDigest(secret),
				clientIp: input.clientIp === undefined ? null : displayedAddress(input.clientIp),
				userAgent: input.userAgent ?? null,
			},
			secondFactorVerified: input.secondFactorVerified,
			devices,
			created: newEvent(ctx, "session_created", {
				userId,
				clientIp: eventIp,
				data: { session_id: id, second_factor_verified: input.secondFactorVerified },
			}),
			limitEnded: newEvent(ctx, "sessions_ended", { userId, clientIp: eventIp, data: { reason: "session_limit" } }),
		},
		sessionSettings(ctx),
	);
	if (result === "NO_USER") return fail("NOT_FOUND");
	if (result === "USER_DISABLED") return fail("USER_DISABLED");
	logEvent(ctx, result.created);
	if (result.ended !== null) logEvent(ctx, result.ended);
	return ok({ session: result.session, token: tokenOf(id, secret) });
}

// What an unknown id or a malformed token is compared against, so that it costs what a wrong
// secret costs: one read by id, one SHA-256, one constant-time comparison.
const NO_SUCH_SESSION = "-";
const DUMMY_DIGEST = sha256("no session has this secret");

export const VALIDATE_SESSION_ERRORS = ["NOT_FOUND"] as const;

/** The live session a token names, with its user; NOT_FOUND for a token that is malformed,
 *  unknown, expired, ended or whose secret is wrong, each after the same work, and for a session of
 *  a disabled user (disabling ends them all, and none is made while disabled; one that an instance
 *  of an earlier version made during a rolling upgrade is refused all the same). */
export async function validateSession(ctx: AppContext, token: string): Promise<Result<{ session: Session; user: User }, typeof VALIDATE_SESSION_ERRORS>> {
	const settings = sessionSettings(ctx);
	const parsed = parseToken(token);
	const found = await ctx.stores.sessions.findForValidation(parsed?.id ?? NO_SUCH_SESSION);
	const matches = constantTimeEqualBytes(found?.digest ?? DUMMY_DIGEST, secretDigest(parsed?.secret ?? ""));
	if (found === null || parsed === null || !matches) return fail("NOT_FOUND");
	const now = found.now ?? nowSeconds(ctx);
	const { session } = found;
	if (!isLive(session, now, settings) || found.user.disabled) return fail("NOT_FOUND");
	// Written at most once per interval: a busy session costs a read per request, not a write.
	const interval = touchIntervalSeconds(settings);
	if (now - session.lastUsedAt >= interval) {
		await ctx.stores.sessions.touch(session.id, interval);
		session.lastUsedAt = now;
	}
	return ok({ session, user: found.user });
}

export async function getSession(ctx: AppContext, id: string): Promise<Session | null> {
	return ctx.stores.sessions.get(id, sessionSettings(ctx));
}

export async function listUserSessions(ctx: AppContext, userId: string): Promise<Session[]> {
	return ctx.stores.sessions.listForUser(userId, sessionSettings(ctx));
}

export const END_SESSION_ERRORS = ["NOT_FOUND"] as const;

/** Signs one session out; NOT_FOUND when it ended meanwhile. `data` marks the console's actions
 *  ({actor: "console"}). */
export async function endSession(ctx: AppContext, session: Session, reason: EndReason, data: EventData = {}): Promise<Result<void, typeof END_SESSION_ERRORS>> {
	const event = newEvent(ctx, "sessions_ended", { userId: session.userId, data: { reason, ...data } });
	const written = await ctx.stores.sessions.end(session.id, sessionSettings(ctx), event);
	if (written === null) return fail("NOT_FOUND");
	logEvent(ctx, written);
	return ok();
}

export const END_USER_SESSIONS_ERRORS = ["NOT_FOUND"] as const;

/** Signs the user out everywhere, or everywhere but `except` (a live session of this user, else
 *  NOT_FOUND and nothing ends). */
export async function endUserSessions(
	ctx: AppContext,
	userId: string,
	except: string | null,
	reason: EndReason,
	data: EventData = {},
): Promise<Result<void, typeof END_USER_SESSIONS_ERRORS>> {
	const event = newEvent(ctx, "sessions_ended", { userId, data: { reason, ...data } });
	const result = await ctx.stores.sessions.endForUser(userId, except, sessionSettings(ctx), event);
	if (result === "NOT_FOUND") return fail("NOT_FOUND");
	if (result !== null) logEvent(ctx, result);
	return ok();
}

/** Whether `sessionId` names a live session of this user: the `session_id` a credential change
 *  keeps must, or the call answers NOT_FOUND before anything else is judged. */
export async function isLiveSessionOf(ctx: AppContext, userId: string, sessionId: string): Promise<boolean> {
	const session = await getSession(ctx, sessionId);
	return session !== null && session.userId === userId;
}

/** True when a call names a `session_id` to keep that is not a live session of this user: it then
 *  answers NOT_FOUND before anything else is judged, and nothing changes. */
export async function keptSessionIsWrong(ctx: AppContext, userId: string, sessionId: string | undefined): Promise<boolean> {
	if (sessionId === undefined) return false;
	return !(isId(sessionId) && (await isLiveSessionOf(ctx, userId, sessionId)));
}

/** What a credential change ends in its own transaction: the user's sessions but `keep`. */
export function sessionEnding(ctx: AppContext, userId: string, reason: EndReason, keep: string | null = null, clientIp?: string, data: EventData = {}): SessionEnding {
	return {
		keep,
		// `data` marks who asked (the console's {actor}) beside the reason.
		event: newEvent(ctx, "sessions_ended", { userId, clientIp, data: { reason, ...data } }),
		now: nowSeconds(ctx),
		settings: sessionSettings(ctx),
	};
}

/** Records a correct second factor on the session (verify-2fa/totp with session_id). */
export async function markSecondFactor(ctx: AppContext, userId: string, sessionId: string): Promise<boolean> {
	return ctx.stores.sessions.markSecondFactor(sessionId, userId, sessionSettings(ctx));
}

