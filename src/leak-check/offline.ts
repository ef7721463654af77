// The local lists: the password's SHA-1 prefix is looked up in the bundled leak file and, when
// --leak-file names one, in that file too. Both modes that check at all (offline and online) start here.
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

/** The bundled list, then the operator's --leak-file: a file of one's own adds to the bundled list, never replaces it. */
export async function openOfflineLeakSets(file: string | null): Promise<PrefixSet[]> {
	const bundledSet = await loadBundledLeakFile();
	return file === null ? [bundledSet] : [bundledSet, await openLeakFile(file)];
}

export function isLeakedOffline(sets: readonly PrefixSet[], password: string): boolean {
	const hash = sha1Bytes(password);
	return sets.some((set) => containsHash(set, hash));
}
