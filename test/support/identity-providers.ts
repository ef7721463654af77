// Identity providers for the tests of API.md section 16, all on 127.0.0.1 in this process (the real,
// certified OpenID Provider is in openid-provider.ts):
// - a fake OpenID Provider (a small Bun.serve) that answers the token request with whatever ID
//   token a test crafted with jose: a wrong aud, alg none, HS256, a key it does not publish…;
// - a fake of GitHub's OAuth endpoints and API.
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { expect } from "bun:test";
import { join } from "node:path";
import type { TestServer } from "./server.ts";

export const CLIENT_ID = "holm-test-client";
export const CLIENT_SECRET = "client-secret-that-is-long-enough-0123456789";

/** The providers' process (providers-process.ts, beside this file: the examples' tests and the
 *  verify's benchmark run their providers in it), started with its files in `dir`: the child, and
 *  the control URL it printed. */
export async function startProvidersProcess(dir: string, redirectOrigin: string): Promise<{ child: Bun.Subprocess<"ignore", "pipe", "pipe">; control: string }> {
	const child = Bun.spawn([process.execPath, join(import.meta.dir, "providers-process.ts"), dir, redirectOrigin], { stdout: "pipe", stderr: "pipe" });
	const reader = child.stdout.getReader();
	let text = "";
	while (!text.includes("\n")) {
		const { value, done } = await reader.read();
		if (done) throw new Error(`the providers' process exited: ${await new Response(child.stderr).text()}`);
		text += new TextDecoder().decode(value);
	}
	reader.releaseLock();
	return { child, control: (JSON.parse(text.split("\n")[0]!) as { control: string }).control };
}

/** What a test makes the fake's token endpoint answer: a status and a JSON body. */
type TokenAnswer = { status?: number; body: Record<string, unknown>; headers?: Record<string, string> };

export interface FakeProvider {
	issuer: string;
	/** Where it listens (http://127.0.0.1:PORT), whatever origin it stands in for. */
	local: string;
	redirectUri: string;
	/** The published key's id. */
	kid: string;
	/** Requests by path, in order. */
	calls: string[];
	/** What the next token request is answered with. */
	answer: (form: URLSearchParams) => Promise<TokenAnswer> | TokenAnswer;
	/** Extra fields of the discovery document. */
	discovery: Record<string, unknown>;
	/** While true, every request is answered 503. */
	down: boolean;
	/** An ID token signed with the published key unless told otherwise; standard claims filled in. */
	idToken(claims: Record<string, unknown>, how?: { alg?: string; key?: CryptoKey | Uint8Array; kid?: string }): Promise<string>;
	/** A new signing key under a new key id, published in place of the old one. */
	rotate(): Promise<void>;
	/** A token answer holding `idToken`. */
	tokens(idToken: string): TokenAnswer;
	entry(name: string, more?: Record<string, unknown>): Record<string, unknown>;
	stop(): Promise<void>;
}

/** A fake OpenID Provider for tokens a test crafts. `origin` and `issuer` let it stand in for another
 *  (Entra, with a fetch that routes login.microsoftonline.com here: routedTo). */
