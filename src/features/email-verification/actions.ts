// Email verification: a code goes to the user's address; giving it back proves the address.
import { nowSeconds, type AppContext } from "../../context.ts";
import { codesMatch } from "../../lib/constant-time.ts";
import { generateCode } from "../../lib/ids.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";
import { checkCode } from "../code-attempts.ts";
import { logEvent, newEvent } from "../events/actions.ts";
import type { EmailVerificationRequest } from "./store.ts";

export type CreateVerificationRequestResult = { ok: true; request: EmailVerificationRequest } | { ok: false; error: "NOT_FOUND" };

/**
 * NOT_FOUND when the user was deleted after the call found them.
 * A user without a stored email may have a request too (as in Faroe 0.2): the app keeps the
 * address and sends the code, and @faroe/sdk creates users without an email.
 */
export async function createEmailVerificationRequest(ctx: AppContext, userId: string): Promise<CreateVerificationRequestResult> {
	const createdAt = nowSeconds(ctx);
	const request: EmailVerificationRequest = {
		userId,
		createdAt,
		expiresAt: createdAt + REQUEST_LIFETIME_SECONDS,
		code: generateCode(),
	};
	if ((await ctx.stores.emailVerifications.replace(request)) === "NO_USER") return { ok: false, error: "NOT_FOUND" };
	return { ok: true, request };
}

/** A correct code verifies the user's email and consumes the request; the 5th incorrect one deletes
 *  it (a security event, with `clientIp`). NOT_ALLOWED when there is no live request. */
export async function verifyUserEmail(
	ctx: AppContext,
	userId: string,
	code: string,
	clientIp?: string,
): Promise<"VERIFIED" | "INCORRECT_CODE" | "NOT_ALLOWED"> {
	const check = await checkCode(ctx, "email_verification", ctx.stores.emailVerifications, userId, (stored) => codesMatch(stored, code), clientIp);
	switch (check) {
		case "CORRECT":
			const event = newEvent(ctx, "email_verified", { userId, clientIp });
			await ctx.stores.emailVerifications.verifyEmail(userId, event);
			logEvent(ctx, event);
			return "VERIFIED";
		case "INCORRECT":
			return "INCORRECT_CODE";
		case "ABSENT":
			return "NOT_ALLOWED";
	}
}
