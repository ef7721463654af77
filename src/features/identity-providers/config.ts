// The identity providers an operator configures (API.md section 16): `--identity-providers FILE`, a
// JSON array read and checked once at start. Nothing a request sends can add a provider, choose its
// redirect URI or reach another issuer. A file that is not valid stops `serve` (exit 2) with a
// message naming the provider and why, so a typo is found at deploy time rather than at the first
// sign-in.
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { ConfigError } from "../../config-error.ts";

export type ProviderKind = "oidc" | "github" | "microsoft";

export const PROVIDER_KINDS: readonly ProviderKind[] = ["oidc", "github", "microsoft"];

/** One provider, checked; its client secret read from its file. */
export interface IdentityProvider {
	/** [a-z0-9-], at most 32 characters: what requests name it by. */
	name: string;
	kind: ProviderKind;
	clientId: string;
	/** Never logged, never answered. */
	clientSecret: string;
	/** The exact URI registered with the provider; a request can never choose another. */
	redirectUri: string;
	scopes: string[];
	/** oidc and microsoft: the issuer discovery starts from. Null for github. */
	issuer: string | null;
	/** Link an identity to the user who holds its email when the provider and Holm both verified it. */
	autoLink: boolean;
	/** github only: overrides for GitHub Enterprise and tests. */
	authorizationEndpoint: string | null;
	tokenEndpoint: string | null;
	apiUrl: string | null;
}

const NAME = /^[a-z0-9-]{1,32}$/;
const MAX_TEXT = 2048;

const DEFAULT_SCOPES: Record<ProviderKind, string[]> = {
	oidc: ["openid", "email", "profile"],
	microsoft: ["openid", "email", "profile"],
	github: ["read:user", "user:email"],
};

const GITHUB = {
	authorizationEndpoint: "https://github.com/login/oauth/authorize",
	tokenEndpoint: "https://github.com/login/oauth/access_token",
	apiUrl: "https://api.github.com",
};

const FIELDS = [
	"name",
	"kind",
	"client_id",
	"client_secret_file",
	"redirect_uri",
	"scopes",
	"issuer",
	"auto_link",
	"authorization_endpoint",
	"token_endpoint",
	"api_url",
] as const;

/** The fields only one kind takes: a field another kind would ignore is a mistake worth stopping for. */
const ONLY_FOR: Partial<Record<(typeof FIELDS)[number], readonly ProviderKind[]>> = {
	issuer: ["oidc", "microsoft"],
	authorization_endpoint: ["github"],
	token_endpoint: ["github"],
	api_url: ["github"],
};

function isLoopback(hostname: string): boolean {
	return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Whether a URL may be called (or redirected to): https, or http on a loopback host (development, tests). */
export function isAllowedProviderUrl(url: URL): boolean {
	return url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname));
}

class ProviderProblem extends Error {}

function text(value: unknown, field: string): string {
	if (typeof value !== "string" || value === "") throw new ProviderProblem(`"${field}" must be a non-empty string`);
	if (value.length > MAX_TEXT) throw new ProviderProblem(`"${field}" is longer than ${MAX_TEXT} characters`);
	return value;
}

function providerUrl(value: unknown, field: string): string {
	const given = text(value, field);
	const url = URL.canParse(given) ? new URL(given) : null;
	if (url === null) throw new ProviderProblem(`"${field}" must be an absolute URL (got "${given}")`);
	if (!isAllowedProviderUrl(url)) throw new ProviderProblem(`"${field}" must use https (http only on a loopback host such as 127.0.0.1) (got "${given}")`);
	if (url.username !== "" || url.password !== "") throw new ProviderProblem(`"${field}" must not hold a user name or password`);
	if (url.hash !== "") throw new ProviderProblem(`"${field}" must not have a fragment`);
	return given;
}

function redirectUri(value: unknown): string {
	const uri = providerUrl(value, "redirect_uri");
	// The callback's own parameters are relayed to Holm, which rebuilds the callback URL from this
	// one: a query of its own would be taken for the provider's.
	if (new URL(uri).search !== "") throw new ProviderProblem(`"redirect_uri" must not have a query (got "${uri}")`);
	return uri;
}

function scopes(value: unknown, kind: ProviderKind): string[] {
	if (value === undefined) return DEFAULT_SCOPES[kind];
	if (!Array.isArray(value) || value.length === 0 || value.length > 32) throw new ProviderProblem(`"scopes" must be an array of 1 to 32 scopes`);
	const list = value.map((scope) => {
		if (typeof scope !== "string" || !/^[\x21\x23-\x5b\x5d-\x7e]{1,128}$/.test(scope)) throw new ProviderProblem(`"scopes" holds ${JSON.stringify(scope)}, which is not a scope`);
		return scope;
	});
	if (kind !== "github" && !list.includes("openid")) throw new ProviderProblem(`"scopes" must include "openid" for an OpenID Connect provider`);
	return [...new Set(list)];
}

