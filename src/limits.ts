// The figures and rules of API.md section 4. The features ask these questions in their own terms
// (may this password guess go ahead? may this request be created?) and never see a limiter. The
// policy is written once, over a LimitStore: in memory for one instance on SQLite, in PostgreSQL
// (src/stores/postgres/limits.ts) for any number of instances together.
import { ConfigError } from "./config-error.ts";
import {
	ALLOWED,
	combineLimits,
	FailureWindow,
	LimiterTable,
	type FailureState,
	SlidingWindow,
	TokenBucket,
	type Clock,
	type LimitResult,
	type LimitRule,
} from "./lib/rate-limit.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Reset, email verification, email update and email sign-in requests live 10 minutes (API.md section 2). */
export const REQUEST_LIFETIME_SECONDS = 10 * 60;
/** However many locks came before, a second-factor lock lasts at most this long. */
export const SECOND_FACTOR_MAX_LOCK_SECONDS = 24 * 60 * 60;

/** The rows of section 4 an operator may set with `--limit NAME=COUNT/WINDOW`. */
export const LIMIT_NAMES = [
	"hashing",
	"incorrect-passwords-address",
	"incorrect-passwords-user",
	"reset-requests-user",
	"email-requests-user",
	"code-requests-address",
	"email-sign-ins-email",
	"code-attempts",
	"second-factor",
] as const;

export type LimitName = (typeof LIMIT_NAMES)[number];

/** COUNT and WINDOW of one row; `code-attempts` has no window (its count lives with the request). */
export interface LimitSetting {
	count: number;
	/** Milliseconds; null for code-attempts. */
	windowMs: number | null;
}

export type LimitSettings = Readonly<Record<LimitName, LimitSetting>>;

/** The contract's figures (API.md section 4): the limits in force unless an operator sets others. */
export const DEFAULT_LIMITS: LimitSettings = {
	/** A bucket of 5 per address; one token comes back every 10 s. */
	hashing: { count: 5, windowMs: 10 * SECOND },
	"incorrect-passwords-address": { count: 5, windowMs: 15 * MINUTE },
	"incorrect-passwords-user": { count: 10, windowMs: 15 * MINUTE },
	"reset-requests-user": { count: 3, windowMs: 15 * MINUTE },
	/** Email verification and email update requests, each kind on its own. */
	"email-requests-user": { count: 3, windowMs: 15 * MINUTE },
	"code-requests-address": { count: 10, windowMs: 15 * MINUTE },
	/** Email sign-in requests per (normalised) email, whether a user holds it or not. */
	"email-sign-ins-email": { count: 3, windowMs: 15 * MINUTE },
	/** The 5th incorrect code deletes a reset, verification or update request; counted in the database. */
	"code-attempts": { count: 5, windowMs: null },
	/** 5 incorrect codes in a row lock verify-2fa/totp or reset-2fa for 15 minutes, the first time;
	 *  each further lock lasts twice as long as the one before, at most 24 hours. */
	"second-factor": { count: 5, windowMs: 15 * MINUTE },
};

/** What a row means, for `--help`, the docs and error messages. */
export const LIMIT_MEANINGS: Readonly<Record<LimitName, string>> = {
	hashing: "hashing work per client_ip: bucket, refill time",
	"incorrect-passwords-address": "incorrect passwords per client_ip, then blocked",
	"incorrect-passwords-user": "incorrect passwords per user, then blocked",
	"reset-requests-user": "password reset requests per user",
	"email-requests-user": "verification (and update) requests per user",
	"code-requests-address": "code requests of all four kinds per client_ip",
	"email-sign-ins-email": "email sign-in requests per email, known or not",
	"code-attempts": "incorrect codes that delete a request",
	"second-factor": "incorrect 2FA codes in a row, first lock",
};

const MAX_COUNT = 1_000_000;
const MAX_WINDOW_MS = 24 * HOUR;
const UNIT_MS: Record<string, number> = { s: SECOND, m: MINUTE, h: HOUR };

/** "15m" for 900 000 ms: the largest unit that divides the window. */
export function formatWindow(ms: number): string {
	if (ms % HOUR === 0) return `${ms / HOUR}h`;
	if (ms % MINUTE === 0) return `${ms / MINUTE}m`;
	return `${ms / SECOND}s`;
}

/** "5/15m", or "5" for code-attempts. */
export function formatLimit(setting: LimitSetting): string {
	return setting.windowMs === null ? String(setting.count) : `${setting.count}/${formatWindow(setting.windowMs)}`;
}

