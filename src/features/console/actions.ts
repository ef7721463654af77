// What the console reads and does, in terms of the features' own work functions and stores, so it
// answers as the API does. Nothing here returns a password, hash, code, TOTP key or recovery code:
// each view below is a list of the fields that may be shown, never a spread of a stored row.
import { endSession, endUserSessions, getSession, listUserSessions, sessionSettings } from "../sessions/actions.ts";
import { sessionAnswer, shownSession } from "../sessions/schemas.ts";
import { deviceOf } from "./device.ts";
import packageJson from "../../../package.json" with { type: "json" };
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { isId } from "../../lib/ids.ts";
import { isValidEmail, normalizeEmail } from "../../lib/validation.ts";
import { newEvent, recordEvent, unblockUser } from "../events/actions.ts";
import { eventAnswer } from "../events/schemas.ts";
import { EVENT_TYPES, type EventData } from "../events/store.ts";
import { deletePasskey } from "../passkeys/actions.ts";
import { deleteTotpCredential } from "../two-factor/actions.ts";
import { passkeyAnswer } from "../passkeys/schemas.ts";
import { deleteIdentity } from "../identity-providers/actions.ts";
import { identityAnswer } from "../identity-providers/schemas.ts";
import { createUser, deleteUser, disableUser, enableUser, listUsers } from "../users/actions.ts";
import type { Disable, SortOrder, User, UserSortBy } from "../users/store.ts";
import { HashingUnavailableError } from "../../lib/password-hash.ts";
import type { Failure } from "../../errors.ts";

/** What every event of a console action carries, so the feed tells it from the API's. */
const BY_CONSOLE: EventData = { actor: "console" };

/** Events on a user's page. */
const USER_EVENTS = 20;
/** Events on a page of the feed. */
const FEED_EVENTS = 50;

/** A user as the console shows them: no recovery code; a disable's reason (which the API's user
 *  does not show) while it is in force. */
function consoleUserJSON(user: User) {
	return {
		id: user.id,
		created_at: user.createdAt,
		email: user.email,
		email_verified: user.emailVerified,
		totp_registered: user.totpRegistered,
		password_leaked: user.passwordLeaked,
		disabled: user.disabled,
		disabled_until: user.disabledUntil,
		disabled_reason: user.disabledReason,
	};
}

/** The rows of a page of the user list: each user, how many passkeys, and whether a password block
 *  or second-factor lock holds now. Two reads for the whole page, whatever its size: the
 *  database's facts about its users, and the password blocks; neither writes. */
export async function listedUsersJSON(ctx: AppContext, users: readonly User[]) {
	const ids = users.map((user) => user.id);
	const [facts, passwordBlocks] = await Promise.all([ctx.stores.console.listedUserFacts(ids), ctx.limits.usersPasswordBlockedUntil(ids)]);
	return users.map((user) => {
		const fact = facts.get(user.id);
		return { ...consoleUserJSON(user), passkeys: fact?.passkeys ?? 0, blocked: passwordBlocks.has(user.id) || fact?.secondFactorLocked === true };
	});
}

/** `password_leaked` lists the users whose password was found leaked after it was set (the text is
 *  not used), newest first or oldest first by created_at. */
type UserSearchMode = "auto" | "email" | "email_part" | "id" | "password_leaked";

interface UserSearch {
	text: string;
	mode: UserSearchMode;
	sortBy: UserSortBy;
	sortOrder: SortOrder;
	page: number;
	perPage: number;
}

/**
 * One page of users, through GET /users's own functions: an id by its primary key, an exact
 * address by the unique index, a part of an address by the email filter. `auto` reads an id as an
 * id, a whole address as that address (and as a part when no one holds it: "ann@example.co" is
 * a whole address and part of others), anything else as a part.
 */
export async function searchUsers(ctx: AppContext, search: UserSearch): Promise<{ users: User[]; total: number }> {
	const text = search.text.trim();
	if (search.mode === "auto" && text !== "") {
		if (isId(text)) return searchUsers(ctx, { ...search, mode: "id" });
		if (!isValidEmail(normalizeEmail(text))) return searchUsers(ctx, { ...search, mode: "email_part" });
		const exact = await searchUsers(ctx, { ...search, mode: "email" });
		return exact.total > 0 ? exact : searchUsers(ctx, { ...search, mode: "email_part" });
	}
	const mode = search.mode;
	const offset = (search.page - 1) * search.perPage;
	if (mode === "password_leaked") return ctx.stores.users.listPasswordLeaked({ sortOrder: search.sortOrder, limit: search.perPage, offset });
	if (mode === "id") {
		const user = isId(text) ? await ctx.stores.users.get(text) : null;
		return { users: user === null || offset > 0 ? [] : [user], total: user === null ? 0 : 1 };
	}
	const email = normalizeEmail(text);
	return listUsers(ctx, {
		sortBy: search.sortBy,
		sortOrder: search.sortOrder,
		limit: search.perPage,
		offset,
		emailQuery: mode === "email_part" ? email : "",
		exactEmail: mode === "email" ? (isValidEmail(email) ? email : "") : null,
	});
}

