// Creating users.
import { withData } from "../events/store.ts";
import { logSessionsEnded, sessionEnding } from "../sessions/actions.ts";
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { fail, ok, tooManyRequests, type Result } from "../../errors.ts";
import { generateCode, generateId } from "../../lib/ids.ts";
import { couldBeInEmail } from "../../lib/validation.ts";
import { logEvent, newEvent } from "../events/actions.ts";
import type { EventData } from "../events/store.ts";
import type { User, UserListQuery } from "./store.ts";

export const CREATE_USER_ERRORS = ["TOO_MANY_REQUESTS", "EMAIL_ALREADY_USED", "WEAK_PASSWORD"] as const;

/**
 * What costs nothing to refuse (an email in use, a password the local leak lists hold) is judged
 * before a token of the hashing bucket is taken, so a form where someone types weak passwords is
 * not locked by its own refusals. The range API (online mode) is asked after the token, which is
 * what bounds those calls.
 */
export async function createUser(ctx: AppContext, input: { email?: string; password: string; clientIp: string | undefined }): Promise<Result<User, typeof CREATE_USER_ERRORS>> {
	const email = input.email ?? null;
	// Checked before hashing to spare the work; the unique index still decides a race.
	if (email !== null && (await ctx.stores.users.isEmailTaken(email))) return fail("EMAIL_ALREADY_USED");
	if (ctx.leakCheck.isLeakedLocally(input.password)) return fail("WEAK_PASSWORD");
	const admitted = await ctx.limits.admitHashing(input.clientIp);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	if (await ctx.leakCheck.isLeakedOnline(input.password)) return fail("WEAK_PASSWORD");
	const passwordHash = await ctx.hasher.hash(input.password);
	const user: User = {
		id: generateId(),
		createdAt: nowSeconds(ctx),
		email,
		emailVerified: false,
		totpRegistered: false,
		recoveryCode: generateCode(),
		passwordLeaked: false,
		passwordSet: true,
	};
	const event = newEvent(ctx, "user_created", { userId: user.id, clientIp: input.clientIp });
	const inserted = await ctx.stores.users.insert({ ...user, passwordHash }, event);
	if (inserted === "EMAIL_ALREADY_USED") return fail(inserted);
	logEvent(ctx, event);
	return ok(user);
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
	const ending = sessionEnding(ctx, userId, "user_deleted");
	ending.event = withData(ending.event, data);
	if (!(await ctx.stores.users.delete(userId, event, ending))) return fail("NOT_FOUND");
	logSessionsEnded(ctx, ending);
	logEvent(ctx, event);
	return ok();
}
