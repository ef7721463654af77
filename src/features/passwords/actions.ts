// Checking and changing passwords. Every check runs under the guess limits of API.md section 4:
// admitted first (the guess counts as incorrect until it proves right), then settled.
import { tooManyRequests, type TooManyRequests } from "../../errors.ts";
import type { AppContext } from "../../context.ts";
import { HashingUnavailableError } from "../../lib/password-hash.ts";
import type { PasswordGuess } from "../../limits.ts";
import { logEvent, newEvent, recordEvent } from "../events/actions.ts";
import type { User } from "../users/store.ts";

type GuessOutcome = { ok: true; hash: string } | { ok: false; failure: { error: "INCORRECT_PASSWORD" | "NOT_FOUND" } | TooManyRequests };

/** One limited password check against the user's current hash; the verified hash comes back. */
async function checkGuess(ctx: AppContext, guess: PasswordGuess & { userId: string }, password: string): Promise<GuessOutcome> {
	const admitted = await ctx.limits.admitPasswordGuess(guess);
	if (!admitted.allowed) return { ok: false, failure: tooManyRequests(admitted.retryAfterMs) };
	const hash = await ctx.stores.users.getPasswordHash(guess.userId);
	// Deleted since the path named the user.
	if (hash === null) return noSuchAccount(ctx, guess, password);
	const correct = await unlessUnchecked(ctx, guess, ctx.hasher.verify(password, hash));
	await ctx.limits.settlePasswordGuess(guess, correct ? "correct" : "incorrect");
	if (!correct) await recordSignIn(ctx, "sign_in_failed", guess);
	return correct ? { ok: true, hash } : { ok: false, failure: { error: "INCORRECT_PASSWORD" } };
}

/** An admitted guess at an account that does not exist: limited and timed like a wrong password
 *  (one argon2id verification against a dummy hash), so neither tells which accounts exist, and
 *  judged like one, so a block it completes is told now (see limits.ts). */
async function noSuchAccount(ctx: AppContext, guess: PasswordGuess, password: string): Promise<{ ok: false; failure: { error: "NOT_FOUND" } }> {
	await unlessUnchecked(ctx, guess, ctx.hasher.verifyAgainstNothing(password));
	await ctx.limits.settlePasswordGuess(guess, "incorrect");
	await recordSignIn(ctx, "sign_in_failed", guess);
	return { ok: false, failure: { error: "NOT_FOUND" } };
}

/** A password check's event: the user (null for an email that names nobody: the email itself is
 *  not kept, since people type passwords into the email field) and the address. */
async function recordSignIn(ctx: AppContext, type: "sign_in" | "sign_in_failed", guess: PasswordGuess): Promise<void> {
	await recordEvent(ctx, newEvent(ctx, type, { userId: guess.userId, clientIp: guess.clientIp, data: { method: "password" } }));
}

/** A check that could not even start (503 under overload) is no guess: its attempt is taken back. */
async function unlessUnchecked<T>(ctx: AppContext, guess: PasswordGuess, check: Promise<T>): Promise<T> {
	try {
		return await check;
	} catch (error) {
		if (error instanceof HashingUnavailableError) await ctx.limits.settlePasswordGuess(guess, "unchecked");
		throw error;
	}
}

export type VerifyPasswordResult = { ok: true } | { ok: false; failure: { error: "INCORRECT_PASSWORD" | "NOT_FOUND" } | TooManyRequests };

export async function verifyUserPassword(
	ctx: AppContext,
	input: { userId: string; password: string; clientIp: string | undefined },
): Promise<VerifyPasswordResult> {
	const guess = { userId: input.userId, clientIp: input.clientIp };
	const outcome = await checkGuess(ctx, guess, input.password);
	if (!outcome.ok) return outcome;
	await recordSignIn(ctx, "sign_in", guess);
	return { ok: true };
}

export type AuthenticateResult = { ok: true; user: User } | { ok: false; failure: { error: "NOT_FOUND" | "INCORRECT_PASSWORD" } | TooManyRequests };

export async function authenticateWithPassword(
	ctx: AppContext,
	input: { email: string; password: string; clientIp: string | undefined },
): Promise<AuthenticateResult> {
	const user = await ctx.stores.users.getByEmail(input.email);
	if (user === null) {
		const guess: PasswordGuess = { clientIp: input.clientIp, userId: null, email: input.email };
		const admitted = await ctx.limits.admitPasswordGuess(guess);
		if (!admitted.allowed) return { ok: false, failure: tooManyRequests(admitted.retryAfterMs) };
		return noSuchAccount(ctx, guess, input.password);
	}
	const found = { userId: user.id, clientIp: input.clientIp };
	const outcome = await checkGuess(ctx, found, input.password);
	if (!outcome.ok) return outcome;
	await recordSignIn(ctx, "sign_in", found);
	return { ok: true, user };
}

export type UpdatePasswordResult =
	| { ok: true }
	| { ok: false; failure: { error: "INCORRECT_PASSWORD" | "WEAK_PASSWORD" | "NOT_FOUND" } | TooManyRequests };

/**
 * The new password's leak check comes first (as in Faroe 0.2.1), so a weak one spends neither a
 * hash nor a guess. The write is a compare-and-swap on the hash that was verified: if a reset or
 * another update changed the password meanwhile, this one changes nothing and answers
 * INCORRECT_PASSWORD, since the password it proved is no longer the user's.
 */
export async function updateUserPassword(
	ctx: AppContext,
	input: { userId: string; password: string; newPassword: string; clientIp: string | undefined },
): Promise<UpdatePasswordResult> {
	if (await ctx.leakCheck.isLeaked(input.newPassword)) return { ok: false, failure: { error: "WEAK_PASSWORD" } };
	const outcome = await checkGuess(ctx, { userId: input.userId, clientIp: input.clientIp }, input.password);
	if (!outcome.ok) return outcome;
	const newHash = await ctx.hasher.hash(input.newPassword);
	const event = newEvent(ctx, "password_changed", { userId: input.userId, clientIp: input.clientIp });
	const swapped = await ctx.stores.passwords.replacePasswordHash(input.userId, outcome.hash, newHash, event);
	switch (swapped) {
		case "UPDATED":
			logEvent(ctx, event);
			return { ok: true };
		case "CHANGED_MEANWHILE":
			return { ok: false, failure: { error: "INCORRECT_PASSWORD" } };
		case "NOT_FOUND":
			return { ok: false, failure: { error: "NOT_FOUND" } };
	}
}
