// Sign-in with an identity provider (API.md section 16), in the relay style of passkeys: Holm makes
// the provider's URL and checks what comes back; the application's backend redirects the browser
// and relays the callback. A request is used up by its first verify whose body is valid, whatever
// it answers, and everything that needs no outbound call (the request, its state, the callback's
// issuer) is judged before any goes out.
import type { AppContext } from "../../context.ts";
import { fail, ok, tooManyRequests, type Result } from "../../errors.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { constantTimeEqual } from "../../lib/constant-time.ts";
import { generateCode, generateId, isId } from "../../lib/ids.ts";
import { NO_PASSWORD_HASH } from "../../lib/password-hash.ts";
import { REQUEST_LIFETIME_SECONDS } from "../../limits.ts";
import { logEvent, logEvents, newEvent } from "../events/actions.ts";
import type { EventData } from "../events/store.ts";
import { sessionEnding } from "../sessions/actions.ts";
import { refuseDisabledSignIn } from "../users/disabled.ts";
import type { User } from "../users/store.ts";
import type { IdentityProvider } from "./config.ts";
import type { ProviderTokens } from "./identity.ts";
import type { Refusal } from "./protocol.ts";
import type { ExternalSignInRequest, Identity } from "./store.ts";

/** The provider's answer refused: the caller learns only the code; the operator setting the
 *  provider up learns which rule refused, never the answer itself (no code, token or claim). */
function logRefusal(ctx: AppContext, provider: string, refusal: Refusal): void {
	ctx.log.info("identity provider answer refused", { provider, error: refusal.error, rule: refusal.rule });
}

export const START_EXTERNAL_SIGN_IN_ERRORS = ["NOT_FOUND", "TOO_MANY_REQUESTS", "PROVIDER_ERROR"] as const;

export interface StartedExternalSignIn {
	request: ExternalSignInRequest;
	authorizationUrl: string;
}

/** A request to sign in (or, with `userId`, to add the identity to that signed-in user). */
export async function startExternalSignIn(
	ctx: AppContext,
	input: { provider: string; userId: string | undefined; clientIp: string | undefined },
): Promise<Result<StartedExternalSignIn, typeof START_EXTERNAL_SIGN_IN_ERRORS>> {
	const provider = ctx.identityProviders.find(input.provider);
	if (provider === null) return fail("NOT_FOUND");
	if (input.userId !== undefined && (!isId(input.userId) || (await ctx.stores.users.get(input.userId)) === null)) return fail("NOT_FOUND");
	const admitted = await ctx.limits.admitExternalSignInRequest(input.clientIp);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);
	const started = await ctx.identityProviders.start(provider);
	if (!started.ok) {
		logRefusal(ctx, provider.name, started);
		return fail("PROVIDER_ERROR");
	}
	const createdAt = nowSeconds(ctx);
	const request: ExternalSignInRequest = {
		id: generateId(),
		provider: provider.name,
		userId: input.userId ?? null,
		state: started.value.state,
		codeVerifier: started.value.codeVerifier,
		nonce: started.value.nonce,
		createdAt,
		expiresAt: createdAt + REQUEST_LIFETIME_SECONDS,
	};
	// The user was deleted since it was read.
	if (!(await ctx.stores.identities.insertRequest(request))) return fail("NOT_FOUND");
	return ok({ request, authorizationUrl: started.value.url });
}

export const VERIFY_EXTERNAL_SIGN_IN_ERRORS = ["INVALID_REQUEST", "INVALID_CREDENTIAL", "PROVIDER_ERROR", "IDENTITY_IN_USE", "USER_DISABLED"] as const;

export type Outcome = "signed_in" | "created" | "linked" | "link_required" | "unknown";

export interface ExternalSignIn {
	outcome: Outcome;
	user: User | null;
	identity: Identity | null;
	/** What the provider said, whatever the outcome. */
	email: string | null;
	emailVerified: boolean;
	tokens: ProviderTokens;
}

/** The callback's query parameters, as the application relayed them. */
export interface RelayedCallback {
	state: string;
	code: string | undefined;
	error: string | undefined;
	iss: string | undefined;
}

