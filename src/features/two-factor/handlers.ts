// /users/:user_id/register-totp, /users/:user_id/totp-credential, /users/:user_id/verify-2fa/totp,
// /users/:user_id/regenerate-recovery-code, /users/:user_id/reset-2fa
import { keptSessionQuery } from "../sessions/schemas.ts";
import { markSecondFactor } from "../sessions/actions.ts";
import { answersResource, endpoint, endpoints, returns, returnsNothing } from "../../http/endpoint.ts";
import { ofPathUser, pathUser } from "../users/path-user.ts";
import { noContent } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { recoveryCodeAnswer, regenerateRecoveryCodeBody, registerTotpBody, resetTwoFactorBody, totpCredentialAnswer, verifyTotpBody } from "./schemas.ts";
import { KEPT_SESSION_IN_BODY, KEPT_SESSION_IN_QUERY } from "../sessions/kept-session.ts";
import { CREATED_AT, SESSION_ID, TOTP_KEY, USER, USER_ID } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag("Two-factor authentication", "TOTP credentials and the recovery code.");

// The examples of the document (docs/api.md): the values this feature's endpoints show.
const TOTP_CREDENTIAL = { user_id: USER_ID, created_at: CREATED_AT, key: TOTP_KEY };

/** The TOTP credential of the user of `:user_id`. */
const pathUserCredential = ofPathUser((ctx, user) => ctx.stores.twoFactor.getCredential(user.id));

