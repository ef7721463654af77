// GET /identity-providers, POST /external-sign-ins, POST /external-sign-ins/:request_id/verify,
// POST /external-sign-ins/:request_id/link, GET /users/:user_id/identities, DELETE /identities/:identity_id
import { answersList, endpoint, endpoints, returns, returnsList, returnsNothing, type C } from "../../http/endpoint.ts";
import { pathResource } from "../../http/params.ts";
import { KEPT_SESSION_IN_QUERY } from "../sessions/kept-session.ts";
import { keptSessionQuery } from "../sessions/schemas.ts";
import { pathUser } from "../users/path-user.ts";
import * as actions from "./actions.ts";
import {
	externalSignInAnswer,
	externalSignInRequestAnswer,
	identityAnswer,
	identityProviderAnswer,
	linkedExternalSignInAnswer,
	linkExternalSignInBody,
	startExternalSignInBody,
	verifyExternalSignInBody,
} from "./schemas.ts";
import { CLIENT_IP, CREATED_AT, EXPIRES_AT, USER, USER_ID } from "../../openapi/examples.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag(
	"Identity providers",
	"Sign in with an account at an identity provider (OpenID Connect, Microsoft Entra ID, GitHub): Holm makes the provider's URL and checks " +
	"what comes back; the application's backend redirects the browser and relays the callback's query. The providers come from the operator's " +
	"`--identity-providers` file, never from a request. The whole flow, the configuration of each provider and the code of a backend are in " +
	"[identity-providers.md](identity-providers.md).\n\n" +
	"An identity is the provider's issuer and its id of the person (`subject`), and is found only by that pair, never by email: an email " +
	"decides nothing unless the provider says it verified it, and even then Holm links an identity to a user who holds that address only once " +
	"you have proved that user (or the operator allowed it for the provider, and both sides verified the address). An identity's email is the " +
	"provider's claim: for Microsoft Entra ID it counts as verified only with the `xms_edov` claim, for GitHub only as the account's primary " +
	"address that GitHub verified. `provider_tokens` is never stored, logged or shown again. Deleting a user deletes their identities.\n\n" +
	"The verify's request is used up by the first verify whose body is valid, whatever it answers. Before any call to the provider, Holm " +
	"checks the request (absent, expired or used: `INVALID_REQUEST`), the `state` (wrong: `INVALID_REQUEST`) and the callback's `iss` " +
	"(another issuer's: `INVALID_CREDENTIAL`, so that a code never goes to the wrong provider's token endpoint). Then it exchanges the code " +
	"with the PKCE verifier and, for OpenID Connect, checks the ID token: its signature against the issuer's published keys (never `none` or " +
	"an HMAC), `iss`, `aud`, `azp`, `exp`, `iat` and `nonce`. The provider is given 5 seconds for each call. Its outcomes:\n\n" +
	"| `outcome` | What happened | `user` |\n|---|---|---|\n" +
	"| `signed_in` | The identity belongs to a user: a `sign_in` event (`method: \"external\"`). Holm stores what the provider said of the email and name now, and never moves the user's own email because of it. | That user. |\n" +
	"| `created` | Nobody holds the identity or the email, and `create_user` was true: a user with the provider's email (verified only when the provider verified it) and no password, with the identity. `user_created` and `sign_in` events. | The new user. |\n" +
	"| `linked` | The request named a `user_id`: the identity is added to that user (`identity_linked`). Or the provider has `auto_link` and both it and Holm verified the email: added to the email's holder, who signs in (`identity_linked`, `sign_in`). | That user. |\n" +
	"| `link_required` | Another user holds the email. Prove that user (a password, a passkey or an email code, and their second factor), then call the link within the request's 10 minutes. | The email's holder, **only** when the provider verified the email; else `null`, and the link will be refused. |\n" +
	"| `unknown` | Nobody holds the identity or the email, and `create_user` was not true. | `null` |\n\n" +
	"A disabled user (the identity's, or the one it would be linked to) answers `403 USER_DISABLED` at the verify: the request is used up, " +
	"nothing is linked, and a `sign_in_failed` event (`reason: \"user_disabled\"`) is recorded. The link answers `200` with an " +
	"`identity_linked` event; a refused link leaves the request as it was, for another try within its 10 minutes (after the user has verified " +
	"the address, say, or signed in by email code, which [claims the account](security.md#whoever-proves-the-address-owns-the-account)). " +
	"Unlinking an identity records an `identity_unlinked` event and ends the user's other sessions (`sessions_ended`, reason `identity_unlinked`).",
);

