// Online mode against a local stand-in for the Have I Been Pwned range API (Bun.serve on port 0).
// The bundled list is checked first (outage-still-refuses-bundled-passwords.test.ts); these tests
// use passwords that are not in it, so every check reaches the API.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { LeakCheckConfig } from "../../src/config.ts";
import { createLeakCheck, isLeaked, LeakCheckUnavailableError, type LeakCheck } from "../../src/leak-check/index.ts";
import { RangeCache } from "../../src/leak-check/range-cache.ts";
import { sha1Upper } from "./helpers.ts";

interface Seen {
	method: string;
	url: string;
	headers: Record<string, string>;
	body: string;
}

/** How the stand-in answers the next requests. */
interface Behaviour {
	status: number;
	delayMs: number;
	/** Extra lines per prefix (before padding). */
	ranges: Map<string, string[]>;
	/** Replaces the whole body when set. */
	rawBody: string | null;
	/** Sends a first line, then never finishes the body. */
	stallBody: boolean;
}

// Leaked as far as the stand-in API says, but not in the bundled list, so the API is asked.
const ONLY_ONLINE = "leaked-only-in-the-range-api-6c2e";

let server: ReturnType<typeof Bun.serve>;
let seen: Seen[] = [];
let behaviour: Behaviour;

function reset(): void {
	seen = [];
	behaviour = { status: 200, delayMs: 0, ranges: new Map(), rawBody: null, stallBody: false };
}

/** Padding the way HIBP does it: random suffixes with count 0, CRLF line ends. */
function padding(count: number): string[] {
	return Array.from({ length: count }, () => `${sha1Upper(crypto.randomUUID()).slice(5)}:0`);
}

beforeAll(() => {
	server = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		async fetch(request) {
			seen.push({
				method: request.method,
				url: request.url,
				headers: Object.fromEntries(request.headers.entries()),
				body: await request.text(),
			});
			if (behaviour.delayMs > 0) await Bun.sleep(behaviour.delayMs);
			if (behaviour.status !== 200) return new Response("Service Unavailable", { status: behaviour.status });
			if (behaviour.stallBody) {
				return new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(`${padding(1)[0]}\r\n`)) }));
			}
			if (behaviour.rawBody !== null) return new Response(behaviour.rawBody);
			const prefix = new URL(request.url).pathname.split("/").pop() ?? "";
			const lines = [...(behaviour.ranges.get(prefix) ?? []), ...padding(300)];
			return new Response(lines.join("\r\n"));
		},
	});
});
afterAll(() => server.stop(true));
beforeEach(reset);

interface Harness {
	check: LeakCheck;
	warnings: string[];
}

async function online(overrides: Partial<LeakCheckConfig> = {}): Promise<Harness> {
	const warnings: string[] = [];
	const config: LeakCheckConfig = { mode: "online", file: null, api: server.url.origin, fail: "closed", timeoutMs: 1000, ...overrides };
	const check = await createLeakCheck(config, { fetch, warn: (m) => warnings.push(m) });
	return { check, warnings };
}

/** Makes the stand-in list `password` as leaked `count` times. */
function leak(password: string, count = 42): void {
	const hash = sha1Upper(password);
	const lines = behaviour.ranges.get(hash.slice(0, 5)) ?? [];
	lines.push(`${hash.slice(5)}:${count}`);
	behaviour.ranges.set(hash.slice(0, 5), lines);
}

/** Neither the password nor any of its hash past the first 5 digits appears anywhere in `text`. */
function expectNothingSecretIn(text: string, password: string): void {
	const hash = sha1Upper(password);
	expect(text).not.toContain(password);
	expect(text.toUpperCase()).not.toContain(hash.slice(5, 13));
	expect(text.toUpperCase()).not.toContain(hash.slice(20, 28));
}

describe("answers", () => {
	test("a leaked password is found; the request is GET {api}/range/{5 hex} with Add-Padding: true", async () => {
		const { check } = await online();
		leak(ONLY_ONLINE, 9_545_824);
		expect(await isLeaked(check, ONLY_ONLINE)).toBe(true);
		expect(seen).toHaveLength(1);
		expect(seen[0]!.method).toBe("GET");
		expect(new URL(seen[0]!.url).pathname).toBe(`/range/${sha1Upper(ONLY_ONLINE).slice(0, 5)}`);
		expect(seen[0]!.headers["add-padding"]).toBe("true");
	});

	test("a password absent from its range is not leaked", async () => {
		const { check } = await online();
		leak(ONLY_ONLINE);
		expect(await isLeaked(check, "a password nobody has ever used 8c1f")).toBe(false);
	});

	test("a password in the bundled list is leaked without a request", async () => {
		const { check } = await online();
		expect(await isLeaked(check, "password")).toBe(true);
		expect(seen).toHaveLength(0);
	});

	test("padding lines (count 0) are ignored, even for the password's own suffix", async () => {
		const { check } = await online();
		leak("sunshine-padding-test", 0);
		expect(await isLeaked(check, "sunshine-padding-test")).toBe(false);
	});

	test("LF line ends and lowercase hex are understood too", async () => {
		const { check } = await online();
		const hash = sha1Upper("lowercase please");
		behaviour.rawBody = `${padding(2).join("\n")}\n${hash.slice(5).toLowerCase()}:3\n`;
		expect(await isLeaked(check, "lowercase please")).toBe(true);
	});

	test("only the first 5 hex digits of the hash leave the machine", async () => {
		const { check } = await online();
		const password = "my secret passphrase 123";
		leak(password);
		expect(await isLeaked(check, password)).toBe(true);
		const request = seen[0]!;
		expect(new URL(request.url).pathname).toMatch(/^\/range\/[0-9A-F]{5}$/);
		expect(new URL(request.url).search).toBe("");
		expect(request.body).toBe("");
		expectNothingSecretIn(JSON.stringify(request), password);
	});

	test("an API address with a path is kept", async () => {
		const { check } = await online({ api: `${server.url.origin}/pwned/v3` });
		expect(await isLeaked(check, "whatever password")).toBe(false);
		expect(new URL(seen[0]!.url).pathname).toBe(`/pwned/v3/range/${sha1Upper("whatever password").slice(0, 5)}`);
	});
});

