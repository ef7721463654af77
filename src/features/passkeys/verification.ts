// Verifies what a browser's navigator.credentials.create()/get() answered (API.md section 10).
// @oslojs/webauthn parses; every rule is one named check here, each failing with the same error
// (InvalidCredential, answered INVALID_CREDENTIAL), in the order of the contract; on sign-in the
// signature comes last, and only a signed assertion is judged on its counter (a forged answer must
// not be able to raise a "cloned authenticator" event). Signatures are checked with WebCrypto:
// a pure-JavaScript ECDSA costs about 10 ms, which on an endpoint anyone can call is a denial of service.
import { decodeCBORToNativeValueNoLeftoverBytes } from "@oslojs/cbor";
import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import {
	ClientDataType,
	COSEKeyType,
	coseAlgorithmEdDSA,
	coseAlgorithmES256,
	coseAlgorithmRS256,
	coseEllipticCurveEd25519,
	coseEllipticCurveP256,
	parseAuthenticatorData,
	parseClientDataJSON,
	type AuthenticatorData,
	type ClientData,
	type COSEPublicKey,
} from "@oslojs/webauthn";
import type { PasskeyConfig } from "../../config.ts";
import { constantTimeEqualBytes } from "../../lib/constant-time.ts";
import type { Ceremony, Passkey } from "./store.ts";

/** One failed rule; `rule` names it for tests and debugging, never for the caller. */
export class InvalidCredential extends Error {
	constructor(readonly rule: string) {
		super(`passkey answer refused: ${rule}`);
	}
}

/** A signed assertion whose counter did not move forward: a cloned authenticator. */
export class CounterRegressed extends InvalidCredential {
	constructor() {
		super("counter");
	}
}

/** The algorithms Holm asks for, in order of preference. */
export const ALGORITHMS = [coseAlgorithmES256, coseAlgorithmEdDSA, coseAlgorithmRS256] as const;

const MAX_CREDENTIAL_ID_BYTES = 1023;
const MIN_RSA_BITS = 2048;

// Authenticator data flags (WebAuthn §6.1): user present, user verified, backup eligible, backed up.
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;

/** The JSON of PublicKeyCredential.toJSON() after registration, as the schema lets it through. */
export interface RegistrationCredentialJSON {
	id: string;
	rawId: string;
	type: string;
	response: { clientDataJSON: string; attestationObject: string; transports?: string[] | undefined };
}

/** The JSON of PublicKeyCredential.toJSON() after sign-in. */
export interface AuthenticationCredentialJSON {
	id: string;
	rawId: string;
	type: string;
	response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string | undefined };
}

export interface VerifiedRegistration {
	credentialId: Uint8Array;
	publicKey: Uint8Array;
	algorithm: number;
	signCount: number;
	backupEligible: boolean;
	backedUp: boolean;
	aaguid: Uint8Array;
}

/** An assertion parsed, before anything about it is judged. */
export interface ParsedAssertion {
	credentialId: Uint8Array;
	clientDataJSON: Uint8Array;
	clientData: ClientData;
	authenticatorDataBytes: Uint8Array;
	authenticatorData: AuthenticatorData;
	flags: number;
	signature: Uint8Array;
	userHandle: Uint8Array | null;
}

function decode(field: string, value: string): Uint8Array {
	try {
		return decodeBase64urlIgnorePadding(value);
	} catch {
		throw new InvalidCredential(`${field} is not base64url`);
	}
}

function parsed<T>(what: string, parse: () => T): T {
	try {
		return parse();
	} catch {
		throw new InvalidCredential(`${what} does not parse`);
	}
}

// ---- The checks, one per rule. ----

function checkCredentialType(type: string): void {
	if (type !== "public-key") throw new InvalidCredential("credential type");
}

function checkClientDataType(clientData: ClientData, expected: ClientDataType): void {
	if (clientData.type !== expected) throw new InvalidCredential("client data type");
}

function checkChallenge(clientData: ClientData, ceremony: Ceremony): void {
	if (!constantTimeEqualBytes(clientData.challenge, ceremony.challenge)) throw new InvalidCredential("challenge");
}

function checkOrigin(clientData: ClientData, rp: PasskeyConfig): void {
	if (!rp.origins.includes(clientData.origin)) throw new InvalidCredential("origin");
}

function checkNotCrossOrigin(clientData: ClientData): void {
	if (clientData.crossOrigin === true) throw new InvalidCredential("cross origin");
}

function checkRpIdHash(authenticatorData: AuthenticatorData, rp: PasskeyConfig): void {
	const expected = Bun.CryptoHasher.hash("sha256", rp.rpId) as Uint8Array;
	if (!constantTimeEqualBytes(authenticatorData.relyingPartyIdHash, expected)) throw new InvalidCredential("rp id hash");
}

