// The password reset flow: create a request (its code goes to the user's inbox), verify the
// code, then set a new password with the verified request.
import { accountClaim } from "../account-claims/claim.ts";
import type { AppContext } from "../../context.ts";
import { fail, ok, tooManyRequests, type Result } from "../../errors.ts";
import { constantTimeEqualBytes, hashCode } from "../../lib/constant-time.ts";
import { generateCode, generateId, isId } from "../../lib/ids.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";
import { logEvents, newEvent } from "../events/actions.ts";
import { checkCode } from "../code-attempts.ts";
import type { PasswordResetRequest } from "./store.ts";

export const CREATE_RESET_REQUEST_ERRORS = ["TOO_MANY_REQUESTS", "NOT_FOUND"] as const;

/** Under the reset-request limits of the user and the address. NOT_FOUND when the user was deleted
 *  after the call found them. */
export async function createPasswordResetRequest(
	ctx: AppContext,
	userId: string,
	clientIp: string | undefined,
): Promise<Result<PasswordResetRequest & { code: string }, typeof CREATE_RESET_REQUEST_ERRORS>> {
	const admitted = await ctx.limits.admitCodeRequest("passwordReset", userId, clientIp);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	const code = generateCode();
	const request = { id: generateId(), userId, emailVerified: false };
	// Only a digest is stored: the code is shown once, in this response, and never needed again.
	const stored = await ctx.stores.passwordResets.insert({ ...request, codeHash: hashCode(code) }, REQUEST_LIFETIME_SECONDS);
	if (stored === "NO_USER") return fail("NOT_FOUND");
	return ok({ ...request, ...stored, code });
}

export const VERIFY_RESET_EMAIL_ERRORS = ["NOT_FOUND", "INCORRECT_CODE"] as const;

/** The 5th incorrect code deletes the request; later calls find nothing (NOT_FOUND). `clientIp`
 *  (the body's canonical client_ip) goes into that deletion's security event. */
export async function verifyResetEmail(
	ctx: AppContext,
	requestId: string,
	code: string,
	clientIp?: string,
): Promise<Result<void, typeof VERIFY_RESET_EMAIL_ERRORS>> {
	const given = hashCode(code);
	const { check } = await checkCode(ctx, "password_reset", ctx.stores.passwordResets, requestId, (stored) => constantTimeEqualBytes(given, stored), clientIp);
	switch (check) {
		case "CORRECT":
			await ctx.stores.passwordResets.markEmailVerified(requestId);
			return ok();
		case "INCORRECT":
			return fail("INCORRECT_CODE");
		case "ABSENT":
			return fail("NOT_FOUND");
	}
}

export const RESET_PASSWORD_ERRORS = ["TOO_MANY_REQUESTS", "INVALID_REQUEST", "WEAK_PASSWORD"] as const;

/** As at sign-up (users/actions.ts): a password the local leak lists hold is refused before a
 *  hashing token is taken; the range API is asked after it. */
export async function resetPassword(ctx: AppContext, requestId: string, password: string, clientIp: string | undefined): Promise<Result<void, typeof RESET_PASSWORD_ERRORS>> {
	if (ctx.leakCheck.isLeakedLocally(password)) return fail("WEAK_PASSWORD");
	const admitted = await ctx.limits.admitHashing(clientIp);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	const request = isId(requestId) ? await ctx.stores.passwordResets.get(requestId) : null;
	if (request === null || !request.emailVerified) return fail("INVALID_REQUEST");
	if (await ctx.leakCheck.isLeakedOnline(password)) return fail("WEAK_PASSWORD");
	const passwordHash = await ctx.hasher.hash(password);
	const event = newEvent(ctx, "password_reset", { userId: request.userId, clientIp });
	// Every session ends: a reset is the way in for someone who fears their account is taken. On a
	// user whose email was not verified, the reset proves the address and claims the account
	// (account-claims/claim.ts); the new password is the one it keeps.
	const claim = accountClaim(ctx, { userId: request.userId, reason: "password_reset", passwordHash, clientIp });
	const reset = await ctx.stores.passwordResets.resetPassword(requestId, event, claim);
	if (reset === null) return fail("INVALID_REQUEST");
	logEvents(ctx, reset.written);
	return ok();
}
