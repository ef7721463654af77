// Flags and environment variables → one typed Config (API.md section 7).
// A flag wins over its environment variable, which wins over the default.
import { parseArgs } from "node:util";
import { ConfigError } from "./config-error.ts";
import { checkSecret } from "./secret.ts";

export { ConfigError } from "./config-error.ts";

export type LeakCheckMode = "offline" | "online" | "off";
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
	/** Serve the operator's console under /console/ (API.md section 12); off by default. */
	console: boolean;
}

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
} as const;

/** Flags that take no value. */
const switchOptions = {
	console: { type: "boolean" },
} as const;

type ServeFlag = keyof typeof serveOptions;
type FlagValues = Partial<Record<ServeFlag, string>>;

/** The environment variable that stands in for a flag: --leak-check → HOLM_LEAK_CHECK. */
export function envName(flag: string): string {
	return "HOLM_" + flag.toUpperCase().replaceAll("-", "_");
}

function parseFlags<T extends Record<string, { type: "string" } | { type: "boolean" }>>(args: string[], options: T, allowPositionals: boolean) {
	try {
		return parseArgs({ args, options, strict: true, allowPositionals });
	} catch (e) {
		throw new ConfigError(e instanceof Error ? e.message : String(e));
	}
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
	if (/^postgres(ql)?:\/\//.test(value) && URL.canParse(value)) return { kind: "postgres", url: value };
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

export function parseServeConfig(args: string[], env: Env): ServeConfig {
	const parsed = parseFlags(args, { ...serveOptions, ...switchOptions }, false).values;
	const { console: consoleFlag, ...strings } = parsed;
	const values: FlagValues = strings;
	if (typeof consoleFlag === "string") throw new ConfigError("--console takes no value");
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
		console: onOff("console", consoleFlag, env),
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
