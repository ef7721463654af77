// /users/:user_id/register-totp, /users/:user_id/totp-credential, /users/:user_id/verify-2fa/totp,
// /users/:user_id/regenerate-recovery-code, /users/:user_id/reset-2fa
import { keptSessionQuery } from "../sessions/schemas.ts";
import { keptSessionIsWrong, markSecondFactor } from "../sessions/actions.ts";
import { fail } from "../../errors.ts";
import { endpoint, endpoints } from "../../http/endpoint.ts";
import { pathUser } from "../../http/params.ts";
import { answerWith, noContent, noContentOr } from "../../http/responses.ts";
import * as actions from "./actions.ts";
import { recoveryCodeAnswer, totpCredentialAnswer } from "./schemas.ts";

export default endpoints("Two-factor authentication", {
	registerTotp: endpoint({
		summary: "Register a TOTP credential",
		description:
			"Send the key as `key` or `totp_key` (when both are sent, `key` wins): padded base64 of exactly 20 bytes. " +
			"It is stored only if `code` matches it (one 30-second step of drift either way).",
		body: "RegisterTotpBody",
		success: { status: 200, description: "The credential; it replaces an earlier one.", model: "TotpCredential" },
		resource: pathUser,
		errors: actions.REGISTER_TOTP_ERRORS,
		async handle(c, { resource: user, body }) {
			return answerWith(await actions.registerTotpCredential(c.get("ctx"), user.id, body.key, body.code, body.client_ip), totpCredentialAnswer);
		},
	}),

	getTotpCredential: endpoint({
		summary: "Get the TOTP credential",
		success: { status: 200, description: "The credential, key included.", model: "TotpCredential" },
		errors: ["NOT_FOUND"],
		async handle(c) {
			const user = await pathUser(c);
			const credential = user === null ? null : await c.get("ctx").stores.twoFactor.getCredential(user.id);
			if (credential === null) return fail("NOT_FOUND");
			return Response.json(totpCredentialAnswer.json(credential));
		},
	}),

	deleteTotpCredential: endpoint({
		summary: "Delete the TOTP credential",
		description: "Every other session of the user ends in the same transaction; the query parameter `session_id` (a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.",
		query: keptSessionQuery,
		success: { status: 204, description: "TOTP is off for the user." },
		resource: pathUser,
		errors: ["NOT_FOUND", ...actions.DELETE_TOTP_ERRORS],
		async handle(c, { resource: user }) {
			const keep = c.req.query("session_id");
			if (await keptSessionIsWrong(c.get("ctx"), user.id, keep)) return fail("NOT_FOUND");
			return noContentOr(await actions.deleteTotpCredential(c.get("ctx"), user.id, keep ?? null));
		},
	}),

	verifyTotp: endpoint({
		summary: "Verify a TOTP code",
		description:
			"Each code works once. 5 incorrect codes in a row lock the check (TOO_MANY_REQUESTS, even for the right code). " +
			"NOT_ALLOWED when the user has no TOTP credential. With `session_id` (a live session of this user, else NOT_FOUND before the code is judged), " +
			"a correct code records that session's second_factor_verified_at.",
		body: "VerifyTotpBody",
		success: { status: 204, description: "The code is right." },
		resource: pathUser,
		errors: ["NOT_FOUND", ...actions.VERIFY_TOTP_ERRORS],
		async handle(c, { resource: user, body }) {
			if (await keptSessionIsWrong(c.get("ctx"), user.id, body.session_id)) return fail("NOT_FOUND");
			const result = await actions.verifyTotp(c.get("ctx"), user.id, body.code, body.client_ip);
			if (!result.ok) return result;
			// A session that ended meanwhile records nothing; the code was still right.
			if (body.session_id !== undefined) await markSecondFactor(c.get("ctx"), user.id, body.session_id);
			return noContent();
		},
	}),

	regenerateRecoveryCode: endpoint({
		summary: "Regenerate the recovery code",
		body: "RegenerateRecoveryCodeBody",
		success: { status: 200, description: "The user's new recovery code.", model: "RecoveryCode" },
		resource: pathUser,
		errors: actions.REGENERATE_RECOVERY_CODE_ERRORS,
		async handle(c, { resource: user }) {
			return answerWith(await actions.regenerateRecoveryCode(c.get("ctx"), user.id), recoveryCodeAnswer);
		},
	}),

	resetTwoFactor: endpoint({
		summary: "Reset two-factor authentication with the recovery code",
		description: "The TOTP credential is deleted and the old recovery code is spent. 5 incorrect codes in a row lock the check. Every other session of the user ends in the same transaction; `session_id` (a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.",
		body: "ResetTwoFactorBody",
		success: { status: 200, description: "A new recovery code.", model: "RecoveryCode" },
		resource: pathUser,
		errors: ["NOT_FOUND", ...actions.RESET_SECOND_FACTORS_ERRORS],
		async handle(c, { resource: user, body }) {
			if (await keptSessionIsWrong(c.get("ctx"), user.id, body.session_id)) return fail("NOT_FOUND");
			return answerWith(await actions.resetUserSecondFactors(c.get("ctx"), user.id, body.recovery_code, body.client_ip, body.session_id ?? null), recoveryCodeAnswer);
		},
	}),
});
