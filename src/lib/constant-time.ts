// Secrets and codes are compared without an early exit, so response time says nothing about
// how much of a guess was right.
import { timingSafeEqual } from "node:crypto";

export function sha256(value: string): Uint8Array {
	// The one-shot form: half the time of a CryptoHasher object, and every request hashes the
	// Authorization header.
	return Bun.CryptoHasher.hash("sha256", value);
}

/** Compares two strings in time independent of their contents (both are hashed to equal length first). */
export function constantTimeEqual(a: string, b: string): boolean {
	return timingSafeEqual(sha256(a), sha256(b));
}

export function constantTimeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
	return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}

/** One-time and recovery codes are compared ignoring case. */
export function codesMatch(expected: string, given: string): boolean {
	return constantTimeEqual(expected.toUpperCase(), given.toUpperCase());
}

/** Reset codes are stored only as this digest: the code is shown once and never needed again. */
export function hashCode(code: string): Uint8Array {
	return sha256(code.toUpperCase());
}
