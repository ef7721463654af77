// TOTP (RFC 6238) as API.md fixes it: SHA-1, 6 digits, 30-second steps, keys of exactly 20 bytes
// (10 to 64 when imported).
// Time always comes in as a parameter (milliseconds), so the injected clock decides which codes are valid.
import { decodeBase64 } from "@oslojs/encoding";
import { Secret, TOTP } from "otpauth";
import { constantTimeEqual } from "./constant-time.ts";

const TOTP_KEY_BYTES = 20;
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps of clock drift accepted either way between the server and the user's authenticator. */
const DRIFT_STEPS = 1;

/** Keys an import may bring (API.md section 9): other systems made keys of other lengths, and
 *  every authenticator app takes them. Registration through the API makes 20-byte keys only. */
export const IMPORTED_TOTP_KEY_BYTES = { min: 10, max: 64 } as const;

/** The key of a base64 string, or null when it is not strict base64 of exactly 20 bytes. */
export function decodeTotpKey(encoded: string): Uint8Array | null {
	return decodeTotpKeyOfLength(encoded, TOTP_KEY_BYTES, TOTP_KEY_BYTES);
}

/** The key of a base64 string, or null when it is not strict base64 of min to max bytes. */
export function decodeTotpKeyOfLength(encoded: string, min: number, max: number): Uint8Array | null {
	let key: Uint8Array;
	try {
		key = decodeBase64(encoded);
	} catch {
		return null;
	}
	return key.byteLength >= min && key.byteLength <= max ? key : null;
}

/** The RFC 6238 time step (counter) that contains `nowMs`. */
export function totpStep(nowMs: number): number {
	return Math.floor(nowMs / (PERIOD_SECONDS * 1000));
}

export function generateTotpCode(key: Uint8Array, step: number): string {
	return TOTP.generate({
		// A copy: Secret wraps the whole underlying buffer, and a SQLite BLOB may be a view into a larger one.
		secret: new Secret({ buffer: key.slice().buffer }),
		algorithm: "SHA1",
		digits: DIGITS,
		period: PERIOD_SECONDS,
		timestamp: step * PERIOD_SECONDS * 1000,
	});
}

/**
 * The latest time step within one step of `nowMs` whose code is `code` and that comes after
 * `afterStep`, or null. Refusing steps at or before the last accepted one is the replay
 * protection of RFC 6238 section 5.2. Every step in the window is computed and compared, so the
 * response time does not tell which one matched.
 */
export function findTotpStep(key: Uint8Array, code: string, nowMs: number, afterStep: number): number | null {
	const current = totpStep(nowMs);
	let found: number | null = null;
	for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
		const matches = constantTimeEqual(generateTotpCode(key, step), code);
		if (matches && step > afterStep) found = step;
	}
	return found;
}
