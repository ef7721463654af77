// The policy of API.md section 4: the features ask it questions in their own terms (may this
// password guess go ahead? may this request be created?) and never see a limiter. It is written
// once, over a LimitStore, and each verb checks every limit before it takes from any, in one step,
// so a refusal spends nothing. Each step names the keys it reads ({ bucket, perAddress, perUser })
// and gets their states back by the same names.
import { ALLOWED, combineLimits, type Clock, type LimitResult } from "../lib/rate-limit.ts";
import type { SlidingWindowRule } from "../lib/sliding-window.ts";
import { createMemoryLimitStore } from "./memory-store.ts";
import { createRules } from "./rules.ts";
import { DEFAULT_LIMITS, type LimitSettings } from "./settings.ts";
import type { LimitKey, LimitStore } from "./store.ts";

/** A password check: by whom (the canonical client_ip key, when sent) and against what. */
export interface PasswordGuess {
	clientIp: string | undefined;
	/** The user whose password is checked, or null for an email that names no user. */
	userId: string | null;
	/** The email given, when the guess was made by email. */
	email?: string;
}

type CodeRequestKind = "passwordReset" | "emailVerification" | "emailUpdate";

export interface Limits {
	/** The figures in force: the contract's, or what the operator set with --limit. */
	readonly settings: LimitSettings;
	/** Work that hashes a password (POST /users, reset-password): the per-address bucket. */
	admitHashing(clientIp: string | undefined): Promise<LimitResult>;
	/** A password check: the bucket, incorrect passwords per address and per user. Once admitted,
	 *  the guess counts as incorrect until `settlePasswordGuess` says it was right. */
	admitPasswordGuess(guess: PasswordGuess): Promise<LimitResult>;
	/** A correct password clears what it should; one never checked (503 under overload) is taken back;
	 *  an incorrect one that left a key at its maximum tells the observer of the block. Given the
	 *  same object that was admitted. */
	settlePasswordGuess(guess: PasswordGuess, outcome: "correct" | "incorrect" | "unchecked"): Promise<void>;
	/** A passkey assertion: counted like a password guess by the incorrect-password limits, per
	 *  address and per user, but not by the hashing bucket (nothing is hashed). Settled with
	 *  `settlePasswordGuess`. */
	admitPasskeyAssertion(guess: PasswordGuess): Promise<LimitResult>;
	/** Whether the incorrect-password limits refuse this party now; a read that takes, locks and
	 *  writes nothing (a passkey ceremony is not started for an address or user that could not
	 *  finish it). */
	checkGuessesBlocked(guess: PasswordGuess): Promise<LimitResult>;
	/** Until when (milliseconds) each user's password checks are blocked, for those blocked now; a
	 *  read that changes and counts nothing (the console's user list and user page), one for all. */
	usersPasswordBlockedUntil(userIds: readonly string[]): Promise<Map<string, number>>;
	/** Creating a reset, verification or update request: per user (per kind) and per address. */
	admitCodeRequest(kind: CodeRequestKind, userId: string, clientIp: string | undefined): Promise<LimitResult>;
	/** Creating an email sign-in request: per email (the stored form; a user holds it or not, the
	 *  count is the same) and per address, in the bucket of the other code requests. */
	admitEmailSignInRequest(email: string, clientIp: string | undefined): Promise<LimitResult>;
	/** Creating an external sign-in request (API.md section 16): per address, in the bucket of the
	 *  code requests. */
	admitExternalSignInRequest(clientIp: string | undefined): Promise<LimitResult>;
	/** A console sign-in token that failed (unknown, used or expired), from `address`: counted,
	 *  or refused once the address has failed as often as the rule allows. A token that signs in
	 *  is never a guess, so it is not asked about (a valid link works whatever this count). */
	countFailedConsoleSignIn(address: string): Promise<LimitResult>;
	/** Forgets the user's incorrect passwords, which ends a block of their password checks
	 *  (POST /users/{user_id}/unblock). Addresses stay blocked: they may be guessing at others. */
	unblockUser(userId: string): Promise<void>;
}

/** What a guess counts against in the address's failures: the user, or the email that named nobody. */
function guessTarget(guess: PasswordGuess): string {
	return guess.userId ?? `email:${guess.email ?? ""}`;
}

/**
 * The key of a guess in the per-user failure window: the user, or the (normalised) email that
 * names no user, so that an unknown email is blocked after as many wrong guesses as an account
 * and the limit answers do not tell which emails have accounts (API.md section 4). A user id is
 * never "email:…", so the two cannot share a key. Null when the guess names neither.
 */
function perUserKey(guess: PasswordGuess): string | null {
	if (guess.userId !== null) return guess.userId;
	return guess.email === undefined ? null : `email:${guess.email}`;
}

