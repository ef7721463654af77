// Checking and changing passwords. Every check runs under the guess limits of API.md section 4:
// admitted first (the guess counts as incorrect until it proves right), then settled.
import { tooManyRequests, type TooManyRequests } from "../../errors.ts";
import type { AppContext } from "../../context.ts";
import { HashingUnavailableError } from "../../lib/password-hash.ts";
import type { PasswordGuess } from "../../limits.ts";
import { logSecurityEvent } from "../../security-events.ts";
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
	return correct ? { ok: true, hash } : { ok: false, failure: { error: "INCORRECT_PASSWORD" } };
}

/** An admitted guess at an account that does not exist: limited and timed like a wrong password
 *  (one argon2id verification against a dummy hash), so neither tells which accounts exist, and
 *  judged like one, so a block it completes is told now (see limits.ts). */
async function noSuchAccount(ctx: AppContext, guess: PasswordGuess, password: string): Promise<{ ok: false; failure: { error: "NOT_FOUND" } }> {
	await unlessUnchecked(ctx, guess, ctx.hasher.verifyAgainstNothing(password));
	await ctx.limits.settlePasswordGuess(guess, "incorrect");
	return { ok: false, failure: { error: "NOT_FOUND" } };
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
	const outcome = await checkGuess(ctx, { userId: input.userId, clientIp: input.clientIp }, input.password);
	return outcome.ok ? { ok: true } : outcome;
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
	const outcome = await checkGuess(ctx, { userId: user.id, clientIp: input.clientIp }, input.password);
	return outcome.ok ? { ok: true, user } : outcome;
}

export type UpdatePasswordResult =
	| { ok: true }
	| { ok: false; failure: { error: "INCORRECT_PASSWORD" | "WEAK_PASSWORD" | "NOT_FOUND" } | TooManyRequests };

/**
 * The new password's check against the local leak lists comes first (as in Faroe 0.2.1), so a weak
 * one spends neither a hash nor a guess; the range API (online mode) is asked once the guess, and
 * with it a hashing token, was admitted and proved right, since the token bounds those calls. The write is a compare-and-swap on the hash that was verified: if a reset or
 * another update changed the password meanwhile, this one changes nothing and answers
 * INCORRECT_PASSWORD, since the password it proved is no longer the user's.
 */
export async function updateUserPassword(
	ctx: AppContext,
	input: { userId: string; password: string; newPassword: string; clientIp: string | undefined },
): Promise<UpdatePasswordResult> {
	if (ctx.leakCheck.isLeakedLocally(input.newPassword)) return { ok: false, failure: { error: "WEAK_PASSWORD" } };
	const outcome = await checkGuess(ctx, { userId: input.userId, clientIp: input.clientIp }, input.password);
	if (!outcome.ok) return outcome;
	if (await ctx.leakCheck.isLeakedOnline(input.newPassword)) return { ok: false, failure: { error: "WEAK_PASSWORD" } };
	const newHash = await ctx.hasher.hash(input.newPassword);
	const swapped = await ctx.stores.passwords.replacePasswordHash(input.userId, outcome.hash, newHash);
	switch (swapped) {
		case "UPDATED":
			logSecurityEvent(ctx.log, { event: "password_changed", user_id: input.userId, client_ip: input.clientIp ?? null });
			return { ok: true };
		case "CHANGED_MEANWHILE":
			return { ok: false, failure: { error: "INCORRECT_PASSWORD" } };
		case "NOT_FOUND":
			return { ok: false, failure: { error: "NOT_FOUND" } };
	}
}
