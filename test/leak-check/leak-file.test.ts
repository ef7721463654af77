// The leak file format: widths, the writer and reader round trip, and refusing bad files.
import { afterAll, describe, expect, test } from "bun:test";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createLeakCheck, LeakFileError } from "../../src/leak-check/index.ts";
import { buildLeakFile } from "../../src/leak-check/build-leak-file.ts";
import { chooseWidth, containsHash, encodeHeader, falsePositiveRate, HEADER_BYTES, prefixSetFromBytes } from "../../src/leak-check/leak-file.ts";
import { LeakFileWriter } from "../../src/leak-check/leak-file-writer.ts";
import { openLeakFile } from "../../src/leak-check/open-leak-file.ts";
import { digestOf, hexOf, keyWithPrefix, prefixOf, removeTempDirs, tempDir } from "./helpers.ts";

afterAll(removeTempDirs);

const quiet = (): void => {};
const MAX64 = (1n << 64n) - 1n;

describe("prefix width", () => {
	test("the narrowest width that keeps false positives at or below 1e-6", () => {
		expect(chooseWidth(0)).toBe(4);
		expect(chooseWidth(4_000)).toBe(4);
		expect(chooseWidth(5_000)).toBe(5);
		expect(chooseWidth(202_121)).toBe(5);
		expect(chooseWidth(10_000_000)).toBe(6);
		expect(chooseWidth(281_000_000)).toBe(6);
		expect(chooseWidth(930_000_000)).toBe(7);
		expect(chooseWidth(1e13)).toBe(8);
		for (const n of [1, 4_000, 202_121, 10_000_000, 930_000_000]) {
			expect(falsePositiveRate(n, chooseWidth(n))).toBeLessThanOrEqual(1e-6);
		}
		expect(falsePositiveRate(930_000_000, 6)).toBeGreaterThan(1e-6);
	});
});

/** Writes ascending 64-bit keys at `width` directly, as the builder's last step does. */
async function writeKeys(path: string, width: number, keys: bigint[]): Promise<number> {
	const writer = await LeakFileWriter.create(path, width);
	for (const key of keys) {
		if (writer.add(Number(key >> 32n), Number(key & 0xffffffffn))) await writer.flush();
	}
	return writer.finish();
}

describe("round trip", () => {
	for (const width of [4, 5, 6, 7, 8]) {
		test(`width ${width}: first, last and middle entries are found; their neighbours are not`, async () => {
			const dir = await tempDir();
			const path = join(dir, `w${width}.bin`);
			const top = (1n << BigInt(8 * width)) - 1n;
			// Prefixes with gaps, from 1 to top-1, so each has absent neighbours on both sides.
			const prefixes = [1n, 3n, 1000n, top / 2n, top / 2n + 2n, top - 3n, top - 1n];
			// Two keys per prefix (different tails) must collapse into one entry.
			const keys = prefixes.flatMap((p) => [keyWithPrefix(p, width, 0), keyWithPrefix(p, width, 1)]);
			expect(await writeKeys(path, width, keys)).toBe(prefixes.length);
			const bytes = await Bun.file(path).bytes();
			expect(bytes.length).toBe(HEADER_BYTES + prefixes.length * width);
			for (const set of [await openLeakFile(path), prefixSetFromBytes(bytes, "test")]) {
				expect(set.width).toBe(width);
				expect(set.count).toBe(prefixes.length);
				for (const p of prefixes) {
					expect(containsHash(set, digestOf(keyWithPrefix(p, width, 0)))).toBe(true);
					expect(containsHash(set, digestOf(keyWithPrefix(p, width, 1), 0xff))).toBe(true);
					for (const neighbour of [p - 1n, p + 1n]) {
						if (prefixes.includes(neighbour)) continue;
						expect(containsHash(set, digestOf(keyWithPrefix(neighbour, width, 0)))).toBe(false);
						expect(containsHash(set, digestOf(keyWithPrefix(neighbour, width, 1)))).toBe(false);
					}
				}
				expect(containsHash(set, digestOf(0n))).toBe(false);
				expect(containsHash(set, digestOf(MAX64, 0xff))).toBe(false);
			}
		});
	}

	test("a file mapped as several segments (as files over 1 GiB are) answers the same", async () => {
		const dir = await tempDir();
		const path = join(dir, "segments.bin");
		const width = 7;
		// Every third 7-byte prefix over a spread of the range; 7 bytes per entry never aligns with pages.
		const prefixes = Array.from({ length: 3000 }, (_, i) => BigInt(i * 3 + 1) << 40n);
		expect(await writeKeys(path, width, prefixes.map((p) => keyWithPrefix(p, width)))).toBe(prefixes.length);
		for (const segmentBytes of [width * 1, width * 100, 4096, 1 << 30]) {
			const set = await openLeakFile(path, segmentBytes);
			expect(set.segments.length).toBe(Math.ceil(prefixes.length / Math.floor(segmentBytes / width)));
			for (const p of prefixes) {
				expect(containsHash(set, digestOf(keyWithPrefix(p, width, 1)))).toBe(true);
				expect(containsHash(set, digestOf(keyWithPrefix(p + 1n, width)))).toBe(false);
				expect(containsHash(set, digestOf(keyWithPrefix(p - 1n, width, 1)))).toBe(false);
			}
		}
		// The order check looks across segment boundaries too.
		const bytes = await Bun.file(path).bytes();
		bytes.copyWithin(HEADER_BYTES + 100 * width, HEADER_BYTES + 99 * width, HEADER_BYTES + 100 * width);
		await writeFile(path, bytes);
		await expect(openLeakFile(path, width * 100)).rejects.toThrow(/not in strictly ascending order \(entry 100\)/);
	});

	test("the extreme prefixes 00.. and FF.. are found", async () => {
		const dir = await tempDir();
		const path = join(dir, "extremes.bin");
		expect(await writeKeys(path, 5, [0n, MAX64])).toBe(2);
		const set = await openLeakFile(path);
		expect(containsHash(set, digestOf(0n, 0))).toBe(true);
		expect(containsHash(set, digestOf(MAX64, 0xff))).toBe(true);
		expect(containsHash(set, digestOf(keyWithPrefix(1n, 5)))).toBe(false);
		expect(containsHash(set, digestOf(keyWithPrefix(0xfffffffffen, 5)))).toBe(false);
	});

	test("built from a SHA1HEX:COUNT file, every one of 20,000 entries is found and every gap is not", async () => {
		const dir = await tempDir();
		const n = 20_000;
		// Prefixes spaced 7 apart at 5 bytes (the width 20,000 entries get), with random tails.
		const keys: bigint[] = [];
		for (let i = 0; i < n; i++) keys.push(keyWithPrefix(BigInt(i) * 7n + 3n, 5) | BigInt(Math.floor(Math.random() * 2 ** 24)));
		const input = join(dir, "hashes.txt");
		await writeFile(input, keys.map((k, i) => `${hexOf(k)}:${i + 1}\r\n`).join(""));
		const output = join(dir, "out.bin");
		expect(await buildLeakFile(input, output, quiet)).toEqual({ entries: n, width: 5 });
		const set = await openLeakFile(output);
		for (const key of keys) {
			const p = prefixOf(key, 5);
			expect(containsHash(set, digestOf(key))).toBe(true);
			expect(containsHash(set, digestOf(keyWithPrefix(p - 1n, 5, 1)))).toBe(false);
			expect(containsHash(set, digestOf(keyWithPrefix(p + 1n, 5, 0)))).toBe(false);
		}
		expect((await readdir(dir)).sort()).toEqual(["hashes.txt", "out.bin"]);
	});
});

