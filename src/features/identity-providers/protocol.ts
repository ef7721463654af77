// The relying party (API.md section 16), done by panva's openid-client: discovery, PKCE (S256), state,
// nonce, the code exchange, and every check of the ID token (its signature against the issuer's
// published keys, never `none` or HMAC; iss, aud, azp, exp, iat, nonce). Holm adds only what the
// library cannot know: which callback issuer belongs to which provider (checked before any call
// goes out), GitHub's API, Entra's proof of an email, and which failures are the provider's (502)
// rather than a bad answer (INVALID_CREDENTIAL).
//
// Discovery is fetched when a provider is first needed, not at start (Holm starts while a provider
// is down), kept for an hour, and fetched again on first need after that; the issuer's keys are
// cached by the library, which fetches them again for a key id it does not know at most once a
// minute. The key cache outlives a fresh discovery.
import * as client from "openid-client";
import type { IdentityProvider } from "./config.ts";
import { isAllowedProviderUrl } from "./config.ts";
import { githubIdentity, githubTokenErrors } from "./github.ts";
import { emailOf, nameOf, subjectOf, UnusableIdentity, type ProviderIdentity, type ProviderTokens } from "./identity.ts";
import { callbackIssuerMatches, isMultiTenantIssuer, microsoftEmailVerified } from "./microsoft.ts";
import { boundedFetch, outboundCause, OUTBOUND_TIMEOUT_MS, type OutboundOptions } from "./outbound.ts";

const DISCOVERY_MAX_AGE_MS = 60 * 60 * 1000;

/** What the authorization request carries, and what Holm keeps of it for the callback. */
export interface AuthorizationStart {
	url: string;
	/** ≥ 128 random bits (the library's: 256), checked at the callback in constant time. */
	state: string;
	/** PKCE: the verifier stays here; the URL carries its S256 challenge. */
	codeVerifier: string;
	/** OpenID Connect only: the ID token must carry it. */
	nonce: string | null;
}

/** What the application relayed from the provider's redirect back. */
export interface Callback {
	code: string;
	state: string;
	iss: string | undefined;
}

export type Refusal = { error: "INVALID_CREDENTIAL" | "PROVIDER_ERROR"; rule: string };

export type Exchanged = { ok: true; identity: ProviderIdentity; tokens: ProviderTokens } | ({ ok: false } & Refusal);

export interface IdentityProviders {
	/** As configured, in the file's order. */
	list(): readonly IdentityProvider[];
	find(name: string): IdentityProvider | null;
	/** The authorization URL with a fresh state, PKCE and nonce; a provider whose discovery cannot be
	 *  had answers PROVIDER_ERROR. */
	start(provider: IdentityProvider): Promise<{ ok: true; value: AuthorizationStart } | ({ ok: false } & Refusal)>;
	/** Whether a callback's `iss` (RFC 9207) may come from this provider: judged on the configuration
	 *  alone, before any call goes out. */
	issuerMatches(provider: IdentityProvider, iss: string): boolean;
	/** The code exchanged (with the PKCE verifier), the answer checked, the identity read. */
	exchange(provider: IdentityProvider, kept: { codeVerifier: string; nonce: string | null; state: string }, callback: Callback): Promise<Exchanged>;
}

export interface IdentityProviderOptions extends OutboundOptions {
	/** What calls go out with, bounded by outbound.ts; fetch unless a test stands in for the providers. */
	fetch?: typeof fetch;
	/** Milliseconds since the epoch, for the discovery cache. */
	now?: () => number;
}

interface Cached {
	config: client.Configuration;
	fetchedAt: number;
}

function isLoopbackProvider(provider: IdentityProvider): boolean {
	const url = new URL(provider.issuer ?? provider.authorizationEndpoint!);
	return url.protocol === "http:" && isAllowedProviderUrl(url);
}

/** A failure of the library or of the call, judged: a provider that answered an error or could not
 *  be reached (PROVIDER_ERROR, 502), or an answer that failed a check (INVALID_CREDENTIAL). The rule
 *  is for the log: the library's code and its fixed message, never the answer itself. */
