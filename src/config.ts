// Flags and environment variables → one typed Config (API.md section 7).
// A flag wins over its environment variable, which wins over the default.
import { parseArgs } from "node:util";
import { ConfigError, UsageError } from "./config-error.ts";
import { EVENT_TYPES } from "./features/events/store.ts";
import { limitSettings, type LimitSettings } from "./limits.ts";
import { checkSecret } from "./secret.ts";
import { tlsProblem } from "./stores/postgres/tls.ts";

export { ConfigError, UsageError } from "./config-error.ts";
import { sessionSettingsOf, type SessionSettings } from "./features/sessions/settings.ts";

type LeakCheckMode = "offline" | "online" | "off";
export type LeakFailMode = "open" | "closed";
export type LogFormat = "pretty" | "json";
export type LogLevel = "debug" | "info" | "warn" | "error";

export interface LeakCheckConfig {
	mode: LeakCheckMode;
	/** A leak file checked in addition to the bundled one (offline and online modes). */
	file: string | null;
	/** Base URL of the Have I Been Pwned range API (online mode). */
	api: string;
	/** What to do when the range API cannot be reached in time. */
	fail: LeakFailMode;
	/** How long one range request may take before it counts as unreachable. */
	timeoutMs: number;
}

/** Where the API secrets come from; files are read (and checked) at start, by secret.ts. */
export type SecretSource =
	/** --secret or HOLM_SECRET, already checked against the rule. */
	| { kind: "given"; secret: string; flag: boolean }
	/** --secret-file or HOLM_SECRET_FILE: one secret per line. */
	| { kind: "file"; path: string }
	/** <dir>/secret, created on first start. */
	| { kind: "data-dir" };

/** The embedded SQLite file in the data directory, or a PostgreSQL database shared by instances. */
export type DatabaseConfig = { kind: "sqlite" } | { kind: "postgres"; url: string };

/** Passkeys (API.md section 10): where the pages run, and what the authenticator must check. */
export interface PasskeyConfig {
	/** The relying party id: the site's registrable domain (or a parent of every origin's host). */
	rpId: string;
	/** Shown by authenticators; the rp id unless given. */
	rpName: string;
	/** The exact origins (scheme://host[:port]) the pages that call navigator.credentials run on. */
	origins: string[];
	userVerification: "required" | "preferred";
}

export interface ServeConfig {
	database: DatabaseConfig;
	port: number;
	host: string;
	unix: string | null;
	/** Permissions of the socket file (--unix only). */
	unixMode: number;
	dir: string;
	/** Whether --dir (or HOLM_DIR) was given: with PostgreSQL the data directory is optional. */
	dirGiven: boolean;
	/** Whether --database on the command line holds a password, which the process list shows. */
	databasePasswordInArgs: boolean;
	secret: SecretSource;
	leakCheck: LeakCheckConfig;
	logFormat: LogFormat;
	logLevel: LogLevel;
	/** The limits of API.md section 4: the contract's figures, with --limit (HOLM_LIMIT) applied. */
	limits: LimitSettings;
	/** Null without --passkey-rp-id: every passkey endpoint answers NOT_ALLOWED. */
	passkeys: PasskeyConfig | null;
	/** Events and webhooks (API.md section 11); absent means the defaults: 30 days, no webhook. */
	events?: EventConfig;
	/** Serve the operator's console under /console/ (API.md section 12); off by default. */
	console: boolean;
	/** Session timeouts and the per-user cap (API.md section 13); absent means the defaults. */
	sessions?: SessionSettings;
	/** --identity-providers: the file of providers (API.md section 16), read and checked at start; null for none. */
	identityProviders?: string | null;
}

interface WebhookConfig {
	url: string;
	/** Read and checked at start (src/webhooks/secret.ts). */
	secretFile: string;
	/** Only these types are sent; null for every type. */
	types: ReadonlySet<string> | null;
}

export interface EventConfig {
	/** Days an event is kept; 0 stores none. */
	retentionDays: number;
	webhook: WebhookConfig | null;
}

export const DEFAULT_EVENT_CONFIG: EventConfig = { retentionDays: 30, webhook: null };

type Env = Record<string, string | undefined>;

