// Session tokens (API.md section 13): `<session id>.<secret>`, the secret 40 characters of the
// identifier alphabet (200 random bits). Only the SHA-256 of the secret is stored, so a copy of the
// database (or an export) holds nothing that signs anyone in.
import { sha256 } from "../../lib/constant-time.ts";
import { generateId } from "../../lib/ids.ts";

const TOKEN = /^([a-km-np-z2-9]{24})\.([a-km-np-z2-9]{40})$/;

export function generateSecret(): string {
	// Two identifiers of 120 random bits each, cut to 40 characters: 200 bits.
	return (generateId() + generateId()).slice(0, 40);
}

export function tokenOf(id: string, secret: string): string {
	return `${id}.${secret}`;
}

export function secretDigest(secret: string): Uint8Array {
	return sha256(secret);
}

/** The id and secret of a well-formed token, or null. */
export function parseToken(token: string): { id: string; secret: string } | null {
	const match = TOKEN.exec(token);
	return match === null ? null : { id: match[1]!, secret: match[2]! };
}