export function judgeFailure(error: unknown): Refusal {
	const outbound = outboundCause(error);
	if (outbound !== null) return { error: "PROVIDER_ERROR", rule: outbound.message };
	if (error instanceof client.ResponseBodyError) {
		const code = /^[A-Za-z0-9_.-]{1,64}$/.test(error.error) ? error.error : "other";
		// A code the provider does not take (used, expired, another client's or provider's: GitHub says
		// bad_verification_code) is a bad credential; any other error of the token endpoint is the
		// provider's or its configuration's.
		const badCode = code === "invalid_grant" || code === "bad_verification_code";
		return { error: badCode ? "INVALID_CREDENTIAL" : "PROVIDER_ERROR", rule: `the token endpoint answered ${code}` };
	}
	if (error instanceof client.AuthorizationResponseError) return { error: "INVALID_CREDENTIAL", rule: "the callback holds an error" };
	if (error instanceof UnusableIdentity) return { error: "INVALID_CREDENTIAL", rule: error.message };
	if (error instanceof client.ClientError) {
		const rule = `${error.code ?? "OAUTH"}: ${error.message}`;
		switch (error.code) {
			case "OAUTH_TIMEOUT":
			case "OAUTH_ABORT":
			case "OAUTH_RESPONSE_IS_NOT_CONFORM":
			case "OAUTH_RESPONSE_IS_NOT_JSON":
			case "OAUTH_HTTP_REQUEST_FORBIDDEN":
			case "OAUTH_REQUEST_PROTOCOL_FORBIDDEN":
			case "OAUTH_WWW_AUTHENTICATE_CHALLENGE":
			case undefined:
				return { error: "PROVIDER_ERROR", rule };
			default:
				// Claims, timestamps, signatures, keys, algorithms, malformed tokens: the answer failed a check.
				return { error: "INVALID_CREDENTIAL", rule };
		}
	}
	if (error instanceof client.WWWAuthenticateChallengeError) return { error: "PROVIDER_ERROR", rule: "the provider answered a challenge" };
	// Anything else the library threw is about what the provider sent (a TypeError on a malformed
	// document, say): never the caller's 500.
	return { error: "PROVIDER_ERROR", rule: error instanceof Error ? `${error.name}: unexpected answer` : "unexpected answer" };
}