const serveOptions = {
	database: { type: "string" },
	port: { type: "string" },
	host: { type: "string" },
	unix: { type: "string" },
	"unix-mode": { type: "string" },
	dir: { type: "string" },
	secret: { type: "string" },
	"secret-file": { type: "string" },
	"leak-check": { type: "string" },
	"leak-file": { type: "string" },
	"leak-api": { type: "string" },
	"leak-fail": { type: "string" },
	"leak-timeout-ms": { type: "string" },
	"log-format": { type: "string" },
	"log-level": { type: "string" },
	"event-retention": { type: "string" },
	"webhook-url": { type: "string" },
	"webhook-secret-file": { type: "string" },
	"webhook-event": { type: "string", multiple: true },
	limit: { type: "string", multiple: true },
	"passkey-rp-id": { type: "string" },
	"passkey-rp-name": { type: "string" },
	"passkey-user-verification": { type: "string" },
	"passkey-origin": { type: "string", multiple: true },
	console: { type: "boolean" },
	"session-idle-timeout": { type: "string" },
	"session-lifetime": { type: "string" },
	"sessions-per-user": { type: "string" },
	"identity-providers": { type: "string" },
} as const;

/** The flags that take one value (--webhook-event, --limit and --passkey-origin repeat, and
 *  --console is a switch: all read apart). */
type ServeFlag = Exclude<keyof typeof serveOptions, "webhook-event" | "limit" | "passkey-origin" | "console">;
type FlagValues = Partial<Record<ServeFlag, string>>;

/** The environment variable that stands in for a flag: --leak-check → HOLM_LEAK_CHECK. */
export function envName(flag: string): string {
	return "HOLM_" + flag.toUpperCase().replaceAll("-", "_");
}

function parseFlags<T extends Record<string, { type: "string"; multiple?: boolean } | { type: "boolean" }>>(args: string[], options: T, allowPositionals: boolean) {
	try {
		return parseArgs({ args, options, strict: true, allowPositionals });
	} catch (e) {
		throw usageError(e, Object.keys(options));
	}
}

/** parseArgs's complaint in holm's words: `unknown option --prot (did you mean --port?)`. */
function usageError(error: unknown, flags: string[]): UsageError {
	const message = error instanceof Error ? error.message : String(error);
	const code = error instanceof Error && "code" in error ? error.code : undefined;
	const quoted = /'([^']+)'/.exec(message)?.[1];
	if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && quoted !== undefined) {
		const near = closestFlag(quoted.replace(/^-+/, "").split("=")[0]!, flags);
		return new UsageError(`unknown option ${quoted}${near === null ? "" : ` (did you mean --${near}?)`}`);
	}
	if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && quoted !== undefined) return new UsageError(`${quoted.split(" ")[0]} needs a value`);
	if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL" && quoted !== undefined) return new UsageError(`unexpected argument "${quoted}"`);
	return new UsageError(message);
}

/** The flag a mistyped one most likely meant: at most two edits away, or one it begins. */
function closestFlag(given: string, flags: string[]): string | null {
	let best: string | null = null;
	let bestDistance = 3;
	for (const flag of flags) {
		const distance = given.length >= 3 && flag.startsWith(given) ? 1 : editDistance(given, flag);
		if (distance < bestDistance) {
			best = flag;
			bestDistance = distance;
		}
	}
	return best;
}

/** Levenshtein distance, transpositions counting as one edit ("prot" is one edit from "port"). */
function editDistance(a: string, b: string): number {
	const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
	for (let j = 1; j <= b.length; j++) d[0]![j] = j;
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
			d[i]![j] = value;
		}
	}
	return d[a.length]![b.length]!;
}

/**
 * --limit NAME=COUNT/WINDOW, repeatable, over HOLM_LIMIT (several, separated by spaces or commas).
 * Both apply, the flags after the variable, so a flag wins over the variable for its own limit.
 */
function limitsOf(flags: string[] | undefined, env: Env): LimitSettings {
	const fromEnv = (env.HOLM_LIMIT ?? "").split(/[\s,]+/).filter((text) => text !== "");
	const fromFlags = flags ?? [];
	const settings = limitSettings(fromEnv, "HOLM_LIMIT");
	for (const text of fromFlags) if (text === "") throw new ConfigError("--limit must not be empty");
	return limitSettings(fromFlags, "--limit", settings);
}

