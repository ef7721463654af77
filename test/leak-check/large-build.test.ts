// A 10-million-line file in the Have I Been Pwned format builds in bounded memory with the right count.
import { afterAll, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { buildLeakFile } from "../../src/leak-check/build-leak-file.ts";
import { containsHash } from "../../src/leak-check/leak-file.ts";
import { openLeakFile } from "../../src/leak-check/open-leak-file.ts";
import { digestOf, keyWithPrefix, removeTempDirs, tempDir } from "./helpers.ts";
import { syntheticKey48, writeSyntheticHibp } from "./synthetic.ts";

afterAll(removeTempDirs);

const LINES = 10_000_000;
// 9,999,990 distinct hashes, 10 of them repeated on the next line.
const DISTINCT = 9_999_990;
const DUPLICATE_EVERY = 999_999;
// The builder's buffers come to ~75 MB (a 32 MB run buffer, sorted in place, 32 MB of merge
// buffers, 8 MB of read and write buffers); keeping 10M keys as strings or objects would take GBs.
const MAX_RSS_GROWTH_BYTES = 150e6;

test.each([
	["sorted by hash, as HIBP ships it", false],
	["in scattered order (the k-way merge)", true],
] as const)(
	"10 million SHA1HEX:COUNT lines %s: bounded memory, every distinct hash counted once",
	async (_order, scattered) => {
		const dir = await tempDir();
		const input = join(dir, "pwned-passwords-sha1-ordered-by-hash.txt");
		expect(await writeSyntheticHibp(input, { distinct: DISTINCT, duplicateEvery: DUPLICATE_EVERY, scattered })).toBe(LINES);
		const output = join(dir, "pwned.bin");

		Bun.gc(true);
		const baseline = process.memoryUsage().rss;
		let peak = baseline;
		const sample = (): void => {
			peak = Math.max(peak, process.memoryUsage().rss);
		};
		const sampler = setInterval(sample, 5);
		const progress: string[] = [];
		const started = performance.now();
		let result: { entries: number; width: number };
		try {
			result = await buildLeakFile(input, output, (m) => {
				sample();
				progress.push(m);
			});
		} finally {
			clearInterval(sampler);
		}
		sample();
		const seconds = (performance.now() - started) / 1000;
		console.log(`10M-line build${scattered ? " (scattered)" : ""}: ${seconds.toFixed(1)} s, RSS growth ${((peak - baseline) / 1e6).toFixed(0)} MB`);

		expect(result).toEqual({ entries: DISTINCT, width: 6 });
		expect(progress.some((m) => m.startsWith(scattered ? "merging 3 runs" : "joining 3 runs"))).toBe(true);
		expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH_BYTES);
		// Progress comes every 5 million lines (at the end of the 4 MiB block that crosses the mark).
		const counts = progress.map((m) => /^([\d,]+) lines read$/.exec(m)?.[1]).filter((c) => c !== undefined).map((c) => Number(c.replaceAll(",", "")));
		expect(counts).toHaveLength(2);
		expect(counts[0]).toBeGreaterThanOrEqual(5_000_000);
		expect(counts[0]).toBeLessThan(5_100_000);
		expect(counts[1]).toBe(LINES);
		expect(Bun.file(output).size).toBe(16 + DISTINCT * 6);
		expect((await readdir(dir)).sort()).toEqual(["pwned-passwords-sha1-ordered-by-hash.txt", "pwned.bin"]);

		const set = await openLeakFile(output);
		for (let i = 0; i < DISTINCT; i += 99_991) {
			const prefix = BigInt(syntheticKey48(i, DISTINCT));
			expect(containsHash(set, digestOf(keyWithPrefix(prefix, 6, 1)))).toBe(true);
			expect(containsHash(set, digestOf(keyWithPrefix(prefix + 1n, 6)))).toBe(false);
			expect(containsHash(set, digestOf(keyWithPrefix(prefix - 1n, 6, 1)))).toBe(false);
		}
		const last = BigInt(syntheticKey48(DISTINCT - 1, DISTINCT));
		expect(containsHash(set, digestOf(keyWithPrefix(last, 6)))).toBe(true);
		expect(containsHash(set, digestOf(keyWithPrefix(last + 1n, 6)))).toBe(false);
	},
	60_000,
);
