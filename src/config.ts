// Flags and environment variables → one typed Config (API.md section 7).
// A flag wins over its environment variable, which wins over the default.
import { parseArgs } from "node:util";

export type LeakCheckMode = "offline" | "online" | "off";
export type LeakFailMode = "open" | "closed";
export type LogFormat = "pretty" | "json";

export interface LeakCheckConfig {
	mode: LeakCheckMode;
	/** A leak file to use instead of the bundled one (offline mode). */
	file: string | null;
	/** Base URL of the Have I Been Pwned range API (online mode). */
	api: string;
	/** What to do when the range API cannot be reached in time. */
	fail: LeakFailMode;
	/** How long one range request may take before it counts as unreachable. */
	timeoutMs: number;
}

export interface ServeConfig {
	port: number;
	host: string;
	unix: string | null;
	dir: string;
	secret: string | null;
	leakCheck: LeakCheckConfig;
	logFormat: LogFormat;
}

export class ConfigError extends Error {}

const serveOptions = {
	port: { type: "string" },
	host: { type: "string" },
	unix: { type: "string" },
	dir: { type: "string" },
	secret: { type: "string" },
	"leak-check": { type: "string" },
	"leak-file": { type: "string" },
	"leak-api": { type: "string" },
	"leak-fail": { type: "string" },
	"leak-timeout-ms": { type: "string" },
	"log-format": { type: "string" },
} as const;

type ServeFlag = keyof typeof serveOptions;

/** The environment variable that stands in for a flag: --leak-check → HOLM_LEAK_CHECK. */
export function envName(flag: string): string {
	return "HOLM_" + flag.toUpperCase().replaceAll("-", "_");
}

function pick(values: Partial<Record<ServeFlag, string>>, env: Record<string, string | undefined>, flag: ServeFlag): string | undefined {
	const fromFlag = values[flag];
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

export function parseServeConfig(args: string[], env: Record<string, string | undefined>): ServeConfig {
	let values: Partial<Record<ServeFlag, string>>;
	try {
		values = parseArgs({ args, options: serveOptions, strict: true, allowPositionals: false }).values;
	} catch (e) {
		throw new ConfigError(e instanceof Error ? e.message : String(e));
	}
	const api = pick(values, env, "leak-api") ?? "https://api.pwnedpasswords.com";
	if (!URL.canParse(api)) throw new ConfigError(`--leak-api must be a URL (got "${api}")`);
	return {
		port: wholeNumber("port", pick(values, env, "port"), 4000, 0, 65535),
		host: pick(values, env, "host") ?? "127.0.0.1",
		unix: pick(values, env, "unix") ?? null,
		dir: pick(values, env, "dir") ?? "holm_data",
		secret: pick(values, env, "secret") ?? null,
		leakCheck: {
			mode: oneOf("leak-check", pick(values, env, "leak-check"), ["offline", "online", "off"] as const, "offline"),
			file: pick(values, env, "leak-file") ?? null,
			api: api.replace(/\/+$/, ""),
			fail: oneOf("leak-fail", pick(values, env, "leak-fail"), ["open", "closed"] as const, "open"),
			timeoutMs: wholeNumber("leak-timeout-ms", pick(values, env, "leak-timeout-ms"), 2000, 1, 60000),
		},
		logFormat: oneOf("log-format", pick(values, env, "log-format"), ["pretty", "json"] as const, "pretty"),
	};
}

/** `--dir` for the commands that only need the data directory (backup). */
export function parseDirConfig(args: string[], env: Record<string, string | undefined>): { dir: string; positionals: string[] } {
	let parsed;
	try {
		parsed = parseArgs({ args, options: { dir: { type: "string" } }, strict: true, allowPositionals: true });
	} catch (e) {
		throw new ConfigError(e instanceof Error ? e.message : String(e));
	}
	const fromEnv = env[envName("dir")];
	return { dir: parsed.values.dir ?? (fromEnv !== undefined && fromEnv !== "" ? fromEnv : "holm_data"), positionals: parsed.positionals };
}