/** One `NAME=COUNT/WINDOW` (`code-attempts=COUNT`), checked; `source` names where it came from. */
export function parseLimit(text: string, source: string): [LimitName, LimitSetting] {
	const match = /^([a-z-]+)=([0-9]+)(?:\/([0-9]+)([smh]))?$/.exec(text.trim());
	const name = match?.[1] ?? text.split("=")[0]!.trim();
	if (!(LIMIT_NAMES as readonly string[]).includes(name)) {
		throw new ConfigError(`${source} "${text}": unknown limit "${name}"; the limits are ${LIMIT_NAMES.join(", ")}`);
	}
	const limit = name as LimitName;
	const form = DEFAULT_LIMITS[limit].windowMs === null ? `${limit}=COUNT (default ${formatLimit(DEFAULT_LIMITS[limit])})` : `${limit}=COUNT/WINDOW with WINDOW in s, m or h (default ${formatLimit(DEFAULT_LIMITS[limit])})`;
	if (match === null || (match[3] === undefined) !== (DEFAULT_LIMITS[limit].windowMs === null)) {
		throw new ConfigError(`${source} "${text}" must be ${form}`);
	}
	const count = Number(match[2]);
	if (count < 1 || count > MAX_COUNT) throw new ConfigError(`${source} "${text}": COUNT must be between 1 and ${MAX_COUNT}`);
	if (match[3] === undefined) return [limit, { count, windowMs: null }];
	const windowMs = Number(match[3]) * UNIT_MS[match[4]!]!;
	if (windowMs < SECOND || windowMs > MAX_WINDOW_MS) throw new ConfigError(`${source} "${text}": WINDOW must be between 1s and 24h`);
	return [limit, { count, windowMs }];
}

/** `base` (the defaults) with `given` applied over it, in order; a name given twice is refused. */
export function limitSettings(given: readonly string[], source: string, base: LimitSettings = DEFAULT_LIMITS): LimitSettings {
	const settings: Record<LimitName, LimitSetting> = { ...base };
	const seen = new Set<LimitName>();
	for (const text of given) {
		const [name, setting] = parseLimit(text, source);
		if (seen.has(name)) throw new ConfigError(`${source}: the limit ${name} is given twice`);
		seen.add(name);
		settings[name] = setting;
	}
	return settings;
}

/** The rows set looser than the contract's figures: a larger count, or a shorter window (a token
 *  back sooner, a block or a count that ends sooner). */
export function looserThanDefaults(settings: LimitSettings): LimitName[] {
	return LIMIT_NAMES.filter((name) => {
		const set = settings[name];
		const fallback = DEFAULT_LIMITS[name];
		return set.count > fallback.count || (set.windowMs !== null && fallback.windowMs !== null && set.windowMs < fallback.windowMs);
	});
}

/** How long the lock after `earlierLocks` locks lasts: the first lock, doubled for each earlier
 *  one, at most 24 hours. */
export function secondFactorLockSeconds(earlierLocks: number, firstLockSeconds: number = DEFAULT_LIMITS["second-factor"].windowMs! / SECOND): number {
	return Math.min(firstLockSeconds * 2 ** Math.min(earlierLocks, 16), Math.max(SECOND_FACTOR_MAX_LOCK_SECONDS, firstLockSeconds));
}

/** What a store needs to keep a second-factor lockout: codes in a row, and the first lock's length. */
export interface SecondFactorLockout {
	maxIncorrectCodes: number;
	firstLockSeconds: number;
}

export function secondFactorLockout(settings: LimitSettings): SecondFactorLockout {
	const { count, windowMs } = settings["second-factor"];
	return { maxIncorrectCodes: count, firstLockSeconds: windowMs! / SECOND };
}

/** A password check: by whom (the canonical client_ip key, when sent) and against what. */
export interface PasswordGuess {
	clientIp: string | undefined;
	/** The user whose password is checked, or null for an email that names no user. */
	userId: string | null;
	/** The email given, when the guess was made by email. */
	email?: string;
}

