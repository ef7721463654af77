// Online mode: the Have I Been Pwned range API. Only the first 5 hex digits of the SHA-1 leave the
// machine; the answer lists every known suffix in that range, and the check happens here.
//
// Policy:
// - each request may take config.timeoutMs in all (2000 ms by default), headers and body;
// - answers are cached: up to 1000 ranges, each for 15 minutes (HIBP adds data rarely, and a user
//   who retries a rejected password, or a flow that checks twice, should not cost a second request);
//   a range is kept as sorted 64-bit suffix keys, ~8 KB, so the cache stays under ~10 MB;
// - concurrent checks of the same range share one request;
// - a timeout, a network error, a non-2xx answer or a body that is not a range answer counts as
//   unreachable: "open" accepts the password and warns, "closed" rejects with LeakCheckUnavailableError.
//   `failed` hears of it in both modes (the online_failure metric).
//   Either way the local lists were checked first (index.ts), so "open" only gives up the API's extra coverage.
//   Failures are not cached, so the next check tries again.
import type { LeakFailMode } from "../config.ts";
import { RangeCache } from "./range-cache.ts";
import { sha1Hex } from "./sha1.ts";

const RANGE_CACHE_ENTRIES = 1000;
const RANGE_CACHE_TTL_MS = 15 * 60 * 1000;
// Real answers are ~30-40 KB with padding; anything far larger is not the range API.
const MAX_RANGE_BYTES = 1 << 20;

interface OnlineLeakCheckOptions {
	api: string;
	fail: LeakFailMode;
	timeoutMs: number;
	fetch: typeof fetch;
	warn: (message: string) => void;
	/** Told of every check the API could not answer, in either mode (before the warning or the error). */
	failed: () => void;
	/** Raised in place of the result when fail is "closed" and the API is unreachable. */
	unavailable: (message: string) => Error;
	now?: () => number;
}

/** Sorted (hi, lo) pairs: the first 64 bits of each leaked suffix in one range. */
type RangeKeys = Uint32Array;

class RangeUnavailable extends Error {}

export function createOnlineLeakCheck(options: OnlineLeakCheckOptions): (password: string) => Promise<boolean> {
	const cache = new RangeCache<RangeKeys>(RANGE_CACHE_ENTRIES, RANGE_CACHE_TTL_MS, options.now);
	const inFlight = new Map<string, Promise<RangeKeys>>();

	function range(prefix: string): Promise<RangeKeys> {
		const cached = cache.get(prefix);
		if (cached !== undefined) return Promise.resolve(cached);
		let pending = inFlight.get(prefix);
		if (pending === undefined) {
			pending = fetchRange(options, prefix)
				.then((keys) => {
					cache.set(prefix, keys);
					return keys;
				})
				.finally(() => inFlight.delete(prefix));
			inFlight.set(prefix, pending);
		}
		return pending;
	}

	return async function isLeakedOnline(password: string): Promise<boolean> {
		const hex = sha1Hex(password);
		const prefix = hex.slice(0, 5);
		let keys: RangeKeys;
		try {
			keys = await range(prefix);
		} catch (e) {
			const reason = describeFailure(e, options);
			options.failed();
			if (options.fail === "closed") throw options.unavailable(`leak check unavailable: ${reason}`);
			options.warn(`leak check skipped: ${reason}; the password was accepted after a check of the local lists only (--leak-fail open)`);
			return false;
		}
		return hasKey(keys, parseInt(hex.slice(5, 13), 16), parseInt(hex.slice(13, 21), 16));
	};
}

async function fetchRange(options: OnlineLeakCheckOptions, prefix: string): Promise<RangeKeys> {
	const response = await options.fetch(`${options.api}/range/${prefix}`, {
		headers: { "Add-Padding": "true", "User-Agent": "holm-leak-check" },
		signal: AbortSignal.timeout(options.timeoutMs),
	});
	if (!response.ok) {
		await response.body?.cancel().catch(() => {});
		throw new RangeUnavailable(`the range API answered HTTP ${response.status}`);
	}
	return parseRange(await readLimited(response));
}

async function readLimited(response: Response): Promise<string> {
	if (response.body === null) return "";
	const reader = response.body.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		total += value.length;
		if (total > MAX_RANGE_BYTES) {
			await reader.cancel().catch(() => {});
			throw new RangeUnavailable(`the range API answer is larger than ${MAX_RANGE_BYTES} bytes`);
		}
		chunks.push(value);
	}
	return new TextDecoder().decode(Buffer.concat(chunks));
}

const RANGE_LINE = /^([0-9A-Fa-f]{35}):([0-9]+)$/;

/** `SUFFIX:COUNT` lines into sorted keys; padding lines (count 0) are not leaks and are dropped. */
function parseRange(text: string): RangeKeys {
	const lines = text.split("\n");
	const keys = new Uint32Array(lines.length * 2);
	let n = 0;
	for (const raw of lines) {
		const line = raw.trim();
		if (line === "") continue;
		const match = RANGE_LINE.exec(line);
		if (match === null) throw new RangeUnavailable("the range API answer is not a list of SUFFIX:COUNT lines");
		if (/^0+$/.test(match[2]!)) continue;
		const suffix = match[1]!;
		// Stored lo first so a BigUint64Array view sorts by (hi, lo).
		keys[n * 2] = parseInt(suffix.slice(8, 16), 16);
		keys[n * 2 + 1] = parseInt(suffix.slice(0, 8), 16);
		n++;
	}
	const sorted = keys.slice(0, n * 2);
	new BigUint64Array(sorted.buffer).sort();
	return sorted;
}

function hasKey(keys: RangeKeys, hi: number, lo: number): boolean {
	let low = 0;
	let high = keys.length / 2 - 1;
	while (low <= high) {
		const mid = (low + high) >>> 1;
		const midHi = keys[mid * 2 + 1]!;
		const midLo = keys[mid * 2]!;
		if (midHi === hi && midLo === lo) return true;
		if (midHi < hi || (midHi === hi && midLo < lo)) low = mid + 1;
		else high = mid - 1;
	}
	return false;
}

// The reason goes into logs and errors, so it names the API and what went wrong, never the range.
function describeFailure(e: unknown, options: OnlineLeakCheckOptions): string {
	const origin = URL.canParse(options.api) ? new URL(options.api).origin : "the range API";
	if (e instanceof RangeUnavailable) return `${e.message} (${origin})`;
	if (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError")) return `no answer from ${origin} within ${options.timeoutMs} ms`;
	const code = typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : e instanceof Error ? e.name : "unknown error";
	return `cannot reach ${origin} (${code})`;
}