/** Whose failures a correct password clears in the user's count: this address's (or those sent without one). */
function guessSource(guess: PasswordGuess): string {
	return guess.clientIp ?? "";
}

/** Whom a limited call concerns, where known: the user and the canonical client_ip. */
interface LimitParty {
	userId: string | null;
	clientIp: string | null;
}

/** What the limits tell the rest of Holm: refusals (for the metrics) and keys that became blocked
 *  (security events), each once per block. `key` is the blocked user id or address; `party` names
 *  both, so that an address's block names the user guessed at, and a user's the address. */
export interface LimitObserver {
	refused(limit: string): void;
	/** Awaited, so that the block's event is stored before the call that made it answers. */
	blocked(limit: string, key: string, party: LimitParty): void | Promise<void>;
}

const UNOBSERVED: LimitObserver = { refused() {}, blocked() {} };

/** The keys of one step, by name; a name whose key is undefined takes no part. */
type NamedKeys = Record<string, LimitKey | undefined>;
type StateOf<K> = K extends LimitKey<infer S> ? S | undefined : undefined;
/** The states of a step's keys, by the same names; undefined for a key with no state (or none). */
type NamedStates<K extends NamedKeys> = { [N in keyof K]: StateOf<K[N]> };
/** The decision of one step: its result, and each key's state after it (undefined drops it). */
type NamedDecision<K extends NamedKeys> = (states: NamedStates<K>, at: number) => { result: LimitResult; states: NamedStates<K> };

