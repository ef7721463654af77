// Synthetic inputs in the Have I Been Pwned download format, written in large blocks so that a
// 10-million-line file takes seconds and little memory to make.

const HEX_DIGITS = new TextEncoder().encode("0123456789ABCDEF");

export interface SyntheticHibpOptions {
	/** Distinct hashes, ascending. */
	distinct: number;
	/** After every `duplicateEvery`-th hash, its line is repeated (HIBP has no repeats; the builder must cope). */
	duplicateEvery?: number;
	/** Writes the hashes in a scrambled order instead of ascending (HIBP ships them ascending). */
	scattered?: boolean;
}

// A prime, so j → j × P mod n visits every index once unless n is a multiple of it.
const SCATTER_PRIME = 1_000_003;

/**
 * The i-th hash's first 48 bits are floor(i × 2^48 / distinct) plus a little jitter, so hashes are
 * ascending, spread over the whole range, and distinct in their first 6 bytes.
 */
export function syntheticKey48(i: number, distinct: number): number {
	const step = 2 ** 48 / distinct;
	return Math.floor(i * step) + ((i * 7919) % Math.max(1, Math.floor(step / 4)));
}

/** Writes `SHA1HEX:COUNT\r\n` lines; returns the number of lines written. */
export async function writeSyntheticHibp(path: string, options: SyntheticHibpOptions): Promise<number> {
	const writer = Bun.file(path).writer({ highWaterMark: 4 << 20 });
	const block = new Uint8Array(4 << 20);
	let used = 0;
	let lines = 0;
	const dupEvery = options.duplicateEvery ?? 0;
	const n = options.distinct;
	if (options.scattered && n % SCATTER_PRIME === 0) throw new Error("a scattered synthetic input cannot have a multiple of 1,000,003 hashes");
	for (let j = 0; j < n; j++) {
		const i = options.scattered ? (j * SCATTER_PRIME) % n : j;
		const copies = dupEvery > 0 && i % dupEvery === dupEvery - 1 ? 2 : 1;
		for (let c = 0; c < copies; c++) {
			if (used + 64 > block.length) {
				writer.write(block.subarray(0, used));
				await writer.flush();
				used = 0;
			}
			used = writeLine(block, used, syntheticKey48(i, options.distinct), i);
			lines++;
		}
	}
	writer.write(block.subarray(0, used));
	await writer.end();
	return lines;
}

function writeLine(block: Uint8Array, pos: number, key48: number, i: number): number {
	let hi = Math.floor(key48 / 65536);
	const mid = key48 % 65536;
	for (let k = 7; k >= 0; k--) {
		block[pos + k] = HEX_DIGITS[hi & 15]!;
		hi >>>= 4;
	}
	let m = mid;
	for (let k = 11; k >= 8; k--) {
		block[pos + k] = HEX_DIGITS[m & 15]!;
		m >>>= 4;
	}
	// The remaining 28 digits vary with i but never matter to a prefix set of 6 bytes or fewer.
	let filler = (i * 2654435761) >>> 0;
	for (let k = 12; k < 40; k++) {
		block[pos + k] = HEX_DIGITS[filler & 15]!;
		filler = (filler >>> 4) | ((filler & 15) << 28);
	}
	pos += 40;
	block[pos++] = 58;
	let count = 1 + (i % 997);
	const digits = count >= 100 ? 3 : count >= 10 ? 2 : 1;
	for (let k = digits - 1; k >= 0; k--) {
		block[pos + k] = 48 + (count % 10);
		count = Math.floor(count / 10);
	}
	pos += digits;
	block[pos++] = 13;
	block[pos++] = 10;
	return pos;
}
