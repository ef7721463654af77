// Checking and changing passwords. Every check runs under the guess limits of API.md section 4:
// admitted first (the guess counts as incorrect until it proves right), then settled. A stored hash
// may be an imported one in another system's form (API.md section 9); after a correct password it is
// replaced by an argon2id hash.
import { sessionEnding } from "../sessions/actions.ts";
import { fail, ok, tooManyRequests, type Failure, type Result } from "../../errors.ts";
import type { AppContext } from "../../context.ts";
import { HashingUnavailableError } from "../../lib/password-hash.ts";
import type { PasswordGuess } from "../../limits.ts";
import { logEvents, newEvent, recordEvent } from "../events/actions.ts";
import type { EventData } from "../events/store.ts";
import { refuseDisabledSignIn } from "../users/disabled.ts";
import type { User } from "../users/store.ts";

/** What a password check can answer: every action here declares these, and adds its own. */
const GUESS_ERRORS = ["TOO_MANY_REQUESTS", "NOT_FOUND", "INCORRECT_PASSWORD"] as const;

/** The user whose password is checked and their current hash, read in one read. */
type Account = { user: User; passwordHash: string };

type GuessOutcome = Result<{ user: User; hash: string; upgradeFrom: string | null }, typeof GUESS_ERRORS>;

/** One limited password check against the user's current hash, which `readAccount` gives once the
 *  guess is admitted (null: no such account); the user as read with it and the verified hash come
 *  back. Whether the user is disabled is read in that same read, and judged by the caller only once
 *  the password proved right, so a wrong password costs and answers the same for everyone. */
async function checkGuess(ctx: AppContext, guess: PasswordGuess, password: string, readAccount: () => Promise<Account | null>): Promise<GuessOutcome> {
	const admitted = await ctx.limits.admitPasswordGuess(guess);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	const account = await readAccount();
	// No such email, or the user was deleted since the path named them.
	if (account === null) return noSuchAccount(ctx, guess, password);
	const hash = account.passwordHash;
	const checked = await unlessUnchecked(ctx, guess, ctx.hasher.check(password, hash));
	if (checked.result === "unverifiable") {
		// Never the hash itself: it is as good as the password to an offline guesser.
		ctx.log.warn("stored password hash cannot be verified; no password matches it", { user_id: guess.userId, reason: checked.reason });
	}
	await ctx.limits.settlePasswordGuess(guess, checked.result === "correct" ? "correct" : "incorrect");
	if (checked.result !== "correct") {
		await recordSignIn(ctx, "sign_in_failed", guess);
		return fail("INCORRECT_PASSWORD");
	}
	return ok({ user: account.user, hash, upgradeFrom: checked.upgradeFrom });
}

/**
 * A correct password of a disabled user (API.md section 18): told apart from a wrong one only now,
 * so that the answer tells nothing to whoever does not know the password. Nothing else happens (no
 * sign-in, no hash upgrade, no leak re-check) but a sign_in_failed that says why. The guess was
 * settled as correct: it was no wrong password, and must not block the user or the address.
 */
function refuseDisabled(ctx: AppContext, guess: PasswordGuess): Promise<Failure<"USER_DISABLED">> {
	return refuseDisabledSignIn(ctx, { userId: guess.userId, clientIp: guess.clientIp, data: { method: "password" } });
}

/**
 * After a correct password against an imported hash (or a weaker argon2), stores an argon2id hash of
 * it in its place: a compare-and-swap on the hash that was verified, so a reset or update that got
 * there first keeps its password, and parallel sign-ins upgrade once. The answer does not wait on
 * more than this one hash; under overload the upgrade is left for a later sign-in.
 */
async function upgradeVerifiedHash(ctx: AppContext, userId: string, password: string, verified: { hash: string; upgradeFrom: string | null }): Promise<string> {
	if (verified.upgradeFrom === null) return verified.hash;
	let newHash: string;
	try {
		newHash = await ctx.hasher.hash(password);
	} catch (error) {
		if (error instanceof HashingUnavailableError) return verified.hash;
		throw error;
	}
	if (!(await ctx.stores.passwords.upgradePasswordHash(userId, verified.hash, newHash))) return verified.hash;
	ctx.metrics.hashUpgraded(verified.upgradeFrom);
	ctx.log.debug?.("password hash upgraded to argon2id", { user_id: userId, form: verified.upgradeFrom });
	return newHash;
}

