// Checking and changing passwords.
import type { AppContext } from "../../http/env.ts";
import { hashPassword, verifyAgainstNothing, verifyPasswordHash } from "../../lib/password-hash.ts";
import type { User } from "../users/store.ts";

export type VerifyPasswordResult = "CORRECT" | "INCORRECT_PASSWORD" | "NOT_FOUND";

export async function verifyUserPassword(ctx: AppContext, userId: string, password: string): Promise<VerifyPasswordResult> {
	const hash = ctx.stores.users.getPasswordHash(userId);
	if (hash === null) return "NOT_FOUND";
	return (await verifyPasswordHash(password, hash)) ? "CORRECT" : "INCORRECT_PASSWORD";
}

export type AuthenticateResult = { ok: true; user: User } | { ok: false; error: "NOT_FOUND" | "INCORRECT_PASSWORD" };

export async function authenticateWithPassword(ctx: AppContext, email: string, password: string): Promise<AuthenticateResult> {
	const user = ctx.stores.users.getByEmail(email);
	if (user === null) {
		// Same cost as a wrong password, so timing does not tell which emails have accounts.
		await verifyAgainstNothing(password);
		return { ok: false, error: "NOT_FOUND" };
	}
	const verdict = await verifyUserPassword(ctx, user.id, password);
	if (verdict !== "CORRECT") return { ok: false, error: verdict };
	return { ok: true, user };
}

export type UpdatePasswordResult = "UPDATED" | "INCORRECT_PASSWORD" | "WEAK_PASSWORD" | "NOT_FOUND";

export async function updateUserPassword(
	ctx: AppContext,
	userId: string,
	input: { password: string; newPassword: string },
): Promise<UpdatePasswordResult> {
	const verdict = await verifyUserPassword(ctx, userId, input.password);
	if (verdict !== "CORRECT") return verdict;
	if (await ctx.leakCheck.isLeaked(input.newPassword)) return "WEAK_PASSWORD";
	const passwordHash = await hashPassword(input.newPassword);
	return ctx.stores.passwords.updatePassword(userId, passwordHash) ? "UPDATED" : "NOT_FOUND";
}
