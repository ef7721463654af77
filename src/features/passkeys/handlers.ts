// POST /users/:user_id/passkey-registrations, POST /passkey-registrations/:ceremony_id/verify,
// POST /passkey-authentications, POST /passkey-authentications/:ceremony_id/verify,
// GET /users/:user_id/passkeys, GET/DELETE /passkeys/:passkey_id
// With passkeys off these are never reached: their rows belong to the passkeys switch (src/routes.ts).
import type { PasskeyConfig } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { ok } from "../../errors.ts";
import { answersList, answersResource, endpoint, endpoints, returns, returnsNothing, type C } from "../../http/endpoint.ts";
import { pathResource } from "../../http/params.ts";
import { pathUser } from "../users/path-user.ts";
import { keptSessionQuery } from "../sessions/schemas.ts";
import * as actions from "./actions.ts";
import { passkeyAnswer, passkeyAuthenticationAnswer, passkeyRegistrationAnswer, passkeySignInAnswer, startAuthenticationBody, startRegistrationBody, verifyAuthenticationBody, verifyRegistrationBody } from "./schemas.ts";
import { KEPT_SESSION_IN_QUERY } from "../sessions/kept-session.ts";
import { CLIENT_IP, CREATED_AT, CREDENTIAL_ID, PASSKEY, USER, USER_HANDLE, USER_ID } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag(
	"Passkeys",
	"WebAuthn registration and sign-in: Holm makes the options, the application's page hands them to navigator.credentials, " +
	"and the application backend relays the answer back (`PublicKeyCredential.toJSON()`) to the verify call. Every passkey endpoint answers " +
	"`400 NOT_ALLOWED` right after the secret check while passkeys are off (no `--passkey-rp-id`). Configuration, the browser code, what is " +
	"checked and the trade-offs are in [passkeys.md](passkeys.md). Both kinds of ceremony live 5 minutes and are used up by their verify " +
	"call, whatever its outcome; an unknown, expired or used ceremony answers `INVALID_REQUEST` (not `NOT_FOUND`).",
);

// The examples of the document (docs/api.md): the values this feature's endpoints show.
const PASSKEY_SIGN_IN_AT = CREATED_AT + 120;
const PASSKEY_REGISTRATION = {
	id: "q4mzp7hbxk2c9tnwdj3rfv8s",
	user_id: USER_ID,
	created_at: CREATED_AT,
	expires_at: CREATED_AT + 300,
	options: {
		rp: { id: "example.com", name: "Example" },
		user: { id: USER_HANDLE, name: USER.email, displayName: USER.email },
		challenge: "7dBX0dQm8C5zJ0cQk4oG1dM4w2Jt5YQ6kqYV0p1g8bE",
		pubKeyCredParams: [
			{ type: "public-key", alg: -7 },
			{ type: "public-key", alg: -8 },
			{ type: "public-key", alg: -257 },
		],
		timeout: 300000,
		excludeCredentials: [],
		authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
		attestation: "none",
	},
};
const PASSKEY_AUTHENTICATION = {
	id: "vnd3sb5hpc7w2mzq8k4tx9ea",
	created_at: PASSKEY_SIGN_IN_AT,
	expires_at: PASSKEY_SIGN_IN_AT + 300,
	options: {
		challenge: "Q2m3pV0kYtq5s9Y3vTzJb6N8hH1aW4eR7uC0xL2dF5g",
		timeout: 300000,
		rpId: "example.com",
		allowCredentials: [],
		userVerification: "required",
	},
};
const REGISTRATION_CREDENTIAL = {
	id: CREDENTIAL_ID,
	rawId: CREDENTIAL_ID,
	type: "public-key",
	response: {
		clientDataJSON:
			"eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiN2RCWDBkUW04QzV6SjBjUWs0b0cxZE00dzJKdDVZUTZrcVlWMHAxZzhiRSIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
		attestationObject:
			"o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YViYo3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUddAAAAAPv8MAcVTk7MjAtuAgVX170AFNDKpT-YVBGlUGeqXJ3ivc27OwAKpQECAyYgASFYIN9_Sb0f43hFJapkN-5oSldgzamlEh223VM_e6LzZR3RIlggw0-YY7bK9oiA5Vzu1Ox8wkxGNpkwUaySP-7OUZAHeHE",
		transports: ["hybrid", "internal"],
	},
};
const AUTHENTICATION_CREDENTIAL = {
	id: CREDENTIAL_ID,
	rawId: CREDENTIAL_ID,
	type: "public-key",
	response: {
		clientDataJSON:
			"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiUTJtM3BWMGtZdHE1czlZM3ZUekpiNk44aEgxYVc0ZVI3dUMweEwyZEY1ZyIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
		authenticatorData: "o3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUcdAAAAAA",
		signature: "MEUCIQD-rVEHECzxZ00GV3FN09_CxlS8fSBYc5S3boPLNzNfGgIgXJySXHjZosCQ_tLQrEsOzksqSt5lbl7a8YlJJr1cM0E",
		userHandle: USER_HANDLE,
	},
};

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
		examples: { request: { client_ip: CLIENT_IP }, answer: PASSKEY_REGISTRATION },
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
		examples: { request: { credential: REGISTRATION_CREDENTIAL, name: PASSKEY.name, client_ip: CLIENT_IP }, answer: PASSKEY },
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
		examples: { request: { client_ip: CLIENT_IP }, answer: PASSKEY_AUTHENTICATION },
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
		examples: {
			request: { credential: AUTHENTICATION_CREDENTIAL, client_ip: CLIENT_IP },
			answer: { user: USER, passkey: { ...PASSKEY, last_used_at: PASSKEY_SIGN_IN_AT + 5 } },
		},
		success: returns(passkeySignInAnswer, "The user signed in, and the passkey used (its last_used_at now)."),
		errors: actions.FINISH_AUTHENTICATION_ERRORS,
		act: (ctx, { body }, c) => actions.finishAuthentication(ctx, relyingParty(ctx), { ceremonyId: pathCeremonyId(c), credential: body.credential, clientIp: body.client_ip }),
	}),

	listUserPasskeys: answersList({
		summary: "List a user's passkeys",
		description: "Oldest first. Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).",
		answer: passkeyAnswer,
		says: "The user's passkeys (at most 10).",
		resource: pathUser,
		example: PASSKEY,
		list: (ctx, user) => ctx.stores.passkeys.listForUser(user.id),
	}),

	getPasskey: answersResource({
		summary: "Get a passkey",
		description: "Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).",
		answer: passkeyAnswer,
		says: "The passkey; never its public key or counter.",
		resource: pathPasskey,
		example: PASSKEY,
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
