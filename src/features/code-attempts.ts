// Checking the one-time code of a request (password reset, email verification, email update, email sign-in),
// written once. "Count first, judge after": the store counts the attempt in one atomic step, and
// only an attempt it counted is compared. Parallel guesses therefore cannot read the count before
// any of them writes it back, on SQLite or PostgreSQL alike; the 5th incorrect code deletes the
// request. A correct code's attempt is given back by the store verb that acts on it.
import type { AppContext } from "../context.ts";
import { logEvent, newEvent } from "./events/actions.ts";
import type { CodeAttemptStore } from "./code-requests-store.ts";

type CodeCheck = "CORRECT" | "INCORRECT" | "ABSENT";

/** The verdict, and whose request the code was for (from the same statement that counted the
 *  attempt, so a caller needs no read of its own); null when absent or nobody's. */
interface CheckedCode {
	check: CodeCheck;
	userId: string | null;
}

export async function checkCode<Code>(
	ctx: AppContext,
	request: "password_reset" | "email_verification" | "email_update" | "email_sign_in",
	store: CodeAttemptStore<Code>,
	key: string,
	isCorrect: (code: Code) => boolean,
	/** The canonical client_ip the code came from, for the security event; undefined when unsent. */
	clientIp: string | undefined,
): Promise<CheckedCode> {
	const maxAttempts = ctx.limits.settings["code-attempts"].count;
	const taken = await store.takeCodeAttempt(key, maxAttempts);
	if (taken === null) return { check: "ABSENT", userId: null };
	if (isCorrect(taken.code)) return { check: "CORRECT", userId: taken.userId };
	if (taken.attempts >= maxAttempts) {
		const event = newEvent(ctx, "request_deleted_after_incorrect_codes", { userId: taken.userId, clientIp, data: { request } });
		await store.deleteAfterLastAttempt(key, event);
		logEvent(ctx, event);
	}
	return { check: "INCORRECT", userId: taken.userId };
}
