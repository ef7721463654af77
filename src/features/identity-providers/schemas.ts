import { z } from "zod";
import { wireShape } from "../../http/wire.ts";
import { clientIp, optional } from "../../lib/validation.ts";
import type { User } from "../users/store.ts";
import { identifier, unixSeconds, userAnswer } from "../users/schemas.ts";
import type { ExternalSignIn, StartedExternalSignIn } from "./actions.ts";
import { PROVIDER_KINDS, type IdentityProvider } from "./config.ts";
import type { Identity } from "./store.ts";
import { named } from "../../openapi/names.ts";

export const startExternalSignInBody = named("StartExternalSignInBody", z.object({
	provider: z.string().max(64).meta({ description: "The name of a configured provider (GET /identity-providers)." }),
	user_id: optional(z.string().max(64)).meta({
		description: "A signed-in user to add the identity to (an \"add a sign-in method\" button), instead of signing in.",
	}),
	client_ip: clientIp,
}));

// The callback's query parameters, relayed as they came. Sizes are generous bounds, not rules.
export const verifyExternalSignInBody = named("VerifyExternalSignInBody", z
	.object({
		state: z.string().max(1024).meta({ description: "The callback's `state`." }),
		code: optional(z.string().max(4096)).meta({ description: "The callback's `code`; absent when the provider sent an `error`." }),
		error: optional(z.string().max(1024)).meta({ description: "The callback's `error`, when the provider sent one (the user cancelled, say)." }),
		iss: optional(z.string().max(2048)).meta({ description: "The callback's `iss` (RFC 9207), when the provider sent one." }),
		client_ip: clientIp,
		create_user: optional(z.boolean()).meta({ description: "Default false. When nobody holds the identity or the email, create a user with them." }),
	})
	.refine((body) => body.code !== undefined || body.error !== undefined, { message: "a callback holds a code or an error" })
	.meta({ description: "The callback's query parameters, relayed: `code` or `error` is required." }));

export const linkExternalSignInBody = named("LinkExternalSignInBody", z.object({
	user_id: z.string().max(64).meta({ description: "The user the application has just proved (the verify's `user`), who holds the email." }),
	client_ip: clientIp,
}));

// ---- The answers: their JSON and their schema in the OpenAPI document, one declaration each. ----

export const identityProviderAnswer = named("IdentityProvider", wireShape<Pick<IdentityProvider, "name" | "kind">>()({
	name: [z.string().regex(/^[a-z0-9-]{1,32}$/), (provider) => provider.name],
	kind: [z.enum(PROVIDER_KINDS as [string, ...string[]]), (provider) => provider.kind],
}));

export const externalSignInRequestAnswer = named("ExternalSignInRequest", wireShape<StartedExternalSignIn>()({
	id: [
		identifier.meta({ description: "Keep it in an HttpOnly cookie of the browser you redirect: the callback is verified with it, in that browser only." }),
		({ request }) => request.id,
	],
	provider: [z.string(), ({ request }) => request.provider],
	authorization_url: [
		z.string().meta({ description: "Redirect the browser here. It carries a fresh state, a PKCE challenge (S256) and, for OpenID Connect, a nonce." }),
		({ authorizationUrl }) => authorizationUrl,
	],
	expires_at: [unixSeconds.meta({ description: "10 minutes from now: the verify (and a link) must come before." }), ({ request }) => request.expiresAt],
}));

/** The identity model of API.md section 16. */
export const identityAnswer = named("Identity", wireShape<Identity>()({
	id: [identifier, (identity) => identity.id],
	user_id: [identifier, (identity) => identity.userId],
	provider: [z.string().meta({ description: "The provider it last came through." }), (identity) => identity.provider],
	subject: [z.string().meta({ description: "The provider's id of the person (with its issuer, what the identity is)." }), (identity) => identity.subject],
	email: [z.string().nullable().meta({ description: "What the provider last said; never moves the user's own email." }), (identity) => identity.email],
	email_verified: [z.boolean().meta({ description: "Whether the provider said it verified that address." }), (identity) => identity.emailVerified],
	created_at: [unixSeconds, (identity) => identity.createdAt],
	last_sign_in_at: [unixSeconds.nullable().meta({ description: "null until it is used to sign in." }), (identity) => identity.lastSignInAt],
}));

const OUTCOMES = ["signed_in", "created", "linked", "link_required", "unknown"] as const;

export const externalSignInAnswer = named("ExternalSignIn", wireShape<ExternalSignIn>()({
	outcome: [
		z.enum(OUTCOMES).meta({
			description:
				"signed_in: the identity's user. created: a new user (create_user). linked: added to the request's user, or to the email's holder " +
				"(auto_link). link_required: another user holds the email: prove that user, then POST /external-sign-ins/{id}/link. unknown: nobody holds " +
				"the identity or the email.",
		}),
		(signIn) => signIn.outcome,
	],
	user: [
		userAnswer.schema.nullable().meta({
			description: "The user signed in, created or linked; for link_required, the email's holder, only when the provider verified the email.",
		}),
		(signIn) => (signIn.user === null ? null : userAnswer.json(signIn.user)),
	],
	identity: [identityAnswer.schema.nullable(), (signIn) => (signIn.identity === null ? null : identityAnswer.json(signIn.identity))],
	email: [z.string().nullable().meta({ description: "The email the provider gave (NFC, lower-cased), or null." }), (signIn) => signIn.email],
	email_verified: [z.boolean().meta({ description: "Whether the provider said it verified that email." }), (signIn) => signIn.emailVerified],
	provider_tokens: [
		z
			.object({
				access_token: z.string(),
				expires_at: unixSeconds.nullable().meta({ description: "null when the provider did not say." }),
			})
			.meta({ description: "The provider's access token, for your own calls to its API: in this answer only, never stored or shown again." }),
		(signIn) => ({ access_token: signIn.tokens.accessToken, expires_at: signIn.tokens.expiresAt }),
	],
}));

export const linkedExternalSignInAnswer = named("LinkedExternalSignIn", wireShape<{ user: User; identity: Identity }>()({
	outcome: [z.literal("linked"), () => "linked" as const],
	user: [userAnswer.schema, (linked) => userAnswer.json(linked.user)],
	identity: [identityAnswer.schema, (linked) => identityAnswer.json(linked.identity)],
}));