/** A check of the password of the user named by id: the hash is read once the guess is admitted. */
function checkUserGuess(ctx: AppContext, userId: string, clientIp: string | undefined, password: string): Promise<GuessOutcome> {
	return checkGuess(ctx, { userId, clientIp }, password, () => ctx.stores.users.getForSignIn(userId));
}

/** An admitted guess at an account that does not exist: limited and timed like a wrong password
 *  (one argon2id verification against a dummy hash), so neither tells which accounts exist, and
 *  judged like one, so a block it completes is told now (see limits.ts). */
async function noSuchAccount(ctx: AppContext, guess: PasswordGuess, password: string): Promise<GuessOutcome> {
	await unlessUnchecked(ctx, guess, ctx.hasher.verifyAgainstNothing(password));
	await ctx.limits.settlePasswordGuess(guess, "incorrect");
	await recordSignIn(ctx, "sign_in_failed", guess);
	return fail("NOT_FOUND");
}

/** A password check's event: the user (null for an email that names nobody: the email itself is
 *  not kept, since people type passwords into the email field) and the address; a sign-in with a
 *  password found leaked says so. */
async function recordSignIn(ctx: AppContext, type: "sign_in" | "sign_in_failed", guess: PasswordGuess, leaked = false): Promise<void> {
	const data: EventData = leaked ? { method: "password", password_leaked: true } : { method: "password" };
	await recordEvent(ctx, newEvent(ctx, type, { userId: guess.userId, clientIp: guess.clientIp, data }));
}

/** The range API is asked about a user's password at most this often (API.md section 15). */
export const ONLINE_RECHECK_SECONDS = 24 * 60 * 60;

/**
 * A correct password checked against the leak lists again (API.md section 15): the local lists at
 * once (a lookup of microseconds), which flags the user when they hold it. In online mode the range
 * API is asked too, at most once a day per user, after the answer: a sign-in never waits on it, and
 * a leak it finds flags the user for their next answer. The flag is set only while the password
 * found is still the user's (a compare-and-swap on the verified hash). True when the local lists
 * hold the password.
 */
async function recheckLeak(
	ctx: AppContext,
	signIn: { userId: string; password: string; verifiedHash: string; /** The user's password_leaked as read, when known. */ flagged?: boolean },
): Promise<boolean> {
	const { userId, password, verifiedHash } = signIn;
	const recheck = ctx.leakCheck.recheckLocally ?? ctx.leakCheck.isLeakedLocally;
	if (recheck.call(ctx.leakCheck, password)) {
		if (signIn.flagged !== true) await ctx.stores.passwords.markPasswordLeaked(userId, verifiedHash);
		return true;
	}
	if (ctx.leakCheck.online === true && signIn.flagged !== true) void recheckOnline(ctx, userId, password, verifiedHash);
	return false;
}

