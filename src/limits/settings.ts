// The rows of API.md section 4 that an operator may set with `--limit NAME=COUNT/WINDOW`, their
// contract figures, and what each means. Parsing, formatting and the warnings about chosen values
// are beside this file; the rules built from these figures are in rules.ts.

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** Reset, email verification, email update and email sign-in requests live 10 minutes (API.md section 2). */
export const REQUEST_LIFETIME_SECONDS = 10 * 60;

/** The rows of section 4 an operator may set with `--limit NAME=COUNT/WINDOW`. */
export const LIMIT_NAMES = [
	"hashing",
	"incorrect-passwords-address",
	"incorrect-passwords-user",
	"reset-requests-user",
	"email-requests-user",
	"code-requests-address",
	"email-sign-ins-email",
	"code-attempts",
	"second-factor",
] as const;

export type LimitName = (typeof LIMIT_NAMES)[number];

/** COUNT and WINDOW of one row; `code-attempts` has no window (its count lives with the request). */
export interface LimitSetting {
	count: number;
	/** Milliseconds; null for code-attempts. */
	windowMs: number | null;
}

export type LimitSettings = Readonly<Record<LimitName, LimitSetting>>;

/** The contract's figures (API.md section 4): the limits in force unless an operator sets others. */
export const DEFAULT_LIMITS: LimitSettings = {
	/** A bucket of 5 per address; one token comes back every 10 s. */
	hashing: { count: 5, windowMs: 10 * SECOND },
	"incorrect-passwords-address": { count: 5, windowMs: 15 * MINUTE },
	"incorrect-passwords-user": { count: 10, windowMs: 15 * MINUTE },
	"reset-requests-user": { count: 3, windowMs: 15 * MINUTE },
	/** Email verification and email update requests, each kind on its own. */
	"email-requests-user": { count: 3, windowMs: 15 * MINUTE },
	"code-requests-address": { count: 10, windowMs: 15 * MINUTE },
	/** Email sign-in requests per (normalised) email, whether a user holds it or not. */
	"email-sign-ins-email": { count: 3, windowMs: 15 * MINUTE },
	/** The 5th incorrect code deletes a reset, verification or update request; counted in the database. */
	"code-attempts": { count: 5, windowMs: null },
	/** 5 incorrect codes in a row lock verify-2fa/totp or reset-2fa for 15 minutes, the first time;
	 *  each further lock lasts twice as long as the one before, at most 24 hours. */
	"second-factor": { count: 5, windowMs: 15 * MINUTE },
};

/** What a row means, for `--help`, the docs and error messages. */
export const LIMIT_MEANINGS: Readonly<Record<LimitName, string>> = {
	hashing: "hashing work per client_ip: bucket, refill time",
	"incorrect-passwords-address": "incorrect passwords per client_ip, then blocked",
	"incorrect-passwords-user": "incorrect passwords per user, then blocked",
	"reset-requests-user": "password reset requests per user",
	"email-requests-user": "verification (and update) requests per user",
	"code-requests-address": "code requests of all four kinds and sign-ins with an identity provider per client_ip",
	"email-sign-ins-email": "email sign-in requests per email, known or not",
	"code-attempts": "incorrect codes that delete a request",
	"second-factor": "incorrect 2FA codes in a row, first lock",
};