export async function startFakeOpenIdProvider(options: { origin?: string; issuer?: string; redirectUri?: string } = {}): Promise<FakeProvider> {
	let { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
	let kid = "fake-key-1";
	let published: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
	const calls: string[] = [];
	const redirectUri = options.redirectUri ?? "http://127.0.0.1:9/auth/fake/callback";
	let issuer = "";
	const fake: FakeProvider = {
		issuer: "",
		local: "",
		redirectUri,
		kid,
		calls,
		answer: () => ({ status: 400, body: { error: "invalid_grant" } }),
		discovery: {},
		down: false,
		async idToken(claims, how = {}) {
			const now = Math.floor(Date.now() / 1000);
			const alg = how.alg ?? "RS256";
			const full = { iss: issuer, aud: CLIENT_ID, sub: "fake-subject", iat: now, exp: now + 300, ...claims };
			if (alg === "none") {
				const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
				return `${part({ alg: "none", typ: "JWT" })}.${part(full)}.`;
			}
			return new SignJWT(full).setProtectedHeader({ alg, kid: how.kid ?? kid, typ: "JWT" }).sign(how.key ?? privateKey);
		},
		async rotate() {
			({ privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true }));
			kid = `fake-key-${crypto.randomUUID().slice(0, 8)}`;
			fake.kid = kid;
			published = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
		},
		tokens: (idToken) => ({ body: { access_token: "fake-access-token-0123456789", token_type: "Bearer", expires_in: 3600, id_token: idToken } }),
		entry: (name, more = {}) => ({ name, kind: "oidc", issuer, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: redirectUri, ...more }),
		stop: async () => server.stop(true),
	};
	const server = Bun.serve({
		hostname: "127.0.0.1",
		port: 0,
		async fetch(request) {
			const url = new URL(request.url);
			calls.push(url.pathname);
			if (fake.down) return new Response("down", { status: 503 });
			if (url.pathname.endsWith("/.well-known/openid-configuration")) {
				const origin = options.origin ?? url.origin;
				return Response.json({
					issuer,
					authorization_endpoint: `${origin}/authorize`,
					token_endpoint: `${origin}/token`,
					jwks_uri: `${origin}/jwks`,
					response_types_supported: ["code"],
					subject_types_supported: ["public"],
					id_token_signing_alg_values_supported: ["RS256"],
					code_challenge_methods_supported: ["S256"],
					...fake.discovery,
				});
			}
			if (url.pathname === "/jwks") return Response.json({ keys: [published] });
			if (url.pathname === "/token") {
				const answer = await fake.answer(new URLSearchParams(await request.text()));
				return Response.json(answer.body, { status: answer.status ?? 200, headers: { "cache-control": "no-store", ...answer.headers } });
			}
			return new Response("not found", { status: 404 });
		},
	});
	issuer = options.issuer ?? server.url.origin;
	fake.issuer = issuer;
	fake.local = server.url.origin;
	return fake;
}

/** A fetch that sends what is addressed to `origin` (https://login.microsoftonline.com) to `local`
 *  instead: the calls Holm makes to a provider, answered by a fake of it. */
export function routedTo(origin: string, local: string): typeof fetch {
	async function routed(input: string | URL | Request, init?: RequestInit): Promise<Response> {
		const url = new URL(input instanceof Request ? input.url : String(input));
		if (url.origin !== origin) return fetch(input, init);
		const target = new URL(local);
		url.protocol = target.protocol;
		url.host = target.host;
		return fetch(url, init);
	}
	return routed as typeof fetch;
}

/** What a code signs in to at the fake GitHub: the account (/user) and its addresses (/user/emails;
 *  null answers 404, as GitHub does without the user:email scope). */
export interface GitHubAccount {
	user: Record<string, unknown>;
	emails: { email: string; primary: boolean; verified: boolean }[] | null;
}

export interface FakeGitHub {
	origin: string;
	redirectUri: string;
	/** code → the account that code signs in, and its addresses as /user/emails lists them. */
	codes: Map<string, GitHubAccount>;
	/** login → the account its sign-in page signs in (GET /login/oauth/authorize, a form as a
	 *  browser sees it, then its POST back to the redirect URI with a code and the state). */
	accounts: Map<string, GitHubAccount>;
	calls: string[];
	entry(name: string, more?: Record<string, unknown>): Record<string, unknown>;
	stop(): Promise<void>;
}

/** A fake of GitHub's OAuth endpoints and the two API calls Holm makes, answering as GitHub does:
 *  a refused code is 200 with {"error": "bad_verification_code"}. */
