import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { isId } from "../../lib/ids.ts";
import type { ImportSummary, RowResult } from "./actions.ts";
import { email, optional, storableText } from "../../lib/validation.ts";
import { disableReason, identifier, unixSeconds } from "../users/schemas.ts";
import { passkeyName, passkeyTransports } from "../passkeys/schemas.ts";
import { MAX_PASSKEYS_PER_USER } from "../passkeys/store.ts";
import { named } from "../../openapi/names.ts";

/** Rows a request may carry (API.md section 9); its body may be 4 MiB (its row in src/routes.ts). */
export const MAX_IMPORT_ROWS = 1000;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** One passkey of a row, in the form `holm export` writes it. */
const importPasskey = z.object({
	id: optional(z.string().refine(isId)).meta({ description: "A Holm identifier, kept; absent: a new one." }),
	credential_id: z.string().regex(BASE64URL).meta({ description: "Base64url (no padding) of the credential id, 1 to 1,023 bytes; unique among every user's passkeys." }),
	public_key: z.string().regex(BASE64).meta({ description: "Standard base64 of the public key as SubjectPublicKeyInfo (DER), which WebCrypto must import for `algorithm` and which must pass a registration's key rules ([passkeys.md](passkeys.md#what-holm-checks))." }),
	algorithm: z.union([z.literal(-7), z.literal(-8), z.literal(-257)]).meta({ description: "COSE algorithm: -7 ES256, -8 EdDSA (Ed25519), -257 RS256 (a 2,048 to 4,096-bit modulus, exponent 65537; EdDSA keys of small order are refused)." }),
	sign_count: z.int().min(0).max(0xffffffff).meta({ description: "The signature counter last seen; the next sign-in must exceed it (when either is non-zero), so a clone is still caught after a move." }),
	name: optional(passkeyName).meta({ description: 'The rule of a registration\'s name (1 to 64 characters, not only spaces, no control characters (NUL included) or lone surrogates); default "Passkey".' }),
	created_at: optional(unixSeconds).meta({ description: "Whole Unix seconds, not in the future (up to an hour ahead is stored as now); default now." }),
	last_used_at: optional(unixSeconds).meta({ description: "Whole Unix seconds, not in the future (up to an hour ahead is stored as now); null or absent: never used." }),
	backup_eligible: optional(z.boolean()).meta({ description: "Default false." }),
	backed_up: optional(z.boolean()).meta({ description: "Default false; true only with backup_eligible." }),
	transports: optional(passkeyTransports).meta({
		description:
			"As the authenticator reported them, by the rule of a registration (at most 16, each 1 to 32 characters with no control characters or lone surrogates); default none.",
	}),
	aaguid: optional(z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)).meta({
		description: "The authenticator model, as a UUID; default all zero.",
	}),
}).meta({
	title: "Imported passkeys",
	description:
		"in the form `holm export` writes. A passkey breaking a rule, or a credential id or passkey id twice in one row, fails the row with `INVALID_DATA`.",
});

/** Sessions a row may carry: well above the default cap of 50, bounded all the same. */
const MAX_SESSIONS_PER_ROW = 1000;

/** One session of a row, in the form `holm export` writes it (API.md section 13). */
const importSession = z.object({
	id: z.string().refine(isId).meta({ description: "The session's identifier, kept: its token stays valid." }),
	digest: z.string().regex(BASE64URL).meta({ description: "Base64url (no padding) of the SHA-256 of the token's secret: 32 bytes." }),
	created_at: unixSeconds.meta({ description: "Whole Unix seconds, not in the future." }),
	last_used_at: unixSeconds.meta({ description: "Whole Unix seconds, not before created_at nor in the future." }),
	// As at POST /users/{user_id}/sessions: control characters and lone surrogates become U+FFFD.
	client_ip: optional(z.string().max(64)).transform((value) => (value === undefined ? undefined : storableText(value))),
	user_agent: optional(z.string().max(512)).transform((value) => (value === undefined ? undefined : storableText(value))),
	second_factor_verified_at: optional(unixSeconds),
});

/** Identities a row may carry: bounded, though Holm sets no number of its own. */
const MAX_IDENTITIES_PER_ROW = 100;

/** One identity of a row, in the form `holm export` writes it (API.md section 16). */
const importIdentity = z.object({
	id: optional(z.string().refine(isId)).meta({ description: "A Holm identifier, kept; absent: a new one." }),
	provider: z.string().regex(/^[a-z0-9-]{1,32}$/).meta({ description: "The name of the provider it came through (a label: it need not be configured here)." }),
	issuer: z.string().min(1).max(2048).refine((issuer) => URL.canParse(issuer)).meta({ description: "The provider's issuer: with the subject, what the identity is." }),
	subject: z.string().regex(/^[\x21-\x7e]{1,255}$/).meta({ description: "The provider's id of the person: printable ASCII, at most 255 characters." }),
	email: optional(email).meta({ description: "What the provider last said; NFC, lower-cased." }),
	email_verified: optional(z.boolean()).meta({ description: "Whether the provider verified that email; default false." }),
	name: optional(z.string().max(200)).transform((value) => (value === undefined ? undefined : storableText(value))),
	created_at: optional(unixSeconds).meta({ description: "Whole Unix seconds, not in the future (up to an hour ahead is stored as now); default now." }),
	last_sign_in_at: optional(unixSeconds).meta({ description: "Whole Unix seconds, not in the future; null or absent: never used to sign in." }),
});