function checkUserPresent(flags: number): void {
	if ((flags & FLAG_UP) === 0) throw new InvalidCredential("user presence");
}

function checkUserVerified(flags: number, rp: PasskeyConfig): void {
	if (rp.userVerification === "required" && (flags & FLAG_UV) === 0) throw new InvalidCredential("user verification");
}

function checkBackupState(flags: number): void {
	if ((flags & FLAG_BS) !== 0 && (flags & FLAG_BE) === 0) throw new InvalidCredential("backup state without eligibility");
}

/** One of the three algorithms, on the key type and curve it is defined for. */
function checkAlgorithm(key: COSEPublicKey): number {
	const algorithm = parsed("algorithm", () => (key.isAlgorithmDefined() ? key.algorithm() : null));
	const type = parsed("key type", () => key.type());
	const fits =
		(algorithm === coseAlgorithmES256 && type === COSEKeyType.EC2 && parsed("EC2 key", () => key.ec2()).curve === coseEllipticCurveP256) ||
		(algorithm === coseAlgorithmEdDSA && type === COSEKeyType.OKP && parsed("OKP key", () => key.okp()).curve === coseEllipticCurveEd25519) ||
		(algorithm === coseAlgorithmRS256 && type === COSEKeyType.RSA && parsed("RSA key", () => key.rsa()).n.toString(2).length >= MIN_RSA_BITS);
	if (!fits) throw new InvalidCredential("algorithm");
	return algorithm;
}

/** At most 1,023 bytes, and the same in `id`, `rawId` and (on registration) the authenticator data. */
function checkCredentialId(credential: { id: string; rawId: string }, fromAuthenticator: Uint8Array | null): Uint8Array {
	const rawId = decode("rawId", credential.rawId);
	const id = decode("id", credential.id);
	if (rawId.byteLength === 0 || rawId.byteLength > MAX_CREDENTIAL_ID_BYTES) throw new InvalidCredential("credential id length");
	if (!constantTimeEqualBytes(id, rawId)) throw new InvalidCredential("credential id");
	if (fromAuthenticator !== null && !constantTimeEqualBytes(fromAuthenticator, rawId)) throw new InvalidCredential("credential id");
	return rawId;
}

/** The credential is a passkey Holm knows (the one this very credential id names), and the named
 *  user's when the ceremony named one. */
function checkOwner(passkey: Passkey | null, credentialId: Uint8Array, ceremony: Ceremony): Passkey {
	if (passkey === null || !constantTimeEqualBytes(passkey.credentialId, credentialId)) throw new InvalidCredential("unknown credential");
	if (ceremony.userId !== null && passkey.userId !== ceremony.userId) throw new InvalidCredential("credential of another user");
	return passkey;
}

/** A user handle, when sent, is the passkey owner's. */
function checkUserHandle(sent: Uint8Array | null, ownersHandle: Uint8Array | null): void {
	if (sent === null) return;
	if (ownersHandle === null || !constantTimeEqualBytes(sent, ownersHandle)) throw new InvalidCredential("user handle");
}

async function checkSignature(passkey: Passkey, assertion: ParsedAssertion): Promise<void> {
	const clientDataHash = Bun.CryptoHasher.hash("sha256", assertion.clientDataJSON) as Uint8Array;
	const message = new Uint8Array(assertion.authenticatorDataBytes.byteLength + clientDataHash.byteLength);
	message.set(assertion.authenticatorDataBytes);
	message.set(clientDataHash, assertion.authenticatorDataBytes.byteLength);
	if (!(await verifySignature(passkey.algorithm, passkey.publicKey, assertion.signature, message))) throw new InvalidCredential("signature");
}

/** When either counter is non-zero, the new one is greater: otherwise two authenticators share the key. */
function checkCounter(stored: number, received: number): void {
	if ((stored !== 0 || received !== 0) && received <= stored) throw new CounterRegressed();
}

/** The rules registration and sign-in share, in the order WebAuthn §7.1 and §7.2 give them. */
function checkCeremonyRules(
	clientData: ClientData,
	type: ClientDataType,
	authenticatorData: AuthenticatorData,
	flags: number,
	ceremony: Ceremony,
	rp: PasskeyConfig,
): void {
	checkClientDataType(clientData, type);
	checkChallenge(clientData, ceremony);
	checkOrigin(clientData, rp);
	checkNotCrossOrigin(clientData);
	checkRpIdHash(authenticatorData, rp);
	checkUserPresent(flags);
	checkUserVerified(flags, rp);
	checkBackupState(flags);
}

// ---- Ceremonies. ----

