// Creating and deleting users.
import type { AppContext } from "../../http/env.ts";
import { nowSeconds } from "../../http/env.ts";
import { generateCode, generateId } from "../../lib/ids.ts";
import { hashPassword } from "../../lib/password-hash.ts";
import { isUniqueViolation } from "../../lib/sqlite-errors.ts";
import type { User } from "./store.ts";

export type CreateUserResult = { ok: true; user: User } | { ok: false; error: "EMAIL_ALREADY_USED" | "WEAK_PASSWORD" };

export async function createUser(ctx: AppContext, input: { email?: string; password: string }): Promise<CreateUserResult> {
	const email = input.email ?? null;
	// Checked before hashing to spare the work; the unique index still decides a race.
	if (email !== null && ctx.stores.users.isEmailTaken(email)) return { ok: false, error: "EMAIL_ALREADY_USED" };
	if (await ctx.leakCheck.isLeaked(input.password)) return { ok: false, error: "WEAK_PASSWORD" };
	const passwordHash = await hashPassword(input.password);
	const user: User = {
		id: generateId(),
		createdAt: nowSeconds(ctx),
		email,
		emailVerified: false,
		totpRegistered: false,
		recoveryCode: generateCode(),
	};
	try {
		ctx.stores.users.insert({ ...user, passwordHash });
	} catch (error) {
		if (isUniqueViolation(error)) return { ok: false, error: "EMAIL_ALREADY_USED" };
		throw error;
	}
	return { ok: true, user };
}
