// What each route does, for the OpenAPI document: one entry per line of src/routes.ts (in its order)
// plus GET /metrics and GET /openapi.json, with the error codes the endpoint itself can answer, in
// the order docs/api.md lists them. Codes that depend only on the method and the secret (401, 406,
// 413, 415, 500), and the database's 503, are added by document.ts. test/openapi.test.ts fails when a route has no entry.
import type { z } from "zod";
import type { ErrorCode } from "../errors.ts";
import { eventListQuery } from "../features/events/schemas.ts";
import { userListQuery } from "../features/users/schemas.ts";
import type { BodyName, ModelName } from "./components.ts";

export const TAGS = {
	Users: "Create, list, find, get, delete and import users.",
	Passwords: "Verify and update passwords; sign in with email and password.",
	"Password reset": "Create a request (its code goes to the user), verify the code, set the new password.",
	"Email sign-in":
		"Sign in with a code from the inbox: create a request for an email (known or not; the answer is the same), mail its code, " +
		"verify the code. A link in the mail must lead to a page that signs in only on a POST: mail scanners open links.",
	"Email verification": "Prove that the user receives mail at their address.",
	"Email update": "Move a user to a new address once they prove they receive mail there.",
	"Two-factor authentication": "TOTP credentials and the recovery code.",
	Passkeys:
		"WebAuthn registration and sign-in: Holm makes the options, the application's page hands them to navigator.credentials, " +
		"and the application backend relays the answer back. Every passkey endpoint answers NOT_ALLOWED while passkeys are off (no --passkey-rp-id).",
	Events: "What happened to accounts: a feed to follow, one user's history, and lifting a user's blocks.",
	Service: "Health, this description, metrics.",
} as const;

export type Tag = keyof typeof TAGS;

export type Success =
	| { status: 204; description: string }
	| { status: 200; description: string; model: ModelName; list?: true; pagination?: true }
	/** A body that is not JSON (GET /metrics). */
	| { status: 200; description: string; mediaType: string };

export interface Operation {
	method: "GET" | "POST" | "DELETE";
	/** The Hono pattern, as in ROUTES: /users/:user_id. */
	path: string;
	operationId: string;
	summary: string;
	description?: string;
	tag: Tag;
	/** Needs no secret. */
	public?: true;
	body?: BodyName;
	query?: z.ZodObject;
	success: Success;
	/** Answers other than errors and the success (GET /health's 503). */
	otherResponses?: readonly { status: number; description: string; model: ModelName; example: unknown }[];
	errors: readonly ErrorCode[];
}

