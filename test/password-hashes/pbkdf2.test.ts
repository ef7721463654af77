// PBKDF2 in Django's, passlib's and the PHC (Ory Kratos) spellings. Golden vectors: Django's test
// suite, passlib's test vectors, Ory Kratos's comparator tests; plus hashes made at test time by
// hash-wasm's PBKDF2 and written in each spelling.
import { expect, test } from "bun:test";
import { createSHA1, createSHA256, createSHA512, pbkdf2 } from "hash-wasm";
import { checkBounds, checkVectors } from "./cases.ts";
import { parsePasswordHash } from "../../src/password-hashes/index.ts";

const PASSWORD = "correct horse battery staple 42";
const UPASS_WAV = "\u0399\u03c9\u03b1\u03bd\u03bd\u03b7\u03c2";
const UPASS_TABLE = "t\u00e1\u0411\u2113\u0259";

async function derived(password: string, salt: Uint8Array | string, iterations: number, digest: "sha1" | "sha256" | "sha512", length: number): Promise<Buffer> {
	const hashFunction = { sha1: createSHA1, sha256: createSHA256, sha512: createSHA512 }[digest]();
	return Buffer.from(await pbkdf2({ password, salt, iterations, hashLength: length, hashFunction, outputType: "binary" }));
}

const adapted = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "").replaceAll("+", ".");
const unpadded = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");
const salt = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);

checkVectors("django_pbkdf2_sha256", async () => [
	{ password: "l\u00e8tmein", hash: "pbkdf2_sha256$390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=", source: "Django's test suite" },
	{ password: "l\u00e8tmein", hash: "pbkdf2_sha256$390000$seasalt2$geC/uZ92nRXDSjSxeoiBqYyRcrLzMm8xK3ro1QS1uo8=", source: "Django's test suite" },
	{ password: "not a password", hash: "pbkdf2_sha256$10000$kjVJaVz6qsnJ$5yPHw3rwJGECpUf70daLGhOrQ5+AMxIJdz1c3bqK1Rs=", source: "passlib's Django vectors" },
	{ password: UPASS_TABLE, hash: "pbkdf2_sha256$10000$bEwAfNrH1TlQ$OgYUblFNUX1B8GfMqaCYUK/iHyO0pa7STTDdaEJBuY0=", source: "passlib's Django vectors" },
	{ password: PASSWORD, hash: `pbkdf2_sha256$20000$saltysalt$${(await derived(PASSWORD, "saltysalt", 20000, "sha256", 32)).toString("base64")}`, source: "hash-wasm" },
]);

checkVectors("django_pbkdf2_sha1", () => [
	{ password: "l\u00e8tmein", hash: "pbkdf2_sha1$390000$seasalt2$aDapRanzW8aHTz97v2TcfHzWD+I=", source: "Django's test suite" },
	{ password: "not a password", hash: "pbkdf2_sha1$10000$wz5B6WkasRoF$atJmJ1o+XfJxKq1+Nu1f1i57Z5I=", source: "passlib's Django vectors" },
]);

checkVectors("passlib_pbkdf2_sha1", () => [
	{ password: "password", hash: "$pbkdf2$1212$OB.dtnSEXZK8U5cgxU/GYQ$y5LKPOplRmok7CZp/aqVDVg8zGI", source: "passlib" },
	{ password: UPASS_WAV, hash: "$pbkdf2$1212$THDqatpidANpadlLeTeOEg$HV3oi1k5C5LQCgG1BMOL.BX4YZc", source: "passlib" },
]);

checkVectors("passlib_pbkdf2_sha256", async () => [
	{ password: "password", hash: "$pbkdf2-sha256$1212$4vjV83LKPjQzk31VI4E0Vw$hsYF68OiOUPdDZ1Fg.fJPeq1h/gXXY7acBp9/6c.tmQ", source: "passlib" },
	{ password: UPASS_WAV, hash: "$pbkdf2-sha256$1212$3SABFJGDtyhrQMVt1uABPw$WyaUoqCLgvz97s523nF4iuOqZNbp5Nt8do/cuaa7AiI", source: "passlib" },
	{ password: PASSWORD, hash: `$pbkdf2-sha256$29000$${adapted(salt)}$${adapted(await derived(PASSWORD, salt, 29000, "sha256", 32))}`, source: "hash-wasm" },
]);

checkVectors("passlib_pbkdf2_sha512", () => [
	{ password: "password", hash: "$pbkdf2-sha512$1212$RHY0Fr3IDMSVO/RSZyb5ow$eNLfBK.eVozomMr.1gYa17k9B7KIK25NOEshvhrSX.esqY3s.FvWZViXz4KoLlQI.BzY/YTNJOiKc5gBYFYGww", source: "passlib" },
	{ password: UPASS_WAV, hash: "$pbkdf2-sha512$1212$KkbvoKGsAIcF8IslDR6skQ$8be/PRmd88Ps8fmPowCJttH9G3vgxpG.Krjt3KT.NP6cKJ0V4Prarqf.HBwz0dCkJ6xgWnSj2ynXSV7MlvMa8Q", source: "passlib" },
]);

