// Argon2 in the PHC form and Django's `argon2$…`. Golden vectors: Ory Kratos's comparator tests,
// Django's own test suite and passlib's Django vectors; plus hashes made at test time by hash-wasm
// (an implementation independent of Bun's).
import { expect, test } from "bun:test";
import { argon2d, argon2i, argon2id } from "hash-wasm";
import { checkBounds, checkVectors, parsed } from "./cases.ts";
import { parsePasswordHash } from "../../src/password-hashes/index.ts";

const PASSWORD = "correct horse battery staple 42";
const salt = new Uint8Array(16).fill(7);
const made = (fn: typeof argon2id, password: string) =>
	fn({ password, salt, parallelism: 2, iterations: 2, memorySize: 64, hashLength: 32, outputType: "encoded" });

checkVectors("argon2id", async () => [
	{ password: "test", hash: "$argon2id$v=19$m=32,t=2,p=4$cm94YnRVOW5jZzFzcVE4bQ$MNzk5BtR2vUhrp6qQEjRNw", source: "Ory Kratos" },
	{ password: "test", hash: "$argon2id$v=19$m=32,t=5,p=4$cm94YnRVOW5jZzFzcVE4bQ$fBxypOL0nP/zdPE71JtAV71i487LbX3fJI5PoTN6Lp4", source: "Ory Kratos" },
	{ password: PASSWORD, hash: await made(argon2id, PASSWORD), source: "hash-wasm" },
]);

checkVectors("argon2i", async () => [
	{ password: "test", hash: "$argon2i$v=19$m=65536,t=3,p=4$kk51rW/vxIVCYn+EG4kTSg$NyT88uraJ6im6dyha/M5jhXvpqlEdlS/9fEm7ScMb8c", source: "Ory Kratos" },
	{ password: PASSWORD, hash: await made(argon2i, PASSWORD), source: "hash-wasm" },
]);

checkVectors("argon2d", async () => [{ password: PASSWORD, hash: await made(argon2d, PASSWORD), source: "hash-wasm" }]);

checkVectors("django_argon2", () => [
	{ password: "secret", hash: "argon2$argon2i$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$YC9+jJCrQhs5R6db7LlN8Q", source: "Django's test suite" },
	{ password: "secret", hash: "argon2$argon2id$v=19$m=102400,t=2,p=8$Y041dExhNkljRUUy$TMa6A8fPJhCAUXRhJXCXdw", source: "Django's test suite" },
	{ password: "password", hash: "argon2$argon2i$v=19$m=380,t=2,p=2$c29tZXNhbHQ$SrssP8n7m/12VWPM8dvNrw", source: "passlib's Django vectors" },
	{ password: "l\u00e8tmein", hash: "argon2$argon2i$v=19$m=512,t=2,p=2$V25jN1l4UUJZWkR1$MxpA1BD2Gh7+D79gaAw6sQ", source: "passlib's Django vectors" },
]);

test("argon2: Holm's own hashes, and argon2id up to twice as costly, are up to date; anything weaker or much costlier is upgraded", async () => {
	expect(parsed(await Bun.password.hash(PASSWORD, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 })).upToDate).toBe(true);
	expect(parsed(await Bun.password.hash(PASSWORD, { algorithm: "argon2id", memoryCost: 38912, timeCost: 2 })).upToDate).toBe(true);
	// Much costlier than Holm's own (5 times): replaced after a correct password, like any imported hash.
	expect(parsed(await Bun.password.hash(PASSWORD, { algorithm: "argon2id", memoryCost: 65536, timeCost: 3 })).upToDate).toBe(false);
	expect(parsed(await Bun.password.hash(PASSWORD, { algorithm: "argon2id", memoryCost: 8192, timeCost: 2 })).upToDate).toBe(false);
	expect(parsed(await Bun.password.hash(PASSWORD, { algorithm: "argon2id", memoryCost: 19456, timeCost: 1 })).upToDate).toBe(false);
	expect(parsed(await Bun.password.hash(PASSWORD, { algorithm: "argon2i", memoryCost: 65536, timeCost: 3 })).upToDate).toBe(false);
	expect(parsed("argon2$argon2id$v=19$m=102400,t=2,p=8$Y041dExhNkljRUUy$TMa6A8fPJhCAUXRhJXCXdw").upToDate).toBe(false);
});

const tail = "$cm94YnRVOW5jZzFzcVE4bQ$MNzk5BtR2vUhrp6qQEjRNw";
checkBounds("argon2", {
	within: [`$argon2id$v=19$m=262144,t=10,p=16${tail}`, `$argon2i$v=19$m=8,t=1,p=1${tail}`, `argon2$argon2d$v=19$m=262144,t=1,p=1${tail}`],
	outside: [
		`$argon2id$v=19$m=262145,t=1,p=1${tail}`,
		`$argon2id$v=19$m=4194304,t=1,p=1${tail}`,
		`$argon2id$v=19$m=19456,t=11,p=1${tail}`,
		`$argon2id$v=19$m=19456,t=0,p=1${tail}`,
		`$argon2id$v=19$m=19456,t=2,p=17${tail}`,
		`$argon2id$v=19$m=64,t=2,p=16${tail}`,
		`argon2$argon2id$v=19$m=262145,t=1,p=1${tail}`,
	],
});

test("argon2: malformed strings are INVALID; version 0x10 and secret keys are UNSUPPORTED", () => {
	const result = (hash: string) => {
		const parsedHash = parsePasswordHash(hash);
		return "error" in parsedHash ? parsedHash.error : parsedHash.form;
	};
	for (const hash of [`$argon2id$v=19$m=19456,t=2${tail}`, `$argon2id$v=19$t=2,m=19456,p=1${tail}`, `$argon2id$v=19$m=019456,t=2,p=1${tail}`, `$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$MNzk5BtR2vUhrp6qQEjRNw`, `$argon2id$v=19$m=19456,t=2,p=1$cm94YnRVOW5jZzFzcVE4bQ==$MNzk5BtR2vUhrp6qQEjRNw`, `$argon2id$v=20$m=19456,t=2,p=1${tail}`, `$argon2id$v=19$m=19456,t=2,p=1${tail}$`]) {
		expect({ hash, result: result(hash) }).toEqual({ hash, result: "INVALID_PASSWORD_HASH" });
	}
	for (const hash of ["argon2$argon2i$m=8,t=1,p=1$c29tZXNhbHQ$gwQOXSNhxiOxPOA0+PY10P9QFO4NAYysnqRt1GSQLE55m+2GYDt9FEjPMHhP2Cuf0nOEXXMocVrsJAtNSsKyfg", `$argon2id$v=16$m=19456,t=2,p=1${tail}`, `$argon2id$v=19$m=19456,t=2,p=1,keyid=abc${tail}`]) {
		expect({ hash, result: result(hash) }).toEqual({ hash, result: "UNSUPPORTED_PASSWORD_HASH" });
	}
});
