// Sign-in by email code (API.md section 14): a request for an email (known or not), then its code.
// Holm makes and checks the code; the application mails it, as it does for resets.
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { fail, ok, tooManyRequests, type Result } from "../../errors.ts";
import { constantTimeEqualBytes, hashCode } from "../../lib/constant-time.ts";
import { generateCode, generateId } from "../../lib/ids.ts";
import { NO_PASSWORD_HASH } from "../../lib/password-hash.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";
import { accountClaim } from "../account-claims/claim.ts";
import { checkCode } from "../code-attempts.ts";
import { logEvents, newEvent, recordEvent } from "../events/actions.ts";
import { DISABLED_SIGN_IN } from "../users/disabled.ts";
import type { User } from "../users/store.ts";
import type { EmailSignInRequest } from "./store.ts";

export const CREATE_EMAIL_SIGN_IN_ERRORS = ["TOO_MANY_REQUESTS"] as const;

/**
 * Made whether or not a user holds the email, by the same steps (the limits, one read of the user
 * by email, one write of the request), so neither the answer nor its time tells which emails have
 * accounts.
 */
export async function createEmailSignInRequest(
	ctx: AppContext,
	email: string,
	clientIp: string | undefined,
): Promise<Result<EmailSignInRequest & { code: string }, typeof CREATE_EMAIL_SIGN_IN_ERRORS>> {
	const admitted = await ctx.limits.admitEmailSignInRequest(email, clientIp);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	const holder = await ctx.stores.users.getByEmail(email);
	const code = generateCode();
	const request = { id: generateId(), userId: holder?.id ?? null, email };
	// Only a digest is stored: the code is shown once, in this response, and never needed again.
	const stored = await ctx.stores.emailSignIns.replace({ ...request, codeHash: hashCode(code) }, REQUEST_LIFETIME_SECONDS);
	return ok({ ...request, ...stored, code });
}

export const VERIFY_EMAIL_SIGN_IN_ERRORS = ["INVALID_REQUEST", "INCORRECT_CODE", "EMAIL_ALREADY_USED", "USER_DISABLED"] as const;

/**
 * A correct code uses the request up in one atomic step (the store's signIn), and signs in the user
 * who held the email when the request was made, claiming the account when its email was not
 * verified (account-claims/claim.ts: the code proves the address); with `createUser`, a request that named nobody
 * creates a passwordless user with the email verified. The per-user password block is not asked:
 * guessing passwords must not lock a user out of this way in. The 5th incorrect code deletes the
 * request (checkCode). A correct code for a disabled user (API.md section 18) is used up and answers
 * USER_DISABLED: no claim, no verified email, no sign-in, but a sign_in_failed.
 */
export async function verifyEmailSignIn(
	ctx: AppContext,
	input: { requestId: string; code: string; clientIp: string | undefined; createUser: boolean },
): Promise<Result<{ user: User | null; created: boolean; claimed: boolean }, typeof VERIFY_EMAIL_SIGN_IN_ERRORS>> {
	const given = hashCode(input.code);
	// The attempt's count names the request's user: the request is read once, by the statement that counts.
	const { check, userId } = await checkCode(ctx, "email_sign_in", ctx.stores.emailSignIns, input.requestId, (stored) => constantTimeEqualBytes(given, stored), input.clientIp);
	switch (check) {
		case "ABSENT":
			return fail("INVALID_REQUEST");
		case "INCORRECT":
			await recordEvent(ctx, newEvent(ctx, "sign_in_failed", { userId, clientIp: input.clientIp, data: { method: "email_code" } }));
			return fail("INCORRECT_CODE");
		case "CORRECT":
			break;
	}
	const about = { userId: null, clientIp: input.clientIp };
	const outcome = await ctx.stores.emailSignIns.signIn(input.requestId, {
		now: nowSeconds(ctx),
		newUser: input.createUser
			? { id: generateId(), createdAt: nowSeconds(ctx), passwordHash: NO_PASSWORD_HASH, recoveryCode: generateCode() }
			: null,
		events: {
			signIn: newEvent(ctx, "sign_in", { ...about, data: { method: "email_code" } }),
			userCreated: newEvent(ctx, "user_created", { ...about, data: { method: "email_code" } }),
			emailVerified: newEvent(ctx, "email_verified", about),
			refused: newEvent(ctx, "sign_in_failed", { ...about, data: { method: "email_code", ...DISABLED_SIGN_IN } }),
		},
		claim: accountClaim(ctx, { userId: null, reason: "account_claimed", passwordHash: NO_PASSWORD_HASH, clientIp: input.clientIp }),
	});
	if (outcome.result === "USER_DISABLED") {
		logEvents(ctx, outcome.events);
		return fail(outcome.result);
	}
	if (outcome.result !== "SIGNED_IN") return fail(outcome.result);
	logEvents(ctx, outcome.events);
	return ok({ user: outcome.user, created: outcome.created, claimed: outcome.claimed });
}