/** Until when (whole seconds) the user's password checks are blocked, by the limits in force; null
 *  when they are not. */
async function passwordBlockUntil(ctx: AppContext, userId: string): Promise<number | null> {
	const until = (await ctx.limits.usersPasswordBlockedUntil([userId])).get(userId);
	return until === undefined ? null : Math.ceil(until / 1000);
}

/** Everything the user's page shows, or null when there is no such user. */
export async function describeUser(ctx: AppContext, userId: string) {
	const user = isId(userId) ? await ctx.stores.users.get(userId) : null;
	if (user === null) return null;
	const now = nowSeconds(ctx);
	const [totp, passkeys, identities, resets, verification, updates, locks, passwordBlock, events, sessions] = await Promise.all([
		ctx.stores.twoFactor.getCredential(user.id),
		ctx.stores.passkeys.listForUser(user.id),
		ctx.stores.identities.listForUser(user.id),
		ctx.stores.passwordResets.listForUser(user.id),
		ctx.stores.emailVerifications.get(user.id),
		ctx.stores.emailUpdates.listForUser(user.id),
		ctx.stores.console.secondFactorLocks(user.id),
		passwordBlockUntil(ctx, user.id),
		ctx.stores.console.recentEvents({ userId: user.id, type: null, since: null, before: null, limit: USER_EVENTS }),
		listUserSessions(ctx, user.id),
	]);
	return {
		/** The server's time, so that the page says "in 9 min" by the clock that decides. */
		now,
		user: consoleUserJSON(user),
		totp: totp === null ? null : { created_at: totp.createdAt },
		// The API's passkey model, which holds neither the public key nor the counter.
		passkeys: passkeys.map(passkeyAnswer.json),
		// The API's identity model: the provider, its subject and what it said of the email.
		identities: identities.map(identityAnswer.json),
		requests: {
			password_reset: resets.map((r) => ({ created_at: r.createdAt, expires_at: r.expiresAt, email_verified: r.emailVerified })),
			email_verification: verification === null ? [] : [{ created_at: verification.createdAt, expires_at: verification.expiresAt }],
			email_update: updates.map((r) => ({ created_at: r.createdAt, expires_at: r.expiresAt, email: r.email })),
		},
		blocks: {
			password_until: passwordBlock,
			second_factor: locks.map((l) => ({ check: l.check, failed_attempts: l.failedAttempts, locked_until: l.lockedUntil, lock_count: l.lockCount })),
		},
		// Newest first; `data` never holds a password, code, key, hash, secret or request id.
		events: events.map(({ event }) => eventAnswer.json(event)),
		// Most recently used first; never a token or a digest. `device` is the user agent as a person
		// says it ("Chrome on macOS").
		sessions: sessions.map((session) => ({ ...sessionAnswer.json(shownSession(session, sessionSettings(ctx))), device: deviceOf(session.userAgent) })),
	};
}

/** The overview: how many users, how busy hashing is, which build on which database. */
export async function describeService(ctx: AppContext) {
	const { total } = await listUsers(ctx, { sortBy: "created_at", sortOrder: "ascending", limit: 1, offset: 0, emailQuery: "", exactEmail: null });
	const events24h = await ctx.stores.console.eventCounts(nowSeconds(ctx) - 24 * 60 * 60);
	const sessions = await ctx.stores.sessions.countLive(sessionSettings(ctx));
	return {
		users: total,
		sessions,
		events_24h: events24h,
		hashing: ctx.hasher.load(),
		version: packageJson.version,
		database: ctx.storage.kind,
	};
}

/** Deleting a user is confirmed by typing their email or id: a slip of the mouse deletes no one. */
export async function deleteUserConfirmed(ctx: AppContext, userId: string, typed: string): Promise<"DELETED" | "NOT_FOUND" | "NOT_CONFIRMED"> {
	const user = isId(userId) ? await ctx.stores.users.get(userId) : null;
	if (user === null) return "NOT_FOUND";
	const given = typed.trim();
	const confirmed = given === user.id || (user.email !== null && normalizeEmail(given) === user.email);
	if (!confirmed) return "NOT_CONFIRMED";
	return (await deleteUser(ctx, user.id, BY_CONSOLE)).ok ? "DELETED" : "NOT_FOUND";
}

export async function removeTotp(ctx: AppContext, userId: string): Promise<boolean> {
	return isId(userId) && (await deleteTotpCredential(ctx, userId, null, BY_CONSOLE)).ok;
}

/** Ends one of the user's sessions (the sessions_ended event, reason console). */
export async function endUserSession(ctx: AppContext, userId: string, sessionId: string): Promise<boolean> {
	const session = isId(sessionId) ? await getSession(ctx, sessionId) : null;
	if (session === null || session.userId !== userId) return false;
	return (await endSession(ctx, session, "console", BY_CONSOLE)).ok;
}

