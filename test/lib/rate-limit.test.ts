// The limiters behind API.md section 4, with an injected clock.
import { expect, test } from "bun:test";
import { combineLimits, FailureWindow, LimiterTable, TokenBucket, type FailureState, type LimitResult } from "../../src/lib/rate-limit.ts";
import { SlidingWindow } from "../../src/lib/sliding-window.ts";
import { createMemoryLimitStore, createRules, limitSettings, type LimitStore } from "../../src/limits.ts";

const allowed: LimitResult = { allowed: true };

/** A token bucket or sliding window kept in a memory store: check, then take when allowed. */
function limiter(rule: TokenBucket | SlidingWindow, capacity?: number) {
	let now = 0;
	const store: LimitStore = createMemoryLimitStore(capacity, () => now);
	return {
		advance(ms: number) {
			now += ms;
		},
		take(key: string): Promise<LimitResult> {
			return store.update([{ rule, key }], ([state], at) => {
				const result = rule.check(state, at);
				return { result, states: [result.allowed ? rule.take(state, at) : state] };
			});
		},
	};
}

test("LimiterTable drops the least recently used open keys past its capacity", () => {
	const table = new LimiterTable<number>(4, () => 0);
	table.set("a", 1, 0);
	table.set("b", 2, 0);
	table.set("c", 3, 0);
	table.get("a", 0); // a is now among the most recent
	table.set("d", 4, 0);
	expect(table.size).toBeLessThanOrEqual(4);
	expect(table.get("b", 0)).toBeUndefined();
	expect(table.get("a", 0)).toBe(1);
	expect(table.get("d", 0)).toBe(4);
	// Whatever the flood, a key survives at least capacity / 2 newer ones.
	for (let i = 0; i < 1000; i++) table.set(`flood-${i}`, i, 0);
	expect(table.size).toBeLessThanOrEqual(4);
	expect(table.get("flood-998", 0)).toBe(998);
});

test("LimiterTable never drops a blocked key before its block ends, and refuses new keys when full of blocks", () => {
	const table = new LimiterTable<{ until: number }>(2, (value) => value.until);
	table.set("blocked-1", { until: 100 }, 0);
	table.set("blocked-2", { until: 200 }, 0);
	for (let i = 0; i < 1000; i++) table.set(`open-${i}`, { until: 0 }, 0);
	expect(table.get("blocked-1", 50)).toEqual({ until: 100 });
	expect(table.get("blocked-2", 50)).toEqual({ until: 200 });
	// At most two open keys (the most recently used), and both blocked ones.
	expect(table.size).toBeLessThanOrEqual(4);
	expect(table.get("open-999", 50)).toEqual({ until: 0 });
	expect(table.get("open-0", 50)).toBeUndefined();
	// Full of blocks: a key it does not know is refused until the first block ends; known keys pass.
	expect(table.admitNewKey("stranger", 50)).toEqual({ allowed: false, retryAfterMs: 50, limit: "limiter_capacity" });
	expect(table.admitNewKey("open-999", 50)).toEqual(allowed);
	expect(table.admitNewKey("stranger", 100)).toEqual(allowed);
});

test("a flood of new keys does not grow a memory store beyond its capacity", async () => {
	const bucket = limiter(new TokenBucket("b", 5, 10_000), 1000);
	for (let i = 0; i < 50_000; i++) await bucket.take(`10.0.${i >> 8}.${i & 255}`);
	// The last 1000 keys are remembered; the first was dropped and starts with a full bucket.
	for (let i = 0; i < 4; i++) expect(await bucket.take("10.0.195.79")).toEqual(allowed);
	expect((await bucket.take("10.0.195.79")).allowed).toBe(false);
	expect(await bucket.take("10.0.0.0")).toEqual(allowed);
});

test("token bucket: max tokens, one back per refill period, never above max; says when the next comes", async () => {
	const bucket = limiter(new TokenBucket("b", 5, 10_000));
	for (let i = 0; i < 5; i++) expect(await bucket.take("k")).toEqual(allowed);
	expect(await bucket.take("k")).toEqual({ allowed: false, retryAfterMs: 10_000, limit: "b" });
	bucket.advance(25_000); // two refills, and half of a third
	expect(await bucket.take("k")).toEqual(allowed);
	expect(await bucket.take("k")).toEqual(allowed);
	expect(await bucket.take("k")).toEqual({ allowed: false, retryAfterMs: 5_000, limit: "b" });
	bucket.advance(5_000); // completes the third refill
	expect(await bucket.take("k")).toEqual(allowed);
	bucket.advance(1_000_000);
	for (let i = 0; i < 5; i++) expect(await bucket.take("k")).toEqual(allowed);
	expect((await bucket.take("k")).allowed).toBe(false);
});

test("sliding window: at most max events in any window; says when the oldest leaves", async () => {
	const window = limiter(new SlidingWindow("w", 3, 900_000));
	expect(await window.take("u")).toEqual(allowed);
	window.advance(600_000);
	expect(await window.take("u")).toEqual(allowed);
	expect(await window.take("u")).toEqual(allowed);
	expect(await window.take("u")).toEqual({ allowed: false, retryAfterMs: 300_000, limit: "w" });
	window.advance(300_000); // the first event leaves the window
	expect(await window.take("u")).toEqual(allowed);
	expect(await window.take("u")).toEqual({ allowed: false, retryAfterMs: 600_000, limit: "w" });
});

