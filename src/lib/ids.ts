// Identifiers and one-time codes (API.md section 1).
// Both alphabets have 32 symbols, so one random byte masked to 5 bits picks a symbol without bias.

const ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function randomString(alphabet: string, length: number): string {
	const bytes = crypto.getRandomValues(new Uint8Array(length));
	let out = "";
	for (const byte of bytes) out += alphabet[byte & 31];
	return out;
}

/** 24 characters, 120 random bits. */
export function generateId(): string {
	return randomString(ID_ALPHABET, 24);
}

/** 8 characters for one-time codes and recovery codes (40 random bits). */
export function generateCode(): string {
	return randomString(CODE_ALPHABET, 8);
}

const ID_PATTERN = /^[a-km-np-z2-9]{24}$/;

/** A path segment that cannot be an identifier names nothing, so it is answered NOT_FOUND without a query. */
export function isId(value: string): boolean {
	return ID_PATTERN.test(value);
}
