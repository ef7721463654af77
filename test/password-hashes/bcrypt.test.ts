// bcrypt and the forms that wrap it. Golden vectors: crypt_blowfish's and OpenBSD's test vectors (as
// John the Ripper and jBCrypt publish them), passlib's Django test vectors, and WordPress 6.8 hashes
// made by wp_hash_password(); plus hashes made at test time by bcryptjs.
import { expect, test } from "bun:test";
import bcryptjs from "bcryptjs";
import { createHash, createHmac } from "node:crypto";
import { checkBounds, checkVectors, parsed } from "./cases.ts";
import { parsePasswordHash } from "../../src/password-hashes/index.ts";

const UPASS_TABLE = "t\u00e1\u0411\u2113\u0259";
const LONG = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789chars after 72 are ignored";
const PASSWORD = "correct horse battery staple 42";

checkVectors("bcrypt", () => [
	{ password: "U*U", hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW", source: "crypt_blowfish" },
	{ password: "U*U*", hash: "$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK", source: "crypt_blowfish" },
	{ password: "U*U*U", hash: "$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a", source: "crypt_blowfish" },
	{ password: "a", hash: "$2a$06$m0CrhHm10qJ3lXRY.5zDGO3rS2KdeeWLuGmsfGlMfOxih58VYVfxe", source: "jBCrypt" },
	{ password: "abc", hash: "$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i", source: "jBCrypt" },
	{ password: "a", hash: "$2b$06$ehKGYiS4wt2HAr7KQXS5z.OaRjB4jHO7rBHJKlGXbqEH3QVJfO7iO", source: "OpenBSD $2b$" },
	{ password: PASSWORD, hash: bcryptjs.hashSync(PASSWORD, 4), source: "bcryptjs" },
	{ password: PASSWORD, hash: bcryptjs.hashSync(PASSWORD, 5).replace("$2b$", "$2y$"), source: "bcryptjs as PHP's $2y$" },
	{ password: UPASS_TABLE, hash: bcryptjs.hashSync(UPASS_TABLE, 4).replace("$2b$", "$2a$"), source: "bcryptjs, $2a$" },
]);

test("bcrypt: only the first 72 bytes of a password count, as in every bcrypt", async () => {
	const published = parsed("$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui");
	expect(await published.verify(LONG)).toBe(true);
	expect(await published.verify(LONG.slice(0, 72))).toBe(true);
	expect(await published.verify(LONG.slice(0, 72) + "something else")).toBe(true);
	expect(await published.verify(LONG.slice(0, 71))).toBe(false);
	// 40 two-byte characters are 80 bytes; the 72-byte cut falls after the 36th.
	const accented = "é".repeat(40);
	const made = parsed(bcryptjs.hashSync(accented, 4));
	expect(await made.verify(accented)).toBe(true);
	expect(await made.verify("é".repeat(36) + "x")).toBe(true);
	expect(await made.verify("é".repeat(35) + "x")).toBe(false);
});

checkVectors("django_bcrypt", () => [
	{ password: "abcdefghijklmnopqrstuvwxyz", hash: "bcrypt$$2a$10$fVH8e28OQRj9tqiDXs1e1uxpsjN0c7II7YPKXua2NAKYvM6iQk7dq", source: "passlib's Django vectors" },
	{ password: UPASS_TABLE, hash: "bcrypt$$2a$05$Z17AXnnlpzddNUvnC6cZNOSwMA/8oNiKnHTHTwLlBijfucQQlHjaG", source: "passlib's Django vectors" },
]);

function djangoBcryptSha256(password: string): string {
	return "bcrypt_sha256$" + bcryptjs.hashSync(createHash("sha256").update(password).digest("hex"), 5);
}

checkVectors("django_bcrypt_sha256", () => [
	{ password: "l\u00e8tmein", hash: "bcrypt_sha256$$2a$08$NDjSAIcas.EcoxCRiArvT.MkNiPYVhrsrnJsRkLueZOoV1bsQqlmC", source: "passlib's Django vectors" },
	{ password: UPASS_TABLE, hash: "bcrypt_sha256$$2a$06$kCXUnRFQptGg491siDKNTu8RxjBGSjALHRuvhPYNFsa4Ea5d9M48u", source: "passlib's Django vectors" },
	{ password: "abc123".repeat(12), hash: "bcrypt_sha256$$2a$06$Tg/oYyZTyAf.Nb3qSgN61OySmyXA8FoY4PjGizjE1QSDfuL5MXNni", source: "passlib's Django vectors" },
	{ password: PASSWORD, hash: djangoBcryptSha256(PASSWORD), source: "bcryptjs over Django's SHA-256 hex digest" },
]);

test("django_bcrypt_sha256: no 72-byte cut, since the digest comes first", async () => {
	const long = "abc123".repeat(12);
	expect(await parsed("bcrypt_sha256$$2a$06$Tg/oYyZTyAf.Nb3qSgN61Ocy0BEz1RK6xslSNi8PlaLX2pe7x/KQG").verify(long + "qwr")).toBe(true);
	expect(await parsed("bcrypt_sha256$$2a$06$Tg/oYyZTyAf.Nb3qSgN61Ocy0BEz1RK6xslSNi8PlaLX2pe7x/KQG").verify(long + "xyz")).toBe(false);
	expect(await parsed("bcrypt_sha256$$2a$06$Tg/oYyZTyAf.Nb3qSgN61OvY2zoRVUa2Pugv2ExVOUT2YmhvxUFUa").verify(long + "xyz")).toBe(true);
});

function wordpress(password: string): string {
	// wp_hash_password() in WordPress 6.8.
	const prehashed = createHmac("sha384", "wp-sha384").update(password).digest("base64");
	return "$wp" + bcryptjs.hashSync(prehashed, 5).replace("$2b$", "$2y$");
}

checkVectors("wordpress_bcrypt", () => [
	{ password: "admin", hash: "$wp$2y$10$Q1xinFjrZeLWJBvxviIL6u834Fu.evIEFHAUVisQ5O.w9Dm0sMdES", source: "WordPress Playground's admin user" },
	{ password: "BigBike@2026", hash: "$wp$2y$10$qeleDSuDaeZO5fBsEqFReeWdlqaDnBDBzB16hFgsFnhN9qFBIihvm", source: "wp_hash_password()" },
	{ password: PASSWORD, hash: wordpress(PASSWORD), source: "bcryptjs over WordPress's HMAC-SHA384 prehash" },
	{ password: "x".repeat(100), hash: wordpress("x".repeat(100)), source: "bcryptjs, a 100-byte password" },
]);

test("wordpress_bcrypt: no 72-byte cut, since the HMAC comes first", async () => {
	const hash = parsed(wordpress("x".repeat(100)));
	expect(await hash.verify("x".repeat(99))).toBe(false);
});

const salted = "CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";
checkBounds("bcrypt", {
	within: [`$2a$04$${salted}`, `$2b$14$${salted}`, `bcrypt_sha256$$2b$14$${salted}`, `$wp$2y$14$${salted}`, `bcrypt$$2y$04$${salted}`],
	outside: [`$2a$03$${salted}`, `$2b$15$${salted}`, `$2y$31$${salted}`, `bcrypt_sha256$$2b$15$${salted}`, `$wp$2y$15$${salted}`, `bcrypt$$2b$31$${salted}`, `$2b$99$${salted}`],
});

test("bcrypt: malformed strings are INVALID, other bcrypt variants UNSUPPORTED", () => {
	for (const hash of [`$2b$4$${salted}`, `$2b$10$${salted.slice(1)}`, `$2b$10$${salted}x`, `$2b$10$${salted.replace("E", "!")}`, "bcrypt_sha256$xyz$2a$06$/3OeRpbOf8/l6nPPRdZPp.nRiyYqPobEZGdNRBWihQhiFDh1ws1tu"]) {
		expect({ hash, result: parsedOrError(hash) }).toEqual({ hash, result: "INVALID_PASSWORD_HASH" });
	}
	for (const hash of [`$2x$05$${salted}`, `$2$05$${salted}`]) expect({ hash, result: parsedOrError(hash) }).toEqual({ hash, result: "UNSUPPORTED_PASSWORD_HASH" });
});

function parsedOrError(hash: string): string {
	const result = parsePasswordHash(hash);
	return "error" in result ? result.error : result.form;
}