/** Registration (WebAuthn §7.1). Attestation statements are parsed but not verified: Holm asks for none. */
export async function verifyRegistration(rp: PasskeyConfig, ceremony: Ceremony, credential: RegistrationCredentialJSON): Promise<VerifiedRegistration> {
	checkCredentialType(credential.type);
	const clientDataJSON = decode("clientDataJSON", credential.response.clientDataJSON);
	const clientData = parsed("client data", () => parseClientDataJSON(clientDataJSON));
	const authenticatorDataBytes = authenticatorDataOf(decode("attestationObject", credential.response.attestationObject));
	const authenticatorData = parsed("authenticator data", () => parseAuthenticatorData(authenticatorDataBytes));
	const flags = authenticatorDataBytes[32]!;

	checkCeremonyRules(clientData, ClientDataType.Create, authenticatorData, flags, ceremony, rp);
	if (authenticatorData.credential === null) throw new InvalidCredential("no attested credential");
	const algorithm = checkAlgorithm(authenticatorData.credential.publicKey);
	const credentialId = checkCredentialId(credential, authenticatorData.credential.id);

	return {
		credentialId,
		publicKey: await spkiOf(authenticatorData.credential.publicKey, algorithm),
		algorithm,
		signCount: authenticatorData.signatureCounter,
		backupEligible: (flags & FLAG_BE) !== 0,
		backedUp: (flags & FLAG_BS) !== 0,
		aaguid: authenticatorData.credential.authenticatorAAGUID,
	};
}

/** Parses an assertion: its credential id (the key to its passkey) and everything the checks read. */
export function parseAssertion(credential: AuthenticationCredentialJSON): ParsedAssertion {
	checkCredentialType(credential.type);
	const credentialId = checkCredentialId(credential, null);
	const clientDataJSON = decode("clientDataJSON", credential.response.clientDataJSON);
	const authenticatorDataBytes = decode("authenticatorData", credential.response.authenticatorData);
	const authenticatorData = parsed("authenticator data", () => parseAuthenticatorData(authenticatorDataBytes));
	return {
		credentialId,
		clientDataJSON,
		clientData: parsed("client data", () => parseClientDataJSON(clientDataJSON)),
		authenticatorDataBytes,
		authenticatorData,
		flags: authenticatorDataBytes[32]!,
		signature: decode("signature", credential.response.signature),
		userHandle: credential.response.userHandle === undefined ? null : decode("userHandle", credential.response.userHandle),
	};
}

/** Sign-in (WebAuthn §7.2): the new counter and backup state to store once every check passed. */
export async function verifyAssertion(
	rp: PasskeyConfig,
	ceremony: Ceremony,
	assertion: ParsedAssertion,
	passkey: Passkey | null,
	ownersHandle: Uint8Array | null,
): Promise<{ passkey: Passkey; signCount: number; backedUp: boolean }> {
	const { clientData, authenticatorData, flags } = assertion;
	checkCeremonyRules(clientData, ClientDataType.Get, authenticatorData, flags, ceremony, rp);
	const owned = checkOwner(passkey, assertion.credentialId, ceremony);
	checkUserHandle(assertion.userHandle, ownersHandle);
	await checkSignature(owned, assertion);
	checkCounter(owned.signCount, authenticatorData.signatureCounter);
	return { passkey: owned, signCount: authenticatorData.signatureCounter, backedUp: (flags & FLAG_BS) !== 0 };
}

/**
 * The authenticator data inside an attestation object ({fmt, attStmt, authData}). The statement is
 * not read at all: Holm asks for none, and one sent anyway, in any format, is ignored. The raw
 * bytes are kept because @oslojs/webauthn's parse keeps only two of the flags (UP, UV), and the
 * backup flags (BE, BS) are checked and stored too.
 */
function authenticatorDataOf(attestationObject: Uint8Array): Uint8Array {
	const decoded = parsed("attestation object", () => decodeCBORToNativeValueNoLeftoverBytes(attestationObject, 4));
	if (typeof decoded !== "object" || decoded === null || !("fmt" in decoded) || typeof decoded.fmt !== "string") {
		throw new InvalidCredential("attestation object");
	}
	if (!("authData" in decoded) || !(decoded.authData instanceof Uint8Array)) throw new InvalidCredential("attestation object");
	return decoded.authData;
}

// ---- Keys and signatures (WebCrypto). ----

