// Offline mode: the password's SHA-1 prefix is looked up in a leak file, the bundled one by default.
import { containsHash, LeakFileError, prefixSetFromBytes, type PrefixSet } from "./leak-file.ts";
import { openLeakFile } from "./open-leak-file.ts";
import { sha1Bytes } from "./sha1.ts";

let bundled: Promise<PrefixSet> | null = null;

/** The leak file compiled into the executable (or data/leaked-passwords.bin in development), loaded once. */
export function loadBundledLeakFile(): Promise<PrefixSet> {
	bundled ??= readBundled().catch((e: unknown) => {
		bundled = null;
		throw e;
	});
	return bundled;
}

async function readBundled(): Promise<PrefixSet> {
	let path: string;
	try {
		// Imported here rather than at the top so that online and off modes, and --leak-file,
		// work even when data/leaked-passwords.bin has not been generated.
		path = (await import("./bundled-leak-file.ts")).bundledLeakFilePath;
	} catch (e) {
		throw new LeakFileError(`the bundled leak file data/leaked-passwords.bin is missing; run \`bun build.ts leak\` (${e instanceof Error ? e.message : String(e)})`);
	}
	// Read whole, not mapped: inside a compiled executable the path is in Bun's embedded
	// filesystem, which Bun.mmap cannot open; the file is about 1 MB.
	return prefixSetFromBytes(await Bun.file(path).bytes(), "the bundled leak file");
}

export async function openOfflineLeakSet(file: string | null): Promise<PrefixSet> {
	return file === null ? loadBundledLeakFile() : openLeakFile(file);
}

export function isLeakedOffline(set: PrefixSet, password: string): boolean {
	return containsHash(set, sha1Bytes(password));
}