test("failure window: blocks for the rest of the window after max failures", () => {
	const rule = new FailureWindow("f", 5, 900_000);
	let state: FailureState | undefined;
	for (let i = 0; i < 5; i++) {
		expect(rule.check(state, 0)).toEqual(allowed);
		state = rule.attempt(state, "t", 0);
	}
	expect(rule.check(state, 0)).toEqual({ allowed: false, retryAfterMs: 900_000, limit: "f" });
	expect(rule.check(state, 899_999)).toEqual({ allowed: false, retryAfterMs: 1, limit: "f" });
	expect(rule.check(state, 900_000)).toEqual(allowed);
	expect(rule.attempt(state, "t", 900_000).count).toBe(1); // a new window
});

test("failure window: a success clears only the failures against its own target", () => {
	const rule = new FailureWindow("f", 5, 900_000);
	let state: FailureState | undefined;
	for (let i = 0; i < 3; i++) state = rule.attempt(state, "victim", 0);
	state = rule.succeed(rule.attempt(state, "own", 0), "own", 0);
	state = rule.attempt(state, "victim", 0);
	state = rule.succeed(rule.attempt(state, "own", 0), "own", 0);
	expect(state).toEqual({ startedAt: 0, count: 4, byTarget: { victim: 4 } });
	state = rule.attempt(state, "victim", 0);
	expect(rule.check(state, 0).allowed).toBe(false);
	// The victim's own login from this address clears all of it.
	expect(rule.succeed(state, "victim", 0)).toBeUndefined();
});

test("combineLimits waits for the longest refusal", () => {
	expect(combineLimits(allowed, allowed)).toEqual(allowed);
	expect(combineLimits({ allowed: false, retryAfterMs: 5, limit: "a" }, allowed, { allowed: false, retryAfterMs: 9, limit: "b" })).toEqual({
		allowed: false,
		retryAfterMs: 9,
		limit: "b",
	});
});

// Not verified by the third audit: a sliding window given a very large COUNT. A key's state must not
// grow with COUNT (in memory, or as JSON on PostgreSQL, written on every request), nor must a check
// walk it event by event.
test("a sliding window with a huge COUNT keeps a small state, however many events it counts", () => {
	const rule = createRules(limitSettings(["reset-requests-user=1000000/24h"], "--limit")).passwordResetRequests;
	let state: Parameters<typeof rule.take>[0];
	let now = 0;
	const started = performance.now();
	for (let i = 0; i < 200_000; i++, now += 7) {
		expect(rule.check(state, now).allowed).toBe(true);
		state = rule.take(state, now);
	}
	expect(JSON.stringify(state).length).toBeLessThan(4_000);
	expect(performance.now() - started).toBeLessThan(5_000);
});

test("a sliding window with a large COUNT never allows more than COUNT in any window, and is late by at most 1/64 of it", () => {
	const rule = createRules(limitSettings(["code-requests-address=1000/64s"], "--limit")).codeRequestsPerAddress;
	let state: Parameters<typeof rule.take>[0];
	const allowedAt: number[] = [];
	// A steady stream, one request every 10 ms, for 5 windows.
	for (let now = 0; now < 5 * 64_000; now += 10) {
		if (!rule.check(state, now).allowed) continue;
		state = rule.take(state, now);
		allowedAt.push(now);
	}
	// In any 64 s, at most 1,000 allowed.
	for (let i = 1000; i < allowedAt.length; i++) expect(allowedAt[i]! - allowedAt[i - 1000]!).toBeGreaterThanOrEqual(64_000);
	// And nearly as many as an exact window would allow (1,000 per 64 s, less one run of 1 s).
	expect(allowedAt.length).toBeGreaterThan(5 * 1000 * 0.95);

	// A burst of 1,000 at once: refused until the burst has left the window, at most 1 s late, and says when.
	const burst = createRules(limitSettings(["code-requests-address=1000/64s"], "--limit")).codeRequestsPerAddress;
	let held: Parameters<typeof burst.take>[0];
	for (let i = 0; i < 1000; i++) held = burst.take(held, 0);
	const refused = burst.check(held, 1);
	expect(refused.allowed).toBe(false);
	const wait = refused.allowed ? 0 : refused.retryAfterMs;
	expect(wait).toBeGreaterThanOrEqual(64_000 - 1);
	expect(wait).toBeLessThanOrEqual(65_000);
	expect(burst.check(held, 1 + wait - 1).allowed).toBe(false);
	expect(burst.check(held, 1 + wait).allowed).toBe(true);
});

test("a failure window with a huge COUNT keeps a small state, however many targets it is guessed at", () => {
	const rule = new FailureWindow("f", 1_000_000, 900_000);
	let state: FailureState | undefined;
	for (let i = 0; i < 20_000; i++) state = rule.attempt(state, `user-${i}`, i);
	expect(state!.count).toBe(20_000);
	expect(JSON.stringify(state).length).toBeLessThan(4_000);
	// A success clears what it can tell apart: its own target's failures, when they were kept apart.
	expect(rule.succeed(state, "user-0", 20_000)!.count).toBe(19_999);
	// A target that was not kept apart clears nothing: its failures stay counted (erring towards refusing).
	expect(rule.succeed(state, "user-19999", 20_000)!.count).toBe(19_999);
});