export async function verifyExternalSignIn(
	ctx: AppContext,
	input: { requestId: string; callback: RelayedCallback; clientIp: string | undefined; createUser: boolean },
): Promise<Result<ExternalSignIn, typeof VERIFY_EXTERNAL_SIGN_IN_ERRORS>> {
	const request = isId(input.requestId) ? await ctx.stores.identities.takeRequest(input.requestId) : null;
	if (request === null) return fail("INVALID_REQUEST");
	const refused = await refusedBeforeExchange(ctx, request, input.callback);
	if (refused !== null) {
		await ctx.stores.identities.dropRequest(request.id);
		return fail(refused);
	}
	const provider = ctx.identityProviders.find(request.provider)!;
	const exchanged = await ctx.identityProviders.exchange(provider, request, { code: input.callback.code!, state: input.callback.state, iss: input.callback.iss });
	if (!exchanged.ok) {
		logRefusal(ctx, provider.name, exchanged);
		await ctx.stores.identities.dropRequest(request.id);
		return fail(exchanged.error);
	}
	const { identity, tokens } = exchanged;
	const createdAt = nowSeconds(ctx);
	const about = { userId: null, clientIp: input.clientIp };
	const external: EventData = { method: "external", provider: provider.name };
	const settled = await ctx.stores.identities.settle(request, identity, {
		provider: provider.name,
		policy: { autoLink: provider.autoLink, createUser: input.createUser },
		newIdentity: { id: generateId(), createdAt },
		newUser: { id: generateId(), createdAt, passwordHash: NO_PASSWORD_HASH, recoveryCode: generateCode() },
		events: {
			signIn: newEvent(ctx, "sign_in", { ...about, data: external }),
			userCreated: newEvent(ctx, "user_created", { ...about, data: external }),
			identityLinked: newEvent(ctx, "identity_linked", about),
		},
	});
	const said = { email: identity.email, emailVerified: identity.emailVerified, tokens };
	switch (settled.outcome) {
		case "INVALID_REQUEST":
		case "IDENTITY_IN_USE":
			return fail(settled.outcome);
		case "USER_DISABLED":
			return refuseDisabledSignIn(ctx, { userId: settled.userId, clientIp: input.clientIp, data: external });
		case "unknown":
			return ok({ outcome: "unknown", user: null, identity: null, ...said });
		case "link_required":
			return ok({ outcome: "link_required", user: settled.user, identity: null, ...said });
		default:
			for (const event of settled.events) logEvent(ctx, event);
			return ok({ outcome: settled.outcome, user: settled.user, identity: settled.identity, ...said });
	}
}

/** What can be refused without asking the provider: a wrong state, a provider no longer configured,
 *  a callback issued by another issuer (a mix-up: the code must not go to this provider's token
 *  endpoint), an error the provider sent back. */
async function refusedBeforeExchange(ctx: AppContext, request: ExternalSignInRequest, callback: RelayedCallback): Promise<"INVALID_REQUEST" | "INVALID_CREDENTIAL" | "PROVIDER_ERROR" | null> {
	if (!constantTimeEqual(callback.state, request.state)) return "INVALID_REQUEST";
	const provider = ctx.identityProviders.find(request.provider);
	if (provider === null) return "INVALID_REQUEST";
	if (callback.iss !== undefined && !ctx.identityProviders.issuerMatches(provider, callback.iss)) {
		logRefusal(ctx, provider.name, { error: "INVALID_CREDENTIAL", rule: "the callback's iss is not this provider's issuer" });
		return "INVALID_CREDENTIAL";
	}
	if (callback.error !== undefined) {
		const code = /^[A-Za-z0-9_.-]{1,64}$/.test(callback.error) ? callback.error : "other";
		logRefusal(ctx, provider.name, { error: "PROVIDER_ERROR", rule: `the callback holds the error ${code}` });
		return "PROVIDER_ERROR";
	}
	return null;
}

export const LINK_EXTERNAL_SIGN_IN_ERRORS = ["INVALID_REQUEST", "NOT_FOUND", "EMAIL_NOT_VERIFIED", "IDENTITY_IN_USE"] as const;

/** The identity of a request that answered link_required, added to `userId` once the application
 *  has proved that user: only for an address the provider and Holm both verified, that the user
 *  still holds. A refusal leaves the request for another try within its 10 minutes. */
export async function linkExternalSignIn(
	ctx: AppContext,
	input: { requestId: string; userId: string; clientIp: string | undefined },
): Promise<Result<{ user: User; identity: Identity }, typeof LINK_EXTERNAL_SIGN_IN_ERRORS>> {
	if (!isId(input.requestId)) return fail("INVALID_REQUEST");
	if (!isId(input.userId)) return fail("NOT_FOUND");
	const outcome = await ctx.stores.identities.link(input.requestId, input.userId, {
		newIdentity: { id: generateId(), createdAt: nowSeconds(ctx) },
		event: newEvent(ctx, "identity_linked", { userId: input.userId, clientIp: input.clientIp }),
	});
	if (outcome.result !== "LINKED") return fail(outcome.result);
	for (const event of outcome.events) logEvent(ctx, event);
	return ok({ user: outcome.user, identity: outcome.identity });
}

export const DELETE_IDENTITY_ERRORS = ["NOT_FOUND"] as const;

/** Ends the user's sessions but `keepSession` (one signed in through the provider may be the
 *  reason for the removal); the console's removal (`data.actor`) ends them all. */
export async function deleteIdentity(ctx: AppContext, identity: Identity, keepSession: string | null, data: EventData = {}): Promise<Result<void, typeof DELETE_IDENTITY_ERRORS>> {
	const event = newEvent(ctx, "identity_unlinked", { userId: identity.userId, data: { ...data, provider: identity.provider, identity_id: identity.id } });
	const ending = sessionEnding(ctx, identity.userId, "identity_unlinked", keepSession, undefined, data);
	const written = await ctx.stores.identities.delete(identity.id, identity.userId, event, ending);
	if (written === null) return fail("NOT_FOUND");
	logEvents(ctx, written);
	return ok();
}

/** The providers as GET /identity-providers lists them: no secret, no client id. */
export function listedProviders(ctx: AppContext): Pick<IdentityProvider, "name" | "kind">[] {
	return ctx.identityProviders.list().map(({ name, kind }) => ({ name, kind }));
}
