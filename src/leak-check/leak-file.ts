// The leak file: a sorted, de-duplicated set of fixed-width SHA-1 prefixes behind a small header.
//
// Layout (integers little-endian):
//   offset 0   6 bytes  magic, ASCII "HOLMLK"
//   offset 6   1 byte   format version (1)
//   offset 7   1 byte   prefix width in bytes (1 to 20)
//   offset 8   8 bytes  entry count (u64)
//   offset 16  count × width bytes: the prefixes, strictly ascending as unsigned bytes
//
// Lookups binary-search the bytes in place, so a file of any size costs no JS objects per entry.

export const HEADER_BYTES = 16;
export const FORMAT_VERSION = 1;
const MAGIC = new TextEncoder().encode("HOLMLK");
const MAX_WIDTH = 20;

// A JS typed array cannot exceed 4 GiB here (Bun.mmap of a larger file fails with "Out of memory"),
// and a 900M-entry file at 7 bytes is ~6.5 GB, so large files are searched as several mappings.
const MAX_SEGMENT_BYTES = 1 << 30;

// Full sortedness checks fault in every page; past this size only a sample is checked on open.
const FULL_CHECK_MAX_ENTRIES = 1 << 20;
const SAMPLED_CHECKS = 4096;

/** Figures the builder and the reader agree on. */
interface LeakFileHeader {
	version: number;
	width: number;
	count: number;
}

/** An opened leak file: `segments[i]` holds entries [i × perSegment, (i + 1) × perSegment). */
export interface PrefixSet {
	width: number;
	count: number;
	perSegment: number;
	segments: Uint8Array[];
}

export class LeakFileError extends Error {}

export function encodeHeader(header: LeakFileHeader): Uint8Array {
	const bytes = new Uint8Array(HEADER_BYTES);
	bytes.set(MAGIC, 0);
	bytes[6] = header.version;
	bytes[7] = header.width;
	new DataView(bytes.buffer).setBigUint64(8, BigInt(header.count), true);
	return bytes;
}

/** Reads and checks the header against the file's length; `label` names the file in errors. */
export function decodeHeader(head: Uint8Array, fileBytes: number, label: string): LeakFileHeader {
	if (fileBytes < HEADER_BYTES || head.length < HEADER_BYTES) {
		throw new LeakFileError(`${label} is not a Holm leak file: it is ${fileBytes} bytes, shorter than the ${HEADER_BYTES}-byte header`);
	}
	for (let i = 0; i < MAGIC.length; i++) {
		if (head[i] !== MAGIC[i]) throw new LeakFileError(`${label} is not a Holm leak file (wrong magic bytes); build one with \`holm build-leak-file INPUT OUTPUT\``);
	}
	const version = head[6]!;
	if (version !== FORMAT_VERSION) {
		throw new LeakFileError(`${label} is leak file format version ${version}, but this Holm reads version ${FORMAT_VERSION}; rebuild it with \`holm build-leak-file\``);
	}
	const width = head[7]!;
	if (width < 1 || width > MAX_WIDTH) throw new LeakFileError(`${label} is damaged: prefix width ${width} is not between 1 and ${MAX_WIDTH}`);
	const count = new DataView(head.buffer, head.byteOffset, HEADER_BYTES).getBigUint64(8, true);
	const expected = BigInt(HEADER_BYTES) + count * BigInt(width);
	if (expected !== BigInt(fileBytes)) {
		throw new LeakFileError(`${label} is damaged: its header promises ${count} entries of ${width} bytes (${expected} bytes in all) but the file is ${fileBytes} bytes`);
	}
	return { version, width, count: Number(count) };
}

/** The false-positive rate of a lookup for a password that is not in the set: n / 2^(8w). */
export function falsePositiveRate(entries: number, width: number): number {
	return entries / 2 ** (8 * width);
}

/** Target for `chooseWidth`: about one wrongly rejected password in a million. */
const TARGET_FALSE_POSITIVE_RATE = 1e-6;

