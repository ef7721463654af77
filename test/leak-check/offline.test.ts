// Offline mode with the bundled leak file (data/leaked-passwords.bin, built by `bun build.ts leak`),
// with a file of one's own, and the off mode.
import { afterAll, describe, expect, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LeakCheckConfig } from "../../src/config.ts";
import { buildLeakFile } from "../../src/leak-check/build-leak-file.ts";
import { createLeakCheck, isLeaked, LeakFileError } from "../../src/leak-check/index.ts";
import { loadBundledLeakFile } from "../../src/leak-check/offline.ts";
import { removeTempDirs, tempDir } from "./helpers.ts";

afterAll(removeTempDirs);

function config(overrides: Partial<LeakCheckConfig>): LeakCheckConfig {
	return { mode: "offline", file: null, api: "http://127.0.0.1:9", fail: "closed", timeoutMs: 100, ...overrides };
}

const deps = {
	// Offline and off modes must never touch the network.
	fetch: (async () => {
		throw new Error("offline mode made a request");
	}) as unknown as typeof fetch,
	warn: (message: string): void => {
		throw new Error(`unexpected warning: ${message}`);
	},
};

// Common leaked passwords that are valid (8 to 127 characters) and in the bundled SecLists list.
const COMMON = ["password", "12345678", "iloveyou123", "qwertyuiop", "password1", "11111111", "sunshine", "football"];
const UNLEAKED = ["vT8#qLz2!mRw9@Kd4$Xp", "correct horse battery staple, seasoned", "ünïcødé pässwörd ņőť łęàķęđ"];

describe("the bundled leak file", () => {
	test("finds common leaked passwords and not long random ones", async () => {
		const check = await createLeakCheck(config({}), deps);
		for (const p of COMMON) expect({ p, leaked: await isLeaked(check, p) }).toEqual({ p, leaked: true });
		for (const p of UNLEAKED) expect({ p, leaked: await isLeaked(check, p) }).toEqual({ p, leaked: false });
		for (let i = 0; i < 100; i++) expect(await isLeaked(check, crypto.randomUUID())).toBe(false);
	});

	test("holds about 200,000 five-byte prefixes (the list's valid-length entries)", async () => {
		const set = await loadBundledLeakFile();
		expect(set.width).toBe(5);
		expect(set.count).toBeGreaterThan(150_000);
		expect(set.count).toBeLessThan(437_000);
	});
});

describe("--leak-file", () => {
	test("a file given by path is checked in addition to the bundled one", async () => {
		const dir = await tempDir();
		await writeFile(join(dir, "mine.txt"), "correct horse battery staple\nTr0ub4dor&3\n");
		const file = join(dir, "mine.bin");
		await buildLeakFile(join(dir, "mine.txt"), file, () => {});
		const check = await createLeakCheck(config({ file }), deps);
		expect(await isLeaked(check, "correct horse battery staple")).toBe(true);
		expect(await isLeaked(check, "Tr0ub4dor&3")).toBe(true);
		// In the bundled list but not in this file: still leaked.
		expect(await isLeaked(check, "password")).toBe(true);
		expect(await isLeaked(check, "a passphrase in neither list 41d2")).toBe(false);
	});

	test("a missing or foreign file fails at start, naming the file", async () => {
		const dir = await tempDir();
		const missing = join(dir, "missing.bin");
		await expect(createLeakCheck(config({ file: missing }), deps)).rejects.toThrow(missing);
		const foreign = join(dir, "passwords.txt");
		await writeFile(foreign, "password\n12345678\n");
		const failed = createLeakCheck(config({ file: foreign }), deps);
		await expect(failed).rejects.toBeInstanceOf(LeakFileError);
		await expect(failed).rejects.toThrow(`leak file ${foreign} is not a Holm leak file`);
	});
});

test("off mode accepts every password", async () => {
	const check = await createLeakCheck(config({ mode: "off", file: "/nonexistent/ignored.bin" }), deps);
	for (const p of COMMON) expect(await isLeaked(check, p)).toBe(false);
});
