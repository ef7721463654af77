// The limiters behind API.md section 4, with an injected clock.
import { expect, test } from "bun:test";
import { FailureLimiter, LruMap, SlidingWindowLimiter, TokenBucketLimiter } from "../../src/lib/rate-limit.ts";

test("LruMap drops the least recently used key past its capacity", () => {
	const map = new LruMap<number>(3);
	map.set("a", 1);
	map.set("b", 2);
	map.set("c", 3);
	map.get("a"); // a is now the most recent
	map.set("d", 4);
	expect(map.size).toBe(3);
	expect(map.get("b")).toBeUndefined();
	expect(map.get("a")).toBe(1);
	expect(map.get("d")).toBe(4);
});

test("a flood of new keys does not grow a limiter beyond its capacity", () => {
	let now = 0;
	const limiter = new TokenBucketLimiter(5, 10_000, () => now, 1000);
	for (let i = 0; i < 50_000; i++) limiter.consume(`10.0.${i >> 8}.${i & 255}`);
	// The last 1000 keys are remembered; the first was dropped and starts with a full bucket.
	for (let i = 0; i < 4; i++) expect(limiter.consume("10.0.195.79")).toBe(true);
	expect(limiter.consume("10.0.195.79")).toBe(false);
	expect(limiter.consume("10.0.0.0")).toBe(true);
	now += 1;
});

test("token bucket: max tokens, one back per refill period, never above max", () => {
	let now = 0;
	const limiter = new TokenBucketLimiter(5, 10_000, () => now);
	for (let i = 0; i < 5; i++) expect(limiter.consume("k")).toBe(true);
	expect(limiter.consume("k")).toBe(false);
	now += 25_000; // two refills, and half of a third
	expect(limiter.consume("k")).toBe(true);
	expect(limiter.consume("k")).toBe(true);
	expect(limiter.consume("k")).toBe(false);
	now += 5_000; // completes the third refill
	expect(limiter.consume("k")).toBe(true);
	now += 1_000_000;
	for (let i = 0; i < 5; i++) expect(limiter.consume("k")).toBe(true);
	expect(limiter.consume("k")).toBe(false);
});

test("sliding window: at most max events in any window", () => {
	let now = 0;
	const limiter = new SlidingWindowLimiter(3, 900_000, () => now);
	expect(limiter.consume("u")).toBe(true);
	now += 600_000;
	expect(limiter.consume("u")).toBe(true);
	expect(limiter.consume("u")).toBe(true);
	expect(limiter.consume("u")).toBe(false);
	now += 300_000; // the first event leaves the window
	expect(limiter.consume("u")).toBe(true);
	expect(limiter.consume("u")).toBe(false);
});

test("failure limiter: blocks for the rest of the window after max failures; success clears", () => {
	let now = 0;
	const limiter = new FailureLimiter(5, 900_000, () => now);
	for (let i = 0; i < 5; i++) expect(limiter.attempt("ip")).toBe(true);
	expect(limiter.attempt("ip")).toBe(false);
	now += 899_999;
	expect(limiter.attempt("ip")).toBe(false);
	now += 1;
	expect(limiter.attempt("ip")).toBe(true);
	limiter.succeed("ip");
	for (let i = 0; i < 5; i++) expect(limiter.attempt("ip")).toBe(true);
	expect(limiter.attempt("ip")).toBe(false);
});