describe("bad files are refused with a clear message", () => {
	const good = (): Uint8Array => {
		const header = encodeHeader({ version: 1, width: 5, count: 3 });
		const bytes = new Uint8Array(HEADER_BYTES + 15);
		bytes.set(header);
		bytes.set([0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 9, 9, 9, 9, 9], HEADER_BYTES);
		return bytes;
	};
	const cases: Array<[string, () => Uint8Array, RegExp]> = [
		["an empty file", () => new Uint8Array(0), /not a Holm leak file: it is 0 bytes/],
		["a file shorter than the header", () => good().subarray(0, 10), /not a Holm leak file: it is 10 bytes/],
		["wrong magic bytes", () => Object.assign(good(), { 0: 0x50 }), /not a Holm leak file \(wrong magic bytes\)/],
		["a text file", () => new TextEncoder().encode("password\n12345678\nqwertyuiop\n"), /not a Holm leak file/],
		["another format version", () => Object.assign(good(), { 6: 2 }), /format version 2, but this Holm reads version 1/],
		["width 0", () => Object.assign(good(), { 7: 0 }), /prefix width 0 is not between 1 and 20/],
		["width 21", () => Object.assign(good(), { 7: 21 }), /prefix width 21 is not between 1 and 20/],
		["a truncated file", () => good().subarray(0, HEADER_BYTES + 14), /promises 3 entries of 5 bytes \(31 bytes in all\) but the file is 30 bytes/],
		["trailing bytes", () => new Uint8Array([...good(), 0]), /but the file is 32 bytes/],
		["entries out of order", () => Object.assign(good(), { [HEADER_BYTES]: 7 }), /not in strictly ascending order/],
		["a repeated entry", () => Object.assign(good(), { [HEADER_BYTES + 9]: 1 }), /not in strictly ascending order/],
	];

	test("the well-formed base case opens", async () => {
		const dir = await tempDir();
		const path = join(dir, "good.bin");
		await writeFile(path, good());
		expect((await openLeakFile(path)).count).toBe(3);
	});

	for (const [name, make, message] of cases) {
		test(name, async () => {
			const dir = await tempDir();
			const path = join(dir, "bad.bin");
			await writeFile(path, make());
			expect(() => prefixSetFromBytes(make(), "test file")).toThrow(message);
			const opened = openLeakFile(path);
			await expect(opened).rejects.toThrow(message);
			await expect(opened).rejects.toBeInstanceOf(LeakFileError);
			const check = createLeakCheck({ mode: "offline", file: path, api: "http://127.0.0.1:9", fail: "open", timeoutMs: 100 }, { fetch, warn: quiet });
			await expect(check).rejects.toThrow(path);
		});
	}

	test("a missing file and a directory", async () => {
		const dir = await tempDir();
		await expect(openLeakFile(join(dir, "absent.bin"))).rejects.toThrow(/leak file .*absent\.bin cannot be read/);
		await expect(openLeakFile(dir)).rejects.toThrow(/is not a regular file/);
	});
});
