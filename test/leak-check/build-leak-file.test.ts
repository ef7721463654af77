// build-leak-file: password lists and the HIBP format, detected from the content; sorted and
// scattered input; gzip; what is kept and skipped; failures leave nothing behind.
import { afterAll, describe, expect, test } from "bun:test";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildLeakFile, BuildLeakFileError } from "../../src/leak-check/build-leak-file.ts";
import { isLeakedOffline } from "../../src/leak-check/offline.ts";
import { openLeakFile } from "../../src/leak-check/open-leak-file.ts";
import { HEADER_BYTES } from "../../src/leak-check/leak-file.ts";
import { hexOf, removeTempDirs, sha1Upper, tempDir } from "./helpers.ts";
import { writeSyntheticHibp } from "./synthetic.ts";

afterAll(removeTempDirs);

/** The entries of a leak file as uppercase hex, in file order, read without the code under test. */
async function entriesOf(path: string): Promise<{ width: number; entries: string[] }> {
	const bytes = await Bun.file(path).bytes();
	expect(new TextDecoder().decode(bytes.subarray(0, 6))).toBe("HOLMLK");
	const width = bytes[7]!;
	const count = Number(new DataView(bytes.buffer).getBigUint64(8, true));
	expect(bytes.length).toBe(HEADER_BYTES + count * width);
	const entries: string[] = [];
	for (let i = 0; i < count; i++) {
		entries.push(Buffer.from(bytes.subarray(HEADER_BYTES + i * width, HEADER_BYTES + (i + 1) * width)).toString("hex").toUpperCase());
	}
	return { width, entries };
}

/** What the file must hold for these full SHA-1s: their sorted, distinct prefixes. */
function expectedEntries(hashes: string[], width: number): string[] {
	return [...new Set(hashes.map((h) => h.slice(0, width * 2).toUpperCase()))].sort();
}

/** A check against `file` alone: the service adds the bundled list (which holds "Password"), these tests look at the file. */
async function offlineWith(file: string): Promise<{ isLeaked(password: string): Promise<boolean> }> {
	const sets = [await openLeakFile(file)];
	return { isLeaked: async (password) => isLeakedOffline(sets, password) };
}

describe("password lists", () => {
	const kept = [
		"password", // 8 characters: the shortest valid password
		"correct horse battery staple",
		"x".repeat(127), // the longest valid password
		"pässwörd1", // UTF-8, hashed as UTF-8
		"😀😀😀😀", // 8 UTF-16 code units in 16 bytes
		" spaces kept ",
	];
	const dropped = ["1234567", "x".repeat(128), "😀".repeat(64), "", "pässwö"];

	test("keeps lines that could be valid passwords, hashes their UTF-8, and finds them", async () => {
		const dir = await tempDir();
		const input = join(dir, "list.txt");
		const lines = ["\uFEFF" + kept[0], ...kept.slice(1), ...dropped, kept[1], "password"]; // BOM, repeats
		await writeFile(input, lines.join("\r\n")); // CRLF, no final newline
		const output = join(dir, "list.bin");
		const progress: string[] = [];
		const result = await buildLeakFile(input, output, (m) => progress.push(m));
		expect(result).toEqual({ entries: kept.length, width: 4 });
		expect((await entriesOf(output)).entries).toEqual(expectedEntries(kept.map(sha1Upper), 4));
		expect(progress.join("\n")).toContain("password list");
		expect(progress.join("\n")).toContain(`${dropped.length} skipped`);
		const check = await offlineWith(output);
		for (const p of kept) expect(await check.isLeaked(p)).toBe(true);
		for (const p of [...dropped, "Password", "password ", "not in the list at all"]) expect(await check.isLeaked(p)).toBe(false);
		expect((await readdir(dir)).sort()).toEqual(["list.bin", "list.txt"]);
	});

	test("a Latin-1 line is read as the password a user would type", async () => {
		const dir = await tempDir();
		const input = join(dir, "latin1.txt");
		// "contraseña1" in Latin-1 (ñ is the single byte F1), which is not valid UTF-8.
		await writeFile(input, new Uint8Array([...Buffer.from("contrase", "latin1"), 0xf1, ...Buffer.from("a1\nqwertyuiop\n", "latin1")]));
		const output = join(dir, "out.bin");
		expect((await buildLeakFile(input, output, () => {})).entries).toBe(2);
		const check = await offlineWith(output);
		expect(await check.isLeaked("contraseña1")).toBe(true);
		expect(await check.isLeaked("qwertyuiop")).toBe(true);
	});

	test("a gzip-compressed list gives the same file", async () => {
		const dir = await tempDir();
		const text = Array.from({ length: 5000 }, (_, i) => `common-password-${i}`).join("\n") + "\n";
		await writeFile(join(dir, "plain.txt"), text);
		await writeFile(join(dir, "packed.txt.gz"), Bun.gzipSync(new TextEncoder().encode(text)));
		const a = await buildLeakFile(join(dir, "plain.txt"), join(dir, "a.bin"), () => {});
		const b = await buildLeakFile(join(dir, "packed.txt.gz"), join(dir, "b.bin"), () => {});
		expect(a).toEqual({ entries: 5000, width: 5 });
		expect(b).toEqual(a);
		expect(Buffer.from(await Bun.file(join(dir, "b.bin")).bytes()).equals(Buffer.from(await Bun.file(join(dir, "a.bin")).bytes()))).toBe(true);
	});
});