/** Ends every session of the user. */
export async function endAllUserSessions(ctx: AppContext, userId: string): Promise<boolean> {
	if (!isId(userId) || (await ctx.stores.users.get(userId)) === null) return false;
	return (await endUserSessions(ctx, userId, null, "console", BY_CONSOLE)).ok;
}

/** The passkey, by its id, through the passkeys feature (the passkey_deleted event). */
export async function removePasskey(ctx: AppContext, passkeyId: string): Promise<boolean> {
	return (await deletePasskey(ctx, passkeyId, null, BY_CONSOLE)).ok;
}

/** The identity, by its id, through the identity-providers feature (the identity_unlinked event;
 *  every session of the user ends, as the console's removals do). */
export async function removeIdentity(ctx: AppContext, identityId: string): Promise<boolean> {
	const identity = isId(identityId) ? await ctx.stores.identities.get(identityId) : null;
	return identity !== null && (await deleteIdentity(ctx, identity, null, BY_CONSOLE)).ok;
}

/** Ends the user's password block and second-factor locks (the user_unblocked event). */
export async function unblock(ctx: AppContext, userId: string): Promise<boolean> {
	return isId(userId) && (await unblockUser(ctx, userId, BY_CONSOLE)).ok;
}

/** Disables the user through the users feature (API.md section 18): their sessions end, and every
 *  way in is refused. INVALID_DATA when the end has passed. */
export async function disable(ctx: AppContext, userId: string, asked: Disable): Promise<"DISABLED" | "NOT_FOUND" | "INVALID_DATA"> {
	if (!isId(userId)) return "NOT_FOUND";
	const done = await disableUser(ctx, userId, asked, BY_CONSOLE);
	return done.ok ? "DISABLED" : done.error;
}

/** Ends a disable (the user_enabled event, when one was in force). */
export async function enable(ctx: AppContext, userId: string): Promise<boolean> {
	return isId(userId) && (await enableUser(ctx, userId, BY_CONSOLE)).ok;
}

/**
 * Creates a user (issue 41) through POST /users's own function: with a password, checked and
 * limited as there (the hashing bucket of no address, the leak lists); without one, a user who
 * signs in by email code or sets a password through a reset. The console never sees the password
 * again, nor the recovery code.
 */
export async function createUserByConsole(
	ctx: AppContext,
	input: { email: string; password: string | null },
): Promise<{ ok: true; id: string } | Failure<"EMAIL_ALREADY_USED" | "WEAK_PASSWORD" | "TOO_MANY_REQUESTS" | "UNAVAILABLE">> {
	try {
		const created = await createUser(ctx, { email: input.email, password: input.password, clientIp: undefined, data: BY_CONSOLE });
		return created.ok ? { ok: true, id: created.value.id } : created;
	} catch (error) {
		if (!(error instanceof HashingUnavailableError)) throw error;
		ctx.metrics.hashingRejected();
		// As the API's 503: worth trying again in a few seconds.
		return { ok: false, error: "UNAVAILABLE", retryAfterSeconds: 5 };
	}
}

interface EventFeedQuery {
	type: string | null;
	userId: string | null;
	hours: number | null;
	before: number | null;
}

/** A page of the feed, newest first, and where the next (older) page starts. */
export async function eventFeed(ctx: AppContext, query: EventFeedQuery) {
	const since = query.hours === null ? null : nowSeconds(ctx) - query.hours * 60 * 60;
	const rows = await ctx.stores.console.recentEvents({ userId: query.userId, type: query.type, since, before: query.before, limit: FEED_EVENTS });
	// The email of each user who still exists, so the feed reads as people rather than ids.
	const userIds = [...new Set(rows.flatMap(({ event }) => (event.userId === null ? [] : [event.userId])))];
	const emails = await ctx.stores.console.userEmails(userIds);
	return {
		events: rows.map(({ event }) => ({ ...eventAnswer.json(event), user_email: event.userId === null ? null : (emails.get(event.userId) ?? null), user_exists: event.userId !== null && emails.has(event.userId) })),
		older: rows.length === FEED_EVENTS ? String(rows[rows.length - 1]!.seq) : null,
		types: EVENT_TYPES,
	};
}

/** Deletes every pending reset, email verification and email update request of the user. */
export async function deletePendingRequests(ctx: AppContext, userId: string): Promise<boolean> {
	const user = isId(userId) ? await ctx.stores.users.get(userId) : null;
	if (user === null) return false;
	await ctx.stores.passwordResets.deleteForUser(user.id);
	await ctx.stores.emailVerifications.delete(user.id);
	await ctx.stores.emailUpdates.deleteForUser(user.id);
	await recordEvent(ctx, newEvent(ctx, "requests_deleted", { userId: user.id, data: BY_CONSOLE }));
	return true;
}
