// A software authenticator for the tests: node:crypto keys and a tiny CBOR encoder make real
// ES256, EdDSA and RS256 registrations and assertions, the JSON a browser's
// PublicKeyCredential.toJSON() gives. Every field can be bent, so each verification step of
// API.md section 10 can be driven to fail on its own. It shares no code with Holm.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

export type Algorithm = "ES256" | "EdDSA" | "RS256";

// ---- CBOR (RFC 8949), the few types WebAuthn uses. ----

export type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor> | { [key: string]: Cbor };

function head(major: number, n: number): number[] {
	if (n < 24) return [(major << 5) | n];
	if (n < 0x100) return [(major << 5) | 24, n];
	if (n < 0x10000) return [(major << 5) | 25, n >> 8, n & 0xff];
	return [(major << 5) | 26, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

export function cbor(value: Cbor): Uint8Array {
	const out: number[] = [];
	function put(v: Cbor): void {
		if (typeof v === "number") out.push(...(v >= 0 ? head(0, v) : head(1, -1 - v)));
		else if (typeof v === "string") {
			const bytes = new TextEncoder().encode(v);
			out.push(...head(3, bytes.byteLength), ...bytes);
		} else if (v instanceof Uint8Array) out.push(...head(2, v.byteLength), ...v);
		else if (Array.isArray(v)) {
			out.push(...head(4, v.length));
			v.forEach(put);
		} else {
			const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
			out.push(...head(5, entries.length));
			for (const [key, item] of entries) {
				put(key);
				put(item);
			}
		}
	}
	put(value);
	return Uint8Array.from(out);
}

// ---- The authenticator. ----

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");
const fromB64url = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64url"));
const sha256 = (data: Uint8Array | string): Uint8Array => new Uint8Array(createHash("sha256").update(data).digest());

export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

/** What a test may bend in one answer; anything unset is what an honest authenticator sends. */
export interface Bend {
	type?: string;
	challenge?: string;
	origin?: string;
	crossOrigin?: boolean;
	/** The rp id whose hash goes into the authenticator data. */
	rpId?: string;
	/** The flags byte instead of UP|UV (|BE|BS as the authenticator has them) (|AT at registration). */
	flags?: number;
	/** The COSE algorithm written into the registered key. */
	coseAlgorithm?: number;
	/** The whole COSE key to register instead of this authenticator's (a forged or broken key). */
	coseKey?: Uint8Array;
	/** The credential id in the JSON (`id` and `rawId`) instead of the authenticator's. */
	responseCredentialId?: Uint8Array;
	/** The credential id inside the authenticator data (registration). */
	authenticatorCredentialId?: Uint8Array;
	/** The counter to send instead of the next one. */
	signCount?: number;
	/** The user handle to send (null: none) instead of the one registered. */
	userHandle?: Uint8Array | null;
	/** Flip a bit of the signature. */
	corruptSignature?: boolean;
	/** The signature to send instead of a real one. */
	signature?: Uint8Array;
	/** An attestation statement format and body instead of "none" and {}. */
	attestation?: { fmt: string; attStmt: { [key: string]: Cbor } };
}

export interface AuthenticatorOptions {
	origin: string;
	/** Backup eligible (a syncing passkey provider) and backed up. */
	backupEligible?: boolean;
	backedUp?: boolean;
	/** Counters that stay 0, as many platform authenticators' do. */
	zeroCounter?: boolean;
	credentialId?: Uint8Array;
}

export class SoftAuthenticator {
	readonly credentialId: Uint8Array;
	readonly publicKey: KeyObject;
	readonly privateKey: KeyObject;
	signCount = 0;
	userHandle: Uint8Array | null = null;

	constructor(
		readonly algorithm: Algorithm,
		readonly options: AuthenticatorOptions,
	) {
		this.credentialId = options.credentialId ?? new Uint8Array(randomBytes(32));
		const pair =
			algorithm === "ES256"
				? generateKeyPairSync("ec", { namedCurve: "P-256" })
				: algorithm === "EdDSA"
					? generateKeyPairSync("ed25519")
					: generateKeyPairSync("rsa", { modulusLength: 2048 });
		this.publicKey = pair.publicKey;
		this.privateKey = pair.privateKey;
	}

	/** A copy with the same key and credential id (a cloned authenticator), counting from `signCount`. */
	clone(signCount: number): SoftAuthenticator {
		const copy = Object.create(SoftAuthenticator.prototype) as SoftAuthenticator;
		Object.assign(copy, this, { signCount });
		return copy;
	}

	coseKey(coseAlgorithm?: number): Uint8Array {
		const jwk = this.publicKey.export({ format: "jwk" });
		if (this.algorithm === "ES256") {
			return cbor(new Map<number, Cbor>([[1, 2], [3, coseAlgorithm ?? -7], [-1, 1], [-2, fromB64url(jwk.x!)], [-3, fromB64url(jwk.y!)]]));
		}
		if (this.algorithm === "EdDSA") return cbor(new Map<number, Cbor>([[1, 1], [3, coseAlgorithm ?? -8], [-1, 6], [-2, fromB64url(jwk.x!)]]));
		return cbor(new Map<number, Cbor>([[1, 3], [3, coseAlgorithm ?? -257], [-1, fromB64url(jwk.n!)], [-2, fromB64url(jwk.e!)]]));
	}

	private defaultFlags(): number {
		let flags = FLAGS.UP | FLAGS.UV;
		if (this.options.backupEligible) flags |= FLAGS.BE;
		if (this.options.backedUp) flags |= FLAGS.BS;
		return flags;
	}

	private nextCount(bend: Bend): number {
		if (bend.signCount !== undefined) return bend.signCount;
		if (this.options.zeroCounter) return 0;
		this.signCount += 1;
		return this.signCount;
	}

	private authenticatorData(rpId: string, flags: number, signCount: number, attested: Uint8Array | null): Uint8Array {
		const counter = Buffer.alloc(4);
		counter.writeUInt32BE(signCount);
		return Uint8Array.from([...sha256(rpId), flags, ...counter, ...(attested ?? [])]);
	}

	private clientDataJSON(type: string, challenge: string, bend: Bend): Uint8Array {
		const data: Record<string, unknown> = {
			type: bend.type ?? type,
			challenge: bend.challenge ?? challenge,
			origin: bend.origin ?? this.options.origin,
		};
		if (bend.crossOrigin !== undefined) data.crossOrigin = bend.crossOrigin;
		else data.crossOrigin = false;
		return new TextEncoder().encode(JSON.stringify(data));
	}

	/** navigator.credentials.create(): `options` as Holm made them (PublicKeyCredentialCreationOptionsJSON). */
	register(options: any, bend: Bend = {}): any {
		this.userHandle = fromB64url(options.user.id);
		const credentialId = bend.authenticatorCredentialId ?? this.credentialId;
		const length = Buffer.alloc(2);
		length.writeUInt16BE(credentialId.byteLength);
		const aaguid = new Uint8Array(16).fill(0xaa);
		const attested = Uint8Array.from([...aaguid, ...length, ...credentialId, ...(bend.coseKey ?? this.coseKey(bend.coseAlgorithm))]);
		const authData = this.authenticatorData(bend.rpId ?? options.rp.id, bend.flags ?? this.defaultFlags() | FLAGS.AT, this.nextCount(bend), attested);
		const attestation = bend.attestation ?? { fmt: "none", attStmt: {} };
		const attestationObject = cbor({ fmt: attestation.fmt, attStmt: attestation.attStmt, authData });
		const id = b64url(bend.responseCredentialId ?? this.credentialId);
		return {
			id,
			rawId: id,
			type: "public-key",
			response: {
				clientDataJSON: b64url(this.clientDataJSON("webauthn.create", options.challenge, bend)),
				attestationObject: b64url(attestationObject),
				transports: ["internal", "hybrid"],
			},
			authenticatorAttachment: "platform",
			clientExtensionResults: {},
		};
	}

	/** navigator.credentials.get(): `options` as Holm made them (PublicKeyCredentialRequestOptionsJSON). */
	assert(options: any, bend: Bend = {}): any {
		const authData = this.authenticatorData(bend.rpId ?? options.rpId, bend.flags ?? this.defaultFlags(), this.nextCount(bend), null);
		const clientDataJSON = this.clientDataJSON("webauthn.get", options.challenge, bend);
		const message = Uint8Array.from([...authData, ...sha256(clientDataJSON)]);
		const signature = new Uint8Array(sign(this.algorithm === "EdDSA" ? null : "sha256", message, this.privateKey));
		if (bend.corruptSignature) signature[signature.byteLength - 5]! ^= 0x01;
		const sent = bend.signature ?? signature;
		const userHandle = bend.userHandle === undefined ? this.userHandle : bend.userHandle;
		const id = b64url(bend.responseCredentialId ?? this.credentialId);
		const response: Record<string, string> = {
			clientDataJSON: b64url(clientDataJSON),
			authenticatorData: b64url(authData),
			signature: b64url(sent),
		};
		if (userHandle !== null) response.userHandle = b64url(userHandle);
		return { id, rawId: id, type: "public-key", response, authenticatorAttachment: "platform", clientExtensionResults: {} };
	}
}
