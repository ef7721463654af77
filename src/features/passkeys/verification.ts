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
import { publicKeyOf, spkiOfCoseKey } from "./public-key.ts";
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

interface VerifiedRegistration {
	credentialId: Uint8Array;
	publicKey: Uint8Array;
	algorithm: number;
	signCount: number;
	backupEligible: boolean;
	backedUp: boolean;
	aaguid: Uint8Array;
}

/** An assertion parsed, before anything about it is judged. */
interface ParsedAssertion {
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
		// The modulus and exponent are judged with the key itself (public-key.ts).
		(algorithm === coseAlgorithmRS256 && type === COSEKeyType.RSA);
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

/** A passkey stays what it was registered as: single-device or backup eligible (WebAuthn §7.2). */
function checkBackupEligibility(flags: number, passkey: Passkey): void {
	if (((flags & FLAG_BE) !== 0) !== passkey.backupEligible) throw new InvalidCredential("backup eligibility changed");
}

/** The signature counter, read unsigned: @oslojs/webauthn reads it with `<<`, which makes 2^31 and
 *  above negative (and a counter that moved past 2^31 look like a clone). */
function signCountOf(authenticatorDataBytes: Uint8Array): number {
	return new DataView(authenticatorDataBytes.buffer, authenticatorDataBytes.byteOffset, authenticatorDataBytes.byteLength).getUint32(33);
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
	const publicKey = await spkiOfCoseKey(authenticatorData.credential.publicKey, algorithm);
	if (publicKey === null) throw new InvalidCredential("public key");

	return {
		credentialId,
		publicKey,
		algorithm,
		signCount: signCountOf(authenticatorDataBytes),
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
	checkBackupEligibility(flags, owned);
	checkUserHandle(assertion.userHandle, ownersHandle);
	await checkSignature(owned, assertion);
	const signCount = signCountOf(assertion.authenticatorDataBytes);
	checkCounter(owned.signCount, signCount);
	return { passkey: owned, signCount, backedUp: (flags & FLAG_BS) !== 0 };
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

type VerifyParams = Parameters<typeof crypto.subtle.verify>[0];

const VERIFY_PARAMS: Record<number, VerifyParams> = {
	[coseAlgorithmES256]: { name: "ECDSA", hash: "SHA-256" },
	[coseAlgorithmEdDSA]: { name: "Ed25519" },
	[coseAlgorithmRS256]: { name: "RSASSA-PKCS1-v1_5" },
};

async function verifySignature(algorithm: number, spki: Uint8Array, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
	const raw = algorithm === coseAlgorithmES256 ? derToP1363(signature, 32) : signature;
	if (raw === null) return false;
	// A key stored before today's rules (a small-order or e = 1 key) is refused here, never a 500.
	const key = await publicKeyOf(spki, algorithm);
	if (key === null) return false;
	// slice(): WebCrypto takes bytes on an ArrayBuffer of their own.
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