export default endpoints("Two-factor authentication", {
	registerTotp: endpoint({
		summary: "Register a TOTP credential",
		description:
			"Send the key as `key` or `totp_key` (when both are sent, `key` wins): padded base64 of exactly 20 bytes. " +
			"It is stored only if `code` matches it (one 30-second step of drift either way).\n\n" +
			"Your backend makes the key (20 random bytes) and shows it to the user, usually as a QR code of an `otpauth://` URI " +
			"([flows.md](flows.md#register-an-authenticator-app-totp)). The user's app then shows a code, and this call stores the key only if that " +
			"code matches: a mis-scanned key is caught here. The registering code cannot be used again to sign in. Registering the key that is " +
			"already registered keeps the last step used so far, so no code that was accepted before can pass again (re-running your \"set up 2FA\" " +
			"step with an older code does not reopen used codes); a different key starts from its own registering code.",
		errorsWhen: {
			INVALID_DATA: "`key` missing or not base64 of 20 bytes; `code` missing, not a string, or longer than 64 characters.",
			INCORRECT_CODE: "The code does not match the key (one 30-second step of drift either way is accepted).",
		},
		body: registerTotpBody,
		examples: { request: { key: TOTP_KEY, code: "492039" }, answer: TOTP_CREDENTIAL },
		success: returns(totpCredentialAnswer, "The credential; it replaces an earlier one."),
		resource: pathUser,
		errors: actions.REGISTER_TOTP_ERRORS,
		act: (ctx, { resource: user, body }) => actions.registerTotpCredential(ctx, user.id, body.key, body.code, body.client_ip),
	}),

	getTotpCredential: answersResource({
		summary: "Get the TOTP credential",
		answer: totpCredentialAnswer,
		says: "The credential, key included.",
		resource: pathUserCredential,
		example: TOTP_CREDENTIAL,
	}),

	deleteTotpCredential: endpoint({
		summary: "Delete the TOTP credential",
		description:
			"Turns TOTP off for the user. Every other [session](#sessions) of the user ends in the same transaction; the query parameter `session_id` " +
			"(`?session_id=q7kd2mzx9rbwtn4fhv3cy8ps`: a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.",
		errorsWhen: { NOT_FOUND: "No such user, the user has no credential, or `session_id` is not a live session of this user (judged first; nothing changes)." },
		query: keptSessionQuery,
		success: returnsNothing("TOTP is off for the user."),
		resource: pathUser,
		keep: KEPT_SESSION_IN_QUERY,
		errors: actions.DELETE_TOTP_ERRORS,
		act: (ctx, { resource: user, keep }) => actions.deleteTotpCredential(ctx, user.id, keep),
	}),

	verifyTotp: endpoint({
		summary: "Verify a TOTP code",
		description:
			"Each code works once. 5 incorrect codes in a row lock the check (TOO_MANY_REQUESTS, even for the right code). " +
			"NOT_ALLOWED when the user has no TOTP credential. With `session_id` (a live session of this user, else NOT_FOUND before the code is judged), " +
			"a correct code records that session's second_factor_verified_at. One 30-second step of clock drift either way is accepted; a code from " +
			"a time step at or before the last accepted one (the registering code included) is `INCORRECT_CODE`.",
		errorsWhen: {
			INVALID_DATA: "`code` missing, not a string, or longer than 64 characters.",
			TOO_MANY_REQUESTS: "The check is locked after 5 incorrect codes in a row, even for the right code. `Retry-After` says when it unlocks.",
			NOT_ALLOWED: "The user has no TOTP credential.",
			INCORRECT_CODE: "The code is wrong or was already used.",
		},
		body: verifyTotpBody,
		examples: { request: { code: "118315", session_id: SESSION_ID } },
		success: returnsNothing("The code is right."),
		resource: pathUser,
		keep: KEPT_SESSION_IN_BODY,
		errors: actions.VERIFY_TOTP_ERRORS,
		async handle(c, { resource: user, body, keep: session }) {
			const result = await actions.verifyTotp(c.get("ctx"), user.id, body.code, body.client_ip);
			if (!result.ok) return result;
			// A session that ended meanwhile records nothing; the code was still right.
			if (session !== null) await markSecondFactor(c.get("ctx"), user.id, session);
			return noContent();
		},
	}),

	regenerateRecoveryCode: endpoint({
		summary: "Regenerate the recovery code",
		description: "No body needed. Replaces the user's recovery code without touching the TOTP credential, for example when the user thinks it was seen.",
		errorsWhen: { INVALID_DATA: "A body that is not a JSON object." },
		body: regenerateRecoveryCodeBody,
		examples: { request: {}, answer: { recovery_code: "EVCSADKF" } },
		success: returns(recoveryCodeAnswer, "The user's new recovery code."),
		resource: pathUser,
		errors: actions.REGENERATE_RECOVERY_CODE_ERRORS,
		act: (ctx, { resource: user }) => actions.regenerateRecoveryCode(ctx, user.id),
	}),

	resetTwoFactor: endpoint({
		summary: "Reset two-factor authentication with the recovery code",
		description:
			"For a user who lost their authenticator. The old recovery code is spent (of two parallel calls with it, one wins). The TOTP credential is " +
			"deleted, both second-factor lockouts of the user are cleared, and every [session](#sessions) of the user but `session_id` ends, in the " +
			"same transaction (`session_id` must be a live session of this user).",
		errorsWhen: {
			NOT_FOUND: "No such user, or `session_id` is not a live session of this user (judged first; nothing changes).",
			INVALID_DATA: "`recovery_code` missing, not a string, or longer than 64 characters.",
			TOO_MANY_REQUESTS: "The check is locked after 5 incorrect codes in a row. `Retry-After` says when it unlocks.",
			INCORRECT_CODE: "The recovery code is wrong.",
		},
		body: resetTwoFactorBody,
		examples: { request: { recovery_code: USER.recovery_code, session_id: SESSION_ID }, answer: { recovery_code: "P626KJLY" } },
		success: returns(recoveryCodeAnswer, "A new recovery code."),
		resource: pathUser,
		keep: KEPT_SESSION_IN_BODY,
		errors: actions.RESET_SECOND_FACTORS_ERRORS,
		act: (ctx, { resource: user, body, keep }) => actions.resetUserSecondFactors(ctx, user.id, body.recovery_code, body.client_ip, keep),
	}),
});