/**
 * The flag's value, else its variable's. An empty flag (`--dir ""`, `--dir=`) is refused: it is
 * a mistake such as an unset shell variable, never a request for the default. An empty variable
 * counts as unset, as env files and compose files write it.
 */
function pick(values: FlagValues, env: Env, flag: ServeFlag): string | undefined {
	const fromFlag = values[flag];
	if (fromFlag === "") throw new ConfigError(`--${flag} must not be empty`);
	if (fromFlag !== undefined) return fromFlag;
	const fromEnv = env[envName(flag)];
	if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
	return undefined;
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
	if (value === undefined) return fallback;
	if ((allowed as readonly string[]).includes(value)) return value as T;
	throw new ConfigError(`--${flag} must be one of ${allowed.join(", ")} (got "${value}")`);
}

function wholeNumber(flag: string, value: string | undefined, fallback: number, min: number, max: number): number {
	if (value === undefined) return fallback;
	if (!/^[0-9]+$/.test(value)) throw new ConfigError(`--${flag} must be a whole number (got "${value}")`);
	const n = Number(value);
	if (n < min || n > max) throw new ConfigError(`--${flag} must be between ${min} and ${max}`);
	return n;
}

/** "0660" or "660" → 0o660. */
function fileMode(flag: string, value: string | undefined, fallback: number): number {
	if (value === undefined) return fallback;
	if (!/^0?[0-7]{3}$/.test(value)) throw new ConfigError(`--${flag} must be octal permissions such as 0600 or 0660 (got "${value}")`);
	return parseInt(value, 8);
}

/**
 * --secret, --secret-file, their variables, or else the data directory. A flag wins over both
 * variables; two flags, or two variables, are ambiguous and refused. A variable that is set but
 * empty is refused too rather than treated as unset: `HOLM_SECRET=$UNSET` is a mistake, and
 * falling back to another secret would only hide it.
 */
function secretSource(values: FlagValues, env: Env): SecretSource {
	if (values.secret !== undefined && values["secret-file"] !== undefined) {
		throw new ConfigError("give either --secret or --secret-file, not both");
	}
	if (values.secret !== undefined) return { kind: "given", secret: checkSecret(values.secret, "--secret"), flag: true };
	if (values["secret-file"] !== undefined) return { kind: "file", path: nonEmptyPath("--secret-file", values["secret-file"]) };
	const fromEnv = env.HOLM_SECRET;
	const fileFromEnv = env.HOLM_SECRET_FILE;
	if (fromEnv !== undefined && fileFromEnv !== undefined) throw new ConfigError("set either HOLM_SECRET or HOLM_SECRET_FILE, not both");
	if (fromEnv !== undefined) return { kind: "given", secret: checkSecret(fromEnv, "HOLM_SECRET"), flag: false };
	if (fileFromEnv !== undefined) return { kind: "file", path: nonEmptyPath("HOLM_SECRET_FILE", fileFromEnv) };
	return { kind: "data-dir" };
}

function nonEmptyPath(name: string, value: string): string {
	if (value === "") throw new ConfigError(`${name} must not be empty`);
	return value;
}

/**
 * Whether the --database flag (not HOLM_DATABASE, which only Holm's user and root can read) holds a
 * password: in the URL's user part, or as libpq's `password` parameter.
 */
export const DATABASE_PASSWORD_WARNING =
	"the PostgreSQL password was given in --database, which other local users can read in the process list; prefer HOLM_DATABASE, which only this user and root can read";

function passwordInDatabaseFlag(values: FlagValues): boolean {
	const value = values.database;
	if (value === undefined || !URL.canParse(value)) return false;
	const url = new URL(value);
	return url.password !== "" || url.searchParams.has("password");
}

