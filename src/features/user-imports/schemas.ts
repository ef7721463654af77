import { z } from "zod";
import { isId } from "../../lib/ids.ts";
import { email, optional } from "../../lib/validation.ts";
import { identifier, unixSeconds } from "../users/schemas.ts";

/** Rows a request may carry (API.md section 9); its body may be 4 MiB (middleware/read-body.ts). */
export const MAX_IMPORT_ROWS = 1000;

/** One row. A row that breaks this shape fails alone (INVALID_DATA); the others are imported. */
export const importRow = z.object({
	id: optional(z.string().refine(isId)).meta({ description: "A Holm identifier, kept; absent: a new one." }),
	email: optional(email).meta({ description: "The rules of POST /users; stored in NFC, lower-cased." }),
	email_verified: optional(z.boolean()).meta({ description: "Default false." }),
	created_at: optional(unixSeconds).meta({ description: "Whole Unix seconds, not in the future; default now." }),
	password_hash: optional(z.string()).meta({
		description: "One of the forms of docs/import.md, checked against its cost bounds and never computed at import; null or absent: a user without a password.",
	}),
	totp_key: optional(z.string()).meta({ description: "Standard base64 of 10 to 64 bytes (SHA-1, 6 digits, 30-second steps), registered as the TOTP credential." }),
	recovery_code: optional(z.string().regex(/^[A-HJ-NP-Za-hj-np-z2-9]{8}$/).transform((code) => code.toUpperCase())).meta({
		description: "8 characters of the code alphabet, any case; absent: a new one.",
	}),
	passkeys: optional(z.array(z.unknown())).meta({ description: "Accepted and ignored: imports and exports do not carry passkeys yet (docs/import.md)." }),
});

export type ImportRow = z.infer<typeof importRow>;

export const onConflict = optional(z.enum(["error", "skip"])).meta({
	description: "What a row whose email or id is taken gets: `error` (default) fails it, `skip` skips it and names the user who holds it.",
});

/** The body as the handler parses it: each row is judged on its own afterwards. */
export const userImportBody = z.object({
	users: z.array(z.unknown()).max(MAX_IMPORT_ROWS),
	on_conflict: onConflict,
});

/** The body as a client should send it, for the OpenAPI document. */
export const userImportBodyDocument = z.object({
	users: z.array(importRow).max(MAX_IMPORT_ROWS),
	on_conflict: onConflict,
});

// ---- Response shapes, for the OpenAPI document (src/openapi/). ----

export const ROW_ERRORS = ["INVALID_DATA", "EMAIL_ALREADY_USED", "ID_ALREADY_USED", "UNSUPPORTED_PASSWORD_HASH", "INVALID_PASSWORD_HASH"] as const;
export type RowError = (typeof ROW_ERRORS)[number];

const rowResult = z.discriminatedUnion("status", [
	z.object({ index: z.int().min(0), status: z.literal("created"), user_id: identifier }),
	z.object({ index: z.int().min(0), status: z.literal("skipped"), user_id: identifier.meta({ description: "The user who holds the row's email (else its id)." }) }),
	z.object({ index: z.int().min(0), status: z.literal("failed"), error: z.enum(ROW_ERRORS) }),
]);

/** user-imports/handlers.ts */
export const userImportResponse = z.object({
	created: z.int().min(0),
	skipped: z.int().min(0),
	failed: z.int().min(0),
	results: z.array(rowResult).meta({ description: "One per row, in row order." }),
});
