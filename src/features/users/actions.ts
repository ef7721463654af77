// Creating users.
import { nowSeconds, type AppContext } from "../../context.ts";
import { generateCode, generateId } from "../../lib/ids.ts";
import { couldBeInEmail } from "../../lib/validation.ts";
import { logEvent, newEvent } from "../events/actions.ts";
import type { User, UserListQuery } from "./store.ts";

export type CreateUserResult = { ok: true; user: User } | { ok: false; error: "EMAIL_ALREADY_USED" | "WEAK_PASSWORD" };

export async function createUser(ctx: AppContext, input: { email?: string; password: string; client_ip?: string }): Promise<CreateUserResult> {
	const email = input.email ?? null;
	// Checked before hashing to spare the work; the unique index still decides a race.
	if (email !== null && (await ctx.stores.users.isEmailTaken(email))) return { ok: false, error: "EMAIL_ALREADY_USED" };
	if (await ctx.leakCheck.isLeaked(input.password)) return { ok: false, error: "WEAK_PASSWORD" };
	const passwordHash = await ctx.hasher.hash(input.password);
	const user: User = {
		id: generateId(),
		createdAt: nowSeconds(ctx),
		email,
		emailVerified: false,
		totpRegistered: false,
		recoveryCode: generateCode(),
	};
	const event = newEvent(ctx, "user_created", { userId: user.id, clientIp: input.client_ip });
	const inserted = await ctx.stores.users.insert({ ...user, passwordHash }, event);
	if (inserted === "EMAIL_ALREADY_USED") return { ok: false, error: inserted };
	logEvent(ctx, event);
	return { ok: true, user };
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

/** Everything the user owns goes with them. False when there was no such user. */
export async function deleteUser(ctx: AppContext, userId: string): Promise<boolean> {
	const event = newEvent(ctx, "user_deleted", { userId });
	if (!(await ctx.stores.users.delete(userId, event))) return false;
	logEvent(ctx, event);
	return true;
}