export const OPERATIONS: readonly Operation[] = [
	{
		method: "GET",
		path: "/health",
		operationId: "getHealth",
		summary: "Health",
		description: "Needs no secret and reads no body. Answers once the database does, within about 2 seconds.",
		tag: "Service",
		public: true,
		success: { status: 200, description: '`{"status":"ok"}`: the database answers.', model: "Health" },
		otherResponses: [{ status: 503, description: '`{"status":"unavailable"}`: the database does not answer (within about 2 seconds).', model: "Health", example: { status: "unavailable" } }],
		errors: [],
	},

	{
		method: "POST",
		path: "/users",
		operationId: "createUser",
		summary: "Create a user",
		description: "Put a captcha or an equivalent in front of sign-up: creating users is open to bots otherwise.",
		tag: "Users",
		body: "CreateUserBody",
		success: { status: 200, description: "The new user, with email_verified false and no TOTP credential.", model: "User" },
		errors: ["INVALID_DATA", "TOO_MANY_REQUESTS", "EMAIL_ALREADY_USED", "WEAK_PASSWORD", "UNAVAILABLE"],
	},
	{
		method: "GET",
		path: "/users",
		operationId: "listUsers",
		summary: "List users, or find a user by email",
		description:
			"An unknown or malformed sort_by, sort_order, per_page or page falls back to its default; it is not an error. " +
			"Filters combine. With `email`, the answer holds zero or one user.",
		tag: "Users",
		query: userListQuery,
		success: { status: 200, description: "One page of users, empty when the page holds none.", model: "User", list: true, pagination: true },
		errors: [],
	},
	{
		method: "GET",
		path: "/users/:user_id",
		operationId: "getUser",
		summary: "Get a user",
		tag: "Users",
		success: { status: 200, description: "The user.", model: "User" },
		errors: ["NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/users/:user_id",
		operationId: "deleteUser",
		summary: "Delete a user and everything the user owns",
		tag: "Users",
		success: { status: 204, description: "Deleted. The address is free at once." },
		errors: ["NOT_FOUND"],
	},

	{
		method: "POST",
		path: "/users/:user_id/verify-password",
		operationId: "verifyPassword",
		summary: "Verify a password",
		tag: "Passwords",
		body: "VerifyPasswordBody",
		success: { status: 204, description: "The password is correct." },
		errors: ["NOT_FOUND", "INVALID_DATA", "TOO_MANY_REQUESTS", "UNAVAILABLE", "INCORRECT_PASSWORD"],
	},
	{
		method: "POST",
		path: "/users/:user_id/update-password",
		operationId: "updatePassword",
		summary: "Update a password",
		description:
			"The new password's leak check comes before the current password is checked. If the password changed during the call, " +
			"the answer is INCORRECT_PASSWORD and nothing changes.",
		tag: "Passwords",
		body: "UpdatePasswordBody",
		success: { status: 204, description: "Changed; the user's password reset and email update requests are deleted." },
		errors: ["NOT_FOUND", "INVALID_DATA", "TOO_MANY_REQUESTS", "WEAK_PASSWORD", "UNAVAILABLE", "INCORRECT_PASSWORD"],
	},
	{
		method: "POST",
		path: "/authenticate/password",
		operationId: "authenticateWithPassword",
		summary: "Sign in with email and password",
		description: "NOT_FOUND when no user has the address; it costs the same time as a wrong password.",
		tag: "Passwords",
		body: "AuthenticateBody",
		success: { status: 200, description: "The user. When totp_registered is true, ask for a TOTP code before creating a session.", model: "User" },
		errors: ["INVALID_DATA", "TOO_MANY_REQUESTS", "UNAVAILABLE", "NOT_FOUND", "INCORRECT_PASSWORD"],
	},

	{
		method: "POST",
		path: "/users/:user_id/password-reset-requests",
		operationId: "createPasswordResetRequest",
		summary: "Create a password reset request",
		tag: "Password reset",
		body: "CreatePasswordResetRequestBody",
		success: { status: 200, description: "The request with its code; the code appears only here.", model: "CreatedPasswordResetRequest" },
		errors: ["NOT_FOUND", "INVALID_DATA", "TOO_MANY_REQUESTS"],
	},
	{
		method: "GET",
		path: "/users/:user_id/password-reset-requests",
		operationId: "listUserPasswordResetRequests",
		summary: "List a user's password reset requests",
		tag: "Password reset",
		success: { status: 200, description: "The user's live requests, oldest first, without codes.", model: "PasswordResetRequest", list: true },
		errors: ["NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/users/:user_id/password-reset-requests",
		operationId: "deleteUserPasswordResetRequests",
		summary: "Delete a user's password reset requests",
		tag: "Password reset",
		success: { status: 204, description: "Deleted, also when the user had none." },
		errors: ["NOT_FOUND"],
	},
	{
		method: "GET",
		path: "/password-reset-requests/:request_id",
		operationId: "getPasswordResetRequest",
		summary: "Get a password reset request",
		tag: "Password reset",
		success: { status: 200, description: "The request, without its code.", model: "PasswordResetRequest" },
		errors: ["NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/password-reset-requests/:request_id",
		operationId: "deletePasswordResetRequest",
		summary: "Delete a password reset request",
		tag: "Password reset",
		success: { status: 204, description: "Deleted." },
		errors: ["NOT_FOUND"],
	},
	{
		method: "POST",
		path: "/password-reset-requests/:request_id/verify-email",
		operationId: "verifyPasswordResetRequestEmail",
		summary: "Verify a password reset request's code",
		description: "The 5th incorrect code deletes the request; that answer is still INCORRECT_CODE, later calls answer NOT_FOUND.",
		tag: "Password reset",
		body: "VerifyPasswordResetEmailBody",
		success: { status: 204, description: "The request's email_verified is now true; it can reset the password." },
		errors: ["NOT_FOUND", "INVALID_DATA", "INCORRECT_CODE"],
	},
	{
		method: "POST",
		path: "/reset-password",
		operationId: "resetPassword",
		summary: "Reset a password with a verified request",
		description: "INVALID_REQUEST when the request does not exist, has expired or is not verified yet.",
		tag: "Password reset",
		body: "ResetPasswordBody",
		success: {
			status: 204,
			description: "The password is set, the user's email_verified becomes true, and the user's reset and email update requests are deleted.",
		},
		errors: ["INVALID_DATA", "TOO_MANY_REQUESTS", "INVALID_REQUEST", "WEAK_PASSWORD", "UNAVAILABLE"],
	},

	{
		method: "POST",
		path: "/users/:user_id/email-verification-request",
		operationId: "createEmailVerificationRequest",
		summary: "Create an email verification request",
		tag: "Email verification",
		body: "CreateEmailVerificationRequestBody",
		success: { status: 200, description: "The request; it replaces the user's previous one.", model: "EmailVerificationRequest" },
		errors: ["NOT_FOUND", "INVALID_DATA", "TOO_MANY_REQUESTS"],
	},
	{
		method: "GET",
		path: "/users/:user_id/email-verification-request",
		operationId: "getEmailVerificationRequest",
		summary: "Get the email verification request",
		tag: "Email verification",
		success: { status: 200, description: "The live request, with its code.", model: "EmailVerificationRequest" },
		errors: ["NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/users/:user_id/email-verification-request",
		operationId: "deleteEmailVerificationRequest",
		summary: "Delete the email verification request",
		tag: "Email verification",
		success: { status: 204, description: "Deleted." },
		errors: ["NOT_FOUND"],
	},
	{
		method: "POST",
		path: "/users/:user_id/verify-email",
		operationId: "verifyEmail",
		summary: "Verify the email",
		description: "NOT_ALLOWED when the user has no live request. The 5th incorrect code deletes the request.",
		tag: "Email verification",
		body: "VerifyEmailBody",
		success: { status: 204, description: "The user's email_verified is now true; the request is consumed." },
		errors: ["NOT_FOUND", "INVALID_DATA", "NOT_ALLOWED", "INCORRECT_CODE"],
	},

	{
		method: "POST",
		path: "/users/:user_id/email-update-requests",
		operationId: "createEmailUpdateRequest",
		summary: "Create an email update request",
		tag: "Email update",
		body: "CreateEmailUpdateRequestBody",
		success: { status: 200, description: "The request; send its code to the new address.", model: "EmailUpdateRequest" },
		errors: ["NOT_FOUND", "INVALID_DATA", "TOO_MANY_REQUESTS", "EMAIL_ALREADY_USED"],
	},
	{
		method: "GET",
		path: "/users/:user_id/email-update-requests",
		operationId: "listUserEmailUpdateRequests",
		summary: "List a user's email update requests",
		tag: "Email update",
		success: { status: 200, description: "The user's live requests, oldest first, with codes.", model: "EmailUpdateRequest", list: true },
		errors: ["NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/users/:user_id/email-update-requests",
		operationId: "deleteUserEmailUpdateRequests",
		summary: "Delete a user's email update requests",
		tag: "Email update",
		success: { status: 204, description: "Deleted, also when the user had none." },
		errors: ["NOT_FOUND"],
	},
	{
		method: "GET",
		path: "/email-update-requests/:request_id",
		operationId: "getEmailUpdateRequest",
		summary: "Get an email update request",
		tag: "Email update",
		success: { status: 200, description: "The request, with its code.", model: "EmailUpdateRequest" },
		errors: ["NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/email-update-requests/:request_id",
		operationId: "deleteEmailUpdateRequest",
		summary: "Delete an email update request",
		tag: "Email update",
		success: { status: 204, description: "Deleted." },
		errors: ["NOT_FOUND"],
	},
	{
		method: "POST",
		path: "/verify-new-email",
		operationId: "verifyNewEmail",
		summary: "Verify the new email",
		description:
			"INVALID_REQUEST when the request does not exist or has expired. The 5th incorrect code deletes the request. " +
			"EMAIL_ALREADY_USED when another user took the address meanwhile; the request is kept.",
		tag: "Email update",
		body: "VerifyNewEmailBody",
		success: { status: 200, description: "The user's new, verified address.", model: "VerifiedEmail" },
		errors: ["INVALID_DATA", "INVALID_REQUEST", "INCORRECT_CODE", "EMAIL_ALREADY_USED"],
	},

	{
		method: "POST",
		path: "/email-sign-ins",
		operationId: "createEmailSignIn",
		summary: "Create an email sign-in request",
		description:
			"Made whether or not a user holds the email (user_id null), in the same time, so answer your visitor identically either way. " +
			"Replaces any earlier request for the email: only the latest code works. 3 per email per 15 minutes; the per-address bucket of code requests.",
		tag: "Email sign-in",
		body: "CreateEmailSignInBody",
		success: { status: 200, description: "The request with its code; the code appears only here. It lives 10 minutes.", model: "CreatedEmailSignInRequest" },
		errors: ["INVALID_DATA", "TOO_MANY_REQUESTS"],
	},
	{
		method: "GET",
		path: "/email-sign-ins/:request_id",
		operationId: "getEmailSignIn",
		summary: "Get an email sign-in request",
		tag: "Email sign-in",
		success: { status: 200, description: "The request, without its code.", model: "EmailSignInRequest" },
		errors: ["NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/email-sign-ins/:request_id",
		operationId: "deleteEmailSignIn",
		summary: "Delete an email sign-in request",
		tag: "Email sign-in",
		success: { status: 204, description: "Deleted; its code no longer works." },
		errors: ["NOT_FOUND"],
	},
	{
		method: "POST",
		path: "/email-sign-ins/:request_id/verify",
		operationId: "verifyEmailSignIn",
		summary: "Sign in with an email code",
		description:
			"A correct code uses the request up (of two parallel verifies, one succeeds), marks the email verified and signs the user in. " +
			"With create_user and nobody holding the email, creates a passwordless user. INVALID_REQUEST when the request is absent, expired, used or " +
			"superseded; the 5th incorrect code deletes the request; EMAIL_ALREADY_USED when a user took the email after a request that named nobody. " +
			"The per-user password block does not apply. An email code is a first factor: ask for TOTP or a passkey as after a password.",
		tag: "Email sign-in",
		body: "VerifyEmailSignInBody",
		success: { status: 200, description: "The user (null when nobody holds the email and create_user was not true), and whether this call created it.", model: "EmailSignIn" },
		errors: ["INVALID_DATA", "INVALID_REQUEST", "INCORRECT_CODE", "EMAIL_ALREADY_USED"],
	},

	{
		method: "POST",
		path: "/users/:user_id/register-totp",
		operationId: "registerTotp",
		summary: "Register a TOTP credential",
		description:
			"Send the key as `key` or `totp_key` (when both are sent, `key` wins): padded base64 of exactly 20 bytes. " +
			"It is stored only if `code` matches it (one 30-second step of drift either way).",
		tag: "Two-factor authentication",
		body: "RegisterTotpBody",
		success: { status: 200, description: "The credential; it replaces an earlier one.", model: "TotpCredential" },
		errors: ["NOT_FOUND", "INVALID_DATA", "INCORRECT_CODE"],
	},
	{
		method: "GET",
		path: "/users/:user_id/totp-credential",
		operationId: "getTotpCredential",
		summary: "Get the TOTP credential",
		tag: "Two-factor authentication",
		success: { status: 200, description: "The credential, key included.", model: "TotpCredential" },
		errors: ["NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/users/:user_id/totp-credential",
		operationId: "deleteTotpCredential",
		summary: "Delete the TOTP credential",
		tag: "Two-factor authentication",
		success: { status: 204, description: "TOTP is off for the user." },
		errors: ["NOT_FOUND"],
	},
	{
		method: "POST",
		path: "/users/:user_id/verify-2fa/totp",
		operationId: "verifyTotp",
		summary: "Verify a TOTP code",
		description:
			"Each code works once. 5 incorrect codes in a row lock the check (TOO_MANY_REQUESTS, even for the right code). " +
			"NOT_ALLOWED when the user has no TOTP credential.",
		tag: "Two-factor authentication",
		body: "VerifyTotpBody",
		success: { status: 204, description: "The code is right." },
		errors: ["NOT_FOUND", "INVALID_DATA", "TOO_MANY_REQUESTS", "NOT_ALLOWED", "INCORRECT_CODE"],
	},
	{
		method: "POST",
		path: "/users/:user_id/regenerate-recovery-code",
		operationId: "regenerateRecoveryCode",
		summary: "Regenerate the recovery code",
		tag: "Two-factor authentication",
		body: "RegenerateRecoveryCodeBody",
		success: { status: 200, description: "The user's new recovery code.", model: "RecoveryCode" },
		errors: ["NOT_FOUND", "INVALID_DATA"],
	},
	{
		method: "POST",
		path: "/users/:user_id/reset-2fa",
		operationId: "resetTwoFactor",
		summary: "Reset two-factor authentication with the recovery code",
		description: "The TOTP credential is deleted and the old recovery code is spent. 5 incorrect codes in a row lock the check.",
		tag: "Two-factor authentication",
		body: "ResetTwoFactorBody",
		success: { status: 200, description: "A new recovery code.", model: "RecoveryCode" },
		errors: ["NOT_FOUND", "INVALID_DATA", "TOO_MANY_REQUESTS", "INCORRECT_CODE"],
	},

	{
		method: "POST",
		path: "/users/:user_id/passkey-registrations",
		operationId: "startPasskeyRegistration",
		summary: "Start a passkey registration",
		description:
			"Give `options` to `PublicKeyCredential.parseCreationOptionsFromJSON()` and the result to `navigator.credentials.create({ publicKey })`. " +
			"The ceremony lives 5 minutes. The user handle in `options.user.id` is 32 random bytes made once per user, never the id or email. " +
			"TOO_MANY_REQUESTS while `client_ip` is blocked for incorrect passwords; NOT_ALLOWED when the user has 10 passkeys, or passkeys are off.",
		tag: "Passkeys",
		body: "StartPasskeyRegistrationBody",
		success: { status: 200, description: "The ceremony and its PublicKeyCredentialCreationOptions JSON.", model: "PasskeyRegistration" },
		errors: ["NOT_ALLOWED", "NOT_FOUND", "INVALID_DATA", "TOO_MANY_REQUESTS"],
	},
	{
		method: "POST",
		path: "/passkey-registrations/:ceremony_id/verify",
		operationId: "verifyPasskeyRegistration",
		summary: "Verify a passkey registration",
		description:
			"`credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create()`. The ceremony is used up by this call " +
			"whatever its outcome (a body that is not of the right shape, INVALID_DATA, is refused before and leaves it). " +
			"INVALID_REQUEST when the ceremony is unknown, expired or used; INVALID_CREDENTIAL when a check fails; PASSKEY_ALREADY_REGISTERED when the " +
			"credential id is registered to any user; NOT_ALLOWED when the user reached 10 passkeys meanwhile, or passkeys are off. " +
			"`client_ip` only goes into the passkey_registered security event.",
		tag: "Passkeys",
		body: "VerifyPasskeyRegistrationBody",
		success: { status: 200, description: "The new passkey.", model: "Passkey" },
		errors: ["NOT_ALLOWED", "INVALID_DATA", "INVALID_REQUEST", "INVALID_CREDENTIAL", "PASSKEY_ALREADY_REGISTERED"],
	},
	{
		method: "POST",
		path: "/passkey-authentications",
		operationId: "startPasskeyAuthentication",
		summary: "Start a passkey sign-in",
		description:
			"Give `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()` and the result to `navigator.credentials.get({ publicKey })`. " +
			"With `user_id`, `allowCredentials` lists that user's passkeys; without, it is empty, for a discoverable (username-less) sign-in. " +
			"TOO_MANY_REQUESTS while `client_ip` (or the named user) is blocked for incorrect passwords. NOT_ALLOWED when passkeys are off.",
		tag: "Passkeys",
		body: "StartPasskeyAuthenticationBody",
		success: { status: 200, description: "The ceremony and its PublicKeyCredentialRequestOptions JSON.", model: "PasskeyAuthentication" },
		errors: ["NOT_ALLOWED", "INVALID_DATA", "NOT_FOUND", "TOO_MANY_REQUESTS"],
	},
	{
		method: "POST",
		path: "/passkey-authentications/:ceremony_id/verify",
		operationId: "verifyPasskeyAuthentication",
		summary: "Verify a passkey sign-in",
		description:
			"`credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get()`. The limits are checked first: a failed " +
			"assertion counts as an incorrect password for `client_ip` and for the passkey's user (5 per address, 10 per user in 15 minutes). " +
			"Then the ceremony is used up, whatever the outcome. INVALID_REQUEST when the ceremony is unknown, expired or used; INVALID_CREDENTIAL " +
			"when a check fails (a counter that did not go up also logs passkey_counter_regressed). NOT_ALLOWED when passkeys are off.",
		tag: "Passkeys",
		body: "VerifyPasskeyAuthenticationBody",
		success: { status: 200, description: "The user signed in, and the passkey used (its last_used_at now).", model: "PasskeySignIn" },
		errors: ["NOT_ALLOWED", "INVALID_DATA", "TOO_MANY_REQUESTS", "INVALID_REQUEST", "INVALID_CREDENTIAL"],
	},
	{
		method: "GET",
		path: "/users/:user_id/passkeys",
		operationId: "listUserPasskeys",
		summary: "List a user's passkeys",
		description: "Oldest first. Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).",
		tag: "Passkeys",
		success: { status: 200, description: "The user's passkeys (at most 10).", model: "Passkey", list: true },
		errors: ["NOT_ALLOWED", "NOT_FOUND"],
	},
	{
		method: "GET",
		path: "/passkeys/:passkey_id",
		operationId: "getPasskey",
		summary: "Get a passkey",
		description: "Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).",
		tag: "Passkeys",
		success: { status: 200, description: "The passkey; never its public key or counter.", model: "Passkey" },
		errors: ["NOT_ALLOWED", "NOT_FOUND"],
	},
	{
		method: "DELETE",
		path: "/passkeys/:passkey_id",
		operationId: "deletePasskey",
		summary: "Delete a passkey",
		description: "The authenticator keeps its copy; the user may remove it there too. Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).",
		tag: "Passkeys",
		success: { status: 204, description: "Deleted; it can no longer sign in." },
		errors: ["NOT_ALLOWED", "NOT_FOUND"],
	},

	{
		method: "GET",
		path: "/events",
		operationId: "listEvents",
		summary: "Read the event feed",
		description:
			"Oldest first. Call again with `after` set to the `next` you were given to read every event exactly once, in order, " +
			"also while several instances write events. A malformed `after`, `user_id`, `limit` or `type` answers INVALID_DATA.",
		tag: "Events",
		query: eventListQuery,
		success: { status: 200, description: "A page of events and the cursor to read on from.", model: "EventPage" },
		errors: ["INVALID_DATA"],
	},
	{
		method: "GET",
		path: "/users/:user_id/events",
		operationId: "listUserEvents",
		summary: "Read one user's events",
		description: "The feed of GET /events, for one user. NOT_FOUND when there is no such user (a deleted user's events are in GET /events?user_id=).",
		tag: "Events",
		query: eventListQuery.omit({ user_id: true }),
		success: { status: 200, description: "A page of the user's events and the cursor to read on from.", model: "EventPage" },
		errors: ["NOT_FOUND", "INVALID_DATA"],
	},
	{
		method: "POST",
		path: "/users/:user_id/unblock",
		operationId: "unblockUser",
		summary: "Lift a user's blocks",
		description:
			"Ends the user's block of password checks (10 incorrect passwords) and the locks of verify-2fa/totp and reset-2fa, " +
			"and resets the lock escalation. Blocks of addresses stay. Records a user_unblocked event.",
		tag: "Events",
		body: "UnblockUserBody",
		success: { status: 204, description: "The user's blocks and locks are lifted." },
		errors: ["NOT_FOUND", "INVALID_DATA"],
	},

	{
		method: "POST",
		path: "/user-imports",
		operationId: "importUsers",
		summary: "Import users with their password hashes and second factors",
		description:
			"Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another shape, or with more rows, " +
			"answers INVALID_DATA as a whole; a bad row fails alone and the others are imported. Each row's outcome is in `results`, in row order, " +
			"with the per-row codes INVALID_DATA, EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and PASSKEY_ALREADY_REGISTERED. " +
			"A row whose email, id or a passkey's credential id is taken (in the database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, " +
			"so re-running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked against their cost bounds. " +
			"See docs/import.md.",
		tag: "Users",
		body: "ImportUsersBody",
		success: { status: 200, description: "The counts and one result per row.", model: "UserImportResult" },
		errors: ["INVALID_DATA"],
	},

	{
		method: "GET",
		path: "/openapi.json",
		operationId: "getOpenApi",
		summary: "This OpenAPI 3.1 description",
		description: "Needs no secret and reads no body.",
		tag: "Service",
		public: true,
		success: { status: 200, description: "The OpenAPI 3.1 description of this API.", model: "OpenApiDocument" },
		errors: [],
	},
	{
		method: "GET",
		path: "/metrics",
		operationId: "getMetrics",
		summary: "Prometheus metrics",
		description: "`Authorization: Bearer <secret>` suits Prometheus's `authorization` setting.",
		tag: "Service",
		success: { status: 200, description: "The Prometheus text exposition format, version 0.0.4.", mediaType: "text/plain" },
		errors: [],
	},
];