export function createLimits(store: LimitStore, observer: LimitObserver = UNOBSERVED, settings: LimitSettings = DEFAULT_LIMITS): Limits {
	const rules = createRules(settings);
	const { passwordHashing, incorrectPasswordsPerAddress, incorrectPasswordsPerUser, codeRequestsPerAddress, emailSignInsPerEmail, consoleSignInFailures } = rules;
	const REQUESTS_PER_USER: Record<CodeRequestKind, SlidingWindowRule> = {
		passwordReset: rules.passwordResetRequests,
		emailVerification: rules.emailVerificationRequests,
		emailUpdate: rules.emailUpdateRequests,
	};

	/** `decide` over the named keys in one step of the store: its result, and the keys it blocked
	 *  that were not blocked before. A refusal is counted. */
	async function update<K extends NamedKeys>(named: K, decide: NamedDecision<K>): Promise<{ result: LimitResult; newlyBlocked: LimitKey[] }> {
		const names = Object.keys(named).filter((name) => named[name] !== undefined) as (keyof K & string)[];
		const keys = names.map((name) => named[name]!);
		const newlyBlocked: LimitKey[] = [];
		const result = await store.update(keys, (states, at) => {
			newlyBlocked.length = 0;
			// Read before deciding: a rule may update a state in place.
			const wasBlocked = keys.map(({ rule }, i) => states[i] !== undefined && rule.blockedUntil(states[i]) > at);
			const before = Object.fromEntries(names.map((name, i) => [name, states[i]])) as NamedStates<K>;
			const decision = decide(before, at);
			const after = names.map((name) => decision.states[name]);
			keys.forEach((key, i) => {
				if (!wasBlocked[i] && after[i] !== undefined && key.rule.blockedUntil(after[i]) > at) newlyBlocked.push(key);
			});
			return { result: decision.result, states: after };
		});
		if (!result.allowed) observer.refused(result.limit);
		return { result, newlyBlocked };
	}

	/** The named keys' states as they stand, and the store's time: a read, never a write. */
	async function look<K extends NamedKeys>(named: K): Promise<{ states: NamedStates<K>; at: number }> {
		const names = Object.keys(named).filter((name) => named[name] !== undefined);
		const { states, now } = await store.read(names.map((name) => named[name]!));
		return { states: Object.fromEntries(names.map((name, i) => [name, states[i]])) as NamedStates<K>, at: now };
	}

	async function reportBlocks(keys: LimitKey[], party: LimitParty): Promise<void> {
		for (const { rule, key } of keys) {
			// An email that names no account is no user to report (nor an email to write in the log);
			// its refusals are still counted.
			if (rule === incorrectPasswordsPerUser && party.userId === null) continue;
			await observer.blocked(rule.name, key, party);
		}
	}

	function partyOf(guess: PasswordGuess): LimitParty {
		return { userId: guess.userId, clientIp: guess.clientIp ?? null };
	}

	/** The incorrect-password keys of a guess (without the hashing bucket): per address, where it
	 *  was sent, and per user (or unknown email), where it names one. */
	function failureKeys(guess: PasswordGuess) {
		const perUser = perUserKey(guess);
		return {
			perAddress: guess.clientIp === undefined ? undefined : { rule: incorrectPasswordsPerAddress, key: guess.clientIp },
			perUser: perUser === null ? undefined : { rule: incorrectPasswordsPerUser, key: perUser },
		};
	}

	type FailureKeys = ReturnType<typeof failureKeys>;
	type FailureStates = NamedStates<FailureKeys>;

	function hasFailureKeys(keys: FailureKeys): boolean {
		return keys.perAddress !== undefined || keys.perUser !== undefined;
	}

	/** The failure windows' verdict over their states. */
	function checkFailures(keys: FailureKeys, states: FailureStates, at: number): LimitResult {
		return combineLimits(
			keys.perAddress === undefined ? ALLOWED : incorrectPasswordsPerAddress.check(states.perAddress, at),
			keys.perUser === undefined ? ALLOWED : incorrectPasswordsPerUser.check(states.perUser, at),
		);
	}

	/** The guess counted as incorrect in each failure window, until it is settled. */
	function attemptFailures(keys: FailureKeys, states: FailureStates, guess: PasswordGuess, at: number): FailureStates {
		return {
			perAddress: keys.perAddress === undefined ? undefined : incorrectPasswordsPerAddress.attempt(states.perAddress, guessTarget(guess), at),
			perUser: keys.perUser === undefined ? undefined : incorrectPasswordsPerUser.attempt(states.perUser, guessSource(guess), at),
		};
	}

	// A guess is admitted as a failure, so the one that brings a count of incorrect passwords to its
	// maximum blocks the key before it is judged; if it proves right, `succeed` lifts the block
	// again and nothing was refused for it. Such keys wait here, by guess, for the verdict: only an
	// incorrect one reports the block (FailureWindow.reportBlock, once per block).
	const awaitingVerdict = new WeakMap<PasswordGuess, FailureKeys>();

	function awaitVerdict(guess: PasswordGuess, keys: FailureKeys, newlyBlocked: LimitKey[]): void {
		const filled = {
			perAddress: keys.perAddress !== undefined && newlyBlocked.includes(keys.perAddress) ? keys.perAddress : undefined,
			perUser: keys.perUser !== undefined && newlyBlocked.includes(keys.perUser) ? keys.perUser : undefined,
		};
		if (hasFailureKeys(filled)) awaitingVerdict.set(guess, filled);
	}

	/** A code request: one from `perKey` (per user, or per email) and one from the address's
	 *  bucket of code requests, both or neither. */
	function admitRequest(perKey: SlidingWindowRule, key: string, clientIp: string | undefined) {
		const keys = { forKey: { rule: perKey, key }, forAddress: clientIp === undefined ? undefined : { rule: codeRequestsPerAddress, key: clientIp } };
		return update(keys, (states, at) => {
			const result = combineLimits(perKey.check(states.forKey, at), keys.forAddress === undefined ? ALLOWED : codeRequestsPerAddress.check(states.forAddress, at));
			if (!result.allowed) return { result, states };
			return {
				result,
				states: {
					forKey: perKey.take(states.forKey, at),
					forAddress: keys.forAddress === undefined ? undefined : codeRequestsPerAddress.take(states.forAddress, at),
				},
			};
		});
	}

	return {
		settings,
		async admitHashing(clientIp) {
			if (clientIp === undefined) return ALLOWED;
			const { result, newlyBlocked } = await update({ bucket: { rule: passwordHashing, key: clientIp } }, ({ bucket }, at) => {
				const result = passwordHashing.check(bucket, at);
				return { result, states: { bucket: result.allowed ? passwordHashing.take(bucket, at) : bucket } };
			});
			await reportBlocks(newlyBlocked, { userId: null, clientIp });
			return result;
		},
		async admitPasswordGuess(guess) {
			const failures = failureKeys(guess);
			if (!hasFailureKeys(failures)) return ALLOWED;
			const bucket = failures.perAddress === undefined ? undefined : { rule: passwordHashing, key: failures.perAddress.key };
			const { result, newlyBlocked } = await update({ bucket, ...failures }, (states, at) => {
				const result = combineLimits(bucket === undefined ? ALLOWED : passwordHashing.check(states.bucket, at), checkFailures(failures, states, at));
				if (!result.allowed) return { result, states };
				const taken = bucket === undefined ? undefined : passwordHashing.take(states.bucket, at);
				return { result, states: { bucket: taken, ...attemptFailures(failures, states, guess, at) } };
			});
			awaitVerdict(guess, failures, newlyBlocked);
			await reportBlocks(newlyBlocked.filter((key) => key === bucket), partyOf(guess));
			return result;
		},
		async settlePasswordGuess(guess, outcome) {
			const filled = awaitingVerdict.get(guess);
			awaitingVerdict.delete(guess);
			if (outcome === "incorrect") {
				if (filled === undefined) return;
				const blocked: LimitKey[] = [];
				await update(filled, (states, at) => {
					blocked.length = 0;
					if (filled.perAddress !== undefined && incorrectPasswordsPerAddress.reportBlock(states.perAddress, at)) blocked.push(filled.perAddress);
					if (filled.perUser !== undefined && incorrectPasswordsPerUser.reportBlock(states.perUser, at)) blocked.push(filled.perUser);
					return { result: ALLOWED, states };
				});
				await reportBlocks(blocked, partyOf(guess));
				return;
			}
			const settle = outcome === "correct" ? "succeed" : "cancel";
			const keys = failureKeys(guess);
			if (!hasFailureKeys(keys)) return;
			await update(keys, (states, at) => ({
				result: ALLOWED,
				states: {
					perAddress: keys.perAddress === undefined ? undefined : incorrectPasswordsPerAddress[settle](states.perAddress, guessTarget(guess), at),
					perUser: keys.perUser === undefined ? undefined : incorrectPasswordsPerUser[settle](states.perUser, guessSource(guess), at),
				},
			}));
		},
		async admitPasskeyAssertion(guess) {
			const keys = failureKeys(guess);
			if (!hasFailureKeys(keys)) return ALLOWED;
			const { result, newlyBlocked } = await update(keys, (states, at) => {
				const result = checkFailures(keys, states, at);
				return { result, states: result.allowed ? attemptFailures(keys, states, guess, at) : states };
			});
			// As for passwords: a block this attempt completes is told once it proves incorrect.
			awaitVerdict(guess, keys, newlyBlocked);
			return result;
		},
		async checkGuessesBlocked(guess) {
			const keys = failureKeys(guess);
			if (!hasFailureKeys(keys)) return ALLOWED;
			const { states, at } = await look(keys);
			const result = checkFailures(keys, states, at);
			if (!result.allowed) observer.refused(result.limit);
			return result;
		},
		async usersPasswordBlockedUntil(userIds) {
			const until = new Map<string, number>();
			if (userIds.length === 0) return until;
			const { states, now } = await store.read(userIds.map((key) => ({ rule: incorrectPasswordsPerUser, key })));
			userIds.forEach((userId, i) => {
				const result = incorrectPasswordsPerUser.check(states[i], now);
				if (!result.allowed) until.set(userId, now + result.retryAfterMs);
			});
			return until;
		},
		async admitCodeRequest(kind, userId, clientIp) {
			const { result, newlyBlocked } = await admitRequest(REQUESTS_PER_USER[kind], userId, clientIp);
			await reportBlocks(newlyBlocked, { userId, clientIp: clientIp ?? null });
			return result;
		},
		async admitEmailSignInRequest(email, clientIp) {
			const { result, newlyBlocked } = await admitRequest(emailSignInsPerEmail, email, clientIp);
			// A full email is no user and no address to report (nor an email to write in the log);
			// its refusals are still counted.
			await reportBlocks(
				newlyBlocked.filter(({ rule }) => rule !== emailSignInsPerEmail),
				{ userId: null, clientIp: clientIp ?? null },
			);
			return result;
		},
		async admitExternalSignInRequest(clientIp) {
			if (clientIp === undefined) return ALLOWED;
			const keys = { forAddress: { rule: codeRequestsPerAddress, key: clientIp } };
			const { result, newlyBlocked } = await update(keys, ({ forAddress }, at) => {
				const result = codeRequestsPerAddress.check(forAddress, at);
				return { result, states: { forAddress: result.allowed ? codeRequestsPerAddress.take(forAddress, at) : forAddress } };
			});
			await reportBlocks(newlyBlocked, { userId: null, clientIp });
			return result;
		},
		async countFailedConsoleSignIn(address) {
			// Blocks of this rule are not security events: the address is a proxy's, or none, as often
			// as a guesser's; refusals are counted in /metrics.
			const { result } = await update({ failures: { rule: consoleSignInFailures, key: address } }, ({ failures }, at) => {
				const result = consoleSignInFailures.check(failures, at);
				return { result, states: { failures: result.allowed ? consoleSignInFailures.attempt(failures, "", at) : failures } };
			});
			return result;
		},
		async unblockUser(userId) {
			await update({ perUser: { rule: incorrectPasswordsPerUser, key: userId } }, () => ({ result: ALLOWED, states: { perUser: undefined } }));
		},
	};
}

/** In-memory limits for one instance (the embedded SQLite default). */
export function createMemoryLimits(now: Clock, capacity?: number, settings?: LimitSettings): Limits {
	return createLimits(createMemoryLimitStore(capacity, now), undefined, settings);
}