describe("cache", () => {
	test("a second check in the same range sends no second request", async () => {
		const { check } = await online();
		leak(ONLY_ONLINE);
		expect(await isLeaked(check, ONLY_ONLINE)).toBe(true);
		expect(await isLeaked(check, ONLY_ONLINE)).toBe(true);
		expect(await isLeaked(check, ONLY_ONLINE)).toBe(true);
		expect(seen).toHaveLength(1);
	});

	test("concurrent checks in one range share one request", async () => {
		const { check } = await online();
		behaviour.delayMs = 50;
		leak(ONLY_ONLINE);
		const answers = await Promise.all([isLeaked(check, ONLY_ONLINE), isLeaked(check, ONLY_ONLINE), isLeaked(check, ONLY_ONLINE)]);
		expect(answers).toEqual([true, true, true]);
		expect(seen).toHaveLength(1);
	});

	test("failures are not cached: the next check asks again", async () => {
		const { check } = await online();
		behaviour.status = 503;
		await expect(isLeaked(check, ONLY_ONLINE)).rejects.toBeInstanceOf(LeakCheckUnavailableError);
		behaviour.status = 200;
		leak(ONLY_ONLINE);
		expect(await isLeaked(check, ONLY_ONLINE)).toBe(true);
		expect(seen).toHaveLength(2);
	});

	test("least recently used ranges go first; entries expire", () => {
		let now = 0;
		const cache = new RangeCache<number>(3, 1000, () => now);
		cache.set("A", 1);
		cache.set("B", 2);
		cache.set("C", 3);
		expect(cache.get("A")).toBe(1); // A is now the most recently used
		cache.set("D", 4); // evicts B
		expect(cache.size).toBe(3);
		expect(cache.get("B")).toBeUndefined();
		expect([cache.get("A"), cache.get("C"), cache.get("D")]).toEqual([1, 3, 4]);
		now = 999;
		expect(cache.get("A")).toBe(1);
		now = 1000;
		expect(cache.get("A")).toBeUndefined();
		expect(cache.size).toBe(2);
	});
});

describe("when the API cannot be reached in time", () => {
	const failures: Array<[string, () => void, Partial<LeakCheckConfig>, RegExp]> = [
		["it answers too slowly", () => (behaviour.delayMs = 1000), { timeoutMs: 100 }, /no answer from http:\/\/127\.0\.0\.1:\d+ within 100 ms/],
		["its body stalls", () => (behaviour.stallBody = true), { timeoutMs: 100 }, /no answer from .* within 100 ms/],
		["it answers 500", () => (behaviour.status = 500), {}, /the range API answered HTTP 500/],
		["it answers 429", () => (behaviour.status = 429), {}, /the range API answered HTTP 429/],
		["it answers something that is not a range", () => (behaviour.rawBody = "<html>Sign in to the Wi-Fi</html>"), {}, /not a list of SUFFIX:COUNT lines/],
		["nothing listens there", () => {}, { api: "http://127.0.0.1:9" }, /cannot reach http:\/\/127\.0\.0\.1:9/],
	];

	// Distinctive, so finding it in a message means it leaked (the word "password" is in the messages).
	const secret = "Zebra-Quartz-1987!";

	for (const [name, arrange, overrides, reason] of failures) {
		test(`${name}: fail open accepts the password and warns without the password or hash`, async () => {
			arrange();
			const { check, warnings } = await online({ ...overrides, fail: "open" });
			leak(secret);
			const started = performance.now();
			expect(await isLeaked(check, secret)).toBe(false);
			expect(performance.now() - started).toBeLessThan(800);
			expect(warnings).toHaveLength(1);
			expect(warnings[0]).toMatch(reason);
			expect(warnings[0]).toContain("--leak-fail open");
			expectNothingSecretIn(warnings[0]!, secret);
			expect(warnings[0]).not.toContain(sha1Upper(secret).slice(0, 5));
		});

		test(`${name}: fail closed rejects with LeakCheckUnavailableError`, async () => {
			arrange();
			const { check, warnings } = await online({ ...overrides, fail: "closed" });
			const failed = isLeaked(check, secret);
			await expect(failed).rejects.toBeInstanceOf(LeakCheckUnavailableError);
			await expect(failed).rejects.toThrow(reason);
			const error = await failed.catch((e: unknown) => e);
			expectNothingSecretIn(String(error), secret);
			expect(warnings).toHaveLength(0);
		});
	}
});