// The examples of the document (docs/api.md): the values this feature's endpoints show.
// A sign-in with Google: the request, the callback relayed, the identity it led to.
const EXTERNAL_SIGN_IN_ID = "m4tq8wzk2xhd7cnp3bvr9fjy";
const EXTERNAL_STATE = "3a0GkY8PjHp6sV2nXq9RcW4tL7mZbD1uFe5yKoNiTgA";
const IDENTITY = {
	id: "v8kc3nqx7mwd2hzt9bpr4fjs",
	user_id: USER_ID,
	provider: "google",
	subject: "108235726501729854423",
	email: "cat@example.com",
	email_verified: true,
	created_at: CREATED_AT,
	last_sign_in_at: CREATED_AT + 3600,
};

/** The request a verify or link names; an unknown one is INVALID_REQUEST, judged by the action. */
function pathRequest(c: C): string {
	return c.req.param("request_id") ?? "";
}

const pathIdentity = pathResource("identity_id", (ctx, id) => ctx.stores.identities.get(id));

export default endpoints("Identity providers", {
	listIdentityProviders: endpoint({
		summary: "List the identity providers",
		description: "The providers the operator configured (--identity-providers): their names and kinds, never a secret.",
		examples: {
			answer: [
				{ name: "google", kind: "oidc" },
				{ name: "github", kind: "github" },
			],
		},
		success: returnsList(identityProviderAnswer, "The providers, in the file's order."),
		handle: (c) => Response.json(actions.listedProviders(c.get("ctx")).map(identityProviderAnswer.json)),
	}),

	startExternalSignIn: endpoint({
		summary: "Start a sign-in with an identity provider",
		description:
			"Keep `id` in an HttpOnly cookie and redirect the browser to `authorization_url`; the provider sends it back to the provider's redirect URI " +
			"with the query to relay to the verify. With `user_id`, the identity is added to that signed-in user instead. The request lives 10 minutes. " +
			"NOT_FOUND when there is no such provider or user; the per-address bucket of code requests; PROVIDER_ERROR when the provider's discovery " +
			"cannot be had.",
		body: startExternalSignInBody,
		examples: {
			request: { provider: "google", client_ip: CLIENT_IP },
			answer: {
				id: EXTERNAL_SIGN_IN_ID,
				provider: "google",
				authorization_url:
					"https://accounts.google.com/o/oauth2/v2/auth?client_id=4048-example.apps.googleusercontent.com&response_type=code" +
					"&redirect_uri=https%3A%2F%2Fexample.com%2Fauth%2Fgoogle%2Fcallback&scope=openid+email+profile" +
					`&state=${EXTERNAL_STATE}&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256` +
					"&nonce=n-0S6_WzA2Mj4b9qXcZ7uH1kLp",
				expires_at: EXPIRES_AT,
			},
		},
		success: returns(externalSignInRequestAnswer, "The request and the URL to send the browser to."),
		errors: actions.START_EXTERNAL_SIGN_IN_ERRORS,
		act: (ctx, { body }) => actions.startExternalSignIn(ctx, { provider: body.provider, userId: body.user_id, clientIp: body.client_ip }),
	}),

	verifyExternalSignIn: endpoint({
		summary: "Verify a sign-in with an identity provider",
		description:
			"Relay the callback's query (`state`, `code` or `error`, `iss`) from the browser whose cookie holds the request id. The request is used up by " +
			"this call whatever it answers (a body of the wrong shape, INVALID_DATA, leaves it). INVALID_REQUEST when the request is absent, expired or " +
			"used, or the state is wrong; INVALID_CREDENTIAL when the callback's issuer is another's (both before any call to the provider), or the " +
			"code or ID token fails a check; PROVIDER_ERROR (502) when the provider sent an error or could not be reached; IDENTITY_IN_USE when the " +
			"request was for a user and another user holds the identity. An identity is found only by (issuer, subject), never by email.",
		body: verifyExternalSignInBody,
		examples: {
			request: { state: EXTERNAL_STATE, code: "4/0AVMBsJg7kQ2xexample", iss: "https://accounts.google.com", client_ip: CLIENT_IP, create_user: true },
			answer: {
				outcome: "signed_in",
				user: { ...USER, email_verified: true },
				identity: IDENTITY,
				email: "cat@example.com",
				email_verified: true,
				provider_tokens: { access_token: "ya29.a0AfB_example", expires_at: CREATED_AT + 3600 + 3599 },
			},
		},
		success: returns(externalSignInAnswer, "What the answer led to, what the provider said of the email, and its access token (shown once)."),
		errors: actions.VERIFY_EXTERNAL_SIGN_IN_ERRORS,
		act: (ctx, { body }, c) =>
			actions.verifyExternalSignIn(ctx, {
				requestId: pathRequest(c),
				callback: { state: body.state, code: body.code, error: body.error, iss: body.iss },
				clientIp: body.client_ip,
				createUser: body.create_user === true,
			}),
	}),

	linkExternalSignIn: endpoint({
		summary: "Link the identity of a sign-in that answered link_required",
		description:
			"Call once you have proved the user who holds the email (a password, a passkey or an email code, and their second factor), within the " +
			"request's 10 minutes. Links only when that user still holds the email and both the provider and Holm verified it. INVALID_REQUEST when the " +
			"request is absent, expired, used, not waiting for a link, or the user does not hold its email; NOT_FOUND when there is no such user; " +
			"EMAIL_NOT_VERIFIED when the provider or Holm has not verified the address (have the user verify it, or sign in by email code, then link " +
			"again); IDENTITY_IN_USE when another user holds the identity. A refusal leaves the request as it was.",
		body: linkExternalSignInBody,
		examples: {
			request: { user_id: USER_ID, client_ip: CLIENT_IP },
			answer: { outcome: "linked", user: { ...USER, email_verified: true }, identity: IDENTITY },
		},
		success: returns(linkedExternalSignInAnswer, "The user and the identity now theirs."),
		errors: actions.LINK_EXTERNAL_SIGN_IN_ERRORS,
		act: (ctx, { body }, c) => actions.linkExternalSignIn(ctx, { requestId: pathRequest(c), userId: body.user_id, clientIp: body.client_ip }),
	}),

	listUserIdentities: answersList({
		summary: "List a user's identities",
		description: "Oldest first.",
		answer: identityAnswer,
		says: "The user's identities.",
		resource: pathUser,
		example: IDENTITY,
		list: (ctx, user) => ctx.stores.identities.listForUser(user.id),
	}),

	deleteIdentity: endpoint({
		summary: "Unlink an identity",
		description:
			"The user can no longer sign in with it. Every other session of the user ends in the same transaction; the query parameter `session_id` " +
			"(a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.",
		query: keptSessionQuery,
		success: returnsNothing("Unlinked."),
		resource: pathIdentity,
		keep: KEPT_SESSION_IN_QUERY,
		keptBy: async (_c, { resource: identity }) => identity.userId,
		errors: actions.DELETE_IDENTITY_ERRORS,
		act: (ctx, { resource: identity, keep }) => actions.deleteIdentity(ctx, identity, keep),
	}),
});
