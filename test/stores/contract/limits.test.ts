// The LimitStore contract (src/limits/store.ts), on the store each database comes with: SQLite's in
// this process's memory, PostgreSQL's in its rate_limit table, shared by every instance. An update
// is one atomic step at the store's time, so parallel guesses are counted one at a time; and the
// policy of API.md section 4 (src/limits/policy.ts), written once over a LimitStore, decides the
// same on either: the same guesses are refused, the same blocks reported once.
import { expect, test } from "bun:test";
import type { LimitRule } from "../../../src/lib/rate-limit.ts";
import { createLimits, DEFAULT_LIMITS, limitSettings, type LimitObserver, type Limits } from "../../../src/limits.ts";
import { generateId } from "../../../src/lib/ids.ts";
import { contract, KIND, MINUTE, SECOND, together, type Under } from "./harness.ts";

interface Count {
	n: number;
	until: number;
}

/** A rule whose state is a count that matters until `until`. */
const COUNTER: LimitRule<Count> = { name: "contract_counter", blockedUntil: () => 0, expiresAt: (state) => state.until };

const key = () => ({ rule: COUNTER, key: generateId() });

interface Observed {
	limits: Limits;
	blocked: { limit: string; key: string; userId: string | null; clientIp: string | null }[];
	refused: string[];
}

function limitsOf(under: Pick<Under, "storage">): Observed {
	const observed: Omit<Observed, "limits"> = { blocked: [], refused: [] };
	const observer: LimitObserver = {
		refused: (limit) => void observed.refused.push(limit),
		blocked: (limit, blockedKey, party) => void observed.blocked.push({ limit, key: blockedKey, ...party }),
	};
	return { ...observed, limits: createLimits(under.storage.limitStore, observer, DEFAULT_LIMITS) };
}

/** A fresh address, so each test starts from full buckets. */
const address = () => `198.51.100.${Math.floor(Math.random() * 250)}-${generateId()}`;

