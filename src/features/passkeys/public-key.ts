// A passkey's public key, read and checked one way wherever one comes in or is used: at
// registration (the authenticator's COSE key), at import (the SubjectPublicKeyInfo an export holds)
// and at every sign-in (the stored one). A key that WebCrypto imports is not yet a key only its
// holder can sign with, so each algorithm adds its own rule:
// - RS256: the exponent is 65537, the one every authenticator uses (e = 1 makes every message its
//   own signature; an even e is no RSA key at all), and the modulus 2,048 to 4,096 bits (what
//   authenticators make; more is work at every sign-in that nobody needs).
// - EdDSA: not a point of small order. With the identity as the key, R = identity and S = 0 is a
//   signature of every message, so whoever knows the credential id would sign in.
// - ES256: WebCrypto refuses a point off the curve; the point at infinity has no encoding here.
import { COSEKeyType, coseAlgorithmEdDSA, coseAlgorithmES256, coseAlgorithmRS256, type COSEPublicKey } from "@oslojs/webauthn";
import { constantTimeEqualBytes } from "../../lib/constant-time.ts";

const RSA_MODULUS_BITS = { min: 2048, max: 4096 } as const;
const RSA_EXPONENT = Uint8Array.of(0x01, 0x00, 0x01); // 65537

type ImportParams = Parameters<typeof crypto.subtle.importKey>[2];

const IMPORT_PARAMS: Record<number, ImportParams> = {
	[coseAlgorithmES256]: { name: "ECDSA", namedCurve: "P-256" },
	[coseAlgorithmEdDSA]: { name: "Ed25519" },
	[coseAlgorithmRS256]: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
};

const P = 2n ** 255n - 19n;
// The y of the points of order 8 (the others of the torsion subgroup have y = 0, 1 or p − 1).
const ORDER_8_Y = 2707385501144840649318225287225658788936804267575313519463743609750303402022n;
const SMALL_ORDER_Y = new Set([0n, 1n, P - 1n, ORDER_8_Y, P - ORDER_8_Y]);

/** Whether a 32-byte Ed25519 public key is one of the eight points of small order, in any of their
 *  spellings (the sign bit of x either way, y reduced mod p as verifiers do). */
function isSmallOrderEd25519(encoded: Uint8Array): boolean {
	if (encoded.byteLength !== 32) return true;
	let y = 0n;
	for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? encoded[i]! & 0x7f : encoded[i]!);
	return SMALL_ORDER_Y.has(y % P);
}

function withoutLeadingZeros(bytes: Uint8Array): Uint8Array {
	let start = 0;
	while (start < bytes.byteLength - 1 && bytes[start] === 0) start++;
	return bytes.subarray(start);
}

async function passesAlgorithmRule(key: CryptoKey, algorithm: number): Promise<boolean> {
	if (algorithm === coseAlgorithmRS256) {
		// From the key's own numbers: Bun's modulusLength counts whole bytes (2,047 bits reads 2,048).
		const { n, e } = await crypto.subtle.exportKey("jwk", key);
		const modulus = withoutLeadingZeros(new Uint8Array(Buffer.from(n ?? "", "base64url")));
		const bits = (modulus.byteLength - 1) * 8 + (modulus[0] ?? 0).toString(2).length;
		if (bits < RSA_MODULUS_BITS.min || bits > RSA_MODULUS_BITS.max) return false;
		return constantTimeEqualBytes(withoutLeadingZeros(new Uint8Array(Buffer.from(e ?? "", "base64url"))), RSA_EXPONENT);
	}
	if (algorithm === coseAlgorithmEdDSA) return !isSmallOrderEd25519(new Uint8Array(await crypto.subtle.exportKey("raw", key)));
	return true;
}

/** The key of `spki` for verifying `algorithm`'s signatures, or null when it does not import or
 *  breaks its algorithm's rule. The one check of registration, import and sign-in. */
export async function publicKeyOf(spki: Uint8Array, algorithm: number): Promise<CryptoKey | null> {
	const params = IMPORT_PARAMS[algorithm];
	if (params === undefined) return null;
	try {
		// slice(): WebCrypto takes bytes on an ArrayBuffer of their own.
		const key = await crypto.subtle.importKey("spki", spki.slice(), params, true, ["verify"]);
		return (await passesAlgorithmRule(key, algorithm)) ? key : null;
	} catch {
		return null;
	}
}

/** Whether `spki` is a key `publicKeyOf` takes: how `POST /user-imports` checks an imported passkey. */
export async function isUsablePublicKey(spki: Uint8Array, algorithm: number): Promise<boolean> {
	return (await publicKeyOf(spki, algorithm)) !== null;
}

function bigintBytes(value: bigint, length: number): Uint8Array | null {
	let hex = value.toString(16);
	if (hex.length % 2 === 1) hex = "0" + hex;
	const bytes = Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
	if (bytes.byteLength > length) return null;
	const padded = new Uint8Array(length);
	padded.set(bytes, length - bytes.byteLength);
	return padded;
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");

type Jwk = { kty: string; crv?: string; x?: string; y?: string; n?: string; e?: string };

/** The JWK of a COSE key whose type and curve fit `algorithm` (checked by the caller), or null. RSA
 *  is read from the COSE map itself: @oslojs/webauthn reads only 2,048-bit moduli with 3-byte exponents. */
function jwkOf(key: COSEPublicKey, algorithm: number): Jwk | null {
	if (algorithm === coseAlgorithmES256) {
		const { x, y } = key.ec2();
		const xBytes = bigintBytes(x, 32);
		const yBytes = bigintBytes(y, 32);
		return xBytes === null || yBytes === null ? null : { kty: "EC", crv: "P-256", x: b64url(xBytes), y: b64url(yBytes) };
	}
	if (algorithm === coseAlgorithmEdDSA) return { kty: "OKP", crv: "Ed25519", x: b64url(key.okp().x) };
	if (key.type() !== COSEKeyType.RSA) return null;
	const map = key.decoded as Record<string, unknown>;
	const n = map["-1"];
	const e = map["-2"];
	if (!(n instanceof Uint8Array) || !(e instanceof Uint8Array) || n.byteLength > RSA_MODULUS_BITS.max / 8 + 1 || e.byteLength > 8) return null;
	return { kty: "RSA", n: b64url(withoutLeadingZeros(n)), e: b64url(withoutLeadingZeros(e)) };
}

/** The COSE key as SubjectPublicKeyInfo, checked by `publicKeyOf` as every stored key is; null
 *  when it is no usable key of `algorithm`. */
export async function spkiOfCoseKey(key: COSEPublicKey, algorithm: number): Promise<Uint8Array | null> {
	let spki: Uint8Array;
	try {
		const jwk = jwkOf(key, algorithm);
		if (jwk === null) return null;
		const imported = await crypto.subtle.importKey("jwk", jwk, IMPORT_PARAMS[algorithm]!, true, ["verify"]);
		spki = new Uint8Array(await crypto.subtle.exportKey("spki", imported));
	} catch {
		return null;
	}
	return (await publicKeyOf(spki, algorithm)) === null ? null : spki;
}
