// --identity-providers FILE (HOLM_IDENTITY_PROVIDERS; API.md sections 7 and 16): a file that is not
// valid stops serve at start with exit 2, naming the provider and why; a valid one is listed in the
// start log and by GET /identity-providers, names and kinds, never a secret.
import { describe, expect, test } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../../src/config.ts";
import { loadIdentityProviders } from "../../src/features/identity-providers/config.ts";
import { PROCESS_SECRET, runHolm, serveHolm, tempDirsForThisFile, writeIdentityProviders } from "../support/server.ts";

const newDir = tempDirsForThisFile();

const SECRET = "client-secret-for-the-config-tests-0123";

const GOOGLE = {
	name: "google",
	kind: "oidc",
	client_id: "4048-example.apps.googleusercontent.com",
	client_secret: SECRET,
	redirect_uri: "https://example.com/auth/google/callback",
	issuer: "https://accounts.google.com",
};
const GITHUB = { name: "github", kind: "github", client_id: "Iv1.example", client_secret: SECRET, redirect_uri: "https://example.com/auth/github/callback" };
const ENTRA = {
	name: "microsoft",
	kind: "microsoft",
	client_id: "00000000-0000-0000-0000-000000000000",
	client_secret: SECRET,
	redirect_uri: "https://example.com/auth/microsoft/callback",
	issuer: "https://login.microsoftonline.com/common/v2.0",
};

/** The file of `providers` (secrets written beside it, mode 0600), loaded. */
function load(providers: Record<string, unknown>[]) {
	return loadIdentityProviders(writeIdentityProviders(newDir(), providers));
}

function refusal(providers: unknown): string {
	const dir = newDir();
	const path = Array.isArray(providers) ? writeIdentityProviders(dir, providers as Record<string, unknown>[]) : join(dir, "providers.json");
	if (!Array.isArray(providers)) writeFileSync(path, typeof providers === "string" ? providers : JSON.stringify(providers));
	try {
		loadIdentityProviders(path);
	} catch (error) {
		if (error instanceof ConfigError) return error.message;
		throw error;
	}
	throw new Error("expected a ConfigError");
}