export type CodeRequestKind = "passwordReset" | "emailVerification" | "emailUpdate";

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
	/** Whether the incorrect-password limits refuse this party now; takes nothing (a passkey
	 *  ceremony is not started for an address or user that could not finish it). */
	checkGuessesBlocked(guess: PasswordGuess): Promise<LimitResult>;
	/** Creating a reset, verification or update request: per user (per kind) and per address. */
	admitCodeRequest(kind: CodeRequestKind, userId: string, clientIp: string | undefined): Promise<LimitResult>;
	/** Creating an email sign-in request: per email (the stored form; a user holds it or not, the
	 *  count is the same) and per address, in the bucket of the other code requests. */
	admitEmailSignInRequest(email: string, clientIp: string | undefined): Promise<LimitResult>;
	/** Forgets the user's incorrect passwords, which ends a block of their password checks
	 *  (POST /users/{user_id}/unblock). Addresses stay blocked: they may be guessing at others. */
	unblockUser(userId: string): Promise<void>;
}

/** The rules of section 4 that are kept in a LimitStore, one each, with the figures in force. */
export function createRules(settings: LimitSettings = DEFAULT_LIMITS) {
	const windowOf = (name: LimitName): number => settings[name].windowMs!;
	return {
		passwordHashing: new TokenBucket("password_hashing", settings.hashing.count, windowOf("hashing")),
		incorrectPasswordsPerAddress: new FailureWindow("incorrect_passwords_address", settings["incorrect-passwords-address"].count, windowOf("incorrect-passwords-address")),
		incorrectPasswordsPerUser: new FailureWindow("incorrect_passwords_user", settings["incorrect-passwords-user"].count, windowOf("incorrect-passwords-user")),
		passwordResetRequests: new SlidingWindow("password_reset_requests", settings["reset-requests-user"].count, windowOf("reset-requests-user")),
		emailVerificationRequests: new SlidingWindow("email_verification_requests", settings["email-requests-user"].count, windowOf("email-requests-user")),
		emailUpdateRequests: new SlidingWindow("email_update_requests", settings["email-requests-user"].count, windowOf("email-requests-user")),
		codeRequestsPerAddress: new SlidingWindow("code_requests_address", settings["code-requests-address"].count, windowOf("code-requests-address")),
		emailSignInsPerEmail: new SlidingWindow("email_sign_ins_email", settings["email-sign-ins-email"].count, windowOf("email-sign-ins-email")),
	} as const;
}

export type Rules = ReturnType<typeof createRules>;

/** The rules with the contract's figures. */
export const RULES: Rules = createRules();

/** The rules keyed by user id; the others are keyed by the canonical client_ip. */
export const PER_USER_RULES: ReadonlySet<string> = new Set(
	[RULES.incorrectPasswordsPerUser, RULES.passwordResetRequests, RULES.emailVerificationRequests, RULES.emailUpdateRequests].map((rule) => rule.name),
);

export interface LimitKey {
	rule: LimitRule<any>;
	key: string;
}

/** The decision over the current states of some keys: the result, and their states after it
 *  (undefined drops a key's state). */
export type LimitDecision = (states: any[], now: number) => { result: LimitResult; states: any[] };

