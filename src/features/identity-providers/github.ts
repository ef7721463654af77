// GitHub (kind `github`, API.md section 16): OAuth 2.0 with PKCE, no ID token. Who signed in is read
// from the API with the access token: `/user` gives the account's id (the subject: a login can be
// renamed and then taken by someone else, an id never is) and `/user/emails` the addresses. The email
// is the account's primary address, and counts as verified only when GitHub says it is: another
// verified address of the account names nobody (the user chose which address is theirs to show).
import * as client from "openid-client";
import type { IdentityProvider } from "./config.ts";
import { emailOf, nameOf, subjectOf, UnusableIdentity, type ProviderIdentity } from "./identity.ts";

const API_HEADERS = {
	accept: "application/vnd.github+json",
	"x-github-api-version": "2022-11-28",
	// GitHub refuses API calls without one.
	"user-agent": "Holm",
};

/** The provider could not tell Holm who signed in (an error answer, a missing scope). */
export class GitHubApiError extends Error {
	override name = "GitHubApiError";
}

async function getJson(config: client.Configuration, accessToken: string, url: URL): Promise<unknown> {
	const response = await client.fetchProtectedResource(config, accessToken, url, "GET", undefined, new Headers(API_HEADERS));
	if (response.status !== 200) throw new GitHubApiError(`${url.pathname} answered ${response.status}`);
	try {
		return await response.json();
	} catch {
		throw new GitHubApiError(`${url.pathname} did not answer JSON`);
	}
}

interface GitHubEmail {
	email: unknown;
	primary: unknown;
	verified: unknown;
}

/** The account's primary address, and whether GitHub verified it; nothing else on the list counts. */
function primaryEmail(emails: unknown): { email: string | null; verified: boolean } {
	if (!Array.isArray(emails)) throw new GitHubApiError("/user/emails did not answer a list");
	const primary = (emails as GitHubEmail[]).find((entry) => typeof entry === "object" && entry !== null && entry.primary === true);
	const email = emailOf(primary?.email);
	return { email, verified: email !== null && primary?.verified === true };
}

/** The code exchanged (PKCE; no ID token), then the account read from the API. */
export async function githubIdentity(
	config: client.Configuration,
	provider: IdentityProvider,
	issuer: string,
	kept: { codeVerifier: string; state: string },
	url: URL,
): Promise<{ identity: ProviderIdentity; tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers }> {
	const tokens = await client.authorizationCodeGrant(config, url, { pkceCodeVerifier: kept.codeVerifier, expectedState: kept.state });
	const api = provider.apiUrl!;
	const user = await getJson(config, tokens.access_token, new URL(`${api}/user`));
	if (typeof user !== "object" || user === null) throw new UnusableIdentity("/user did not describe an account");
	const account = user as { id?: unknown; login?: unknown; name?: unknown };
	const { email, verified } = primaryEmail(await getJson(config, tokens.access_token, new URL(`${api}/user/emails`)));
	return {
		identity: { issuer, subject: subjectOf(account.id), email, emailVerified: verified, name: nameOf(account.name) ?? nameOf(account.login) },
		tokens,
	};
}

/**
 * GitHub answers a token request it refuses (a used or wrong code) with 200 and `{"error": …}` in the
 * body, where OAuth 2.0 says 400: made standard here, so the library reads it as the error it is.
 */
export function githubTokenErrors(base: typeof fetch, tokenEndpoint: string): typeof fetch {
	async function fetchGitHub(input: string | URL | Request, init?: RequestInit): Promise<Response> {
		const response = await base(input, init);
		const url = input instanceof Request ? input.url : String(input);
		if (response.status !== 200 || new URL(url).href !== new URL(tokenEndpoint).href) return response;
		const text = await response.text();
		let error: unknown;
		try {
			error = (JSON.parse(text) as { error?: unknown }).error;
		} catch {
			error = undefined;
		}
		const status = typeof error === "string" ? 400 : 200;
		return new Response(text, { status, headers: response.headers });
	}
	return fetchGitHub as typeof fetch;
}