export function startFakeGitHub(options: { redirectUri?: string } = {}): FakeGitHub {
	const codes: FakeGitHub["codes"] = new Map();
	const accounts: FakeGitHub["accounts"] = new Map();
	// A code is used once; what it granted stays with its token.
	const granted = new Map<string, GitHubAccount>();
	const calls: string[] = [];
	const redirectUri = options.redirectUri ?? "http://127.0.0.1:9/auth/github/callback";
	const server = Bun.serve({
		hostname: "127.0.0.1",
		port: 0,
		async fetch(request) {
			const url = new URL(request.url);
			calls.push(url.pathname);
			if (url.pathname === "/login/oauth/authorize") return authorize(request, url);
			if (url.pathname === "/login/oauth/access_token") {
				const form = new URLSearchParams(await request.text());
				const code = form.get("code") ?? "";
				if (!codes.has(code) || form.get("client_secret") !== CLIENT_SECRET || (form.get("code_verifier") ?? "") === "") {
					return Response.json({ error: "bad_verification_code", error_description: "The code passed is incorrect or expired." });
				}
				const token = `gho_${crypto.randomUUID().replaceAll("-", "")}`;
				granted.set(token, codes.get(code)!);
				codes.delete(code);
				return Response.json({ access_token: token, token_type: "bearer", scope: "read:user,user:email" });
			}
			const token = request.headers.get("authorization")?.replace(/^Bearer /i, "") ?? "";
			const account = granted.get(token);
			if (account === undefined) return Response.json({ message: "Bad credentials" }, { status: 401 });
			if (url.pathname === "/api/user") return Response.json(account.user);
			if (url.pathname === "/api/user/emails") return account.emails === null ? Response.json({ message: "Not Found" }, { status: 404 }) : Response.json(account.emails);
			return Response.json({ message: "Not Found" }, { status: 404 });
		},
	});
	/** GitHub's sign-in page, reduced to a login field; its POST signs that login in. */
	async function authorize(request: Request, url: URL): Promise<Response> {
		const query = request.method === "POST" ? new URLSearchParams(await request.text()) : url.searchParams;
		if (query.get("client_id") !== CLIENT_ID || query.get("redirect_uri") !== redirectUri) {
			return new Response("The redirect_uri is not associated with this application.", { status: 400 });
		}
		const account = accounts.get(query.get("login") ?? "");
		if (request.method !== "POST" || account === undefined) {
			const hidden = [...query].filter(([name]) => name !== "login").map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`);
			const page = `<!doctype html><title>Sign in to GitHub</title><h1>Sign in to GitHub</h1><form method="post">${hidden.join("")}<label>Username <input name="login"></label><button>Sign in</button></form>`;
			return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
		}
		const code = crypto.randomUUID().replaceAll("-", "");
		codes.set(code, account);
		const back = new URL(redirectUri);
		back.search = new URLSearchParams({ code, state: query.get("state") ?? "" }).toString();
		return new Response(null, { status: 302, headers: { Location: back.href } });
	}
	const origin = server.url.origin;
	return {
		origin,
		redirectUri,
		codes,
		accounts,
		calls,
		entry: (name, more = {}) => ({
			name,
			kind: "github",
			client_id: CLIENT_ID,
			client_secret: CLIENT_SECRET,
			redirect_uri: redirectUri,
			authorization_endpoint: `${origin}/login/oauth/authorize`,
			token_endpoint: `${origin}/login/oauth/access_token`,
			api_url: `${origin}/api`,
			...more,
		}),
		stop: async () => server.stop(true),
	};
}

function escape(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Starts a sign-in at Holm; the request id and the authorization URL's parameters. */
export async function startSignIn(server: TestServer, provider: string, body: Record<string, unknown> = {}): Promise<{ id: string; url: URL; state: string; nonce: string | null }> {
	const answer = await server.request("POST", "/external-sign-ins", { provider, ...body });
	expect(answer.status).toBe(200);
	const url = new URL(answer.body.authorization_url);
	return { id: answer.body.id, url, state: url.searchParams.get("state")!, nonce: url.searchParams.get("nonce") };
}

/** Relays a callback's query to Holm's verify. */
export function verify(server: TestServer, id: string, callback: URLSearchParams | Record<string, string>, more: Record<string, unknown> = {}) {
	const params = callback instanceof URLSearchParams ? Object.fromEntries(callback) : callback;
	return server.request("POST", `/external-sign-ins/${id}/verify`, { ...params, ...more });
}

/** A sign-in through the fake OpenID Provider: its token endpoint answers an ID token with
 *  `claims` (and the request's nonce, unless `claims` sets one). */
export async function signInWithFake(
	server: TestServer,
	fake: FakeProvider,
	provider: string,
	claims: Record<string, unknown>,
	options: { verify?: Record<string, unknown>; start?: Record<string, unknown> } = {},
) {
	const started = await startSignIn(server, provider, options.start);
	const token = await fake.idToken({ nonce: started.nonce, ...claims });
	fake.answer = () => fake.tokens(token);
	return { id: started.id, answer: await verify(server, started.id, { state: started.state, code: "a-code-from-the-fake" }, options.verify) };
}
