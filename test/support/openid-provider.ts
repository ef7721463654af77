// A real, certified OpenID Provider for the tests of API.md section 16 (npm oidc-provider, panva),
// on 127.0.0.1 in this process; a test completes its login and consent with fetch and a cookie jar,
// as a browser would.
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";
import { CLIENT_ID, CLIENT_SECRET } from "./identity-providers.ts";

async function listen(server: Server): Promise<number> {
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return (server.address() as { port: number }).port;
}

export interface Account {
	email?: string;
	email_verified?: boolean;
	name?: string;
}

export interface RealProvider {
	issuer: string;
	redirectUri: string;
	/** sub → the claims the provider gives; change them to change what it says. */
	accounts: Map<string, Account>;
	/** The path of every request it was sent, in order (discovery, keys, token…). */
	calls: string[];
	/** Follows the authorization URL as a browser would, signs in as `sub` and consents; the
	 *  callback's query as the provider sent it back to the redirect URI. */
	signIn(authorizationUrl: string, sub: string): Promise<URLSearchParams>;
	/** The provider's entry for the --identity-providers file. */
	entry(name: string, more?: Record<string, unknown>): Record<string, unknown>;
	stop(): Promise<void>;
}

/** The real OpenID Provider. With `emailInIdToken` false, the email is only at userinfo (as many
 *  providers do by default). */
export async function startOpenIdProvider(options: { emailInIdToken?: boolean; redirectUri?: string; codeSeconds?: number } = {}): Promise<RealProvider> {
	const server = createServer();
	const port = await listen(server);
	const issuer = `http://127.0.0.1:${port}`;
	const redirectUri = options.redirectUri ?? "http://127.0.0.1:9/auth/callback";
	const accounts = new Map<string, Account>();
	const { privateKey } = await generateKeyPair("RS256", { extractable: true });
	const signing = { ...(await exportJWK(privateKey)), kid: "op-key-1", alg: "RS256", use: "sig" };
	const provider = new Provider(issuer, {
		clients: [
			{
				client_id: CLIENT_ID,
				client_secret: CLIENT_SECRET,
				redirect_uris: [redirectUri],
				response_types: ["code"],
				grant_types: ["authorization_code"],
				token_endpoint_auth_method: "client_secret_basic",
			},
		],
		jwks: { keys: [signing] },
		pkce: { required: () => true },
		claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
		conformIdTokenClaims: options.emailInIdToken === false,
		features: { devInteractions: { enabled: true } },
		ttl: { AccessToken: 3600, AuthorizationCode: options.codeSeconds ?? 60, Grant: 3600, IdToken: 3600, Interaction: 3600, Session: 3600 },
		findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub, ...accounts.get(sub) }) }),
	});
	const calls: string[] = [];
	server.on("request", (request) => calls.push(new URL(request.url ?? "/", issuer).pathname));
	server.on("request", provider.callback());

	const signIn = (authorizationUrl: string, sub: string) => completeLogin(authorizationUrl, sub, redirectUri);

	return {
		issuer,
		redirectUri,
		accounts,
		calls,
		signIn,
		entry: (name, more = {}) => ({ name, kind: "oidc", issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: redirectUri, ...more }),
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** Follows an authorization URL of this provider as a browser would (fetch and a cookie jar), signs
 *  in as `sub` at its login page and consents: the callback's query as it was sent back to
 *  `redirectUri`. Usable from another process than the provider's (bench/identity-providers.ts). */
export async function completeLogin(authorizationUrl: string, sub: string, redirectUri: string): Promise<URLSearchParams> {
	const jar = new Map<string, string>();
	async function go(url: string, init: RequestInit = {}): Promise<string> {
		const headers = new Headers(init.headers);
		headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
		const response = await fetch(url, { ...init, headers, redirect: "manual" });
		for (const cookie of response.headers.getSetCookie()) {
			const pair = cookie.split(";")[0]!;
			const at = pair.indexOf("=");
			jar.set(pair.slice(0, at), pair.slice(at + 1));
		}
		const body = await response.text();
		const location = response.headers.get("location");
		if (location !== null) return new URL(location, url).href;
		// An interaction page: its form says which prompt it is.
		if (url.includes("/interaction/")) {
			const form: Record<string, string> = body.includes('name="login"') ? { prompt: "login", login: sub, password: "anything" } : { prompt: "consent" };
			return go(url, { method: "POST", body: new URLSearchParams(form) });
		}
		throw new Error(`the provider answered ${response.status} without a redirect: ${body.slice(0, 200)}`);
	}
	let location = authorizationUrl;
	for (let step = 0; step < 12; step++) {
		if (location.startsWith(redirectUri)) return new URL(location).searchParams;
		location = await go(location);
	}
	throw new Error("the provider never redirected back");
}
