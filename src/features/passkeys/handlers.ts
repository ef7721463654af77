// POST /users/:user_id/passkey-registrations, POST /passkey-registrations/:ceremony_id/verify,
// POST /passkey-authentications, POST /passkey-authentications/:ceremony_id/verify,
// GET /users/:user_id/passkeys, GET/DELETE /passkeys/:passkey_id
// With passkeys off these are never reached: their rows belong to the passkeys switch (src/routes.ts).
import type { PasskeyConfig } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { ok } from "../../errors.ts";
import { endpoint, endpoints, returns, returnsList, returnsNothing, type C } from "../../http/endpoint.ts";
import { pathResource } from "../../http/params.ts";
import { pathUser } from "../users/path-user.ts";
import { keptSessionQuery } from "../sessions/schemas.ts";
import * as actions from "./actions.ts";
import { passkeyAnswer, passkeyAuthenticationAnswer, passkeyRegistrationAnswer, passkeySignInAnswer, startAuthenticationBody, startRegistrationBody, verifyAuthenticationBody, verifyRegistrationBody } from "./schemas.ts";
import { KEPT_SESSION_IN_QUERY } from "../sessions/kept-session.ts";

function relyingParty(ctx: AppContext): PasskeyConfig {
	if (ctx.passkeys === null) throw new Error("a passkey route was reached with passkeys off");
	return ctx.passkeys;
}

/** The ceremony a verify names; an unknown one is INVALID_REQUEST, judged by the action. */
function pathCeremonyId(c: C): string {
	return c.req.param("ceremony_id") ?? "";
}

const pathPasskey = pathResource("passkey_id", (ctx, id) => ctx.stores.passkeys.get(id));