describe("the providers file", () => {
	test("each kind with its defaults: scopes, GitHub's endpoints, auto_link off; the secret read from its file", () => {
		const [google, github, entra] = load([GOOGLE, GITHUB, ENTRA]);
		expect(google).toMatchObject({ name: "google", kind: "oidc", issuer: "https://accounts.google.com", scopes: ["openid", "email", "profile"], autoLink: false });
		expect(google!.clientSecret).toBe(SECRET);
		expect(github).toMatchObject({
			kind: "github",
			issuer: null,
			scopes: ["read:user", "user:email"],
			authorizationEndpoint: "https://github.com/login/oauth/authorize",
			tokenEndpoint: "https://github.com/login/oauth/access_token",
			apiUrl: "https://api.github.com",
		});
		expect(entra).toMatchObject({ kind: "microsoft", issuer: "https://login.microsoftonline.com/common/v2.0" });
		expect(load([{ ...GOOGLE, scopes: ["openid", "email"], auto_link: true }])[0]).toMatchObject({ scopes: ["openid", "email"], autoLink: true });
		expect(load([])).toEqual([]);
	});

	test("http only on a loopback host (development, tests)", () => {
		expect(load([{ ...GOOGLE, issuer: "http://127.0.0.1:8080", redirect_uri: "http://localhost:3000/cb" }])[0]!.issuer).toBe("http://127.0.0.1:8080");
		expect(refusal([{ ...GOOGLE, issuer: "http://accounts.google.com" }])).toContain('provider "google": "issuer" must use https');
		expect(refusal([{ ...GOOGLE, redirect_uri: "http://example.com/cb" }])).toContain('provider "google": "redirect_uri" must use https');
	});

	test.each([
		["an unknown kind", [{ ...GOOGLE, kind: "saml" }], 'provider "google": "kind" must be one of oidc, github, microsoft'],
		["an unknown field", [{ ...GOOGLE, client_secret_path: "/x" }], 'provider "google": unknown field "client_secret_path"'],
		["a missing field", [{ ...GOOGLE, client_id: undefined }], 'provider "google": "client_id" must be a non-empty string'],
		["a missing issuer", [{ ...GOOGLE, issuer: undefined }], 'provider "google": "issuer" is required for kind oidc'],
		["an issuer for GitHub", [{ ...GITHUB, issuer: "https://github.com" }], 'provider "github": "issuer" is not used by kind github'],
		["an endpoint override for OpenID Connect", [{ ...GOOGLE, token_endpoint: "https://x.example/token" }], 'provider "google": "token_endpoint" is not used by kind oidc'],
		["two of one name", [GOOGLE, { ...GITHUB, name: "google" }], 'provider "google": two providers have this name'],
		["a bad name", [{ ...GOOGLE, name: "Google!" }], 'provider 1 of the file: "name" must be 1 to 32 characters'],
		["scopes without openid", [{ ...GOOGLE, scopes: ["email"] }], 'provider "google": "scopes" must include "openid"'],
		["a redirect URI with a query", [{ ...GOOGLE, redirect_uri: "https://example.com/cb?x=1" }], 'provider "google": "redirect_uri" must not have a query'],
		["auto_link that is no boolean", [{ ...GOOGLE, auto_link: "yes" }], 'provider "google": "auto_link" must be true or false'],
	])("%s is refused, naming the provider and why", (_name, providers, message) => {
		const cleaned = (providers as Record<string, unknown>[]).map((entry) => Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined)));
		expect(refusal(cleaned)).toContain(message);
	});

	test("a file that is not a JSON array, or not JSON", () => {
		expect(refusal({ providers: [] })).toContain("must hold a JSON array of providers");
		expect(refusal("[{")).toContain("is not valid JSON");
		expect(() => loadIdentityProviders(join(newDir(), "absent.json"))).toThrow("cannot read --identity-providers");
	});

	test("a client secret file that is missing, empty, or open to group or others", () => {
		const dir = newDir();
		expect(refusal([{ ...GOOGLE, client_secret: undefined, client_secret_file: join(dir, "absent") }])).toContain('provider "google": cannot read client_secret_file');
		const empty = join(dir, "empty");
		writeFileSync(empty, "# nothing here\n\n", { mode: 0o600 });
		expect(refusal([{ ...GOOGLE, client_secret: undefined, client_secret_file: empty }])).toContain("holds no secret");
		const open = join(dir, "open");
		writeFileSync(open, `${SECRET}\n`);
		chmodSync(open, 0o644);
		const message = refusal([{ ...GOOGLE, client_secret: undefined, client_secret_file: open }]);
		expect(message).toContain('provider "google"');
		expect(message).toContain(`chmod 600 ${open}`);
		expect(message).not.toContain(SECRET);
	});
});

describe("holm serve --identity-providers", () => {
	test("a bad file exits 2 naming the provider and why; so does HOLM_IDENTITY_PROVIDERS", () => {
		const dir = newDir();
		const path = writeIdentityProviders(dir, [{ ...GOOGLE, kind: "saml" }]);
		for (const [args, env] of [
			[["--identity-providers", path], {}],
			[[], { HOLM_IDENTITY_PROVIDERS: path }],
		] as const) {
			const result = runHolm(["serve", "--dir", newDir(), "--leak-check", "off", ...args], { HOLM_SECRET: PROCESS_SECRET, ...env });
			expect(result.code).toBe(2);
			expect(result.stderr).toContain('provider "google": "kind" must be one of');
		}
	});

	test("the start log lists the providers by name and kind, and holds no secret or client id", async () => {
		const path = writeIdentityProviders(newDir(), [GOOGLE, GITHUB, ENTRA]);
		const serving = await serveHolm(["--dir", newDir(), "--log-format", "json", "--identity-providers", path], { HOLM_SECRET: PROCESS_SECRET });
		const listed = await fetch(`${serving.url}/identity-providers`, { headers: { Authorization: PROCESS_SECRET } });
		const body = await listed.json();
		await serving.stop();
		const line = serving.output().split("\n").find((text) => text.includes('"identity providers"'));
		expect(JSON.parse(line!)).toMatchObject({ providers: "google (oidc), github (github), microsoft (microsoft)" });
		expect(serving.output()).not.toContain(SECRET);
		expect(serving.output()).not.toContain(GOOGLE.client_id);
		expect(body).toEqual([
			{ name: "google", kind: "oidc" },
			{ name: "github", kind: "github" },
			{ name: "microsoft", kind: "microsoft" },
		]);
	});

	test("serve --help lists the flag and its variable", () => {
		const usage = runHolm(["serve", "--help"]).stdout;
		expect(usage).toContain("--identity-providers FILE");
		expect(usage).toContain("HOLM_IDENTITY_PROVIDERS");
		expect(runHolm(["--help"]).stdout).toContain("--identity-providers");
	});
});
