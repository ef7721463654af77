// Password hashes made by other systems, for users brought in by an import (API.md section 9).
// One module per form, each with parse (the bounds are checked there) and verify; this table picks
// the module from the hash's prefix. Nothing is computed before its parse succeeded, so a hash with
// an enormous cost is refused, never run. Pattern: Ory Kratos's hash comparator and passlib.
import { argon2, djangoArgon2 } from "./argon2.ts";
import { bcrypt, djangoBcrypt, djangoBcryptSha256, wordpressBcrypt } from "./bcrypt.ts";
import { djangoPbkdf2Sha1, djangoPbkdf2Sha256, dollarPbkdf2 } from "./pbkdf2.ts";
import { phpass } from "./phpass.ts";
import { firebaseScrypt, scrypt } from "./scrypt.ts";
import { INVALID, UNSUPPORTED, isHashError, type FormParams, type HashError, type HashForm, type PasswordHashError } from "./types.ts";

export type { PasswordHashError } from "./types.ts";

export interface ParsedPasswordHash {
	/** The form's name, as the upgrade metric labels it: "argon2id", "bcrypt", "django_bcrypt_sha256", … */
	form: string;
	/** True for an argon2id hash in Holm's own form at Holm's strength or more: a correct password keeps it. */
	upToDate: boolean;
	/** Whether `password` is the one the hash was made from. Never rejects: a verifier that fails answers false. */
	verify(password: string): Promise<boolean>;
}

// A longer string is no hash any of these forms writes.
const MAX_HASH_LENGTH = 512;

function using<P extends FormParams>(module: HashForm<P>): (hash: string) => ParsedPasswordHash | HashError {
	return function parseWith(hash) {
		const params = module.parse(hash);
		if (isHashError(params)) return params;
		return {
			form: params.form,
			upToDate: "upToDate" in params && params.upToDate === true,
			async verify(password) {
				try {
					return await module.verify(password, params);
				} catch {
					return false;
				}
			},
		};
	};
}

/** Prefix → form. Prefixes are compared exactly; none is a prefix of another. */
const FORMS: ReadonlyArray<readonly [string, (hash: string) => ParsedPasswordHash | HashError]> = [
	["$argon2id$", using(argon2)],
	["$argon2i$", using(argon2)],
	["$argon2d$", using(argon2)],
	["argon2$", using(djangoArgon2)],
	["$2a$", using(bcrypt)],
	["$2b$", using(bcrypt)],
	["$2y$", using(bcrypt)],
	["bcrypt$", using(djangoBcrypt)],
	["bcrypt_sha256$", using(djangoBcryptSha256)],
	["$wp$", using(wordpressBcrypt)],
	["pbkdf2_sha256$", using(djangoPbkdf2Sha256)],
	["pbkdf2_sha1$", using(djangoPbkdf2Sha1)],
	["$pbkdf2$", using(dollarPbkdf2)],
	["$pbkdf2-sha1$", using(dollarPbkdf2)],
	["$pbkdf2-sha256$", using(dollarPbkdf2)],
	["$pbkdf2-sha512$", using(dollarPbkdf2)],
	["$scrypt$", using(scrypt)],
	["$fbscrypt$", using(firebaseScrypt)],
	["$P$", using(phpass)],
	["$H$", using(phpass)],
];

/**
 * Reads a stored or imported hash. UNSUPPORTED_PASSWORD_HASH: no form Holm verifies (unsalted or
 * single-round digests, and anything unknown). INVALID_PASSWORD_HASH: a known form that is malformed
 * or outside its bounds.
 */
export function parsePasswordHash(hash: string): ParsedPasswordHash | { error: PasswordHashError } {
	if (hash.length > MAX_HASH_LENGTH) return INVALID;
	for (const [prefix, parse] of FORMS) {
		if (hash.startsWith(prefix)) return parse(hash);
	}
	return hash === "" ? INVALID : UNSUPPORTED;
}
