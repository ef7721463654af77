// Identifiers and one-time codes (API.md section 1).
// Both alphabets have 32 symbols, so one random byte masked to 5 bits picks a symbol without bias.

const ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

// Random bytes are drawn from the system's generator a pool at a time, and each byte is used once
// and then zeroed: one call per pool instead of one per identifier, and the text written as one
// Latin-1 string rather than added up a character at a time (0.09 to 0.19 µs an identifier
// against 0.37 to 0.58; docs/benchmarks.md, "Identifiers from a pool of random bytes"). The pool
// is small, so little of the randomness still to be used sits in memory at any time.
const POOL_BYTES = 1024;
const pool = new Uint8Array(POOL_BYTES);
let poolAt = POOL_BYTES;
// The text of one identifier, as the alphabet's character codes (the longest is 24).
const text = Buffer.alloc(24);

const codesOf = (alphabet: string) => Uint8Array.from(alphabet, (char) => char.charCodeAt(0));
const ID_CODES = codesOf(ID_ALPHABET);
const CODE_CODES = codesOf(CODE_ALPHABET);

function randomString(codes: Uint8Array, length: number): string {
	if (poolAt + length > POOL_BYTES) {
		crypto.getRandomValues(pool);
		poolAt = 0;
	}
	for (let i = 0; i < length; i++) text[i] = codes[pool[poolAt + i]! & 31]!;
	pool.fill(0, poolAt, poolAt + length);
	poolAt += length;
	return text.toString("latin1", 0, length);
}

/** 24 characters, 120 random bits. */
export function generateId(): string {
	return randomString(ID_CODES, 24);
}

/** 8 characters for one-time codes and recovery codes (40 random bits). */
export function generateCode(): string {
	return randomString(CODE_CODES, 8);
}

const ID_PATTERN = /^[a-km-np-z2-9]{24}$/;

/** A path segment that cannot be an identifier names nothing, so it is answered NOT_FOUND without a query. */
export function isId(value: string): boolean {
	return ID_PATTERN.test(value);
}
