// The kinds of rate limit of API.md section 4, as rules over plain state (numbers, arrays and
// records, so that it can be kept in memory or as JSON in a database; the sliding windows are in
// sliding-window.ts), and the bounded in-memory table that keeps such state for a single instance.
// `check` only reads a state; `take`, `attempt` and `succeed` may change the state they are given
// and return it (kept in memory, a state is updated in place rather than copied: a flood of
// requests then makes no garbage to collect).

export type Clock = () => number;

/** Allowed, or refused by the named limit with the milliseconds until the refused call could succeed. */
export type LimitResult = { allowed: true } | { allowed: false; retryAfterMs: number; limit: string };

export const ALLOWED: LimitResult = { allowed: true };

/** Every result allowed, or one refusal that waits for the longest of them. */
export function combineLimits(...results: LimitResult[]): LimitResult {
	let longest: LimitResult = ALLOWED;
	for (const result of results) if (!result.allowed && (longest.allowed || result.retryAfterMs > longest.retryAfterMs)) longest = result;
	return longest;
}

/** What every rule tells the place that keeps its state. */
export interface LimitRule<S> {
	/** Names the rule's keys apart from other rules' ("password_hashing"). */
	readonly name: string;
	/** Until when the key is blocked: 0 or a past time when it is not. A blocked key must be kept. */
	blockedUntil(state: S): number;
	/** From when the state no longer matters and may be dropped. */
	expiresAt(state: S): number;
}

interface BucketState {
	tokens: number;
	refilledAt: number;
}

/** A bucket of `max` tokens per key; one token comes back every `refillMs`. */
export class TokenBucket implements LimitRule<BucketState> {
	constructor(
		readonly name: string,
		readonly max: number,
		readonly refillMs: number,
	) {}

	/** Tokens and refill time as of `now`. */
	#refilled(state: BucketState | undefined, now: number): [tokens: number, refilledAt: number] {
		if (state === undefined) return [this.max, now];
		const refills = Math.floor((now - state.refilledAt) / this.refillMs);
		if (refills <= 0) return [state.tokens, state.refilledAt];
		const tokens = Math.min(this.max, state.tokens + refills);
		return [tokens, tokens === this.max ? now : state.refilledAt + refills * this.refillMs];
	}

	check(state: BucketState | undefined, now: number): LimitResult {
		const [tokens, refilledAt] = this.#refilled(state, now);
		return tokens >= 1 ? ALLOWED : { allowed: false, retryAfterMs: refilledAt + this.refillMs - now, limit: this.name };
	}

	take(state: BucketState | undefined, now: number): BucketState {
		const [tokens, refilledAt] = this.#refilled(state, now);
		const bucket = state ?? { tokens, refilledAt };
		bucket.tokens = tokens - 1;
		bucket.refilledAt = refilledAt;
		return bucket;
	}

	blockedUntil(state: BucketState): number {
		return state.tokens < 1 ? state.refilledAt + this.refillMs : 0;
	}

	expiresAt(state: BucketState): number {
		return state.refilledAt + (this.max - state.tokens) * this.refillMs;
	}
}

/** The most targets a failure window keeps apart per key. */
const MAX_TARGETS = 64;

export interface FailureState {
	startedAt: number;
	count: number;
	/** How many of `count` were against each target (a user, an address). */
	byTarget: Record<string, number>;
	/** Set once this block has been told (a security event): once per block, however many guesses see it. */
	blockReported?: true;
}

/**
 * `max` failures within `windowMs` of the first block the key for the rest of that window. Each
 * failure is recorded against a target, and a success clears only that target's failures: a
 * correct password for one user must not clear an address's failures against another.
 * An attempt counts as a failure *before* its outcome is known (argon2 takes tens of
 * milliseconds), so fifty parallel guesses cannot all start while the count still reads zero.
 */
export class FailureWindow implements LimitRule<FailureState> {
	constructor(
		readonly name: string,
		readonly max: number,
		readonly windowMs: number,
	) {}

	#live(state: FailureState | undefined, now: number): FailureState | undefined {
		return state !== undefined && now - state.startedAt < this.windowMs ? state : undefined;
	}

	check(state: FailureState | undefined, now: number): LimitResult {
		const live = this.#live(state, now);
		if (live === undefined || live.count < this.max) return ALLOWED;
		return { allowed: false, retryAfterMs: live.startedAt + this.windowMs - now, limit: this.name };
	}

	/** One attempt against `target`, counted as failed until `succeed` says otherwise. Past
	 *  MAX_TARGETS targets (a COUNT far above the contract's), a new target's failures are counted
	 *  but not kept apart, so no success clears them: the state stays small whatever COUNT is. */
	attempt(state: FailureState | undefined, target: string, now: number): FailureState {
		const live = this.#live(state, now) ?? { startedAt: now, count: 0, byTarget: {} };
		live.count += 1;
		const failures = live.byTarget[target];
		if (failures !== undefined) live.byTarget[target] = failures + 1;
		else if (Object.keys(live.byTarget).length < MAX_TARGETS) live.byTarget[target] = 1;
		return live;
	}

	/** Takes back one attempt against `target` that was never judged (the check could not run). */
	cancel(state: FailureState | undefined, target: string, now: number): FailureState | undefined {
		const live = this.#live(state, now);
		const failures = live?.byTarget[target];
		if (live === undefined || failures === undefined) return live;
		live.count -= 1;
		if (failures === 1) delete live.byTarget[target];
		else live.byTarget[target] = failures - 1;
		return this.#lowered(live);
	}

	/** Clears the failures counted against `target`, the attempt that just succeeded included. */
	succeed(state: FailureState | undefined, target: string, now: number): FailureState | undefined {
		const live = this.#live(state, now);
		const failures = live?.byTarget[target];
		if (live === undefined || failures === undefined) return live;
		live.count -= failures;
		delete live.byTarget[target];
		return this.#lowered(live);
	}

	/** After a count went down: dropped when empty; below the maximum, no longer a reported block. */
	#lowered(live: FailureState): FailureState | undefined {
		if (live.count === 0) return undefined;
		if (live.count < this.max) delete live.blockReported;
		return live;
	}

	/**
	 * True once per block: when the key is blocked and no one has said so yet. Asked after a guess
	 * was judged incorrect, since until then the count includes guesses that may still prove right.
	 */
	reportBlock(state: FailureState | undefined, now: number): boolean {
		const live = this.#live(state, now);
		if (live === undefined || live.count < this.max || live.blockReported === true) return false;
		live.blockReported = true;
		return true;
	}

	blockedUntil(state: FailureState): number {
		return state.count >= this.max ? state.startedAt + this.windowMs : 0;
	}

	expiresAt(state: FailureState): number {
		return state.startedAt + this.windowMs;
	}
}

