// The password reset flow: create a request (its code goes to the user's inbox), verify the
// code, then set a new password with the verified request.
import type { AppContext } from "../../http/env.ts";
import { nowSeconds } from "../../http/env.ts";
import { hashCode } from "../../lib/constant-time.ts";
import { generateCode, generateId, isId } from "../../lib/ids.ts";
import { hashPassword } from "../../lib/password-hash.ts";
import type { PasswordResetRequest } from "./store.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";

export function createPasswordResetRequest(ctx: AppContext, userId: string): { request: PasswordResetRequest; code: string } {
	const createdAt = nowSeconds(ctx);
	const code = generateCode();
	const request: PasswordResetRequest = {
		id: generateId(),
		userId,
		createdAt,
		expiresAt: createdAt + REQUEST_LIFETIME_SECONDS,
		emailVerified: false,
	};
	// Only a digest is stored: the code is shown once, in this response, and never needed again.
	ctx.stores.passwordResets.insert({ ...request, codeHash: hashCode(code) });
	return { request, code };
}

export type ResetPasswordResult = "RESET" | "INVALID_REQUEST" | "WEAK_PASSWORD";

export async function resetPassword(ctx: AppContext, requestId: string, password: string): Promise<ResetPasswordResult> {
	const request = isId(requestId) ? ctx.stores.passwordResets.get(requestId, nowSeconds(ctx)) : null;
	if (request === null || !request.emailVerified) return "INVALID_REQUEST";
	if (await ctx.leakCheck.isLeaked(password)) return "WEAK_PASSWORD";
	const passwordHash = await hashPassword(password);
	const userId = ctx.stores.passwordResets.resetPassword(requestId, passwordHash, nowSeconds(ctx));
	return userId === null ? "INVALID_REQUEST" : "RESET";
}