async function recheckOnline(ctx: AppContext, userId: string, password: string, verifiedHash: string): Promise<void> {
	try {
		if (!(await ctx.stores.passwords.claimOnlineLeakCheck(userId, verifiedHash, ONLINE_RECHECK_SECONDS))) return;
		if (await ctx.leakCheck.isLeakedOnline(password)) await ctx.stores.passwords.markPasswordLeaked(userId, verifiedHash);
	} catch (error) {
		// The API could not be reached (--leak-fail closed), or the database failed: tomorrow's
		// sign-in asks again. Never the password or its hash in the log.
		ctx.log.warn("could not check a signed-in password against the range API", { user_id: userId, reason: error instanceof Error ? error.message : String(error) });
	}
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

export const VERIFY_PASSWORD_ERRORS = [...GUESS_ERRORS, "USER_DISABLED"] as const;

export async function verifyUserPassword(
	ctx: AppContext,
	input: { userId: string; password: string; clientIp: string | undefined },
): Promise<Result<void, typeof VERIFY_PASSWORD_ERRORS>> {
	const outcome = await checkUserGuess(ctx, input.userId, input.clientIp, input.password);
	if (!outcome.ok) return outcome;
	if (outcome.value.user.disabled) return refuseDisabled(ctx, { userId: input.userId, clientIp: input.clientIp });
	// The re-check's flag is a compare-and-swap on the hash stored, so it comes after the upgrade.
	const stored = await upgradeVerifiedHash(ctx, input.userId, input.password, outcome.value);
	const leaked = await recheckLeak(ctx, { userId: input.userId, password: input.password, verifiedHash: stored });
	await recordSignIn(ctx, "sign_in", { userId: input.userId, clientIp: input.clientIp }, leaked);
	return ok();
}

export const AUTHENTICATE_ERRORS = [...GUESS_ERRORS, "USER_DISABLED"] as const;

export async function authenticateWithPassword(
	ctx: AppContext,
	input: { email: string; password: string; clientIp: string | undefined },
): Promise<Result<User, typeof AUTHENTICATE_ERRORS>> {
	// An email with an account and one without take the same steps: one read (the hash with the
	// user), the same limits (an unknown email has a per-user window of its own), one argon2id
	// verification, so neither the answers' limits nor the time tell which emails have accounts.
	const found = await ctx.stores.users.getByEmailForSignIn(input.email);
	const guess: PasswordGuess = { clientIp: input.clientIp, userId: found?.user.id ?? null, email: input.email };
	const outcome = await checkGuess(ctx, guess, input.password, async () => found);
	if (!outcome.ok) return outcome;
	// A verified password had a hash to be verified against, so `found` is there.
	if (found === null) return fail("NOT_FOUND");
	if (found.user.disabled) return refuseDisabled(ctx, guess);
	const stored = await upgradeVerifiedHash(ctx, found.user.id, input.password, outcome.value);
	const leaked = await recheckLeak(ctx, { userId: found.user.id, password: input.password, verifiedHash: stored, flagged: found.user.passwordLeaked });
	await recordSignIn(ctx, "sign_in", guess, leaked);
	return ok({ ...found.user, passwordLeaked: found.user.passwordLeaked || leaked });
}

export const UPDATE_PASSWORD_ERRORS = ["TOO_MANY_REQUESTS", "WEAK_PASSWORD", "NOT_FOUND", "INCORRECT_PASSWORD"] as const;

/**
 * The new password's check against the local leak lists comes first (as in Faroe 0.2.1), so a weak
 * one spends neither a hash nor a guess; the range API (online mode) is asked once the guess, and
 * with it a hashing token, was admitted and proved right, since the token bounds those calls. The write is a compare-and-swap on the hash that was verified: if a reset or
 * another update changed the password meanwhile, this one changes nothing and answers
 * INCORRECT_PASSWORD, since the password it proved is no longer the user's. A hash that changed
 * without the password changing (a parallel sign-in upgraded an imported hash) is not such a
 * change: see stillTheUsersHash.
 */
export async function updateUserPassword(
	ctx: AppContext,
	input: { userId: string; password: string; newPassword: string; clientIp: string | undefined; keepSession: string | null },
): Promise<Result<void, typeof UPDATE_PASSWORD_ERRORS>> {
	if (ctx.leakCheck.isLeakedLocally(input.newPassword)) return fail("WEAK_PASSWORD");
	const outcome = await checkUserGuess(ctx, input.userId, input.clientIp, input.password);
	if (!outcome.ok) return outcome;
	if (await ctx.leakCheck.isLeakedOnline(input.newPassword)) return fail("WEAK_PASSWORD");
	const newHash = await ctx.hasher.hash(input.newPassword);
	const event = newEvent(ctx, "password_changed", { userId: input.userId, clientIp: input.clientIp });
	const ending = sessionEnding(ctx, input.userId, "password_changed", input.keepSession, input.clientIp);
	let swapped = await ctx.stores.passwords.replacePasswordHash(input.userId, outcome.value.hash, newHash, event, ending);
	if (swapped.outcome === "CHANGED_MEANWHILE") {
		const current = await stillTheUsersHash(ctx, input.userId, input.password);
		if (current !== null) swapped = await ctx.stores.passwords.replacePasswordHash(input.userId, current, newHash, event, ending);
	}
	switch (swapped.outcome) {
		case "UPDATED":
			logEvents(ctx, swapped.written);
			return ok();
		case "CHANGED_MEANWHILE":
			return fail("INCORRECT_PASSWORD");
		case "NOT_FOUND":
			return fail("NOT_FOUND");
	}
}

/**
 * The hash stored now, when `password` (already proved against the hash before it) still matches
 * it; else null. An upgrade to argon2id by a parallel sign-in changes the hash and keeps the
 * password, so the update is tried once more on the new hash; a reset or update to another password
 * fails this check and keeps its password. One more verification, not one more guess: this request's
 * guess was admitted, and proved right, already.
 */
async function stillTheUsersHash(ctx: AppContext, userId: string, password: string): Promise<string | null> {
	const current = await ctx.stores.users.getPasswordHash(userId);
	if (current === null) return null;
	return (await ctx.hasher.check(password, current)).result === "correct" ? current : null;
}