/**
 * The narrowest prefix (4 to 8 bytes) that keeps the false-positive rate at or below 1e-6.
 * Figures: 200k entries (bundled list) → 5 bytes, 1.8e-7; 10M → 6 bytes, 3.6e-8;
 * 280M is the most 6 bytes can hold; ~930M (HIBP) → 7 bytes, 1.3e-8 (6 would give 3.3e-6).
 * Below 4 bytes the saving is a few bytes per entry and collisions among the entries themselves
 * start to matter; 8 bytes covers 1.8e13 entries, more than any corpus.
 */
export function chooseWidth(entries: number): number {
	for (let width = 4; width < 8; width++) {
		if (falsePositiveRate(entries, width) <= TARGET_FALSE_POSITIVE_RATE) return width;
	}
	return 8;
}

/**
 * Splits an opened file into searchable segments. `slice(start, end)` returns file bytes [start, end).
 * `maxSegmentBytes` is there for tests, which cannot afford gigabyte files to cross a segment boundary.
 */
export function prefixSetFromFile(
	header: LeakFileHeader,
	slice: (start: number, end: number) => Uint8Array,
	label: string,
	maxSegmentBytes: number = MAX_SEGMENT_BYTES,
): PrefixSet {
	const perSegment = Math.max(1, Math.floor(maxSegmentBytes / header.width));
	const segments: Uint8Array[] = [];
	for (let first = 0; first < header.count; first += perSegment) {
		const last = Math.min(header.count, first + perSegment);
		segments.push(slice(HEADER_BYTES + first * header.width, HEADER_BYTES + last * header.width));
	}
	const set: PrefixSet = { width: header.width, count: header.count, perSegment, segments };
	checkOrder(set, label);
	return set;
}

/** Opens a leak file held in memory (the bundled one, or a file read whole). */
export function prefixSetFromBytes(bytes: Uint8Array, label: string): PrefixSet {
	const header = decodeHeader(bytes, bytes.length, label);
	return prefixSetFromFile(header, (start, end) => bytes.subarray(start, end), label);
}

// A binary search over unsorted bytes answers wrongly without any error, so a file whose order is
// broken (a truncated copy patched up, a different tool's output) must not be accepted.
function checkOrder(set: PrefixSet, label: string): void {
	if (set.count < 2) return;
	const pairs = set.count - 1;
	const step = set.count <= FULL_CHECK_MAX_ENTRIES ? 1 : Math.max(1, Math.floor(pairs / SAMPLED_CHECKS));
	for (let i = 0; i < pairs; i += step) {
		if (compareEntries(set, i, i + 1) >= 0) {
			throw new LeakFileError(`${label} is damaged: its entries are not in strictly ascending order (entry ${i + 1})`);
		}
	}
}

function compareEntries(set: PrefixSet, a: number, b: number): number {
	const aSeg = set.segments[Math.floor(a / set.perSegment)]!;
	const bSeg = set.segments[Math.floor(b / set.perSegment)]!;
	const aOff = (a % set.perSegment) * set.width;
	const bOff = (b % set.perSegment) * set.width;
	for (let k = 0; k < set.width; k++) {
		const d = aSeg[aOff + k]! - bSeg[bOff + k]!;
		if (d !== 0) return d;
	}
	return 0;
}

/** Whether the first `width` bytes of `hash` (a SHA-1 digest) are in the set. */
export function containsHash(set: PrefixSet, hash: Uint8Array): boolean {
	const width = set.width;
	const perSegment = set.perSegment;
	const segments = set.segments;
	const single = segments.length === 1 ? segments[0]! : null;
	let low = 0;
	let high = set.count - 1;
	while (low <= high) {
		// Entry counts stay far below 2^53, so float midpoints are exact; `>>> 1` would wrap past 2^32.
		const mid = Math.floor((low + high) / 2);
		let bytes: Uint8Array;
		let offset: number;
		if (single !== null) {
			bytes = single;
			offset = mid * width;
		} else {
			const segment = Math.floor(mid / perSegment);
			bytes = segments[segment]!;
			offset = (mid - segment * perSegment) * width;
		}
		let cmp = 0;
		for (let k = 0; k < width; k++) {
			cmp = bytes[offset + k]! - hash[k]!;
			if (cmp !== 0) break;
		}
		if (cmp === 0) return true;
		if (cmp < 0) low = mid + 1;
		else high = mid - 1;
	}
	return false;
}
