// Email update: a code goes to the new address; giving it back moves the user to that address.
import type { AppContext } from "../../http/env.ts";
import { nowSeconds } from "../../http/env.ts";
import { generateCode, generateId, isId } from "../../lib/ids.ts";
import type { EmailUpdateRequest, VerifyNewEmailOutcome } from "./store.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";

export type CreateEmailUpdateResult = { ok: true; request: EmailUpdateRequest } | { ok: false; error: "EMAIL_ALREADY_USED" };

export function createEmailUpdateRequest(ctx: AppContext, userId: string, email: string): CreateEmailUpdateResult {
	// Checked again, by the unique index, when the code comes back: the address may be taken meanwhile.
	if (ctx.stores.users.isEmailTaken(email)) return { ok: false, error: "EMAIL_ALREADY_USED" };
	const createdAt = nowSeconds(ctx);
	const request: EmailUpdateRequest = {
		id: generateId(),
		userId,
		createdAt,
		expiresAt: createdAt + REQUEST_LIFETIME_SECONDS,
		email,
		code: generateCode(),
	};
	ctx.stores.emailUpdates.insert(request);
	return { ok: true, request };
}

export function verifyNewEmail(ctx: AppContext, requestId: string, code: string): VerifyNewEmailOutcome {
	if (!isId(requestId)) return { ok: false, error: "INVALID_REQUEST" };
	return ctx.stores.emailUpdates.verifyCode(requestId, code, nowSeconds(ctx));
}
