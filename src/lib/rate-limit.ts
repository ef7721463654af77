// In-memory rate limits (API.md section 4). Every limiter keeps its state in an LruMap of bounded
// size: a flood of new keys (addresses, user ids) drops the least recently used entries instead of
// growing memory without bound. Each check-and-consume is synchronous, so parallel requests
// cannot slip between the check and the update.

export type Clock = () => number;

export const DEFAULT_LIMITER_CAPACITY = 100_000;

export class LruMap<V> {
	readonly #map = new Map<string, V>();
	readonly #capacity: number;

	constructor(capacity: number) {
		this.#capacity = capacity;
	}

	get(key: string): V | undefined {
		const value = this.#map.get(key);
		if (value !== undefined) {
			// Map keeps insertion order: re-inserting moves the key to the most recent end.
			this.#map.delete(key);
			this.#map.set(key, value);
		}
		return value;
	}

	set(key: string, value: V): void {
		this.#map.delete(key);
		this.#map.set(key, value);
		if (this.#map.size > this.#capacity) {
			const oldest = this.#map.keys().next();
			if (!oldest.done) this.#map.delete(oldest.value);
		}
	}

	delete(key: string): void {
		this.#map.delete(key);
	}

	get size(): number {
		return this.#map.size;
	}
}

interface Bucket {
	tokens: number;
	refilledAt: number;
}

/** A bucket of `max` tokens per key; one token comes back every `refillMs`. */
export class TokenBucketLimiter {
	readonly #buckets: LruMap<Bucket>;

	constructor(
		readonly max: number,
		readonly refillMs: number,
		readonly now: Clock,
		capacity: number = DEFAULT_LIMITER_CAPACITY,
	) {
		this.#buckets = new LruMap(capacity);
	}

	consume(key: string): boolean {
		const now = this.now();
		const bucket = this.#buckets.get(key);
		if (bucket === undefined) {
			this.#buckets.set(key, { tokens: this.max - 1, refilledAt: now });
			return true;
		}
		const refills = Math.floor((now - bucket.refilledAt) / this.refillMs);
		if (refills > 0) {
			bucket.tokens = Math.min(this.max, bucket.tokens + refills);
			bucket.refilledAt = bucket.tokens === this.max ? now : bucket.refilledAt + refills * this.refillMs;
		}
		if (bucket.tokens < 1) return false;
		bucket.tokens -= 1;
		return true;
	}
}

/** At most `max` events per key in any sliding window of `windowMs`. */
export class SlidingWindowLimiter {
	readonly #events: LruMap<number[]>;

	constructor(
		readonly max: number,
		readonly windowMs: number,
		readonly now: Clock,
		capacity: number = DEFAULT_LIMITER_CAPACITY,
	) {
		this.#events = new LruMap(capacity);
	}

	consume(key: string): boolean {
		const now = this.now();
		const recent = (this.#events.get(key) ?? []).filter((at) => now - at < this.windowMs);
		if (recent.length >= this.max) {
			this.#events.set(key, recent);
			return false;
		}
		recent.push(now);
		this.#events.set(key, recent);
		return true;
	}
}

interface FailureWindow {
	startedAt: number;
	count: number;
}

/**
 * `max` failures within `windowMs` of the first block the key for the rest of that window; a success
 * clears the count. An attempt is counted as a failure *before* its outcome is known (argon2 takes
 * tens of milliseconds), so fifty parallel guesses cannot all start while the count still reads zero.
 */
export class FailureLimiter {
	readonly #windows: LruMap<FailureWindow>;

	constructor(
		readonly max: number,
		readonly windowMs: number,
		readonly now: Clock,
		capacity: number = DEFAULT_LIMITER_CAPACITY,
	) {
		this.#windows = new LruMap(capacity);
	}

	/** Counts one attempt as failed until `succeed` says otherwise; false when the key is blocked. */
	attempt(key: string): boolean {
		const now = this.now();
		let window = this.#windows.get(key);
		if (window === undefined || now - window.startedAt >= this.windowMs) {
			window = { startedAt: now, count: 0 };
		}
		if (window.count >= this.max) return false;
		window.count += 1;
		this.#windows.set(key, window);
		return true;
	}

	succeed(key: string): void {
		this.#windows.delete(key);
	}
}
