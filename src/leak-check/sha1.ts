// SHA-1 of the password's UTF-8 bytes: what Have I Been Pwned and the leak file are keyed by.

// One digest buffer, reused: lookups are synchronous, and allocating per check is a third of its cost.
const digest = new Uint8Array(20);

/** The raw digest, valid only until the next call. */
export function sha1Bytes(password: string): Uint8Array {
	Bun.SHA1.hash(password, digest);
	return digest;
}

/** 40 uppercase hex digits, the form the range API speaks. */
export function sha1Hex(password: string): string {
	return Bun.SHA1.hash(password, "hex").toUpperCase();
}
