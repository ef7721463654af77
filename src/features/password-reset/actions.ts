// The password reset flow: create a request (its code goes to the user's inbox), verify the
// code, then set a new password with the verified request.
import { nowSeconds, type AppContext } from "../../context.ts";
import { tooManyRequests, type TooManyRequests } from "../../errors.ts";
import { constantTimeEqualBytes, hashCode } from "../../lib/constant-time.ts";
import { generateCode, generateId, isId } from "../../lib/ids.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";
import { logEvent, newEvent } from "../events/actions.ts";
import { checkCode } from "../code-attempts.ts";
import type { PasswordResetRequest } from "./store.ts";

export type CreateResetRequestResult = { ok: true; request: PasswordResetRequest; code: string } | { ok: false; error: "NOT_FOUND" };

/** NOT_FOUND when the user was deleted after the call found them. */
export async function createPasswordResetRequest(ctx: AppContext, userId: string): Promise<CreateResetRequestResult> {
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
	if ((await ctx.stores.passwordResets.insert({ ...request, codeHash: hashCode(code) })) === "NO_USER") return { ok: false, error: "NOT_FOUND" };
	return { ok: true, request, code };
}

/** The 5th incorrect code deletes the request; later calls find nothing (NOT_FOUND). `clientIp`
 *  (the body's canonical client_ip) goes into that deletion's security event. */
export async function verifyResetEmail(
	ctx: AppContext,
	requestId: string,
	code: string,
	clientIp?: string,
): Promise<"VERIFIED" | "INCORRECT_CODE" | "NOT_FOUND"> {
	const given = hashCode(code);
	const check = await checkCode(ctx, "password_reset", ctx.stores.passwordResets, requestId, (stored) => constantTimeEqualBytes(given, stored), clientIp);
	switch (check) {
		case "CORRECT":
			await ctx.stores.passwordResets.markEmailVerified(requestId);
			return "VERIFIED";
		case "INCORRECT":
			return "INCORRECT_CODE";
		case "ABSENT":
			return "NOT_FOUND";
	}
}

export type ResetPasswordResult = { ok: true } | { ok: false; failure: { error: "INVALID_REQUEST" | "WEAK_PASSWORD" } | TooManyRequests };

/** As at sign-up (users/actions.ts): a password the local leak lists hold is refused before a
 *  hashing token is taken; the range API is asked after it. */
export async function resetPassword(ctx: AppContext, requestId: string, password: string, clientIp: string | undefined): Promise<ResetPasswordResult> {
	if (ctx.leakCheck.isLeakedLocally(password)) return { ok: false, failure: { error: "WEAK_PASSWORD" } };
	const admitted = await ctx.limits.admitHashing(clientIp);
	if (!admitted.allowed) return { ok: false, failure: tooManyRequests(admitted.retryAfterMs) };
	const request = isId(requestId) ? await ctx.stores.passwordResets.get(requestId) : null;
	if (request === null || !request.emailVerified) return { ok: false, failure: { error: "INVALID_REQUEST" } };
	if (await ctx.leakCheck.isLeakedOnline(password)) return { ok: false, failure: { error: "WEAK_PASSWORD" } };
	const passwordHash = await ctx.hasher.hash(password);
	const event = newEvent(ctx, "password_reset", { userId: request.userId, clientIp });
	const userId = await ctx.stores.passwordResets.resetPassword(requestId, passwordHash, event);
	if (userId === null) return { ok: false, failure: { error: "INVALID_REQUEST" } };
	logEvent(ctx, event);
	return { ok: true };
}