export function createIdentityProviders(providers: readonly IdentityProvider[], options: IdentityProviderOptions = {}): IdentityProviders {
	const now = options.now ?? Date.now;
	const timeoutSeconds = Math.ceil((options.timeoutMs ?? OUTBOUND_TIMEOUT_MS) / 1000);
	const fetchOut = boundedFetch(options.fetch ?? fetch, options);
	const byName = new Map(providers.map((provider) => [provider.name, provider]));
	const cached = new Map<string, Cached>();
	const pending = new Map<string, Promise<client.Configuration>>();

	/** The provider's fetch: bounded; for GitHub, its token errors made standard (github.ts). */
	function fetchFor(provider: IdentityProvider): typeof fetch {
		return provider.kind === "github" ? githubTokenErrors(fetchOut, provider.tokenEndpoint!) : fetchOut;
	}

	function prepared(provider: IdentityProvider, config: client.Configuration): client.Configuration {
		config[client.customFetch] = fetchFor(provider);
		// Every call goes out through boundedFetch, whose one timer (cleared when the answer is read)
		// bounds it: the library's own, an AbortSignal.timeout per call (two a verify: the token
		// request's and the key check's, made even when the keys are cached), would each stay armed
		// for the whole timeout after the answer and then fire.
		config.timeout = 0;
		if (isLoopbackProvider(provider)) client.allowInsecureRequests(config);
		// The ID token's signature is checked against the issuer's published keys (the library
		// otherwise trusts TLS to the token endpoint); an HMAC or `none` token never passes.
		if (provider.kind !== "github") client.enableNonRepudiationChecks(config);
		return config;
	}

	/** GitHub is OAuth 2.0 without discovery: its endpoints are known (or configured). */
	function githubConfiguration(provider: IdentityProvider): client.Configuration {
		const metadata = { issuer: githubIssuer(provider), authorization_endpoint: provider.authorizationEndpoint!, token_endpoint: provider.tokenEndpoint! };
		return prepared(provider, new client.Configuration(metadata, provider.clientId, undefined, client.ClientSecretPost(provider.clientSecret)));
	}

	async function discover(provider: IdentityProvider, previous: Cached | undefined): Promise<client.Configuration> {
		const config = await client.discovery(new URL(provider.issuer!), provider.clientId, undefined, client.ClientSecretBasic(provider.clientSecret), {
			[client.customFetch]: fetchFor(provider),
			timeout: timeoutSeconds,
			execute: isLoopbackProvider(provider) ? [client.allowInsecureRequests] : [],
		});
		const keys = previous === undefined ? undefined : client.getJwksCache(previous.config);
		if (keys !== undefined) client.setJwksCache(config, keys);
		return prepared(provider, config);
	}

	async function configuration(provider: IdentityProvider): Promise<client.Configuration> {
		const found = cached.get(provider.name);
		if (found !== undefined && now() - found.fetchedAt < DISCOVERY_MAX_AGE_MS) return found.config;
		if (provider.kind === "github") {
			const config = githubConfiguration(provider);
			cached.set(provider.name, { config, fetchedAt: Number.POSITIVE_INFINITY });
			return config;
		}
		// One discovery at a time per provider: parallel first sign-ins wait for the same answer.
		let inFlight = pending.get(provider.name);
		if (inFlight === undefined) {
			inFlight = discover(provider, found)
				.then((config) => {
					cached.set(provider.name, { config, fetchedAt: now() });
					return config;
				})
				.catch((error: unknown) => {
					// A provider down for a moment: the discovery held until now still serves.
					if (found !== undefined) return found.config;
					throw error;
				})
				.finally(() => pending.delete(provider.name));
			pending.set(provider.name, inFlight);
		}
		return inFlight;
	}

	async function exchangeOidc(provider: IdentityProvider, config: client.Configuration, kept: { codeVerifier: string; nonce: string | null; state: string }, url: URL) {
		const tokens = await client.authorizationCodeGrant(config, url, {
			pkceCodeVerifier: kept.codeVerifier,
			expectedState: kept.state,
			expectedNonce: kept.nonce ?? undefined,
			idTokenExpected: true,
		});
		const claims = tokens.claims();
		if (claims === undefined) throw new UnusableIdentity("no ID token");
		let source: Record<string, unknown> = claims;
		// Some providers (Okta, and the conformant default of many) keep the email out of the ID
		// token: it is then read from the userinfo endpoint, whose subject must be the token's.
		if (claims.email === undefined && config.serverMetadata().userinfo_endpoint !== undefined) {
			const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
			source = { ...info, sub: claims.sub };
		}
		const identity: ProviderIdentity = {
			issuer: claims.iss,
			subject: subjectOf(claims.sub),
			email: emailOf(source.email),
			emailVerified: false,
			name: nameOf(source.name) ?? nameOf(source.preferred_username),
		};
		// An address counts as verified only when the provider says so; Entra only through xms_edov
		// (its `email` claim is whatever a tenant's administrator typed: nOAuth).
		const verified = provider.kind === "microsoft" ? microsoftEmailVerified(claims) : source.email_verified === true || source.email_verified === "true";
		identity.emailVerified = identity.email !== null && verified;
		return { identity, tokens };
	}

	return {
		list: () => providers,
		find: (name) => byName.get(name) ?? null,
		async start(provider) {
			let config: client.Configuration;
			try {
				config = await configuration(provider);
			} catch (error) {
				return { ok: false, ...judgeFailure(error), error: "PROVIDER_ERROR" };
			}
			const state = client.randomState();
			const codeVerifier = client.randomPKCECodeVerifier();
			const nonce = provider.kind === "github" ? null : client.randomNonce();
			const parameters: Record<string, string> = {
				redirect_uri: provider.redirectUri,
				scope: provider.scopes.join(" "),
				state,
				code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
				code_challenge_method: "S256",
			};
			if (nonce !== null) parameters.nonce = nonce;
			const url = client.buildAuthorizationUrl(config, parameters);
			return { ok: true, value: { url: url.href, state, codeVerifier, nonce } };
		},
		issuerMatches(provider, iss) {
			if (provider.kind === "github") return sameIssuer(iss, githubIssuer(provider));
			if (provider.kind === "microsoft") return callbackIssuerMatches(provider.issuer!, iss);
			return sameIssuer(iss, provider.issuer!);
		},
		async exchange(provider, kept, callback) {
			const url = new URL(provider.redirectUri);
			url.searchParams.set("code", callback.code);
			url.searchParams.set("state", callback.state);
			// A multi-tenant Entra issuer is a template the library cannot compare a tenant's `iss` with; that
			// `iss` was judged by issuerMatches already, and the ID token's is checked against its tenant.
			const template = provider.kind === "microsoft" && isMultiTenantIssuer(provider.issuer!);
			if (callback.iss !== undefined && !template) url.searchParams.set("iss", callback.iss);
			try {
				const config = await configuration(provider);
				const { identity, tokens } =
					provider.kind === "github"
						? await githubIdentity(config, provider, githubIssuer(provider), kept, url)
						: await exchangeOidc(provider, config, kept, url);
				const expiresIn = tokens.expiresIn();
				const expiresAt = expiresIn === undefined ? null : Math.floor(now() / 1000) + expiresIn;
				return { ok: true, identity, tokens: { accessToken: tokens.access_token, expiresAt } };
			} catch (error) {
				return { ok: false, ...judgeFailure(error) };
			}
		},
	};
}

/** GitHub vouches for its users' ids on its web origin (github.com, or a GitHub Enterprise host). */
function githubIssuer(provider: IdentityProvider): string {
	return new URL(provider.authorizationEndpoint!).origin;
}

/** Issuer identifiers compared as URLs (RFC 9207 compares them as strings; the library then does,
 *  against the discovered issuer), so that a configured trailing slash does not refuse its own. */
export function sameIssuer(given: string, expected: string): boolean {
	if (!URL.canParse(given) || !URL.canParse(expected)) return false;
	return new URL(given).href === new URL(expected).href;
}
