// scrypt in the PHC form, and Firebase's modified scrypt in the `$fbscrypt$` form Supabase Auth takes
// Firebase's hashes in. Golden vectors: the scrypt paper's test vectors as passlib writes them and
// passlib's own; Firebase's published sample (github.com/firebase/scrypt, its README: signer key,
// salt separator, rounds 8, mem cost 14) and Supabase Auth's test vector; plus PHC scrypt hashes made
// at test time by hash-wasm.
import { expect, test } from "bun:test";
import { scrypt } from "hash-wasm";
import { checkBounds, checkVectors } from "./cases.ts";
import { parsePasswordHash } from "../../src/password-hashes/index.ts";

const PASSWORD = "correct horse battery staple 42";
const UPASS_TABLE = "t\u00e1\u0411\u2113\u0259";
const unpadded = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");

async function madeByHashWasm(password: string, log2N: number, r: number, p: number): Promise<string> {
	const salt = new Uint8Array(16).fill(42);
	const key = await scrypt({ password, salt, costFactor: 2 ** log2N, blockSize: r, parallelism: p, hashLength: 32, outputType: "binary" });
	return `$scrypt$ln=${log2N},r=${r},p=${p}$${unpadded(salt)}$${unpadded(key)}`;
}

checkVectors("scrypt", async () => [
	{ password: "password", hash: "$scrypt$ln=10,r=8,p=16$TmFDbA$/bq+HJ00cgB4VucZDQHp/nxq18vII3gw53N2Y0s3MWI", source: "the scrypt paper (RFC 7914), as passlib writes it" },
	{ password: "pleaseletmein", hash: "$scrypt$ln=14,r=8,p=1$U29kaXVtQ2hsb3JpZGU$cCO9yzr9c0hGHAbNgf046/2o+7qQT44+qbVD9lRdofI", source: "the scrypt paper (RFC 7914), as passlib writes it" },
	{ password: "test", hash: "$scrypt$ln=8,r=8,p=1$wlhLyXmP8b53bm1NKYVQqg$mTpvG8lzuuDk+DWz8HZIB6Vum6erDuUm0As5yU+VxWA", source: "passlib" },
	{ password: UPASS_TABLE, hash: "$scrypt$ln=7,r=8,p=1$jjGmtDamdA4BQAjBeA9BSA$OiWRHhQtpDx7M/793x6UXK14AD512jg/qNm/hkWZG4M", source: "passlib" },
	{ password: "nacl", hash: "$scrypt$ln=1,r=4,p=2$yhnD+J+Tci4lZCwFgHCuVQ$fAsEWmxSHuC0cHKMwKVFPzrQukgvK09Sj+NueTSxKds", source: "passlib" },
	{ password: PASSWORD, hash: await madeByHashWasm(PASSWORD, 15, 8, 1), source: "hash-wasm" },
	{ password: PASSWORD, hash: await madeByHashWasm(PASSWORD, 10, 4, 3), source: "hash-wasm" },
]);

const FIREBASE_SIGNER_KEY = "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==";
const FIREBASE_SAMPLE = `$fbscrypt$v=1,n=14,r=8,p=1,ss=Bw==,sk=${FIREBASE_SIGNER_KEY}$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==`;

checkVectors("firebase_scrypt", () => [
	{ password: "user1password", hash: FIREBASE_SAMPLE, source: "Firebase's published sample (firebase/scrypt README)" },
	{
		password: "mytestpassword",
		hash: "$fbscrypt$v=1,n=14,r=8,p=1,ss=Bw==,sk=ou9tdYTGyYm8kuR6Dt0Bp0kDuAYoXrK16mbZO4yGwAn3oLspjnN0/c41v8xZnO1n14J3MjKj1b2g6AUCAlFwMw==$C0sHCg9ek77hsg==$zKVTMvnWVw5BBOZNUdnsalx4c4c7y/w7IS5p6Ut2+CfEFFlz37J9huyQfov4iizN8dbjvEJlM5tQaJP84+hfTw==",
		source: "Supabase Auth's test suite",
	},
]);

test("firebase_scrypt: the salt separator and the signer key take part", async () => {
	const withSeparator = (separator: string) => FIREBASE_SAMPLE.replace("ss=Bw==", `ss=${separator}`);
	const otherSeparator = parsePasswordHash(withSeparator("Bg=="));
	expect("error" in otherSeparator ? "refused" : await otherSeparator.verify("user1password")).toBe(false);
	const otherKey = parsePasswordHash(FIREBASE_SAMPLE.replace("sk=jxspr8Ki0", "sk=jxspr8Ki1"));
	expect("error" in otherKey ? "refused" : await otherKey.verify("user1password")).toBe(false);
});

const tail = "$wlhLyXmP8b53bm1NKYVQqg$mTpvG8lzuuDk+DWz8HZIB6Vum6erDuUm0As5yU+VxWA";
const firebaseTail = `,ss=Bw==,sk=${FIREBASE_SIGNER_KEY}$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==`;
checkBounds("scrypt", {
	within: [`$scrypt$ln=17,r=8,p=16${tail}`, `$scrypt$ln=1,r=1,p=1${tail}`, `$fbscrypt$v=1,n=17,r=8,p=16${firebaseTail}`],
	outside: [
		`$scrypt$ln=18,r=8,p=1${tail}`,
		`$scrypt$ln=30,r=8,p=1${tail}`,
		`$scrypt$ln=14,r=9,p=1${tail}`,
		`$scrypt$ln=14,r=8,p=17${tail}`,
		`$scrypt$ln=0,r=1,p=1${tail}`,
		`$scrypt$ln=10,r=134217728,p=8${tail}`,
		`$fbscrypt$v=1,n=18,r=8,p=1${firebaseTail}`,
		`$fbscrypt$v=1,n=30,r=8,p=1${firebaseTail}`,
		`$fbscrypt$v=1,n=14,r=9,p=1${firebaseTail}`,
		`$fbscrypt$v=1,n=14,r=8,p=17${firebaseTail}`,
	],
});

test("scrypt: malformed strings are INVALID; other Firebase versions and the $7$ form UNSUPPORTED", () => {
	const result = (hash: string) => {
		const parsedHash = parsePasswordHash(hash);
		return "error" in parsedHash ? parsedHash.error : parsedHash.form;
	};
	for (const hash of [
		`$scrypt$ln=10,r=1${tail}`,
		`$scrypt$ln=10,r=A,p=1${tail}`,
		`$scrypt$ln=8,r=8,p=1$wlhLyXmP8b53bm1NKYVQqg==$mTpvG8lzuuDk+DWz8HZIB6Vum6erDuUm0As5yU+VxWA`,
		`$scrypt$ln=8,r=8,p=1${tail}$`,
		FIREBASE_SAMPLE.replace(",ss=Bw==", ""),
		FIREBASE_SAMPLE.replace("$lSrfV15", "$lSrf"),
	]) {
		expect({ hash, result: result(hash) }).toEqual({ hash, result: "INVALID_PASSWORD_HASH" });
	}
	expect(result(FIREBASE_SAMPLE.replace("v=1", "v=2"))).toBe("UNSUPPORTED_PASSWORD_HASH");
	expect(result("$7$C6..../....SodiumChloride$kBGj9fHznVYFQMEn/qDCfrDevf9YDtcDdKvEqHJLV8D")).toBe("UNSUPPORTED_PASSWORD_HASH");
});
