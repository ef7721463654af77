// Email update: a code goes to the new address; giving it back moves the user to that address.
import { sessionEnding } from "../sessions/actions.ts";
import type { AppContext } from "../../context.ts";
import { fail, ok, tooManyRequests, type Result } from "../../errors.ts";
import { codesMatch } from "../../lib/constant-time.ts";
import { generateCode, generateId, isId } from "../../lib/ids.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";
import { checkCode } from "../code-attempts.ts";
import { logEvents, newEvent } from "../events/actions.ts";
import type { EmailUpdateRequest } from "./store.ts";

export const CREATE_EMAIL_UPDATE_ERRORS = ["TOO_MANY_REQUESTS", "EMAIL_ALREADY_USED", "NOT_FOUND"] as const;

/** Under the update-request limits of the user and the address. */
export async function createEmailUpdateRequest(
	ctx: AppContext,
	input: { userId: string; email: string; clientIp: string | undefined },
): Promise<Result<EmailUpdateRequest, typeof CREATE_EMAIL_UPDATE_ERRORS>> {
	const { userId, email } = input;
	const admitted = await ctx.limits.admitCodeRequest("emailUpdate", userId, input.clientIp);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	// Checked again, by the unique index, when the code comes back: the address may be taken meanwhile.
	if (await ctx.stores.users.isEmailTaken(email)) return fail("EMAIL_ALREADY_USED");
	const request = { id: generateId(), userId, email, code: generateCode() };
	// NOT_FOUND when the user was deleted after the call found them.
	const stored = await ctx.stores.emailUpdates.insert(request, REQUEST_LIFETIME_SECONDS);
	if (stored === "NO_USER") return fail("NOT_FOUND");
	return ok({ ...request, ...stored });
}

export const VERIFY_NEW_EMAIL_ERRORS = ["INVALID_REQUEST", "INCORRECT_CODE", "EMAIL_ALREADY_USED"] as const;

/** The 5th incorrect code deletes the request (a security event, with `clientIp`); a correct one
 *  moves the user to the new address. */
export async function verifyNewEmail(
	ctx: AppContext,
	requestId: string,
	code: string,
	clientIp: string | undefined,
	keepSession: string | null,
): Promise<Result<string, typeof VERIFY_NEW_EMAIL_ERRORS>> {
	if (!isId(requestId)) return fail("INVALID_REQUEST");
	const { check } = await checkCode(ctx, "email_update", ctx.stores.emailUpdates, requestId, (stored) => codesMatch(stored, code), clientIp);
	if (check === "ABSENT") return fail("INVALID_REQUEST");
	if (check === "INCORRECT") return fail("INCORRECT_CODE");
	const event = newEvent(ctx, "email_changed", { userId: null, clientIp });
	// The user is the request's; the store names them on the event.
	const ending = sessionEnding(ctx, "", "email_changed", keepSession, clientIp);
	const applied = await ctx.stores.emailUpdates.applyUpdate(requestId, event, ending);
	if (applied.outcome !== "UPDATED") return fail(applied.outcome);
	logEvents(ctx, applied.written);
	return ok(applied.email);
}