/** --database: "sqlite" (the default) or a postgres:// (postgresql://) connection string. */
export function databaseConfig(value: string | undefined): DatabaseConfig {
	if (value === undefined || value === "sqlite") return { kind: "sqlite" };
	if (/^postgres(ql)?:\/\//.test(value) && URL.canParse(value)) {
		const problem = tlsProblem(value);
		if (problem !== null) throw new ConfigError(problem);
		return { kind: "postgres", url: value };
	}
	// The value may hold a password: say what is wrong without repeating it.
	throw new ConfigError('--database must be "sqlite" or a postgres://user@host/database connection string');
}

/** A switch such as --console: the flag, else its variable (1/true/yes/on or 0/false/no/off). */
function onOff(flag: string, given: boolean | undefined, env: Env): boolean {
	if (given === true) return true;
	const fromEnv = env[envName(flag)];
	if (fromEnv === undefined || fromEnv === "") return false;
	const value = fromEnv.trim().toLowerCase();
	if (["1", "true", "yes", "on"].includes(value)) return true;
	if (["0", "false", "no", "off"].includes(value)) return false;
	throw new ConfigError(`${envName(flag)} must be 1, true, yes, on, 0, false, no or off (got "${fromEnv}")`);
}

/**
 * --event-retention, and the webhook flags: --webhook-url and --webhook-secret-file go together, and
 * need events to be stored (a webhook sends stored events); --webhook-event (repeatable; in
 * HOLM_WEBHOOK_EVENT, separated by commas) names known types only, so a typo cannot silence one.
 */
function eventConfig(values: FlagValues, env: Env, typesGiven: string[] | undefined): EventConfig {
	const retentionDays = wholeNumber("event-retention", pick(values, env, "event-retention"), 30, 0, 36_500);
	const url = pick(values, env, "webhook-url");
	const secretFile = pick(values, env, "webhook-secret-file");
	const fromEnv = env[envName("webhook-event")];
	const types = typesGiven ?? (fromEnv === undefined || fromEnv === "" ? [] : fromEnv.split(",").map((type) => type.trim()));
	if (url === undefined) {
		if (secretFile !== undefined || types.length > 0) throw new ConfigError("--webhook-secret-file and --webhook-event need --webhook-url");
		return { retentionDays, webhook: null };
	}
	if (!/^https?:\/\//.test(url) || !URL.canParse(url)) throw new ConfigError("--webhook-url must be an http:// or https:// URL");
	if (secretFile === undefined) throw new ConfigError("--webhook-url needs --webhook-secret-file (make one with `holm generate-secret`, or use your receiver's whsec_ secret)");
	if (retentionDays === 0) throw new ConfigError("--webhook-url sends stored events, and --event-retention 0 stores none; give --event-retention 1 or more");
	const known: readonly string[] = EVENT_TYPES;
	for (const type of types) {
		if (type === "") throw new ConfigError("--webhook-event must not be empty");
		if (!known.includes(type)) throw new ConfigError(`--webhook-event: unknown event type "${type}" (known: ${EVENT_TYPES.join(", ")})`);
	}
	return { retentionDays, webhook: { url, secretFile, types: types.length === 0 ? null : new Set(types) } };
}

/** A relying party id is a host name: lower-case labels, no scheme, port or path. */
const RP_ID = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** One --passkey-origin: exactly an origin (no path, query or trailing slash), https, or http on
 *  localhost (a secure context too), whose host is the rp id or under it, as browsers require. */
function passkeyOrigin(value: string, rpId: string): string {
	const url = URL.canParse(value) ? new URL(value) : null;
	if (url === null || url.origin !== value) {
		throw new ConfigError(`--passkey-origin must be an origin such as https://example.com, without a path or trailing slash (got "${value}")`);
	}
	const local = url.hostname === "localhost" || url.hostname.endsWith(".localhost");
	if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) {
		throw new ConfigError(`--passkey-origin must use https (http only on localhost) (got "${value}")`);
	}
	if (url.hostname !== rpId && !url.hostname.endsWith("." + rpId)) {
		throw new ConfigError(`--passkey-origin ${value} is not on --passkey-rp-id ${rpId} or a subdomain of it; browsers would refuse it`);
	}
	return value;
}