/** One row. A row that breaks this shape fails alone (INVALID_DATA); the others are imported. */
export const importRow = z.object({
	id: optional(z.string().refine(isId)).meta({
		description: "A Holm identifier (24 characters of the identifier alphabet), kept as given, so ids your application stores stay valid; absent: a new one.",
	}),
	email: optional(email).meta({ description: "The rules of [email addresses](#email-addresses); stored in NFC, lower-cased." }),
	email_verified: optional(z.boolean()).meta({ description: "Default false." }),
	created_at: optional(unixSeconds).meta({
		description: "Whole Unix seconds, not in the future (up to an hour ahead of the server's clock is stored as now; further fails the row); default now.",
	}),
	password_hash: optional(z.string()).meta({
		description: "One of the forms of docs/import.md, checked against its cost bounds and never computed at import; null or absent: a user without a password, whose every password check is INCORRECT_PASSWORD until a password reset sets one.",
	}),
	totp_key: optional(z.string()).meta({ description: "Standard base64 of 10 to 64 bytes (SHA-1, 6 digits, 30-second steps), registered as the TOTP credential." }),
	recovery_code: optional(z.string().regex(/^[A-HJ-NP-Za-hj-np-z2-9]{8}$/).transform((code) => code.toUpperCase())).meta({
		description: "8 characters of the code alphabet, any case; absent: a new one.",
	}),
	passkeys: optional(z.array(importPasskey).max(MAX_PASSKEYS_PER_USER)).meta({
		description: "At most 10, registered to the user as they are (docs/import.md); a credential id already registered is a conflict like a taken email.",
	}),
	passkey_user_handle: optional(z.string().regex(BASE64URL)).meta({
		description: "Base64url of the user handle (1 to 64 bytes) the user's passkeys were made with; so that discoverable sign-ins keep working; absent: a new one when first needed.",
	}),
	sessions: optional(z.array(importSession).max(MAX_SESSIONS_PER_ROW)).meta({
		description: "The user's live sessions as `holm export` wrote them, restored so that a move signs no one out; a session id already taken is a conflict like a taken id.",
	}),
	disabled_until: optional(unixSeconds).meta({
		description:
			"An operator's disable (API.md section 18): 0 until enabled, else the time it ends; absent: enabled. An end that has passed imports an enabled user. " +
			"A row disabled now carries no sessions (disabling ended them), else INVALID_DATA.",
	}),
	disabled_reason: optional(disableReason).meta({ description: "The disable's reason, at most 200 code points; only with disabled_until." }),
	identities: optional(z.array(importIdentity).max(MAX_IDENTITIES_PER_ROW)).meta({
		description: "The user's identities at identity providers as `holm export` wrote them; one held already (its id, or its issuer and subject) is a conflict (IDENTITY_IN_USE).",
	}),
});

export type ImportRow = z.infer<typeof importRow>;

const onConflict = optional(z.enum(["error", "skip"])).meta({
	description: "What a row whose email, id or a passkey's credential id is taken gets: `error` (default) fails it, `skip` skips it and names the user who holds it.",
});

/** The body as the handler parses it: each row is judged on its own afterwards. */
export const userImportBody = z.object({
	users: z.array(z.unknown()).max(MAX_IMPORT_ROWS),
	on_conflict: onConflict,
});

/** The body as a client should send it, for the OpenAPI document. */
export const userImportBodyDocument = named("ImportUsersBody", z.object({
	users: z.array(importRow).max(MAX_IMPORT_ROWS),
	on_conflict: onConflict,
}));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

const ROW_ERRORS = [
	"INVALID_DATA",
	"EMAIL_ALREADY_USED",
	"ID_ALREADY_USED",
	"UNSUPPORTED_PASSWORD_HASH",
	"INVALID_PASSWORD_HASH",
	"PASSKEY_ALREADY_REGISTERED",
	"IDENTITY_IN_USE",
] as const;
export type RowError = (typeof ROW_ERRORS)[number];

const rowResult = z.discriminatedUnion("status", [
	z.object({ index: z.int().min(0), status: z.literal("created"), user_id: identifier }),
	z.object({
		index: z.int().min(0),
		status: z.literal("skipped"),
		user_id: identifier.meta({ description: "The user who holds the row's email (else its id, else one of its passkeys, sessions or identities)." }),
	}),
	z.object({ index: z.int().min(0), status: z.literal("failed"), error: z.enum(ROW_ERRORS) }),
]);

function rowResultJSON(result: RowResult): z.output<typeof rowResult> {
	if (result.status === "failed") return { index: result.index, status: result.status, error: result.error };
	return { index: result.index, status: result.status, user_id: result.userId };
}

/** The answer of POST /user-imports. */
export const userImportAnswer = named("UserImportResult", wireShape<ImportSummary>()({
	created: [z.int().min(0), (summary) => summary.created],
	skipped: [z.int().min(0), (summary) => summary.skipped],
	failed: [z.int().min(0), (summary) => summary.failed],
	results: [z.array(rowResult).meta({ description: "One per row, in row order." }), (summary) => summary.results.map(rowResultJSON)],
}));
