// The byte encodings the hash forms are written in. Each decoder is strict: a character outside its
// alphabet, or a length no encoder writes, is a malformed hash (null), never a guess at what was meant.
import { timingSafeEqual } from "node:crypto";

const STANDARD = /^[A-Za-z0-9+/]*$/;
// passlib's "adapted base64": `.` for `+`, no padding.
const ADAPTED = /^[A-Za-z0-9./]*$/;

/** Standard base64, with or without `=` padding (PHC strings leave it out, Django and Firebase keep it). */
export function decodeStandardBase64(text: string): Uint8Array | null {
	const unpadded = text.replace(/={1,2}$/, "");
	if (!STANDARD.test(unpadded)) return null;
	if (unpadded.length % 4 === 1) return null;
	if (unpadded.length !== text.length && text.length % 4 !== 0) return null;
	return new Uint8Array(Buffer.from(unpadded, "base64"));
}

/** passlib's adapted base64 (salt and checksum of its `$pbkdf2…$` hashes). */
export function decodeAdaptedBase64(text: string): Uint8Array | null {
	if (!ADAPTED.test(text)) return null;
	return decodeStandardBase64(text.replaceAll(".", "+"));
}

/** Decimal digits without a sign or a leading zero, read as a safe integer; anything else is null. */
export function parseDecimal(text: string): number | null {
	if (!/^(0|[1-9][0-9]{0,15})$/.test(text)) return null;
	const value = Number(text);
	return Number.isSafeInteger(value) ? value : null;
}

/**
 * `key=value` pairs separated by commas, with exactly these keys in this order, as PHC strings write
 * their parameters (`m=19456,t=2,p=1`). Null when a key is missing, extra, repeated or out of order.
 */
export function parseParameters<K extends string>(text: string, keys: readonly K[]): Record<K, string> | null {
	const pairs = text.split(",");
	if (pairs.length !== keys.length) return null;
	const result = {} as Record<K, string>;
	for (const [index, key] of keys.entries()) {
		const pair = pairs[index]!;
		if (!pair.startsWith(key + "=")) return null;
		result[key] = pair.slice(key.length + 1);
	}
	return result;
}

export function utf8(text: string): Uint8Array {
	return new TextEncoder().encode(text);
}

/** Constant-time equality of two derived keys (their lengths are not secret: the hash states them). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
	return a.length === b.length && timingSafeEqual(a, b);
}
