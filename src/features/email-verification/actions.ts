// Email verification: a code goes to the user's current address; giving it back proves the address.
import type { AppContext } from "../../http/env.ts";
import { nowSeconds } from "../../http/env.ts";
import { generateCode } from "../../lib/ids.ts";
import type { User } from "../users/store.ts";
import type { EmailVerificationRequest } from "./store.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";

export type CreateVerificationResult = { ok: true; request: EmailVerificationRequest } | { ok: false; error: "NOT_ALLOWED" };

export function createEmailVerificationRequest(ctx: AppContext, user: User): CreateVerificationResult {
	// There is no address to send the code to.
	if (user.email === null) return { ok: false, error: "NOT_ALLOWED" };
	const createdAt = nowSeconds(ctx);
	const request: EmailVerificationRequest = {
		userId: user.id,
		createdAt,
		expiresAt: createdAt + REQUEST_LIFETIME_SECONDS,
		code: generateCode(),
	};
	ctx.stores.emailVerifications.replace(request);
	return { ok: true, request };
}