/** The path in a message as a shell word, so the chmod can be pasted as it is. */
function shellWord(path: string): string {
	return /^[A-Za-z0-9_.,/:+@%=-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/** The client secret: the file's first line that is neither blank nor a comment. Like a secret file,
 *  it must be private to the user Holm runs as (checked on the open file). */
function readClientSecret(value: unknown): string {
	const path = text(value, "client_secret_file");
	let fd: number;
	try {
		fd = openSync(path, "r");
	} catch (error) {
		throw new ProviderProblem(`cannot read client_secret_file ${path} (${error instanceof Error && "code" in error ? String(error.code) : "error"})`);
	}
	let content: string;
	try {
		const mode = fstatSync(fd).mode;
		if ((mode & 0o066) !== 0) {
			const octal = (mode & 0o777).toString(8).padStart(4, "0");
			throw new ProviderProblem(`client_secret_file ${path} can be read or written by group or others (mode ${octal}); make it private: chmod 600 ${shellWord(path)}`);
		}
		content = readFileSync(fd, "utf8");
	} catch (error) {
		if (error instanceof ProviderProblem) throw error;
		throw new ProviderProblem(`cannot read client_secret_file ${path} (${error instanceof Error && "code" in error ? String(error.code) : "error"})`);
	} finally {
		closeSync(fd);
	}
	const secret = content
		.split("\n")
		.map((line) => line.trim())
		.find((line) => line !== "" && !line.startsWith("#"));
	if (secret === undefined) throw new ProviderProblem(`client_secret_file ${path} holds no secret`);
	return secret;
}

function provider(entry: unknown): IdentityProvider {
	if (typeof entry !== "object" || entry === null || Array.isArray(entry)) throw new ProviderProblem("each provider must be a JSON object");
	const fields = entry as Record<string, unknown>;
	for (const field of Object.keys(fields)) {
		if (!(FIELDS as readonly string[]).includes(field)) throw new ProviderProblem(`unknown field "${field}" (known: ${FIELDS.join(", ")})`);
	}
	const kind = fields.kind;
	if (typeof kind !== "string" || !(PROVIDER_KINDS as readonly string[]).includes(kind)) {
		throw new ProviderProblem(`"kind" must be one of ${PROVIDER_KINDS.join(", ")} (got ${JSON.stringify(kind ?? null)})`);
	}
	const ofKind = kind as ProviderKind;
	for (const [field, kinds] of Object.entries(ONLY_FOR)) {
		if (fields[field] !== undefined && !kinds.includes(ofKind)) throw new ProviderProblem(`"${field}" is not used by kind ${ofKind}`);
	}
	if (ofKind !== "github" && fields.issuer === undefined) throw new ProviderProblem(`"issuer" is required for kind ${ofKind}`);
	if (fields.auto_link !== undefined && typeof fields.auto_link !== "boolean") throw new ProviderProblem(`"auto_link" must be true or false`);
	const clientId = text(fields.client_id, "client_id");
	const uri = redirectUri(fields.redirect_uri);
	const issuer = ofKind === "github" ? null : providerUrl(fields.issuer, "issuer");
	const github = ofKind === "github";
	const found: IdentityProvider = {
		name: fields.name as string,
		kind: ofKind,
		clientId,
		clientSecret: "",
		redirectUri: uri,
		scopes: scopes(fields.scopes, ofKind),
		issuer,
		autoLink: fields.auto_link === true,
		authorizationEndpoint: github ? (fields.authorization_endpoint === undefined ? GITHUB.authorizationEndpoint : providerUrl(fields.authorization_endpoint, "authorization_endpoint")) : null,
		tokenEndpoint: github ? (fields.token_endpoint === undefined ? GITHUB.tokenEndpoint : providerUrl(fields.token_endpoint, "token_endpoint")) : null,
		apiUrl: github ? (fields.api_url === undefined ? GITHUB.apiUrl : providerUrl(fields.api_url, "api_url").replace(/\/+$/, "")) : null,
	};
	// Last: a file is read only for an entry that is otherwise right.
	found.clientSecret = readClientSecret(fields.client_secret_file);
	return found;
}

/** Who an entry is in a message: its name when it has a usable one, else its place in the file. */
function whichProvider(entry: unknown, index: number): string {
	const name = typeof entry === "object" && entry !== null ? (entry as { name?: unknown }).name : undefined;
	return typeof name === "string" && NAME.test(name) ? `provider "${name}"` : `provider ${index + 1} of the file`;
}

/** The providers of `path` (--identity-providers, HOLM_IDENTITY_PROVIDERS), each checked; a
 *  ConfigError (exit 2) names the provider and what is wrong with it. */
export function loadIdentityProviders(path: string): IdentityProvider[] {
	let content: string;
	try {
		content = readFileSync(path, "utf8");
	} catch (error) {
		throw new ConfigError(`cannot read --identity-providers ${path} (${error instanceof Error && "code" in error ? String(error.code) : "error"})`);
	}
	let entries: unknown;
	try {
		entries = JSON.parse(content);
	} catch {
		throw new ConfigError(`--identity-providers ${path} is not valid JSON`);
	}
	if (!Array.isArray(entries)) throw new ConfigError(`--identity-providers ${path} must hold a JSON array of providers`);
	const providers: IdentityProvider[] = [];
	entries.forEach((entry, index) => {
		const which = whichProvider(entry, index);
		try {
			const name = typeof entry === "object" && entry !== null ? (entry as { name?: unknown }).name : undefined;
			if (typeof name !== "string" || !NAME.test(name)) throw new ProviderProblem(`"name" must be 1 to 32 characters of a-z, 0-9 and - (got ${JSON.stringify(name ?? null)})`);
			if (providers.some((earlier) => earlier.name === name)) throw new ProviderProblem("two providers have this name");
			providers.push(provider(entry));
		} catch (error) {
			if (error instanceof ProviderProblem) throw new ConfigError(`--identity-providers ${path}: ${which}: ${error.message}`);
			throw error;
		}
	});
	return providers;
}
