// PBKDF2 in three spellings: Django's `pbkdf2_sha256$ITER$SALT$HASH` (and `pbkdf2_sha1$`), passlib's
// `$pbkdf2-sha256$ITER$SALT$HASH` (`-sha512`, and `$pbkdf2$` for SHA-1) in its adapted base64, and
// the PHC form `$pbkdf2-sha256$i=ITER,l=LEN$SALT$HASH` that Ory Kratos writes. node:crypto's pbkdf2
// runs on the thread pool, off the event loop.
import { pbkdf2 as deriveKey } from "node:crypto";
import { decodeAdaptedBase64, decodeStandardBase64, parseDecimal, parseParameters, sameBytes, utf8 } from "./encoding.ts";
import { INVALID, UNSUPPORTED, type HashError, type HashForm } from "./types.ts";

const PBKDF2_BOUNDS = { minIterations: 1_000, maxIterations: 5_000_000 } as const;

type Digest = "sha1" | "sha256" | "sha512";

const DIGEST_BYTES: Record<Digest, number> = { sha1: 20, sha256: 32, sha512: 64 };

interface Pbkdf2Params {
	form: string;
	digest: Digest;
	iterations: number;
	salt: Uint8Array;
	expected: Uint8Array;
}

function checkedIterations(text: string): number | null {
	const iterations = parseDecimal(text);
	if (iterations === null || iterations < PBKDF2_BOUNDS.minIterations || iterations > PBKDF2_BOUNDS.maxIterations) return null;
	return iterations;
}

function fits(salt: Uint8Array, expected: Uint8Array): boolean {
	return salt.length >= 1 && salt.length <= 128 && expected.length >= 16 && expected.length <= 64;
}

function verifyPbkdf2(password: string, params: Pbkdf2Params): Promise<boolean> {
	return new Promise((resolve, reject) => {
		deriveKey(utf8(password), params.salt, params.iterations, params.expected.length, params.digest, (error, key) => {
			if (error) reject(error);
			else resolve(sameBytes(new Uint8Array(key), params.expected));
		});
	});
}

/** Django's PBKDF2PasswordHasher and PBKDF2SHA1PasswordHasher: the salt is used as its text. */
function parseDjango(hash: string, digest: Digest): Pbkdf2Params | HashError {
	const fields = hash.split("$");
	if (fields.length !== 4) return INVALID;
	const iterations = checkedIterations(fields[1]!);
	const expected = decodeStandardBase64(fields[3]!);
	const salt = utf8(fields[2]!);
	if (iterations === null || expected === null || expected.length !== DIGEST_BYTES[digest] || !fits(salt, expected)) return INVALID;
	return { form: `django_pbkdf2_${digest}`, digest, iterations, salt, expected };
}

const PASSLIB_DIGESTS: Record<string, Digest> = { pbkdf2: "sha1", "pbkdf2-sha1": "sha1", "pbkdf2-sha256": "sha256", "pbkdf2-sha512": "sha512" };

/** `$pbkdf2…$` is passlib's form when the second field is a bare number, and the PHC form when it is `i=…,l=…`. */
function parseDollarForm(hash: string): Pbkdf2Params | HashError {
	const fields = hash.split("$");
	const digest = PASSLIB_DIGESTS[fields[1] ?? ""];
	if (digest === undefined) return UNSUPPORTED;
	if (fields.length !== 5 || fields[0] !== "") return INVALID;
	if (fields[2]!.startsWith("i=")) {
		const settings = parseParameters(fields[2]!, ["i", "l"] as const);
		if (settings === null) return INVALID;
		const iterations = checkedIterations(settings.i);
		const length = parseDecimal(settings.l);
		// Kratos writes standard base64 without padding.
		const salt = fields[3]!.includes("=") ? null : decodeStandardBase64(fields[3]!);
		const expected = fields[4]!.includes("=") ? null : decodeStandardBase64(fields[4]!);
		if (iterations === null || salt === null || expected === null || expected.length !== length || !fits(salt, expected)) return INVALID;
		return { form: `pbkdf2_${digest}`, digest, iterations, salt, expected };
	}
	const iterations = checkedIterations(fields[2]!);
	const salt = decodeAdaptedBase64(fields[3]!);
	const expected = decodeAdaptedBase64(fields[4]!);
	if (iterations === null || salt === null || expected === null || expected.length !== DIGEST_BYTES[digest] || !fits(salt, expected)) return INVALID;
	return { form: `passlib_pbkdf2_${digest}`, digest, iterations, salt, expected };
}

export const djangoPbkdf2Sha256: HashForm<Pbkdf2Params> = { parse: (hash) => parseDjango(hash, "sha256"), verify: verifyPbkdf2 };
export const djangoPbkdf2Sha1: HashForm<Pbkdf2Params> = { parse: (hash) => parseDjango(hash, "sha1"), verify: verifyPbkdf2 };
export const dollarPbkdf2: HashForm<Pbkdf2Params> = { parse: parseDollarForm, verify: verifyPbkdf2 };
