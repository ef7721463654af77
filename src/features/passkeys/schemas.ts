import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { clientIp, optional } from "../../lib/validation.ts";
import { identifier, unixSeconds, userAnswer } from "../users/schemas.ts";
import type { PasskeySignIn, StartedAuthentication, StartedRegistration } from "./actions.ts";
import { formatAaguid, type Ceremony, type Passkey } from "./store.ts";
import { named } from "../../openapi/names.ts";

// C0 and C1 controls: a name is shown in the application's pages and, by some, in emails.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Text with something visible in it, no control character (NUL included) and no lone surrogate:
 *  what PostgreSQL can store and a page can show. */
function isVisibleText(text: string): boolean {
	return text.isWellFormed() && !CONTROL_CHARACTER.test(text) && text.trim() !== "";
}

const VISIBLE = "visible characters, no control characters";

const MAX_PASSKEY_NAME_LENGTH = 64;
const MAX_TRANSPORTS = 16;
const MAX_TRANSPORT_LENGTH = 32;

// One rule for both ways in (a registration and POST /user-imports), so that what one stores the
// other takes back.
export const passkeyName = z.string().min(1).max(MAX_PASSKEY_NAME_LENGTH).refine(isVisibleText, VISIBLE);
export const passkeyTransports = z.array(z.string().min(1).max(MAX_TRANSPORT_LENGTH).refine(isVisibleText, VISIBLE)).max(MAX_TRANSPORTS);

/** A stored name as the rule above takes it: names stored before it (an import took any text)
 *  are exported cleaned rather than refused by the import at the other end. */
export function cleanedPasskeyName(name: string, fallback: string): string {
	const cleaned = name.toWellFormed().replace(new RegExp(CONTROL_CHARACTER, "g"), "").slice(0, MAX_PASSKEY_NAME_LENGTH);
	return isVisibleText(cleaned) ? cleaned : fallback;
}

/** Stored transports as the rule above takes them (they are hints to the browser): the ones that
 *  break it are left out, and no more than the rule's count. */
export function cleanedTransports(transports: readonly string[]): string[] {
	const kept = transports.filter((transport) => transport.length <= MAX_TRANSPORT_LENGTH && isVisibleText(transport));
	return [...new Set(kept)].slice(0, MAX_TRANSPORTS);
}

// The credential as PublicKeyCredential.toJSON() gives it. Only the shape is judged here (a wrong
// shape is INVALID_DATA); what the strings hold is judged by verification.ts (INVALID_CREDENTIAL).
const encoded = z.string().max(16_384);

/** A credential of either ceremony: the same envelope, and a response with its client data and what
 *  the ceremony adds. */
function credential<Response extends z.ZodRawShape>(response: Response) {
	return z.object({ id: encoded, rawId: encoded, type: z.string().max(64), response: z.object({ clientDataJSON: encoded, ...response }) });
}

const registrationCredential = credential({ attestationObject: encoded, transports: optional(passkeyTransports) });

const authenticationCredential = credential({ authenticatorData: encoded, signature: encoded, userHandle: optional(encoded) });

export const startRegistrationBody = named("StartPasskeyRegistrationBody", z.object({ client_ip: clientIp }));

export const verifyRegistrationBody = named("VerifyPasskeyRegistrationBody", z.object({
	credential: registrationCredential,
	name: optional(passkeyName),
	/** Only for the passkey_registered security event. */
	client_ip: clientIp,
}));

export const startAuthenticationBody = named("StartPasskeyAuthenticationBody", z.object({
	user_id: optional(z.string().max(64)),
	client_ip: clientIp,
}));

export const verifyAuthenticationBody = named("VerifyPasskeyAuthenticationBody", z.object({
	credential: authenticationCredential,
	client_ip: clientIp,
}));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/).meta({ description: "base64url without padding" });
const credentialDescriptor = named("PasskeyCredentialDescriptor", z.object({
	type: z.literal("public-key"),
	id: base64url,
	transports: z.array(z.string()).optional(),
}));
const userVerification = z.enum(["required", "preferred"]);

/** The passkey model of API.md section 10: never the public key or the counter. */
export const passkeyAnswer = named("Passkey", wireShape<Passkey>()({
	id: [identifier, (passkey) => passkey.id],
	user_id: [identifier, (passkey) => passkey.userId],
	name: [z.string(), (passkey) => passkey.name],
	created_at: [unixSeconds, (passkey) => passkey.createdAt],
	last_used_at: [unixSeconds.nullable().meta({ description: "null until the passkey is first used to sign in." }), (passkey) => passkey.lastUsedAt],
	backup_eligible: [z.boolean().meta({ description: "The authenticator may sync the passkey (a multi-device credential)." }), (passkey) => passkey.backupEligible],
	backed_up: [z.boolean().meta({ description: "The passkey is synced or backed up now (as of its last use)." }), (passkey) => passkey.backedUp],
	transports: [
		z.array(z.string()).meta({ description: "As the browser reported them at registration (usb, nfc, ble, internal, hybrid…)." }),
		(passkey) => passkey.transports,
	],
	aaguid: [
		z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/).meta({
			description: "The authenticator model, all zeros when it does not say. Not verified (no attestation).",
		}),
		(passkey) => formatAaguid(passkey.aaguid),
	],
}));

/** A ceremony's id and lifetime, as both starts answer them. */
const ceremonyAnswer = wireShape<{ ceremony: Ceremony }>()({
	id: [identifier, ({ ceremony }) => ceremony.id],
	created_at: [unixSeconds, ({ ceremony }) => ceremony.createdAt],
	expires_at: [unixSeconds, ({ ceremony }) => ceremony.expiresAt],
});

export const passkeyRegistrationAnswer = named("PasskeyRegistration", ceremonyAnswer.extend<StartedRegistration & { userId: string }>()({
	user_id: [identifier, (started) => started.userId],
	options: [
		z
			.object({
				rp: z.object({ id: z.string(), name: z.string() }),
				user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
				challenge: base64url,
				pubKeyCredParams: z.array(z.object({ type: z.literal("public-key"), alg: z.int() })),
				timeout: z.int(),
				excludeCredentials: z.array(credentialDescriptor),
				authenticatorSelection: z.object({ residentKey: z.literal("required"), requireResidentKey: z.literal(true), userVerification }),
				attestation: z.literal("none"),
			})
			.meta({ description: "PublicKeyCredentialCreationOptionsJSON: give it to PublicKeyCredential.parseCreationOptionsFromJSON()." }),
		(started) => started.options,
	],
}));

export const passkeyAuthenticationAnswer = named("PasskeyAuthentication", ceremonyAnswer.extend<StartedAuthentication>()({
	options: [
		z
			.object({
				challenge: base64url,
				timeout: z.int(),
				rpId: z.string(),
				allowCredentials: z.array(credentialDescriptor),
				userVerification,
			})
			.meta({ description: "PublicKeyCredentialRequestOptionsJSON: give it to PublicKeyCredential.parseRequestOptionsFromJSON()." }),
		(started) => started.options,
	],
}));

/** POST /passkey-authentications/:id/verify */
export const passkeySignInAnswer = named("PasskeySignIn", wireShape<PasskeySignIn>()({
	user: [userAnswer.schema, (signIn) => userAnswer.json(signIn.user)],
	passkey: [passkeyAnswer.schema, (signIn) => passkeyAnswer.json(signIn.passkey)],
}));
