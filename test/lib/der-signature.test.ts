// ES256 signatures arrive DER-encoded (SEQUENCE of two INTEGERs) and WebCrypto verifies the raw
// r ‖ s form: the conversion must keep every valid signature (r or s with a leading zero byte,
// or shorter than 32 bytes) and refuse anything that is not strict DER, rather than guess.
import { expect, test } from "bun:test";
import { generateKeyPairSync, sign } from "node:crypto";
import { derToP1363 } from "../../src/features/passkeys/verification.ts";

function der(r: number[], s: number[]): Uint8Array {
	return Uint8Array.from([0x30, r.length + s.length + 4, 0x02, r.length, ...r, 0x02, s.length, ...s]);
}

test("every DER signature node:crypto makes, converted, verifies with WebCrypto", async () => {
	const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
	const spki = new Uint8Array(publicKey.export({ format: "der", type: "spki" }));
	const key = await crypto.subtle.importKey("spki", spki, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
	// 300 random signatures: about half have an r or s with its high bit set (a leading zero in DER).
	for (let i = 0; i < 300; i++) {
		const message = crypto.getRandomValues(new Uint8Array(64));
		const raw = derToP1363(new Uint8Array(sign("sha256", message, { key: privateKey, dsaEncoding: "der" })), 32);
		expect(raw).not.toBeNull();
		expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, raw!.slice(), message)).toBe(true);
	}
});

test("integers shorter than 32 bytes are left-padded; a leading zero before a high bit is dropped", () => {
	const r = [0x80, ...new Array(31).fill(1)];
	const raw = derToP1363(der([0x00, ...r], [0x05]), 32)!;
	expect([...raw.subarray(0, 32)]).toEqual(r);
	expect([...raw.subarray(32)]).toEqual([...new Array(31).fill(0), 0x05]);
});

test("anything that is not strict DER is refused", () => {
	const one = new Array(32).fill(1);
	expect(derToP1363(der(one, one), 32)).not.toBeNull();
	expect(derToP1363(der([0x00, ...one], one), 32)).toBeNull(); // a leading zero that is not needed
	expect(derToP1363(der([0x80, ...one.slice(1)], one), 32)).toBeNull(); // a negative integer
	expect(derToP1363(der([0x01, ...one], one), 32)).toBeNull(); // 33 significant bytes
	expect(derToP1363(der([], one), 32)).toBeNull(); // an empty integer
	expect(derToP1363(Uint8Array.from([...der(one, one), 0x00]), 32)).toBeNull(); // trailing bytes
	const wrongTag = der(one, one);
	wrongTag[0] = 0x31;
	expect(derToP1363(wrongTag, 32)).toBeNull();
	expect(derToP1363(new Uint8Array(0), 32)).toBeNull();
	expect(derToP1363(new Uint8Array(64).fill(1), 32)).toBeNull(); // already raw
});