export default endpoints("Passkeys", {
	startPasskeyRegistration: endpoint({
		summary: "Start a passkey registration",
		description:
			"Give `options` to `PublicKeyCredential.parseCreationOptionsFromJSON()` and the result to `navigator.credentials.create({ publicKey })`. " +
			"The ceremony lives 5 minutes. The user handle in `options.user.id` is 32 random bytes made once per user, never the id or email. " +
			"`user.name` is the user's email, else their id. `excludeCredentials` lists the user's passkeys, so the authenticator refuses to register twice.",
		errorsWhen: {
			NOT_FOUND: "No such user.",
			INVALID_DATA: "A bad `client_ip`.",
			TOO_MANY_REQUESTS: "`client_ip` is blocked for incorrect passwords or failed assertions.",
			NOT_ALLOWED: "The user has 10 passkeys already; or passkeys are off.",
		},
		body: startRegistrationBody,
		success: returns(passkeyRegistrationAnswer, "The ceremony and its PublicKeyCredentialCreationOptions JSON."),
		resource: pathUser,
		errors: actions.START_REGISTRATION_ERRORS,
		act: async (ctx, { resource: user, body }) => {
			const started = await actions.startRegistration(ctx, relyingParty(ctx), user, body.client_ip);
			return started.ok ? ok({ ...started.value, userId: user.id }) : started;
		},
	}),

	verifyPasskeyRegistration: endpoint({
		summary: "Verify a passkey registration",
		description:
			"`credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create()`. The ceremony is used up by this call " +
			"whatever its outcome (a body that is not of the right shape, INVALID_DATA, is refused before and leaves it). " +
			"INVALID_REQUEST when the ceremony is unknown, expired or used; INVALID_CREDENTIAL when a check fails; PASSKEY_ALREADY_REGISTERED when the " +
			"credential id is registered to any user; NOT_ALLOWED when the user reached 10 passkeys meanwhile, or passkeys are off. " +
			"`client_ip` only goes into the passkey_registered security event.",
		errorsWhen: {
			INVALID_DATA: "The body is not of this shape (the ceremony is kept).",
			INVALID_REQUEST: "The ceremony does not exist, has expired or was used.",
			INVALID_CREDENTIAL: "A check failed (see [passkeys.md](passkeys.md#what-holm-checks)).",
			PASSKEY_ALREADY_REGISTERED: "The credential is registered already, to this or another user.",
			NOT_ALLOWED: "The user reached 10 passkeys meanwhile; or passkeys are off.",
		},
		body: verifyRegistrationBody,
		success: returns(passkeyAnswer, "The new passkey."),
		errors: actions.FINISH_REGISTRATION_ERRORS,
		act: (ctx, { body }, c) =>
			actions.finishRegistration(ctx, relyingParty(ctx), { ceremonyId: pathCeremonyId(c), credential: body.credential, name: body.name, clientIp: body.client_ip }),
	}),

	startPasskeyAuthentication: endpoint({
		summary: "Start a passkey sign-in",
		description:
			"Give `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()` and the result to `navigator.credentials.get({ publicKey })`. " +
			"With `user_id`, `allowCredentials` lists that user's passkeys; without, it is empty, for a discoverable (username-less) sign-in. " +
			"TOO_MANY_REQUESTS while `client_ip` (or the named user) is blocked for incorrect passwords. NOT_ALLOWED when passkeys are off.",
		errorsWhen: {
			INVALID_DATA: "`user_id` or `client_ip` is not a string.",
			NOT_FOUND: "`user_id` names no user.",
			TOO_MANY_REQUESTS: "`client_ip`, or the named user, is blocked for incorrect passwords or failed assertions.",
		},
		body: startAuthenticationBody,
		success: returns(passkeyAuthenticationAnswer, "The ceremony and its PublicKeyCredentialRequestOptions JSON."),
		errors: actions.START_AUTHENTICATION_ERRORS,
		act: (ctx, { body }) => actions.startAuthentication(ctx, relyingParty(ctx), { userId: body.user_id, clientIp: body.client_ip }),
	}),

	verifyPasskeyAuthentication: endpoint({
		summary: "Verify a passkey sign-in",
		description:
			"`credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get()`. The limits are checked first: a failed " +
			"assertion counts as an incorrect password for `client_ip` and for the passkey's user (5 per address, 10 per user in 15 minutes). " +
			"Then the ceremony is used up, whatever the outcome. INVALID_REQUEST when the ceremony is unknown, expired or used; INVALID_CREDENTIAL " +
			"when a check fails (a counter that did not go up also logs passkey_counter_regressed). NOT_ALLOWED when passkeys are off. " +
			"A user with `totp_registered` may still be asked for a TOTP code, as your policy wants ([passkeys.md](passkeys.md#trade-offs)).",
		errorsWhen: {
			INVALID_DATA: "The body is not of this shape (the ceremony is kept).",
			TOO_MANY_REQUESTS: "The address or the passkey's user is blocked (the ceremony is kept).",
			INVALID_REQUEST: "The ceremony does not exist, has expired or was used.",
			INVALID_CREDENTIAL:
				"A check failed: an unknown or deleted passkey, another user's, a bad signature, a counter that did not go up (a `passkey_counter_regressed` security event), …",
			USER_DISABLED:
				"The assertion is right, but an operator [disabled](#disable-a-user) the passkey's user. The ceremony is used up; the passkey's use is not recorded.",
		},
		body: verifyAuthenticationBody,
		success: returns(passkeySignInAnswer, "The user signed in, and the passkey used (its last_used_at now)."),
		errors: actions.FINISH_AUTHENTICATION_ERRORS,
		act: (ctx, { body }, c) => actions.finishAuthentication(ctx, relyingParty(ctx), { ceremonyId: pathCeremonyId(c), credential: body.credential, clientIp: body.client_ip }),
	}),

	listUserPasskeys: endpoint({
		summary: "List a user's passkeys",
		description: "Oldest first. Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).",
		success: returnsList(passkeyAnswer, "The user's passkeys (at most 10)."),
		resource: pathUser,
		async handle(c, { resource: user }) {
			const passkeys = await c.get("ctx").stores.passkeys.listForUser(user.id);
			return Response.json(passkeys.map(passkeyAnswer.json));
		},
	}),

	getPasskey: endpoint({
		summary: "Get a passkey",
		description: "Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).",
		success: returns(passkeyAnswer, "The passkey; never its public key or counter."),
		resource: pathPasskey,
		handle: (_c, { resource: passkey }) => Response.json(passkeyAnswer.json(passkey)),
	}),

	deletePasskey: endpoint({
		summary: "Delete a passkey",
		description:
			"The authenticator keeps its copy; the user may remove it there too. Every other session of the user ends in the same transaction (a lost phone's " +
			"passkey removed signs that phone out); the query parameter `session_id` (a live session of this user, else NOT_FOUND before anything else is judged, " +
			"and nothing changes) stays signed in (`sessions_ended`, reason `passkey_removed`). A `passkey_deleted` security event. Deleting a user deletes " +
			"their passkeys. Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).",
		errorsWhen: { NOT_FOUND: "No such passkey, or `session_id` is not a live session of the passkey's user (then nothing changes)." },
		query: keptSessionQuery,
		success: returnsNothing("Deleted; it can no longer sign in."),
		resource: pathPasskey,
		keep: KEPT_SESSION_IN_QUERY,
		keptBy: async (_c, { resource: passkey }) => passkey.userId,
		errors: actions.DELETE_PASSKEY_ERRORS,
		act: (ctx, { resource: passkey, keep }) => actions.deletePasskey(ctx, passkey.id, keep),
	}),
});
