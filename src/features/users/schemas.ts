import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { clientIp, email, isValidEmail, normalizeEmail, optional, password, storableText } from "../../lib/validation.ts";
import type { User } from "./store.ts";
import { named } from "../../openapi/names.ts";

export const createUserBody = named("CreateUserBody", z.object({
	email: optional(email),
	password,
	client_ip: clientIp,
}));

/** The most code points a disable's reason may have (API.md section 18). */
export const MAX_DISABLE_REASON = 200;

/** An operator's reason for a disable: at most 200 code points (not UTF-16 units: an emoji is one),
 *  kept as sent but for control characters and lone surrogates, which become U+FFFD (as a session's
 *  user agent: the reason is shown in the console, the log and the events); "" is no reason. */
export const disableReason = z
	.string()
	.refine((text) => [...text].length <= MAX_DISABLE_REASON, `at most ${MAX_DISABLE_REASON} code points`)
	.transform((text) => (text === "" ? undefined : storableText(text)))
	.meta({
		description:
			`Why, in at most ${MAX_DISABLE_REASON} code points (an emoji is one): shown in the [console](console.md) and in the user_disabled event, never in the user. ` +
			"Control characters become U+FFFD; \"\" is no reason.",
	});

export const disableUserBody = named("DisableUserBody", z.object({
	reason: optional(disableReason),
	until: optional(z.int().min(1)).meta({
		description:
			"When the disable ends by itself, in whole Unix seconds; in the future by Holm's store clock (the database's on PostgreSQL), else INVALID_DATA. Absent: until [enabled](#enable-a-user).",
	}),
}));

/** POST /users/{user_id}/enable takes nothing but an object. */
export const enableUserBody = named("EnableUserBody", z.object({}));

const PER_PAGE_DEFAULT = 20;
const PER_PAGE_MAX = 100;

function positiveInteger(value: string | undefined): number | null {
	if (value === undefined || !/^[0-9]{1,9}$/.test(value)) return null;
	const n = Number(value);
	return n >= 1 ? n : null;
}

/** GET /users query: an unknown or malformed value falls back to its default (API.md section 3). */
export function parseUserListQuery(query: Record<string, string | undefined>) {
	const perPage = Math.min(positiveInteger(query.per_page) ?? PER_PAGE_DEFAULT, PER_PAGE_MAX);
	const page = positiveInteger(query.page) ?? 1;
	return {
		sortBy: query.sort_by === "id" ? ("id" as const) : ("created_at" as const),
		sortOrder: query.sort_order === "descending" ? ("descending" as const) : ("ascending" as const),
		perPage,
		page,
		emailQuery: normalizeEmail(query.email_query ?? ""),
		exactEmail: exactEmail(query.email),
	};
}

/** `email=`: the stored form of the address, "" for a value that cannot be an email (it matches
 *  no user), or null when the parameter is absent. */
function exactEmail(value: string | undefined): string | null {
	if (value === undefined) return null;
	const normalized = normalizeEmail(value);
	return isValidEmail(normalized) ? normalized : "";
}

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

/** 24 characters from the identifier alphabet of lib/ids.ts (which has no "l" and no "o"). */
export const identifier = z.string().length(24).regex(/^[a-km-np-z2-9]{24}$/);

/** One-time codes and recovery codes as Holm issues them: 8 characters, no "I" and no "O". */
export const issuedCode = z.string().regex(/^[A-HJ-NP-Z2-9]{8}$/);

/** Whole Unix seconds. */
export const unixSeconds = z.int().min(0);

/** The user model of API.md section 2. */
export const userAnswer = named("User", wireShape<User>()({
	id: [identifier, (user) => user.id],
	created_at: [unixSeconds.meta({ description: "Creation time, Unix seconds." }), (user) => user.createdAt],
	email: [z.string().nullable().meta({ description: "NFC, lower-cased; null when the user has none." }), (user) => user.email],
	email_verified: [
		z.boolean().meta({
			description:
				"Set by verify-email, reset-password, verify-new-email and an email sign-in. While it is false, the first reset-password or email " +
				"sign-in removes what the account had ([security.md](security.md#whoever-proves-the-address-owns-the-account)).",
		}),
		(user) => user.emailVerified,
	],
	registered_totp: [
		z.boolean().meta({ deprecated: true, description: "Deprecated: read totp_registered, which always has the same value." }),
		(user) => user.totpRegistered,
	],
	totp_registered: [
		z.boolean().meta({ description: "Whether the user has a TOTP credential (the name @faroe/sdk reads)." }),
		(user) => user.totpRegistered,
	],
	recovery_code: [issuedCode.meta({ description: "The user's current recovery code." }), (user) => user.recoveryCode],
	password_leaked: [
		z.boolean().meta({
			description:
				"The user's current password was found in the leak lists at a correct check after it was set; true until the password is set again " +
				"(update or reset). Send the user to change it right away.",
		}),
		(user) => user.passwordLeaked,
	],
	password_set: [
		z.boolean().meta({
			description:
				"Whether the user has a password. A user made by an email code or an identity provider has none until a reset sets one: offer " +
				"\"set a password\" rather than \"change it\".",
		}),
		(user) => user.passwordSet,
	],
	disabled: [
		z.boolean().meta({
			description:
				"An operator disabled the user (POST /users/{user_id}/disable): every way in answers 403 USER_DISABLED once its credential proved correct, " +
				"and no session can be created. False again once enabled, or by itself once disabled_until has passed.",
		}),
		(user) => user.disabled,
	],
	disabled_until: [
		unixSeconds.nullable().meta({ description: "When the disable ends by itself, Unix seconds; null while enabled, and while disabled until enabled." }),
		(user) => user.disabledUntil,
	],
}, (user) => ({
	id: user.id,
	created_at: user.createdAt,
	email: user.email,
	email_verified: user.emailVerified,
	registered_totp: user.totpRegistered,
	totp_registered: user.totpRegistered,
	recovery_code: user.recoveryCode,
	password_leaked: user.passwordLeaked,
	password_set: user.passwordSet,
	disabled: user.disabled,
	disabled_until: user.disabledUntil,
})));

/** GET /users query as a client should send it. parseUserListQuery is more lenient: an unknown or
 *  malformed value falls back to its default, and a per_page over the maximum is capped. */
export const userListQuery = z.object({
	sort_by: z.enum(["created_at", "id"]).default("created_at").meta({ description: "Ties in created_at are broken by id." }),
	sort_order: z.enum(["ascending", "descending"]).default("ascending"),
	per_page: z.int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT).meta({ description: `Larger values are capped at ${PER_PAGE_MAX}.` }),
	page: z.int().min(1).max(999_999_999).default(1), // parseUserListQuery reads at most 9 digits
	email_query: z.string().optional().meta({ description: "Keeps users whose email contains this text, ignoring case. Matched literally (no wildcards). Users without an email never match a non-empty query." }),
	email: z.string().optional().meta({
		description:
			"Keeps only the user whose email is exactly this address, after the same normalisation as stored addresses (NFC, lower-cased). Uses the unique index. An empty or invalid value matches no user.",
	}),
});