/** --passkey-*: null (passkeys off) without an rp id; the other flags without one are a mistake. */
function passkeyConfig(values: FlagValues, originFlags: string[] | undefined, env: Env): PasskeyConfig | null {
	if (originFlags?.includes("")) throw new ConfigError("--passkey-origin must not be empty");
	const originList = originFlags ?? (env.HOLM_PASSKEY_ORIGIN ?? "").split(",");
	const origins = originList.map((origin) => origin.trim()).filter((origin) => origin !== "");
	const rpId = pick(values, env, "passkey-rp-id");
	const rpName = pick(values, env, "passkey-rp-name");
	const userVerification = pick(values, env, "passkey-user-verification");
	if (rpId === undefined) {
		if (origins.length > 0 || rpName !== undefined || userVerification !== undefined) {
			throw new ConfigError("the --passkey-* flags need --passkey-rp-id, the site's domain (passkeys are off without it)");
		}
		return null;
	}
	if (!RP_ID.test(rpId)) throw new ConfigError(`--passkey-rp-id must be a lower-case domain such as example.com, without scheme or port (got "${rpId}")`);
	if (rpName !== undefined && rpName.length > 64) throw new ConfigError("--passkey-rp-name must be at most 64 characters");
	return {
		rpId,
		rpName: rpName ?? rpId,
		// Without --passkey-origin, the pages are on the rp id itself, over https.
		origins: origins.length === 0 ? [`https://${rpId}`] : [...new Set(origins.map((origin) => passkeyOrigin(origin, rpId)))],
		userVerification: oneOf("passkey-user-verification", userVerification, ["required", "preferred"] as const, "required"),
	};
}

export function parseServeConfig(args: string[], env: Env): ServeConfig {
	const parsed = parseFlags(args, serveOptions, false).values;
	const {
		"webhook-event": webhookEvents,
		limit: limitFlags,
		"passkey-origin": originFlags,
		console: consoleFlag,
		...values
	}: FlagValues & { "webhook-event"?: string[]; limit?: string[]; "passkey-origin"?: string[]; console?: boolean } = parsed;
	const database = databaseConfig(pick(values, env, "database"));
	const dir = pick(values, env, "dir");
	const secret = secretSource(values, env);
	if (database.kind === "postgres" && secret.kind === "data-dir" && dir === undefined) {
		throw new ConfigError(
			"with --database postgres://… give the secret with --secret-file or HOLM_SECRET (every instance needs the same one; there is no shared data directory to keep it in), or give --dir; make one with `holm generate-secret`",
		);
	}
	const api = pick(values, env, "leak-api") ?? "https://api.pwnedpasswords.com";
	if (!URL.canParse(api)) throw new ConfigError(`--leak-api must be a URL (got "${api}")`);
	const unix = pick(values, env, "unix") ?? null;
	const unixMode = pick(values, env, "unix-mode");
	if (unixMode !== undefined && unix === null) throw new ConfigError("--unix-mode sets the permissions of the --unix socket; give --unix PATH too");
	return {
		database,
		port: wholeNumber("port", pick(values, env, "port"), 4000, 0, 65535),
		host: pick(values, env, "host") ?? "127.0.0.1",
		unix,
		unixMode: fileMode("unix-mode", unixMode, 0o600),
		dir: dir ?? "holm_data",
		dirGiven: dir !== undefined,
		databasePasswordInArgs: passwordInDatabaseFlag(values),
		secret,
		leakCheck: {
			mode: oneOf("leak-check", pick(values, env, "leak-check"), ["offline", "online", "off"] as const, "offline"),
			file: pick(values, env, "leak-file") ?? null,
			api: api.replace(/\/+$/, ""),
			fail: oneOf("leak-fail", pick(values, env, "leak-fail"), ["open", "closed"] as const, "open"),
			timeoutMs: wholeNumber("leak-timeout-ms", pick(values, env, "leak-timeout-ms"), 2000, 1, 60000),
		},
		logFormat: oneOf("log-format", pick(values, env, "log-format"), ["pretty", "json"] as const, "pretty"),
		logLevel: oneOf("log-level", pick(values, env, "log-level"), ["debug", "info", "warn", "error"] as const, "info"),
		limits: limitsOf(limitFlags, env),
		passkeys: passkeyConfig(values, originFlags?.flatMap((flag) => (flag === "" ? [""] : flag.split(","))), env),
		events: eventConfig(values, env, webhookEvents),
		console: onOff("console", consoleFlag, env),
		sessions: sessionSettingsOf({
			idle: pick(values, env, "session-idle-timeout"),
			lifetime: pick(values, env, "session-lifetime"),
			perUser: pick(values, env, "sessions-per-user"),
		}),
		identityProviders: pick(values, env, "identity-providers") ?? null,
	};
}