/**
 * Limit state per key, in memory, bounded. At most about `capacity` keys that are not blocked are
 * kept, the least recently used dropped first, so a flood of new keys (addresses, user ids) cannot
 * grow it. Blocked keys are kept apart and never dropped before their block ends: a flood of new
 * addresses must not unblock one. They are bounded too (`capacity` of them); when that many are
 * blocked at once, a key the table does not know yet is refused until blocks end (fail closed),
 * rather than forgetting a block.
 *
 * Least recently used is approximated with two generations of maps: a key used is moved to the
 * young one; when it holds half the capacity, the old generation is dropped whole and the young one
 * takes its place. Every step is O(1). (Deleting the oldest entry of one Map instead, key by key,
 * leaves holes at its front that JavaScriptCore scans again on every eviction: a million distinct
 * keys took minutes.)
 */
export class LimiterTable<V> {
	#young = new Map<string, V>();
	#old = new Map<string, V>();
	#blocked = new Map<string, { value: V; until: number }>();
	#blockedAtLastSweep = 0;

	constructor(
		readonly capacity: number,
		readonly blockedUntil: (value: V) => number,
		/** The limit to name when the table refuses a new key. */
		readonly name = "limiter_capacity",
	) {}

	get(key: string, now: number): V | undefined {
		const blocked = this.#blocked.get(key);
		if (blocked !== undefined) {
			if (blocked.until > now) return blocked.value;
			this.#blocked.delete(key);
			this.#putOpen(key, blocked.value);
			return blocked.value;
		}
		const young = this.#young.get(key);
		if (young !== undefined) return young;
		const old = this.#old.get(key);
		if (old !== undefined) this.#putOpen(key, old);
		return old;
	}

	/** The key's value as `get` gives it, moving nothing: a look that leaves the table as it was. */
	peek(key: string): V | undefined {
		return this.#blocked.get(key)?.value ?? this.#young.get(key) ?? this.#old.get(key);
	}

	set(key: string, value: V, now: number): void {
		const until = this.blockedUntil(value);
		if (until > now) {
			this.#young.delete(key);
			this.#old.delete(key);
			this.#blocked.set(key, { value, until });
			if (this.#blocked.size > 2 * this.#blockedAtLastSweep + 1024) this.#sweepBlocked(now);
		} else {
			this.#blocked.delete(key);
			this.#putOpen(key, value);
		}
	}

	delete(key: string): void {
		this.#young.delete(key);
		this.#old.delete(key);
		this.#blocked.delete(key);
	}

	/** Refusal for a key this table does not hold while it holds as many blocked keys as it may. */
	admitNewKey(key: string, now: number): LimitResult {
		if (this.#blocked.size < this.capacity || this.#young.has(key) || this.#old.has(key) || this.#blocked.has(key)) return ALLOWED;
		const earliest = this.#sweepBlocked(now);
		if (this.#blocked.size < this.capacity) return ALLOWED;
		return { allowed: false, retryAfterMs: Math.max(1, earliest - now), limit: this.name };
	}

	get size(): number {
		return this.#young.size + this.#old.size + this.#blocked.size;
	}

	#putOpen(key: string, value: V): void {
		this.#old.delete(key);
		this.#young.set(key, value);
		if (this.#young.size >= Math.max(1, this.capacity / 2)) {
			this.#old = this.#young;
			this.#young = new Map();
		}
	}

	/** Moves ended blocks back among the open keys; rebuilt rather than deleted from, for the same
	 *  reason as above. The earliest end of a block still in force, or Infinity. */
	#sweepBlocked(now: number): number {
		const still = new Map<string, { value: V; until: number }>();
		let earliest = Infinity;
		for (const [key, entry] of this.#blocked) {
			if (entry.until > now) {
				still.set(key, entry);
				earliest = Math.min(earliest, entry.until);
			} else {
				this.#putOpen(key, entry.value);
			}
		}
		this.#blocked = still;
		this.#blockedAtLastSweep = still.size;
		return earliest;
	}
}