checkVectors("pbkdf2_sha256", async () => [
	{ password: "test", hash: "$pbkdf2-sha256$i=100000,l=32$1jP+5Zxpxgtee/iPxGgOz0RfE9/KJuDElP1ley4VxXc$QJxzfvdbHYBpydCbHoFg3GJEqMFULwskiuqiJctoYpI", source: "Ory Kratos" },
	{ password: PASSWORD, hash: `$pbkdf2-sha256$i=10000,l=32$${unpadded(salt)}$${unpadded(await derived(PASSWORD, salt, 10000, "sha256", 32))}`, source: "hash-wasm" },
]);

checkVectors("pbkdf2_sha512", async () => [
	{ password: "test", hash: "$pbkdf2-sha512$i=100000,l=32$bdHBpn7OWOivJMVJypy2UqR0UnaD5prQXRZevj/05YU$+wArTfv1a+bNGO1iZrmEdVjhA+lL11wF4/IxpgYfPwc", source: "Ory Kratos" },
	{ password: PASSWORD, hash: `$pbkdf2-sha512$i=10000,l=64$${unpadded(salt)}$${unpadded(await derived(PASSWORD, salt, 10000, "sha512", 64))}`, source: "hash-wasm" },
]);

checkVectors("pbkdf2_sha1", async () => [
	{ password: PASSWORD, hash: `$pbkdf2-sha1$i=10000,l=20$${unpadded(salt)}$${unpadded(await derived(PASSWORD, salt, 10000, "sha1", 20))}`, source: "hash-wasm" },
]);

const kratosTail = "$1jP+5Zxpxgtee/iPxGgOz0RfE9/KJuDElP1ley4VxXc$QJxzfvdbHYBpydCbHoFg3GJEqMFULwskiuqiJctoYpI";
checkBounds("pbkdf2", {
	within: [
		"pbkdf2_sha256$1000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=",
		"pbkdf2_sha256$5000000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=",
		`$pbkdf2-sha256$i=5000000,l=32${kratosTail}`,
		"$pbkdf2$5000000$OB.dtnSEXZK8U5cgxU/GYQ$y5LKPOplRmok7CZp/aqVDVg8zGI",
	],
	outside: [
		"pbkdf2_sha256$999$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=",
		"pbkdf2_sha256$5000001$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=",
		"pbkdf2_sha1$1000000000$seasalt2$aDapRanzW8aHTz97v2TcfHzWD+I=",
		`$pbkdf2-sha256$i=5000001,l=32${kratosTail}`,
		`$pbkdf2-sha256$i=1000000000,l=32${kratosTail}`,
		"$pbkdf2$5000001$OB.dtnSEXZK8U5cgxU/GYQ$y5LKPOplRmok7CZp/aqVDVg8zGI",
		"$pbkdf2-sha512$99999999999$RHY0Fr3IDMSVO/RSZyb5ow$eNLfBK.eVozomMr.1gYa17k9B7KIK25NOEshvhrSX.esqY3s.FvWZViXz4KoLlQI.BzY/YTNJOiKc5gBYFYGww",
	],
});

test("pbkdf2: malformed strings are INVALID, other digests UNSUPPORTED", () => {
	const result = (hash: string) => {
		const parsedHash = parsePasswordHash(hash);
		return "error" in parsedHash ? parsedHash.error : parsedHash.form;
	};
	for (const hash of [
		"pbkdf2_sha256$390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=$",
		"pbkdf2_sha256$390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC4!",
		"pbkdf2_sha256$0390000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c=",
		"pbkdf2_sha256$390000$seasalt",
		"$pbkdf2$01212$THDqatpidANpadlLeTeOEg$HV3oi1k5C5LQCgG1BMOL.BX4YZc",
		"$pbkdf2$$THDqatpidANpadlLeTeOEg$HV3oi1k5C5LQCgG1BMOL.BX4YZc",
		"$pbkdf2$1212$THDqatpidANpadlLeTeOEg$HV3oi1k5C5LQCgG1BMOL.BX4YZc$",
		`$pbkdf2-sha256$i=100000,l=31${kratosTail}`,
		`$pbkdf2-sha256$l=32,i=100000${kratosTail}`,
		"$pbkdf2-sha512$I=100000,l=32$bdHBpn7OWOivJMVJypy2UqR0UnaD5prQXRZevj/05YU$+wArTfv1a+bNGO1iZrmEdVjhA+lL11wF4/IxpgYfPwc",
	]) {
		expect({ hash, result: result(hash) }).toEqual({ hash, result: "INVALID_PASSWORD_HASH" });
	}
	expect(result(`$pbkdf2-sha384$i=100000,l=32${kratosTail}`)).toBe("UNSUPPORTED_PASSWORD_HASH");
	expect(result("pbkdf2_sha512$100000$salt$abc")).toBe("UNSUPPORTED_PASSWORD_HASH");
});
