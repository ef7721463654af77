// What passkeys need from a database; src/stores/<database>/passkeys.ts implements it. Every step
// that can race is one verb here: a ceremony is taken (deleted and returned) in one statement, so a
// second verify of it, on any instance, finds nothing; a registration checks the user's count and
// the credential id's uniqueness in the step that inserts; a sign-in stores its counter with a
// compare-and-swap on the counter it verified against.
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { HolmEvent } from "../events/store.ts";
import type { SessionEnding } from "../sessions/store.ts";

type CeremonyKind = "registration" | "authentication";

/** A registration or sign-in in progress: the challenge Holm handed out, and for whom. */
export interface Ceremony {
	id: string;
	kind: CeremonyKind;
	/** The user registering, or the user named at sign-in; null for a discoverable sign-in. */
	userId: string | null;
	challenge: Uint8Array;
	createdAt: number;
	expiresAt: number;
}

export interface Passkey {
	id: string;
	userId: string;
	/** The authenticator's credential id (at most 1,023 bytes), unique across every user. */
	credentialId: Uint8Array;
	/** The public key as SubjectPublicKeyInfo (DER), the form WebCrypto imports. */
	publicKey: Uint8Array;
	/** COSE algorithm: -7 ES256, -8 EdDSA, -257 RS256. */
	algorithm: number;
	signCount: number;
	name: string;
	createdAt: number;
	lastUsedAt: number | null;
	backupEligible: boolean;
	backedUp: boolean;
	transports: string[];
	/** The authenticator model's 16-byte AAGUID (all zero when the authenticator does not say). */
	aaguid: Uint8Array;
}

/** The most passkeys one user may hold. */
export const MAX_PASSKEYS_PER_USER = 10;

export type InsertPasskeyOutcome = "CREATED" | "ALREADY_REGISTERED" | "TOO_MANY" | "NO_USER";

/** What a verified assertion changes on its passkey. */
export interface PasskeyUse {
	signCount: number;
	backedUp: boolean;
	usedAt: number;
}

export interface PasskeyStore {
	/** The user's user handle (32 random bytes), made by `newHandle` on first need and then kept. */
	userHandle(userId: string, newHandle: Uint8Array): Promise<Uint8Array | null>;
	/** The user handle of a user, or null when none was made (or the user is gone). */
	getUserHandle(userId: string): Promise<Uint8Array | null>;
	/** Stores the ceremony, made now and expiring `lifetimeSeconds` later by the store's clock (as a
	 *  code request: StoredTimes in code-attempts.ts), and returns those times; null when it names a
	 *  user who is gone (deleted since the caller looked). */
	insertCeremony(ceremony: Omit<Ceremony, "createdAt" | "expiresAt">, lifetimeSeconds: number): Promise<Pick<Ceremony, "createdAt" | "expiresAt"> | null>;
	/** Deletes the ceremony and returns it, in one statement; null when there is none of this kind,
	 *  or it expired by the store's clock (the database's on PostgreSQL; taken all the same). */
	takeCeremony(id: string, kind: CeremonyKind): Promise<Ceremony | null>;
	/** Inserts unless the user has MAX_PASSKEYS_PER_USER already, the credential id is registered
	 *  (to anyone), or the user is gone; all judged in the inserting step, which writes `event`
	 *  (passkey_registered) when it inserts. */
	insertPasskey(passkey: Passkey, event: HolmEvent): Promise<InsertPasskeyOutcome>;
	get(id: string): Promise<Passkey | null>;
	getByCredentialId(credentialId: Uint8Array): Promise<Passkey | null>;
	listForUser(userId: string): Promise<Passkey[]>;
	/** Deletes the passkey of `userId`, ends the user's sessions but `ending.keep`, and writes
	 *  `event` (passkey_deleted), in one transaction; the events stored, or null when the passkey
	 *  is gone. */
	delete(id: string, userId: string, event: HolmEvent, ending: SessionEnding): Promise<HolmEvent[] | null>;
	/** Stores a verified use only if the counter is still `expectedSignCount` (a parallel assertion
	 *  of the same counter loses), and writes `event` (the sign_in) with it; false when the counter
	 *  changed or the passkey is gone. */
	recordUse(id: string, expectedSignCount: number, use: PasskeyUse, event: HolmEvent): Promise<boolean>;
	deleteExpiredCeremonies(nowSeconds: number): Promise<void>;
}

/** The AAGUID in its usual UUID spelling. */
export function formatAaguid(aaguid: Uint8Array): string {
	const hex = encodeHexLowerCase(aaguid).padEnd(32, "0");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
