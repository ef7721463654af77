// Email update: a code goes to the new address; giving it back moves the user to that address.
import { nowSeconds, type AppContext } from "../../context.ts";
import { codesMatch } from "../../lib/constant-time.ts";
import { generateCode, generateId, isId } from "../../lib/ids.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";
import { checkCode } from "../code-attempts.ts";
import { logEvent, newEvent } from "../events/actions.ts";
import { withData } from "../events/store.ts";
import type { EmailUpdateRequest } from "./store.ts";

export type CreateEmailUpdateResult = { ok: true; request: EmailUpdateRequest } | { ok: false; error: "EMAIL_ALREADY_USED" | "NOT_FOUND" };

export async function createEmailUpdateRequest(ctx: AppContext, userId: string, email: string): Promise<CreateEmailUpdateResult> {
	// Checked again, by the unique index, when the code comes back: the address may be taken meanwhile.
	if (await ctx.stores.users.isEmailTaken(email)) return { ok: false, error: "EMAIL_ALREADY_USED" };
	const createdAt = nowSeconds(ctx);
	const request: EmailUpdateRequest = {
		id: generateId(),
		userId,
		createdAt,
		expiresAt: createdAt + REQUEST_LIFETIME_SECONDS,
		email,
		code: generateCode(),
	};
	// NOT_FOUND when the user was deleted after the call found them.
	if ((await ctx.stores.emailUpdates.insert(request)) === "NO_USER") return { ok: false, error: "NOT_FOUND" };
	return { ok: true, request };
}

export type VerifyNewEmailResult = { ok: true; email: string } | { ok: false; error: "INVALID_REQUEST" | "INCORRECT_CODE" | "EMAIL_ALREADY_USED" };

/** The 5th incorrect code deletes the request (a security event, with `clientIp`); a correct one
 *  moves the user to the new address. */
export async function verifyNewEmail(ctx: AppContext, requestId: string, code: string, clientIp?: string): Promise<VerifyNewEmailResult> {
	if (!isId(requestId)) return { ok: false, error: "INVALID_REQUEST" };
	const check = await checkCode(ctx, "email_update", ctx.stores.emailUpdates, requestId, (stored) => codesMatch(stored, code), clientIp);
	if (check === "ABSENT") return { ok: false, error: "INVALID_REQUEST" };
	if (check === "INCORRECT") return { ok: false, error: "INCORRECT_CODE" };
	const event = newEvent(ctx, "email_changed", { userId: null, clientIp });
	const applied = await ctx.stores.emailUpdates.applyUpdate(requestId, event);
	if (applied.outcome !== "UPDATED") return { ok: false, error: applied.outcome };
	logEvent(ctx, withData({ ...event, userId: applied.userId }, { previous_email: applied.previousEmail, email: applied.email }));
	return { ok: true, email: applied.email };
}
