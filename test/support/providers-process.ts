// The identity providers of the examples' tests and of the verify's benchmark, in a process of
// their own (so that its CPU can be read apart from Holm's): the real OpenID Provider of
// openid-provider.ts, as provider "acme", and the fake GitHub of identity-provider-support.ts, as
// "github", their redirect URIs on REDIRECT_ORIGIN (/auth/acme/callback, /auth/github/callback).
//
//   bun test/support/providers-process.ts DIR REDIRECT_ORIGIN
//
// writes DIR/identity-providers.json (for holm serve --identity-providers) and the client secret
// beside it (mode 600), then prints one line of JSON, {"control": URL}, and serves until killed.
// The control URL, on 127.0.0.1 only:
// - POST /accounts {"login", "email", "email_verified"?} makes an account at both providers: the
//   OpenID Provider's subject and GitHub's login are `login` (type it in either sign-in page);
// - GET / answers {"redirect_origin", "issuer", "github", "calls": {path: count} of the OpenID Provider}.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLIENT_SECRET, startFakeGitHub } from "./identity-providers.ts";
import { startOpenIdProvider } from "./openid-provider.ts";

const [dir, redirectOrigin] = process.argv.slice(2);
if (dir === undefined || redirectOrigin === undefined) {
	console.error("usage: bun test/support/providers-process.ts DIR REDIRECT_ORIGIN");
	process.exit(2);
}

const op = await startOpenIdProvider({ redirectUri: `${redirectOrigin}/auth/acme/callback`, codeSeconds: 600 });
const github = startFakeGitHub({ redirectUri: `${redirectOrigin}/auth/github/callback` });

mkdirSync(dir, { recursive: true });
const secretFile = join(dir, "provider-client-secret");
writeFileSync(secretFile, `${CLIENT_SECRET}\n`, { mode: 0o600 });
const entries = [op.entry("acme"), github.entry("github")].map(({ client_secret: _, ...entry }) => ({ ...entry, client_secret_file: secretFile }));
writeFileSync(join(dir, "identity-providers.json"), JSON.stringify(entries, null, 2), { mode: 0o600 });

let githubIds = 1000;
const control = Bun.serve({
	hostname: "127.0.0.1",
	port: 0,
	async fetch(request) {
		const url = new URL(request.url);
		if (request.method === "GET" && url.pathname === "/") {
			const calls: Record<string, number> = {};
			for (const path of op.calls) calls[path] = (calls[path] ?? 0) + 1;
			return Response.json({ redirect_origin: redirectOrigin, issuer: op.issuer, github: github.origin, calls });
		}
		if (request.method === "POST" && url.pathname === "/accounts") {
			const body = (await request.json()) as { login?: unknown; email?: unknown; email_verified?: unknown };
			if (typeof body.login !== "string" || typeof body.email !== "string") return Response.json({ error: "login and email" }, { status: 400 });
			const verified = body.email_verified !== false;
			op.accounts.set(body.login, { email: body.email, email_verified: verified, name: body.login });
			github.accounts.set(body.login, {
				user: { id: ++githubIds, login: body.login, name: body.login },
				emails: [{ email: body.email, primary: true, verified }],
			});
			return new Response(null, { status: 204 });
		}
		return new Response("not found", { status: 404 });
	},
});

console.log(JSON.stringify({ control: control.url.origin }));
process.on("SIGTERM", () => process.exit(0));