describe("the Have I Been Pwned format", () => {
	test("SHA1HEX:COUNT lines in either case, with CRLF; count-0 lines skipped; lines without a count kept", async () => {
		const dir = await tempDir();
		const leaked = ["password", "12345678", "hunter2hunter2"].map(sha1Upper);
		const padding = sha1Upper("a padding entry");
		const lines = [`${leaked[0]}:9545824`, `${leaked[1]!.toLowerCase()}:2938`, `${padding}:0`, "", leaked[2]!];
		const input = join(dir, "pwned.txt");
		await writeFile(input, lines.join("\r\n") + "\r\n");
		const output = join(dir, "pwned.bin");
		const progress: string[] = [];
		expect(await buildLeakFile(input, output, (m) => progress.push(m))).toEqual({ entries: 3, width: 4 });
		expect((await entriesOf(output)).entries).toEqual(expectedEntries(leaked, 4));
		expect(progress.join("\n")).toContain("SHA1HEX:COUNT");
		expect(progress.join("\n")).toContain("1 skipped: count 0");
		// Progress reports counts, never hashes.
		expect(progress.join("\n")).not.toMatch(/[0-9A-F]{10}/i);
		const check = await offlineWith(output);
		expect(await check.isLeaked("password")).toBe(true);
		expect(await check.isLeaked("12345678")).toBe(true);
		expect(await check.isLeaked("a padding entry")).toBe(false);
	});

	test("scattered input goes through the k-way merge (several passes) and gives the same file as sorted input", async () => {
		const dir = await tempDir();
		const distinct = 60_000;
		await writeSyntheticHibp(join(dir, "sorted.txt"), { distinct, duplicateEvery: 1000 });
		await writeSyntheticHibp(join(dir, "scattered.txt"), { distinct, duplicateEvery: 1000, scattered: true });
		const sortedMessages: string[] = [];
		const scatteredMessages: string[] = [];
		// Tiny runs and fan-in so 60 runs need two merge passes.
		const options = { runEntries: 1000, fanIn: 8, mergeBufferBytes: 64 << 10 };
		const sorted = await buildLeakFile(join(dir, "sorted.txt"), join(dir, "sorted.bin"), (m) => sortedMessages.push(m), options);
		const scattered = await buildLeakFile(join(dir, "scattered.txt"), join(dir, "scattered.bin"), (m) => scatteredMessages.push(m), options);
		expect(sorted).toEqual({ entries: distinct, width: 5 });
		expect(scattered).toEqual(sorted);
		expect(sortedMessages.join("\n")).toContain("joining 61 runs (input was already in order)");
		expect(scatteredMessages.join("\n")).toMatch(/merging 61 runs in groups of 8 \(pass 1\)[^]*merging 8 runs\b/);
		const a = await entriesOf(join(dir, "sorted.bin"));
		const b = await entriesOf(join(dir, "scattered.bin"));
		expect(b.entries).toEqual(a.entries);
		for (let i = 1; i < a.entries.length; i++) expect(a.entries[i - 1]! < a.entries[i]!).toBe(true);
		expect((await readdir(dir)).sort()).toEqual(["scattered.bin", "scattered.txt", "sorted.bin", "sorted.txt"]);
	});

	test("a width is chosen from the entry count; prefixes equal at that width collapse", async () => {
		const dir = await tempDir();
		// 5,000 entries need 5 bytes; pairs share their first 5 bytes and differ after.
		const hashes: string[] = [];
		for (let i = 0; i < 2500; i++) {
			const base = BigInt(i + 1) << 32n;
			hashes.push(hexOf(base | 0x00000001n), hexOf(base | 0x000000ffn));
		}
		await writeFile(join(dir, "pairs.txt"), hashes.map((h) => `${h}:1\n`).join(""));
		const result = await buildLeakFile(join(dir, "pairs.txt"), join(dir, "pairs.bin"), () => {});
		expect(result).toEqual({ entries: 2500, width: 5 });
		expect((await entriesOf(join(dir, "pairs.bin"))).entries).toEqual(expectedEntries(hashes, 5));
	});
});