/** `--dir` and `--database` for the commands that only need the database (backup, migrate). */
export function parseDirConfig(args: string[], env: Env): { dir: string; database: DatabaseConfig; databasePasswordInArgs: boolean; positionals: string[] } {
	const parsed = parseFlags(args, { dir: { type: "string" }, database: { type: "string" } }, true);
	const dir = pick(parsed.values, env, "dir") ?? "holm_data";
	return {
		dir,
		database: databaseConfig(pick(parsed.values, env, "database")),
		databasePasswordInArgs: passwordInDatabaseFlag(parsed.values),
		positionals: parsed.positionals,
	};
}

interface ExportConfig {
	dir: string;
	database: DatabaseConfig;
	output: string | null;
	/** The timeouts by which a session is live, and so exported: the servers' own, from their
	 *  environment (HOLM_SESSION_IDLE_TIMEOUT, HOLM_SESSION_LIFETIME; no flags), else the defaults. */
	sessions: Pick<SessionSettings, "idleTimeoutSeconds" | "lifetimeSeconds">;
}

/** `holm export [--dir … | --database …] [--output FILE]`. */
export function parseExportConfig(args: string[], env: Env): ExportConfig {
	const parsed = parseFlags(args, { dir: { type: "string" }, database: { type: "string" }, output: { type: "string" } }, true);
	if (parsed.positionals.length > 0) throw new ConfigError("export takes no arguments; name the file with --output");
	const output = parsed.values.output;
	if (output === "") throw new ConfigError("--output must not be empty");
	const dir = pick(parsed.values, env, "dir") ?? "holm_data";
	const database = databaseConfig(pick(parsed.values, env, "database"));
	const { idleTimeoutSeconds, lifetimeSeconds } = sessionSettingsOf({
		idle: pick(parsed.values, env, "session-idle-timeout"),
		lifetime: pick(parsed.values, env, "session-lifetime"),
	});
	return { dir, database, output: output ?? null, sessions: { idleTimeoutSeconds, lifetimeSeconds } };
}

export type OnConflictMode = "error" | "skip";

interface ImportConfig {
	/** A path, or "-" for standard input. */
	file: string;
	/** http://host:port or unix:PATH. */
	url: string;
	secret: SecretSource;
	onConflict: OnConflictMode;
}

/** `holm import FILE|- [--url URL] [--secret-file PATH] [--on-conflict skip|error]`. The secret comes
 *  from --secret-file, HOLM_SECRET_FILE or HOLM_SECRET, else the data directory's secret file. */
export function parseImportConfig(args: string[], env: Env): ImportConfig & { dir: string } {
	const parsed = parseFlags(args, { url: { type: "string" }, "secret-file": { type: "string" }, "on-conflict": { type: "string" }, dir: { type: "string" } }, true);
	if (parsed.positionals.length !== 1) throw new ConfigError("import takes exactly one FILE (or - for standard input)");
	const values = parsed.values;
	const url = values.url ?? (env.HOLM_URL !== undefined && env.HOLM_URL !== "" ? env.HOLM_URL : "http://127.0.0.1:4000");
	if (!url.startsWith("unix:") && !(/^https?:\/\//.test(url) && URL.canParse(url))) {
		throw new ConfigError(`--url must be http://host:port, https://… or unix:PATH (got "${url}")`);
	}
	return {
		file: parsed.positionals[0]!,
		url: url.replace(/\/+$/, ""),
		secret: secretSource({ "secret-file": values["secret-file"] }, env),
		onConflict: oneOf("on-conflict", values["on-conflict"], ["error", "skip"] as const, "error"),
		dir: pick(values, env, "dir") ?? "holm_data",
	};
}