function bigintBytes(value: bigint, length?: number): Uint8Array {
	let hex = value.toString(16);
	if (hex.length % 2 === 1) hex = "0" + hex;
	const bytes = Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
	if (length === undefined || bytes.byteLength === length) return bytes;
	if (bytes.byteLength > length) throw new InvalidCredential("public key");
	const padded = new Uint8Array(length);
	padded.set(bytes, length - bytes.byteLength);
	return padded;
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");

type ImportParams = Parameters<typeof crypto.subtle.importKey>[2];
type VerifyParams = Parameters<typeof crypto.subtle.verify>[0];

const IMPORT_PARAMS: Record<number, ImportParams> = {
	[coseAlgorithmES256]: { name: "ECDSA", namedCurve: "P-256" },
	[coseAlgorithmEdDSA]: { name: "Ed25519" },
	[coseAlgorithmRS256]: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
};

/** The COSE key as SubjectPublicKeyInfo, through a JWK: WebCrypto checks the key as it imports it
 *  (an EC point off the curve is refused here, at registration, not at every sign-in). */
async function spkiOf(key: COSEPublicKey, algorithm: number): Promise<Uint8Array> {
	let jwk: { kty: string; crv?: string; x?: string; y?: string; n?: string; e?: string };
	if (algorithm === coseAlgorithmES256) {
		const { x, y } = key.ec2();
		jwk = { kty: "EC", crv: "P-256", x: b64url(bigintBytes(x, 32)), y: b64url(bigintBytes(y, 32)) };
	} else if (algorithm === coseAlgorithmEdDSA) {
		jwk = { kty: "OKP", crv: "Ed25519", x: b64url(key.okp().x) };
	} else {
		const { n, e } = key.rsa();
		jwk = { kty: "RSA", n: b64url(bigintBytes(n)), e: b64url(bigintBytes(e)) };
	}
	try {
		const imported = await crypto.subtle.importKey("jwk", jwk, IMPORT_PARAMS[algorithm]!, true, ["verify"]);
		return new Uint8Array(await crypto.subtle.exportKey("spki", imported));
	} catch {
		throw new InvalidCredential("public key");
	}
}

const VERIFY_PARAMS: Record<number, VerifyParams> = {
	[coseAlgorithmES256]: { name: "ECDSA", hash: "SHA-256" },
	[coseAlgorithmEdDSA]: { name: "Ed25519" },
	[coseAlgorithmRS256]: { name: "RSASSA-PKCS1-v1_5" },
};

async function verifySignature(algorithm: number, spki: Uint8Array, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
	const raw = algorithm === coseAlgorithmES256 ? derToP1363(signature, 32) : signature;
	if (raw === null) return false;
	// slice(): WebCrypto takes bytes on an ArrayBuffer of their own.
	const key = await crypto.subtle.importKey("spki", spki.slice(), IMPORT_PARAMS[algorithm]!, false, ["verify"]);
	return crypto.subtle.verify(VERIFY_PARAMS[algorithm]!, key, raw.slice(), message.slice());
}

/**
 * An ECDSA signature as WebAuthn sends it (DER: SEQUENCE { INTEGER r, INTEGER s }) in the form
 * WebCrypto verifies (IEEE P1363: r ‖ s, each `size` bytes), or null when it is not strict DER.
 */
export function derToP1363(der: Uint8Array, size: number): Uint8Array | null {
	if (der.byteLength < 8 || der[0] !== 0x30 || der[1] !== der.byteLength - 2) return null;
	const out = new Uint8Array(size * 2);
	let offset = 2;
	for (const half of [0, 1]) {
		if (der[offset] !== 0x02) return null;
		const length = der[offset + 1]!;
		const start = offset + 2;
		if (length === 0 || length > size + 1 || start + length > der.byteLength) return null;
		let value = der.subarray(start, start + length);
		// A leading zero only where the next byte's top bit is set (else the integer is not minimal or is negative).
		if (value[0]! & 0x80) return null;
		if (value[0] === 0 && length > 1) {
			if ((value[1]! & 0x80) === 0) return null;
			value = value.subarray(1);
		}
		if (value.byteLength > size) return null;
		out.set(value, half * size + size - value.byteLength);
		offset = start + length;
	}
	return offset === der.byteLength ? out : null;
}

/** Whether `spki` is a public key WebCrypto imports for `algorithm` (one of the three), with the
 *  RSA size registration asks for: how `POST /user-imports` checks an imported passkey. */
export async function isUsablePublicKey(spki: Uint8Array, algorithm: number): Promise<boolean> {
	const params = IMPORT_PARAMS[algorithm];
	if (params === undefined) return false;
	try {
		const key = await crypto.subtle.importKey("spki", spki.slice(), params, false, ["verify"]);
		if (algorithm === coseAlgorithmRS256) return ((key.algorithm as { modulusLength?: number }).modulusLength ?? 0) >= MIN_RSA_BITS;
		return true;
	} catch {
		return false;
	}
}
