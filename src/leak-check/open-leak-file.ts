// Opens a leak file from disk without reading it: the entries stay in the page cache, mapped.
import { stat } from "node:fs/promises";
import { HEADER_BYTES, LeakFileError, decodeHeader, prefixSetFromFile, type PrefixSet } from "./leak-file.ts";

/**
 * Maps `path` read-only (MAP_PRIVATE). The file must not be truncated or rewritten in place while
 * it is mapped (Bun then crashes on the next lookup); replacing it by rename, as the builder does, is safe.
 */
export async function openLeakFile(path: string, maxSegmentBytes?: number): Promise<PrefixSet> {
	let size: number;
	try {
		const info = await stat(path);
		if (!info.isFile()) throw new LeakFileError(`leak file ${path} is not a regular file`);
		size = info.size;
	} catch (e) {
		if (e instanceof LeakFileError) throw e;
		throw new LeakFileError(`leak file ${path} cannot be read: ${e instanceof Error ? e.message : String(e)}`);
	}
	// Bun.mmap rejects empty files, and a short file is reported better by decodeHeader.
	const head = size >= HEADER_BYTES ? await Bun.file(path).slice(0, HEADER_BYTES).bytes() : new Uint8Array(0);
	const header = decodeHeader(head, size, `leak file ${path}`);
	return prefixSetFromFile(
		header,
		(start, end) => Bun.mmap(path, { offset: start, size: end - start, shared: false }),
		`leak file ${path}`,
		maxSegmentBytes,
	);
}
