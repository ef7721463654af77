// Identifiers and codes (src/lib/ids.ts) are drawn from a pool of random bytes, refilled from the
// system's generator: these hold them to their alphabets, to unbiased symbols, and to never using
// the same randomness twice, across many refills of the pool.
import { expect, test } from "bun:test";
import { generateCode, generateId, isId } from "../../src/lib/ids.ts";

const ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

test("an identifier is 24 characters of its alphabet, a code 8 of its own", () => {
	for (let i = 0; i < 2000; i++) {
		const id = generateId();
		expect(id).toMatch(/^[abcdefghijkmnpqrstuvwxyz23456789]{24}$/);
		expect(isId(id)).toBe(true);
		expect(generateCode()).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
	}
});

test("identifiers never repeat, across a thousand refills of the random pool (reused randomness would make them guessable)", () => {
	// 50,000 identifiers take 1.2 MB of random bytes, codes mixed in between so that both kinds
	// share the pool and start at every offset of it.
	const seen = new Set<string>();
	for (let i = 0; i < 50_000; i++) {
		seen.add(generateId());
		if (i % 3 === 0) generateCode();
	}
	expect(seen.size).toBe(50_000);
});

test("consecutive codes are not the same (a pool that did not move on would repeat them)", () => {
	let previous = generateCode();
	let repeats = 0;
	for (let i = 0; i < 20_000; i++) {
		const code = generateCode();
		if (code === previous) repeats++;
		previous = code;
	}
	// Two independent 40-bit codes are equal once in about 10^12 pairs.
	expect(repeats).toBe(0);
});

test("every symbol of both alphabets comes up about as often as the others (a biased draw would make codes easier to guess)", () => {
	for (const [alphabet, make, length] of [
		[ID_ALPHABET, generateId, 24],
		[CODE_ALPHABET, generateCode, 8],
	] as const) {
		const counts = new Map<string, number>([...alphabet].map((symbol) => [symbol, 0]));
		const draws = 240_000 / length;
		for (let i = 0; i < draws; i++) for (const symbol of make()) counts.set(symbol, counts.get(symbol)! + 1);
		// 240,000 symbols: 7,500 of each expected, with a standard deviation of about 85; a symbol
		// left out or drawn twice as often as another is far outside these bounds.
		for (const count of counts.values()) {
			expect(count).toBeGreaterThan(6_500);
			expect(count).toBeLessThan(8_500);
		}
	}
});