contract("LimitStore", {}, (under) => {
	test("update reads the keys' states, decides at the store's time and keeps what it decides; read takes nothing", async () => {
		const [a, b] = [key(), key()];
		const seen: { states: unknown[]; now: number }[] = [];
		const result = await under.storage.limitStore.update([a, b], (states, now) => {
			seen.push({ states: [...states], now });
			return { result: { allowed: true }, states: [{ n: 1, until: now + MINUTE }, undefined] };
		});
		expect(result).toEqual({ allowed: true });
		expect(seen).toEqual([{ states: [undefined, undefined], now: under.clock.now }]);
		expect(await under.storage.limitStore.read([a, b, key()])).toEqual({ states: [{ n: 1, until: under.clock.now + MINUTE }, undefined, undefined], now: under.clock.now });
		// Dropping a state forgets the key.
		await under.storage.limitStore.update([a], () => ({ result: { allowed: true }, states: [undefined] }));
		expect((await under.storage.limitStore.read([a])).states).toEqual([undefined]);
		// A refusal is handed back as decided.
		const refused = await under.storage.limitStore.update([a], (states) => ({ result: { allowed: false, retryAfterMs: 1234, limit: "contract" }, states }));
		expect(refused).toEqual({ allowed: false, retryAfterMs: 1234, limit: "contract" });
		expect((await under.storage.limitStore.read([])).now).toBe(under.clock.now);
	});

	test("parallel updates of one key are taken one at a time: none is lost", async () => {
		const counter = key();
		const other = key();
		const seen = await together(40, async (i) => {
			let before = -1;
			const keys = i % 2 === 0 ? [counter, other] : [other, counter]; // either order, no deadlock
			await under.storage.limitStore.update(keys, (states, now) => {
				const at = keys.indexOf(counter);
				before = (states[at] as Count | undefined)?.n ?? 0;
				const next = keys.map((_, j) => ({ n: ((states[j] as Count | undefined)?.n ?? 0) + 1, until: now + MINUTE }));
				return { result: { allowed: true }, states: next };
			});
			return before;
		});
		expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
		expect((await under.storage.limitStore.read([counter, other])).states).toEqual([
			{ n: 40, until: expect.any(Number) },
			{ n: 40, until: expect.any(Number) },
		]);
	});

	test("password guesses: the hashing bucket lets five from an address through, then one every ten seconds, by the store's clock", async () => {
		const { limits } = limitsOf(under);
		const ip = address();
		for (let i = 0; i < 5; i++) expect((await limits.admitHashing(ip)).allowed).toBe(true);
		const refused = await limits.admitHashing(ip);
		expect(refused.allowed).toBe(false);
		expect(refused.allowed === false && refused.retryAfterMs).toBe(10 * SECOND);
		under.clock.advance(10 * SECOND);
		expect((await limits.admitHashing(ip)).allowed).toBe(true);
		expect((await limits.admitHashing(ip)).allowed).toBe(false);
		expect((await limits.admitHashing(undefined)).allowed).toBe(true); // no address: nothing to count by
	});

	test("parallel password guesses from one address: exactly as many as the bucket holds go through", async () => {
		const { limits } = limitsOf(under);
		const ip = address();
		const results = await together(16, () => limits.admitPasswordGuess({ clientIp: ip, userId: generateId() }));
		expect(results.filter((r) => r.allowed)).toHaveLength(DEFAULT_LIMITS.hashing.count);
	});

	test("incorrect passwords: five per address block it for the window, reported once; a correct one from the address does not lift it", async () => {
		const observed = limitsOf(under);
		const { limits } = observed;
		const ip = address();
		for (let i = 0; i < 5; i++) {
			const guess = { clientIp: ip, userId: generateId() };
			expect((await limits.admitPasswordGuess(guess)).allowed).toBe(true);
			await limits.settlePasswordGuess(guess, "incorrect");
			under.clock.advance(10 * SECOND);
		}
		expect(observed.blocked.filter((b) => b.key === ip)).toHaveLength(1);
		const blocked = await limits.admitPasswordGuess({ clientIp: ip, userId: generateId() });
		expect(blocked.allowed).toBe(false);
		expect((await limits.checkGuessesBlocked({ clientIp: ip, userId: generateId() })).allowed).toBe(false);
		under.clock.advance(15 * MINUTE);
		expect((await limits.checkGuessesBlocked({ clientIp: ip, userId: generateId() })).allowed).toBe(true);
		expect((await limits.admitPasswordGuess({ clientIp: ip, userId: generateId() })).allowed).toBe(true);
		expect(observed.blocked.filter((b) => b.key === ip)).toHaveLength(1);
	});

	test("incorrect passwords: ten per user, from any addresses, block the user; unblockUser lifts it; a look counts nothing", async () => {
		const observed = limitsOf(under);
		const { limits } = observed;
		const userId = generateId();
		for (let i = 0; i < 10; i++) {
			const guess = { clientIp: address(), userId };
			expect((await limits.admitPasswordGuess(guess)).allowed).toBe(true);
			await limits.settlePasswordGuess(guess, "incorrect");
			expect((await limits.checkGuessesBlocked({ clientIp: address(), userId })).allowed).toBe(i < 9);
		}
		expect(observed.blocked.filter((b) => b.key === userId).map((b) => b.userId)).toEqual([userId]);
		expect((await limits.admitPasswordGuess({ clientIp: address(), userId })).allowed).toBe(false);
		const until = await limits.usersPasswordBlockedUntil([userId, generateId()]);
		expect([...until.keys()]).toEqual([userId]);
		expect(until.get(userId)!).toBeGreaterThan(under.clock.now);
		await limits.unblockUser(userId);
		expect(await limits.usersPasswordBlockedUntil([userId])).toEqual(new Map());
		expect((await limits.admitPasswordGuess({ clientIp: address(), userId })).allowed).toBe(true);
	});

	test("a guess that proves correct, or was never checked, is not counted as incorrect", async () => {
		const { limits } = limitsOf(under);
		const userId = generateId();
		const ip = address();
		for (let i = 0; i < 4; i++) {
			const guess = { clientIp: ip, userId };
			await limits.admitPasswordGuess(guess);
			await limits.settlePasswordGuess(guess, "incorrect");
			under.clock.advance(10 * SECOND);
		}
		const unchecked = { clientIp: ip, userId };
		expect((await limits.admitPasswordGuess(unchecked)).allowed).toBe(true);
		await limits.settlePasswordGuess(unchecked, "unchecked");
		under.clock.advance(10 * SECOND);
		// The fifth guess (the one that fills the window) is right: nothing is blocked.
		const right = { clientIp: ip, userId };
		expect((await limits.admitPasswordGuess(right)).allowed).toBe(true);
		await limits.settlePasswordGuess(right, "correct");
		expect((await limits.checkGuessesBlocked({ clientIp: ip, userId })).allowed).toBe(true);
		under.clock.advance(10 * SECOND);
		expect((await limits.admitPasswordGuess({ clientIp: ip, userId })).allowed).toBe(true);
	});

	test("passkey assertions count as guesses, without the hashing bucket", async () => {
		const { limits } = limitsOf(under);
		const ip = address();
		for (let i = 0; i < 5; i++) {
			const guess = { clientIp: ip, userId: generateId() };
			expect((await limits.admitPasskeyAssertion(guess)).allowed).toBe(true);
			await limits.settlePasswordGuess(guess, "incorrect");
		}
		expect((await limits.admitPasskeyAssertion({ clientIp: ip, userId: generateId() })).allowed).toBe(false);
	});

	test("code requests: three per user of each kind, ten per address, both or neither taken", async () => {
		const { limits } = limitsOf(under);
		const userId = generateId();
		const ip = address();
		for (let i = 0; i < 3; i++) expect((await limits.admitCodeRequest("passwordReset", userId, ip)).allowed).toBe(true);
		expect((await limits.admitCodeRequest("passwordReset", userId, ip)).allowed).toBe(false);
		expect((await limits.admitCodeRequest("emailVerification", userId, ip)).allowed).toBe(true);
		for (let i = 0; i < 6; i++) expect((await limits.admitCodeRequest("emailUpdate", generateId(), ip)).allowed).toBe(true);
		// The address has had ten: refused for anyone, and the refusal took nothing from the user.
		const other = generateId();
		expect((await limits.admitCodeRequest("passwordReset", other, ip)).allowed).toBe(false);
		for (let i = 0; i < 3; i++) expect((await limits.admitCodeRequest("passwordReset", other, address())).allowed).toBe(true);
		under.clock.advance(15 * MINUTE);
		expect((await limits.admitCodeRequest("passwordReset", userId, ip)).allowed).toBe(true);
	});

	test("parallel code requests for one user: three go through", async () => {
		const { limits } = limitsOf(under);
		const userId = generateId();
		const results = await together(10, () => limits.admitCodeRequest("emailUpdate", userId, address()));
		expect(results.filter((r) => r.allowed)).toHaveLength(3);
	});

	test("a COUNT above 64 is counted in runs and still exact: 100 requests a minute, then a refusal that says when", async () => {
		const limits = createLimits(under.storage.limitStore, undefined, limitSettings(["reset-requests-user=100/1m"], "--limit"));
		const userId = generateId();
		for (let i = 0; i < 100; i++) {
			expect((await limits.admitCodeRequest("passwordReset", userId, undefined)).allowed).toBe(true);
			under.clock.advance(100);
		}
		const refused = await limits.admitCodeRequest("passwordReset", userId, undefined);
		expect(refused.allowed).toBe(false);
		// The first request leaves the window 50 s from now; its run ends at most 1/64 of a minute later.
		const wait = refused.allowed ? 0 : refused.retryAfterMs;
		expect(wait).toBeGreaterThanOrEqual(50 * SECOND);
		expect(wait).toBeLessThanOrEqual(52 * SECOND);
		under.clock.advance(wait);
		expect((await limits.admitCodeRequest("passwordReset", userId, undefined)).allowed).toBe(true);
	});

	test("email sign-in requests: three per email, whoever asks", async () => {
		const { limits } = limitsOf(under);
		const email = `${generateId().toLowerCase()}@example.com`;
		for (let i = 0; i < 3; i++) expect((await limits.admitEmailSignInRequest(email, address())).allowed).toBe(true);
		expect((await limits.admitEmailSignInRequest(email, address())).allowed).toBe(false);
		expect((await limits.admitEmailSignInRequest(`other-${email}`, undefined)).allowed).toBe(true);
	});

	test("failed console sign-ins: ten per address, then refused for the window", async () => {
		const { limits } = limitsOf(under);
		const ip = address();
		for (let i = 0; i < 10; i++) expect((await limits.countFailedConsoleSignIn(ip)).allowed).toBe(true);
		expect((await limits.countFailedConsoleSignIn(ip)).allowed).toBe(false);
		under.clock.advance(15 * MINUTE);
		expect((await limits.countFailedConsoleSignIn(ip)).allowed).toBe(true);
	});

	if (KIND === "postgres") {
		test("PostgreSQL: two instances share every limit, and judge it at the database's time", async () => {
			const other = await under.another();
			const [here, there] = [limitsOf(under).limits, limitsOf(other).limits];
			const ip = address();
			const results = await together(12, (i) => (i % 2 === 0 ? here : there).admitHashing(ip));
			expect(results.filter((r) => r.allowed)).toHaveLength(5);
			const userId = generateId();
			for (let i = 0; i < 10; i++) {
				const guess = { clientIp: address(), userId };
				await (i % 2 === 0 ? here : there).admitPasswordGuess(guess);
				await (i % 2 === 0 ? here : there).settlePasswordGuess(guess, "incorrect");
			}
			expect((await here.checkGuessesBlocked({ clientIp: address(), userId })).allowed).toBe(false);
			expect((await there.admitPasswordGuess({ clientIp: address(), userId })).allowed).toBe(false);
			// An instance on the server's own clock reads the server's time with the states.
			const real = await under.another({ clock: "database" });
			const { now } = await real.storage.limitStore.read([key()]);
			expect(Math.abs(now - Date.now())).toBeLessThan(5 * SECOND);
			let decidedAt = 0;
			await real.storage.limitStore.update([key()], (states, at) => ((decidedAt = at), { result: { allowed: true }, states }));
			expect(Math.abs(decidedAt - Date.now())).toBeLessThan(5 * SECOND);
		});

		test("PostgreSQL: the sweep deletes limit state that no longer matters, at the database's time, and keeps the rest", async () => {
			const [old, fresh] = [key(), key()];
			await under.storage.limitStore.update([old, fresh], (_states, now) => ({ result: { allowed: true }, states: [{ n: 1, until: now + MINUTE }, { n: 1, until: now + 10 * MINUTE }] }));
			under.clock.advance(MINUTE);
			await under.storage.sweep(under.clock.now);
			const rows = await under.rows(`SELECT key FROM rate_limit WHERE rule = ? AND key IN (?, ?)`, COUNTER.name, old.key, fresh.key);
			expect(rows.map((row) => row.key)).toEqual([fresh.key]);
			expect((await under.storage.limitStore.read([old, fresh])).states).toEqual([undefined, { n: 1, until: expect.any(Number) }]);
		});
	}
});
