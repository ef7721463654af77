// Checking and changing passwords. Every check runs under the guess limits of API.md section 4:
// admitted first (the guess counts as incorrect until it proves right), then settled.
import { tooManyRequests, type TooManyRequests } from "../../errors.ts";
import type { AppContext } from "../../context.ts";
import { HashingUnavailableError } from "../../lib/password-hash.ts";
import type { PasswordGuess } from "../../limits.ts";
import { logSecurityEvent } from "../../security-events.ts";
import type { User } from "../users/store.ts";

type GuessOutcome = { ok: true; hash: string } | { ok: false; failure: { error: "INCORRECT_PASSWORD" | "NOT_FOUND" } | TooManyRequests };

/** One limited password check against the user's current hash, which `readHash` gives once the
 *  guess is admitted (null: no such account); the verified hash comes back. */
async function checkGuess(ctx: AppContext, guess: PasswordGuess, password: string, readHash: () => Promise<string | null>): Promise<GuessOutcome> {
	const admitted = await ctx.limits.admitPasswordGuess(guess);
	if (!admitted.allowed) return { ok: false, failure: tooManyRequests(admitted.retryAfterMs) };
	const hash = await readHash();
	// No such email, or the user was deleted since the path named them.
	if (hash === null) return noSuchAccount(ctx, guess, password);
	const correct = await unlessUnchecked(ctx, guess, ctx.hasher.verify(password, hash));
	await ctx.limits.settlePasswordGuess(guess, correct ? "correct" : "incorrect");
	return correct ? { ok: true, hash } : { ok: false, failure: { error: "INCORRECT_PASSWORD" } };
}

/** A check of the password of the user named by id: the hash is read once the guess is admitted. */
function checkUserGuess(ctx: AppContext, userId: string, clientIp: string | undefined, password: string): Promise<GuessOutcome> {
	return checkGuess(ctx, { userId, clientIp }, password, () => ctx.stores.users.getPasswordHash(userId));
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
	const outcome = await checkUserGuess(ctx, input.userId, input.clientIp, input.password);
	return outcome.ok ? { ok: true } : outcome;
}

export type AuthenticateResult = { ok: true; user: User } | { ok: false; failure: { error: "NOT_FOUND" | "INCORRECT_PASSWORD" } | TooManyRequests };

export async function authenticateWithPassword(
	ctx: AppContext,
	input: { email: string; password: string; clientIp: string | undefined },
): Promise<AuthenticateResult> {
	// An email with an account and one without take the same steps: one read (the hash with the
	// user), the same limits (an unknown email has a per-user window of its own), one argon2id
	// verification, so neither the answers' limits nor the time tell which emails have accounts.
	const found = await ctx.stores.users.getByEmailForSignIn(input.email);
	const guess: PasswordGuess = { clientIp: input.clientIp, userId: found?.user.id ?? null, email: input.email };
	const outcome = await checkGuess(ctx, guess, input.password, async () => found?.passwordHash ?? null);
	if (!outcome.ok) return outcome;
	// A verified password had a hash to be verified against, so `found` is there.
	return found === null ? { ok: false, failure: { error: "NOT_FOUND" } } : { ok: true, user: found.user };
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
	const outcome = await checkUserGuess(ctx, input.userId, input.clientIp, input.password);
	if (!outcome.ok) return outcome;
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