export interface LimitStore {
	/** Reads the states of `keys`, applies `decide`, and keeps what it returns, as one atomic step:
	 *  no other update of these keys comes in between, whichever instance makes it. `now` is this
	 *  instance's clock; a store shared by instances decides at its own time instead (PostgreSQL's
	 *  clock), and passes that time to `decide`. */
	update(keys: LimitKey[], now: number, decide: LimitDecision): Promise<LimitResult>;
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
export interface LimitParty {
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

/** Each verb checks every limit before it takes from any, in one step, so a refusal spends nothing. */
export function createLimits(store: LimitStore, now: Clock, observer: LimitObserver = UNOBSERVED, settings: LimitSettings = DEFAULT_LIMITS): Limits {
	const rules = createRules(settings);
	const { passwordHashing, incorrectPasswordsPerAddress, incorrectPasswordsPerUser, codeRequestsPerAddress, emailSignInsPerEmail } = rules;
	const REQUESTS_PER_USER: Record<CodeRequestKind, SlidingWindow> = {
		passwordReset: rules.passwordResetRequests,
		emailVerification: rules.emailVerificationRequests,
		emailUpdate: rules.emailUpdateRequests,
	};

	/** `decide` over `keys` in one step: its result, and the keys it blocked that were not blocked before. */
	async function update(keys: LimitKey[], decide: LimitDecision): Promise<{ result: LimitResult; newlyBlocked: LimitKey[] }> {
		const newlyBlocked: LimitKey[] = [];
		const result = await store.update(keys, now(), (states, at) => {
			newlyBlocked.length = 0;
			// Read before deciding: a rule may update a state in place.
			const wasBlocked = keys.map(({ rule }, i) => states[i] !== undefined && rule.blockedUntil(states[i]) > at);
			const decision = decide(states, at);
			keys.forEach((key, i) => {
				const state = decision.states[i];
				if (!wasBlocked[i] && state !== undefined && key.rule.blockedUntil(state) > at) newlyBlocked.push(key);
			});
			return decision;
		});
		if (!result.allowed) observer.refused(result.limit);
		return { result, newlyBlocked };
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

	// A guess is admitted as a failure, so the one that brings a count of incorrect passwords to its
	// maximum blocks the key before it is judged; if it proves right, `succeed` lifts the block
	// again and nothing was refused for it. Such keys wait here, by guess, for the verdict: only an
	// incorrect one reports the block (FailureWindow.reportBlock, once per block).
	const awaitingVerdict = new WeakMap<PasswordGuess, { rule: FailureWindow; key: string }[]>();

	function guessKeys(guess: PasswordGuess): { keys: LimitKey[]; ip: boolean; user: boolean } {
		const keys: LimitKey[] = [];
		if (guess.clientIp !== undefined) {
			keys.push({ rule: passwordHashing, key: guess.clientIp }, { rule: incorrectPasswordsPerAddress, key: guess.clientIp });
		}
		const perUser = perUserKey(guess);
		if (perUser !== null) keys.push({ rule: incorrectPasswordsPerUser, key: perUser });
		return { keys, ip: guess.clientIp !== undefined, user: perUser !== null };
	}

	/** The incorrect-password keys of a guess, without the hashing bucket, each with what it counts
	 *  a guess against (the address: the user guessed at; the user: the address guessing). */
	function failureKeys(guess: PasswordGuess): { rule: FailureWindow; key: string; target: string }[] {
		const keys: { rule: FailureWindow; key: string; target: string }[] = [];
		if (guess.clientIp !== undefined) keys.push({ rule: incorrectPasswordsPerAddress, key: guess.clientIp, target: guessTarget(guess) });
		if (guess.userId !== null) keys.push({ rule: incorrectPasswordsPerUser, key: guess.userId, target: guessSource(guess) });
		return keys;
	}

	/** The result of the failure windows over their `states`, in failureKeys' order. */
	function checkFailures(keys: { rule: FailureWindow }[], states: FailureState[], at: number): LimitResult {
		return combineLimits(...keys.map(({ rule }, i) => rule.check(states[i], at)));
	}

	/** A code request: one from `perKey` (per user, or per email) and one from the address's
	 *  bucket of code requests, both or neither. */
	function admitRequest(perKey: SlidingWindow, key: string, clientIp: string | undefined) {
		const keys: LimitKey[] = [{ rule: perKey, key }];
		if (clientIp !== undefined) keys.push({ rule: codeRequestsPerAddress, key: clientIp });
		return update(keys, ([forKey, forAddress], at) => {
			const result = combineLimits(perKey.check(forKey, at), clientIp === undefined ? ALLOWED : codeRequestsPerAddress.check(forAddress, at));
			if (!result.allowed) return { result, states: [forKey, forAddress] };
			const next: unknown[] = [perKey.take(forKey, at)];
			if (clientIp !== undefined) next.push(codeRequestsPerAddress.take(forAddress, at));
			return { result, states: next };
		});
	}

	return {
		settings,
		async admitHashing(clientIp) {
			if (clientIp === undefined) return ALLOWED;
			const { result, newlyBlocked } = await update([{ rule: passwordHashing, key: clientIp }], ([bucket], at) => {
				const result = passwordHashing.check(bucket, at);
				return { result, states: [result.allowed ? passwordHashing.take(bucket, at) : bucket] };
			});
			await reportBlocks(newlyBlocked, { userId: null, clientIp });
			return result;
		},
		async admitPasswordGuess(guess) {
			const { keys, ip, user } = guessKeys(guess);
			if (keys.length === 0) return ALLOWED;
			const { result, newlyBlocked } = await update(keys, (states, at) => {
				const [bucket, perAddress] = ip ? states : [];
				const perUser = user ? states[states.length - 1] : undefined;
				const result = combineLimits(
					ip ? passwordHashing.check(bucket, at) : ALLOWED,
					ip ? incorrectPasswordsPerAddress.check(perAddress, at) : ALLOWED,
					user ? incorrectPasswordsPerUser.check(perUser, at) : ALLOWED,
				);
				if (!result.allowed) return { result, states };
				const next: unknown[] = [];
				if (ip) next.push(passwordHashing.take(bucket, at), incorrectPasswordsPerAddress.attempt(perAddress, guessTarget(guess), at));
				if (user) next.push(incorrectPasswordsPerUser.attempt(perUser, guessSource(guess), at));
				return { result, states: next };
			});
			const filled: { rule: FailureWindow; key: string }[] = [];
			const others: LimitKey[] = [];
			for (const { rule, key } of newlyBlocked) {
				if (rule instanceof FailureWindow) filled.push({ rule, key });
				else others.push({ rule, key });
			}
			await reportBlocks(others, partyOf(guess));
			if (filled.length > 0) awaitingVerdict.set(guess, filled);
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
					filled.forEach(({ rule, key }, i) => {
						if (rule.reportBlock(states[i], at)) blocked.push({ rule, key });
					});
					return { result: ALLOWED, states };
				});
				await reportBlocks(blocked, partyOf(guess));
				return;
			}
			const settle = outcome === "correct" ? "succeed" : "cancel";
			const keys: LimitKey[] = [];
			const perUser = perUserKey(guess);
			if (guess.clientIp !== undefined) keys.push({ rule: incorrectPasswordsPerAddress, key: guess.clientIp });
			if (perUser !== null) keys.push({ rule: incorrectPasswordsPerUser, key: perUser });
			if (keys.length === 0) return;
			await update(keys, (states, at) => {
				const next: unknown[] = [];
				let i = 0;
				if (guess.clientIp !== undefined) next.push(incorrectPasswordsPerAddress[settle](states[i++], guessTarget(guess), at));
				if (perUser !== null) next.push(incorrectPasswordsPerUser[settle](states[i++], guessSource(guess), at));
				return { result: ALLOWED, states: next };
			});
		},
		async admitPasskeyAssertion(guess) {
			const keys = failureKeys(guess);
			if (keys.length === 0) return ALLOWED;
			const { result, newlyBlocked } = await update(keys, (states, at) => {
				const result = checkFailures(keys, states, at);
				if (!result.allowed) return { result, states };
				return { result, states: keys.map(({ rule, target }, i) => rule.attempt(states[i], target, at)) };
			});
			// As for passwords: a block this attempt completes is told once it proves incorrect.
			const filled = keys.filter(({ rule, key }) => newlyBlocked.some((blocked) => blocked.rule === rule && blocked.key === key));
			if (filled.length > 0) awaitingVerdict.set(guess, filled);
			return result;
		},
		async checkGuessesBlocked(guess) {
			const keys = failureKeys(guess);
			if (keys.length === 0) return ALLOWED;
			const { result } = await update(keys, (states, at) => ({ result: checkFailures(keys, states, at), states }));
			return result;
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
		async unblockUser(userId) {
			await update([{ rule: incorrectPasswordsPerUser, key: userId }], () => ({ result: ALLOWED, states: [undefined] }));
		},
	};
}

export const DEFAULT_LIMITER_CAPACITY = 100_000;

/** Limit state in this process's memory, each rule's keys in a bounded LimiterTable. Updates are
 *  synchronous, so no other update comes in between. */
export function createMemoryLimitStore(capacity: number = DEFAULT_LIMITER_CAPACITY): LimitStore {
	const tables = new Map<string, LimiterTable<unknown>>();
	function tableOf(rule: LimitRule<any>): LimiterTable<unknown> {
		let table = tables.get(rule.name);
		if (table === undefined) {
			table = new LimiterTable<unknown>(capacity, (state) => rule.blockedUntil(state), `${rule.name}_capacity`);
			tables.set(rule.name, table);
		}
		return table;
	}
	return {
		async update(keys, now, decide) {
			const refused = combineLimits(...keys.map(({ rule, key }) => tableOf(rule).admitNewKey(key, now)));
			if (!refused.allowed) return refused;
			const states = keys.map(({ rule, key }) => tableOf(rule).get(key, now));
			const decision = decide(states, now);
			keys.forEach(({ rule, key }, i) => {
				const state = decision.states[i];
				if (state === undefined) tableOf(rule).delete(key);
				else tableOf(rule).set(key, state, now);
			});
			return decision.result;
		},
	};
}

/** In-memory limits for one instance (the embedded SQLite default). */
export function createMemoryLimits(now: Clock, capacity?: number, settings?: LimitSettings): Limits {
	return createLimits(createMemoryLimitStore(capacity), now, undefined, settings);
}