describe("failures", () => {
	async function expectFailure(content: string | Uint8Array, message: RegExp): Promise<void> {
		const dir = await tempDir();
		const input = join(dir, "input.txt");
		await writeFile(input, content);
		const output = join(dir, "out.bin");
		await writeFile(output, "the previous file");
		const failed = buildLeakFile(input, output, () => {});
		await expect(failed).rejects.toThrow(message);
		await expect(failed).rejects.toBeInstanceOf(BuildLeakFileError);
		// The previous output is untouched and no temporary files are left.
		expect(await Bun.file(output).text()).toBe("the previous file");
		expect((await readdir(dir)).sort()).toEqual(["input.txt", "out.bin"]);
	}

	test("a malformed line in a SHA1HEX:COUNT file names its line number", async () => {
		const good = Array.from({ length: 30 }, (_, i) => `${sha1Upper(`password ${i}`)}:${i + 1}\n`).join("");
		const hash = sha1Upper("password");
		await expectFailure(`${good}${hash.slice(0, 39)}:3\n${good}`, /^line 31 is not a SHA1HEX:COUNT line/);
		await expectFailure(`${good}${hash}:x\n`, /^line 31 is not/);
		await expectFailure(`${good}${good}${hash}:1 trailing\n`, /^line 61 is not/);
		await expectFailure(`${good}${hash}:1\r\n${hash.slice(0, 20)}`, /^line 32 is not/);
	});

	test("the NTLM edition is refused", async () => {
		await expectFailure("8846F7EAEE8FB117AD06BDD830B7586C:9545824\n", /NTLM edition/);
	});

	test("an input with nothing usable", async () => {
		await expectFailure("", /has no usable entries/);
		await expectFailure("short\n1234567\n", /has no usable entries/);
	});

	test("a missing input, and an output directory that does not exist", async () => {
		const dir = await tempDir();
		await expect(buildLeakFile(join(dir, "absent.txt"), join(dir, "out.bin"), () => {})).rejects.toThrow(/cannot read .*absent\.txt/);
		await writeFile(join(dir, "list.txt"), "password1\n");
		await expect(buildLeakFile(join(dir, "list.txt"), join(dir, "no", "such", "out.bin"), () => {})).rejects.toThrow(/cannot write beside/);
	});
});
