// Creating users.
import { sessionEnding } from "../sessions/actions.ts";
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { fail, ok, tooManyRequests, type Failure, type Result } from "../../errors.ts";
import { NO_PASSWORD_HASH } from "../../lib/password-hash.ts";
import { generateCode, generateId } from "../../lib/ids.ts";
import { couldBeInEmail } from "../../lib/validation.ts";
import { logEvent, logEvents, newEvent } from "../events/actions.ts";
import type { EventData } from "../events/store.ts";
import type { Disable, User, UserListQuery } from "./store.ts";

export const CREATE_USER_ERRORS = ["TOO_MANY_REQUESTS", "EMAIL_ALREADY_USED", "WEAK_PASSWORD"] as const;

/**
 * What costs nothing to refuse (an email in use, a password the local leak lists hold) is judged
 * before a token of the hashing bucket is taken, so a form where someone types weak passwords is
 * not locked by its own refusals. The range API (online mode) is asked after the token, which is
 * what bounds those calls. A null password (the console's "email only") makes a user without one,
 * as an email sign-in's creation does: nothing is hashed, and every password check is incorrect
 * until a reset sets one. `data` marks the console's ({actor: "console"}).
 */
export async function createUser(
	ctx: AppContext,
	input: { email?: string; password: string | null; clientIp: string | undefined; data?: EventData },
): Promise<Result<User, typeof CREATE_USER_ERRORS>> {
	const email = input.email ?? null;
	// Checked before hashing to spare the work; the unique index still decides a race.
	if (email !== null && (await ctx.stores.users.isEmailTaken(email))) return fail("EMAIL_ALREADY_USED");
	const passwordHash = input.password === null ? NO_PASSWORD_HASH : await hashNewPassword(ctx, input.password, input.clientIp);
	if (typeof passwordHash !== "string") return passwordHash;
	const user: User = {
		id: generateId(),
		createdAt: nowSeconds(ctx),
		email,
		emailVerified: false,
		totpRegistered: false,
		recoveryCode: generateCode(),
		passwordLeaked: false,
		passwordSet: true,
		disabled: false,
		disabledUntil: null,
		disabledReason: null,
	};
	const event = newEvent(ctx, "user_created", { userId: user.id, clientIp: input.clientIp, data: input.data });
	const inserted = await ctx.stores.users.insert({ ...user, passwordHash }, event);
	if (inserted === "EMAIL_ALREADY_USED") return fail(inserted);
	logEvent(ctx, event);
	return ok(user);
}

/** The hash of a password being set at creation, or why not (the limits and leak lists as above). */
async function hashNewPassword(ctx: AppContext, password: string, clientIp: string | undefined): Promise<string | Failure<"TOO_MANY_REQUESTS" | "WEAK_PASSWORD">> {
	if (ctx.leakCheck.isLeakedLocally(password)) return fail("WEAK_PASSWORD");
	const admitted = await ctx.limits.admitHashing(clientIp);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	if (await ctx.leakCheck.isLeakedOnline(password)) return fail("WEAK_PASSWORD");
	return ctx.hasher.hash(password);
}

/**
 * One page of users. With an exact email (`email=`), the unique index finds the one user who holds
 * it, or none: the way an app finds the account for "forgot password".
 */
export async function listUsers(ctx: AppContext, query: UserListQuery & { exactEmail: string | null }): Promise<{ users: User[]; total: number }> {
	// A NUL, say, is in no stored email, and PostgreSQL text cannot even hold one.
	if (!couldBeInEmail(query.emailQuery)) return { users: [], total: 0 };
	if (query.exactEmail === null) return ctx.stores.users.list(query);
	const user = query.exactEmail === "" ? null : await ctx.stores.users.getByEmail(query.exactEmail);
	// Filters combine: an email_query as well keeps the user only if the address contains it.
	const matches = user === null || !user.email!.includes(query.emailQuery) ? [] : [user];
	return { users: matches.slice(query.offset, query.offset + query.limit), total: matches.length };
}

export const DELETE_USER_ERRORS = ["NOT_FOUND"] as const;

/** Everything the user owns goes with them. NOT_FOUND when there was no such user. */
export async function deleteUser(ctx: AppContext, userId: string, data: EventData = {}): Promise<Result<void, typeof DELETE_USER_ERRORS>> {
	const event = newEvent(ctx, "user_deleted", { userId, data });
	const ending = sessionEnding(ctx, userId, "user_deleted", null, undefined, data);
	const written = await ctx.stores.users.delete(userId, event, ending);
	if (written === null) return fail("NOT_FOUND");
	logEvents(ctx, written);
	return ok();
}

export const DISABLE_USER_ERRORS = ["NOT_FOUND", "INVALID_DATA"] as const;

/**
 * An operator's disable (API.md section 18): in one transaction, the user is disabled (a disable in
 * force has its reason and end replaced), every session of theirs ends (`sessions_ended`, reason
 * `user_disabled`) and `user_disabled` is recorded with the reason and the end. INVALID_DATA when
 * the end is not in the future by the store's clock (the database's on PostgreSQL), and nothing
 * changes. `data` marks the console's ({actor: "console"}).
 */
export async function disableUser(ctx: AppContext, userId: string, disable: Disable, data: EventData = {}): Promise<Result<User, typeof DISABLE_USER_ERRORS>> {
	const event = newEvent(ctx, "user_disabled", { userId, data: { reason: disable.reason, until: disable.until, ...data } });
	const ending = sessionEnding(ctx, userId, "user_disabled", null, undefined, data);
	const outcome = await ctx.stores.users.disable(userId, disable, event, ending);
	switch (outcome.outcome) {
		case "DISABLED":
			logEvents(ctx, outcome.written);
			return ok(outcome.user);
		case "UNTIL_PASSED":
			return fail("INVALID_DATA");
		case "NOT_FOUND":
			return fail("NOT_FOUND");
	}
}

export const ENABLE_USER_ERRORS = ["NOT_FOUND"] as const;

/** Ends an operator's disable; `user_enabled` is recorded only when one was in force (enabling an
 *  enabled user, or one whose disable ended by itself, changes nothing). */
export async function enableUser(ctx: AppContext, userId: string, data: EventData = {}): Promise<Result<User, typeof ENABLE_USER_ERRORS>> {
	const enabled = await ctx.stores.users.enable(userId, newEvent(ctx, "user_enabled", { userId, data }));
	if (enabled === null) return fail("NOT_FOUND");
	logEvents(ctx, enabled.written);
	return ok(enabled.user);
}
