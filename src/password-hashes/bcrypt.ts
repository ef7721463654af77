// bcrypt (`$2a$`, `$2b$`, `$2y$`) and the forms that wrap it: Django's `bcrypt$…` and
// `bcrypt_sha256$…`, and WordPress 6.8's `$wp$2y$…`. Bun.password.verify computes it, on a string
// rebuilt from checked parts; and since Bun hashes passwords over 72 bytes with SHA-512 first (no
// other bcrypt does), the password is handed over as at most its first 72 bytes, which is all that
// counts in every bcrypt.
import { createHash, createHmac } from "node:crypto";
import { utf8 } from "./encoding.ts";
import { INVALID, UNSUPPORTED, type HashError, type HashForm } from "./types.ts";

const BCRYPT_BOUNDS = { minCost: 4, maxCost: 14 } as const;

const BCRYPT_MAX_BYTES = 72;

// `$2b$` + two-digit cost + `$` + 22 characters of salt and 31 of checksum, in bcrypt's base64.
const BCRYPT = /^\$2([aby])\$([0-9]{2})\$([./A-Za-z0-9]{53})$/;

/** What the wrapping form feeds to bcrypt in place of the password. */
type Prehash = "none" | "django_sha256" | "wordpress_hmac_sha384";

interface BcryptParams {
	form: string;
	cost: number;
	saltAndChecksum: string;
	prehash: Prehash;
}

function parseBcrypt(bcrypt: string, form: string, prehash: Prehash): BcryptParams | HashError {
	const match = BCRYPT.exec(bcrypt);
	if (match === null) {
		// `$2x$` (crypt_blowfish's bug-compatible mode) and `$2$` hash differently from the others.
		return /^\$2[a-z]?\$/.test(bcrypt) && !/^\$2[aby]\$/.test(bcrypt) ? UNSUPPORTED : INVALID;
	}
	const cost = Number(match[2]);
	if (cost < BCRYPT_BOUNDS.minCost || cost > BCRYPT_BOUNDS.maxCost) return INVALID;
	return { form, cost, saltAndChecksum: match[3]!, prehash };
}

function bcryptInput(password: string, prehash: Prehash): Uint8Array {
	switch (prehash) {
		case "none":
			return utf8(password).subarray(0, BCRYPT_MAX_BYTES);
		case "django_sha256":
			// django.contrib.auth.hashers.BCryptSHA256PasswordHasher: the hex digest (64 bytes).
			return utf8(createHash("sha256").update(password, "utf8").digest("hex"));
		case "wordpress_hmac_sha384":
			// wp_check_password(): base64 of HMAC-SHA384 keyed "wp-sha384" (64 bytes).
			return utf8(createHmac("sha384", "wp-sha384").update(password, "utf8").digest("base64"));
	}
}

async function verifyBcrypt(password: string, params: BcryptParams): Promise<boolean> {
	// $2a$, $2b$ and $2y$ compute the same for passwords under 255 bytes, and these are at most 72.
	const rebuilt = `$2b$${String(params.cost).padStart(2, "0")}$${params.saltAndChecksum}`;
	return Bun.password.verify(bcryptInput(password, params.prehash), rebuilt);
}

export const bcrypt: HashForm<BcryptParams> = {
	parse: (hash) => parseBcrypt(hash, "bcrypt", "none"),
	verify: verifyBcrypt,
};

/** Django's BCryptPasswordHasher: `bcrypt$` then the bcrypt string. */
export const djangoBcrypt: HashForm<BcryptParams> = {
	parse: (hash) => parseBcrypt(hash.slice("bcrypt$".length), "django_bcrypt", "none"),
	verify: verifyBcrypt,
};

/** Django's BCryptSHA256PasswordHasher: `bcrypt_sha256$` then bcrypt of the password's SHA-256 hex digest. */
export const djangoBcryptSha256: HashForm<BcryptParams> = {
	parse: (hash) => parseBcrypt(hash.slice("bcrypt_sha256$".length), "django_bcrypt_sha256", "django_sha256"),
	verify: verifyBcrypt,
};

/** WordPress 6.8 and later: `$wp` then bcrypt of base64(HMAC-SHA384("wp-sha384", password)). */
export const wordpressBcrypt: HashForm<BcryptParams> = {
	parse: (hash) => parseBcrypt(hash.slice("$wp".length), "wordpress_bcrypt", "wordpress_hmac_sha384"),
	verify: verifyBcrypt,
};
