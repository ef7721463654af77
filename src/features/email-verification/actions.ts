// Email verification: a code goes to the user's address; giving it back proves the address.
import type { AppContext } from "../../context.ts";
import { fail, ok, tooManyRequests, type Result } from "../../errors.ts";
import { codesMatch } from "../../lib/constant-time.ts";
import { generateCode } from "../../lib/ids.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";
import { checkCode } from "../code-attempts.ts";
import { logEvent, newEvent } from "../events/actions.ts";
import type { EmailVerificationRequest } from "./store.ts";

export const CREATE_VERIFICATION_REQUEST_ERRORS = ["TOO_MANY_REQUESTS", "NOT_FOUND"] as const;

/**
 * Under the verification-request limits of the user and the address. NOT_FOUND when the user was
 * deleted after the call found them.
 * A user without a stored email may have a request too (as in Faroe 0.2): the app keeps the
 * address and sends the code, and @faroe/sdk creates users without an email.
 */
export async function createEmailVerificationRequest(
	ctx: AppContext,
	userId: string,
	clientIp: string | undefined,
): Promise<Result<EmailVerificationRequest, typeof CREATE_VERIFICATION_REQUEST_ERRORS>> {
	const admitted = await ctx.limits.admitCodeRequest("emailVerification", userId, clientIp);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	const request = { userId, code: generateCode() };
	const stored = await ctx.stores.emailVerifications.replace(request, REQUEST_LIFETIME_SECONDS);
	if (stored === "NO_USER") return fail("NOT_FOUND");
	return ok({ ...request, ...stored });
}

export const VERIFY_EMAIL_ERRORS = ["NOT_ALLOWED", "INCORRECT_CODE"] as const;

/** A correct code verifies the user's email and consumes the request; the 5th incorrect one deletes
 *  it (a security event, with `clientIp`). NOT_ALLOWED when there is no live request. */
export async function verifyUserEmail(
	ctx: AppContext,
	userId: string,
	code: string,
	clientIp?: string,
): Promise<Result<void, typeof VERIFY_EMAIL_ERRORS>> {
	const { check } = await checkCode(ctx, "email_verification", ctx.stores.emailVerifications, userId, (stored) => codesMatch(stored, code), clientIp);
	switch (check) {
		case "CORRECT":
			const event = newEvent(ctx, "email_verified", { userId, clientIp });
			await ctx.stores.emailVerifications.verifyEmail(userId, event);
			logEvent(ctx, event);
			return ok();
		case "INCORRECT":
			return fail("INCORRECT_CODE");
		case "ABSENT":
			return fail("NOT_ALLOWED");
	}
}
