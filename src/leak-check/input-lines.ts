// The two inputs build-leak-file accepts, parsed from raw bytes into 64-bit keys (the first 8 bytes
// of each SHA-1, as two big-endian u32 halves) without creating a string per line.
import { BuildLeakFileError } from "./build-error.ts";

export type InputFormat = "passwords" | "hashes";

/** Where parsed keys go; `add` answers true when the receiver is full and must be flushed. */
interface KeyReceiver {
	add(hi: number, lo: number): boolean;
}

export interface ParseState {
	/** Lines consumed so far, for progress and error messages. */
	lines: number;
	/** Lines that could not be a valid password (8 to 127 characters) or had a count of 0. */
	skipped: number;
}

const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 127;
const DETECTION_LINES = 1000;

const HASH_LINE = /^[0-9A-Fa-f]{40}(:[0-9]+)?$/;
const NTLM_LINE = /^[0-9A-Fa-f]{32}(:[0-9]+)?$/;

/**
 * SHA1HEX:COUNT when nearly all (90%) of the first 1000 non-empty lines look like it, else a password
 * list. "Nearly" so that one damaged line near the top is reported by line number rather than the
 * whole download being taken for a list of very odd passwords; no real password list is 90% hashes.
 */
export function detectFormat(firstBlock: Uint8Array, path: string): InputFormat {
	const sample = new TextDecoder().decode(firstBlock.subarray(0, Math.min(firstBlock.length, 256 << 10)));
	const lines = sample.split("\n");
	if (firstBlock.length > 256 << 10) lines.pop(); // cut mid-line
	let seen = 0;
	let hashLike = 0;
	for (const raw of lines) {
		const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
		if (line === "") continue;
		if (seen === 0 && NTLM_LINE.test(line)) {
			throw new BuildLeakFileError(`${path} looks like the NTLM edition of the Have I Been Pwned download; build from the SHA-1 edition`);
		}
		if (HASH_LINE.test(line)) hashLike++;
		if (++seen === DETECTION_LINES) break;
	}
	return seen > 0 && hashLike >= seen * 0.9 ? "hashes" : "passwords";
}

/** Length of a UTF-8 byte order mark at the start of `block`, or 0. */
export function bomLength(block: Uint8Array): number {
	return block.length >= 3 && block[0] === 0xef && block[1] === 0xbb && block[2] === 0xbf ? 3 : 0;
}

const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) {
	HEX[65 + i] = 10 + i;
	HEX[97 + i] = 10 + i;
}

/**
 * Parses SHA1HEX[:COUNT] lines from `pos` until the block ends or the receiver is full; returns the
 * position reached. Lines with count 0 are skipped: HIBP uses that count to mean "not seen" (padding).
 */
export function parseHashLines(block: Uint8Array, pos: number, receiver: KeyReceiver, state: ParseState): number {
	const end = block.length;
	while (pos < end) {
		let c = block[pos]!;
		if (c === 10 || c === 13) {
			// An empty line (or a lone CR before LF).
			pos += c === 13 && block[pos + 1] === 10 ? 2 : 1;
			state.lines++;
			continue;
		}
		if (pos + 40 > end) throw malformed(state);
		let hi = 0;
		let lo = 0;
		let bad = 0;
		for (let k = 0; k < 8; k++) {
			const v = HEX[block[pos + k]!]!;
			bad |= v;
			hi = (hi << 4) | (v & 15);
		}
		for (let k = 8; k < 16; k++) {
			const v = HEX[block[pos + k]!]!;
			bad |= v;
			lo = (lo << 4) | (v & 15);
		}
		for (let k = 16; k < 40; k++) bad |= HEX[block[pos + k]!]!;
		if (bad < 0) throw malformed(state);
		pos += 40;
		let counted = true;
		if (pos < end && block[pos] === 58) {
			pos++;
			let digits = 0;
			let nonZero = false;
			while (pos < end) {
				c = block[pos]!;
				if (c < 48 || c > 57) break;
				if (c !== 48) nonZero = true;
				digits++;
				pos++;
			}
			if (digits === 0) throw malformed(state);
			counted = nonZero;
		}
		if (pos < end && block[pos] === 13) pos++;
		if (pos < end) {
			if (block[pos] !== 10) throw malformed(state);
			pos++;
		}
		state.lines++;
		if (!counted) {
			state.skipped++;
			continue;
		}
		if (receiver.add(hi >>> 0, lo >>> 0)) return pos;
	}
	return pos;
}

function malformed(state: ParseState): BuildLeakFileError {
	return new BuildLeakFileError(`line ${state.lines + 1} is not a SHA1HEX:COUNT line (the input was recognised as the Have I Been Pwned format from its first lines)`);
}

const digest = new Uint8Array(20);
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const latin1 = new TextDecoder("latin1");

/**
 * Parses one password per line from `pos` until the block ends or the receiver is full; returns the
 * position reached. Keeps only lines that could be a valid password (8 to 127 UTF-16 code units,
 * as the API counts them), since nothing else can ever be looked up.
 */
export function parsePasswordLines(block: Uint8Array, pos: number, receiver: KeyReceiver, state: ParseState): number {
	const end = block.length;
	while (pos < end) {
		let newline = block.indexOf(10, pos);
		if (newline < 0) newline = end;
		let lineEnd = newline;
		if (lineEnd > pos && block[lineEnd - 1] === 13) lineEnd--;
		const start = pos;
		pos = newline + 1;
		state.lines++;
		const bytes = lineEnd - start;
		// UTF-8 takes 1 to 3 bytes per UTF-16 code unit, so these byte counts settle most lines.
		if (bytes < MIN_PASSWORD_LENGTH || bytes > MAX_PASSWORD_LENGTH * 3) {
			state.skipped++;
			continue;
		}
		const line = block.subarray(start, lineEnd);
		if (isAscii(line)) {
			if (bytes > MAX_PASSWORD_LENGTH) {
				state.skipped++;
				continue;
			}
			Bun.SHA1.hash(line, digest);
		} else {
			const password = decodeLine(line);
			if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
				state.skipped++;
				continue;
			}
			Bun.SHA1.hash(password, digest);
		}
		const hi = ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
		const lo = ((digest[4]! << 24) | (digest[5]! << 16) | (digest[6]! << 8) | digest[7]!) >>> 0;
		if (receiver.add(hi, lo)) return pos;
	}
	return pos;
}

function isAscii(line: Uint8Array): boolean {
	for (let i = 0; i < line.length; i++) if (line[i]! >= 0x80) return false;
	return true;
}

// Older lists carry Latin-1 lines; read as Latin-1 they hash the way the password a user types
// (and the API receives as JSON) would, where the raw bytes would match nothing.
function decodeLine(line: Uint8Array): string {
	try {
		return strictUtf8.decode(line);
	} catch {
		return latin1.decode(line);
	}
}
