// `holm console-link`: a one-time sign-in link for the console, stored (as its digest) in the
// database that `holm serve --console` uses, so that any instance on it accepts the link.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, databaseConfig, envName } from "../../config.ts";
import { recordedAddress } from "../../data-dir.ts";
import { openStorage } from "../../server.ts";
import { COMMAND_USAGE } from "../../usage.ts";
import { CONSOLE_TOKEN_TTL_DEFAULT_SECONDS, CONSOLE_TOKEN_TTL_MAX_SECONDS, createSignInToken } from "./sessions.ts";

type Env = Record<string, string | undefined>;

/** "90s", "10m", "2h" → seconds, within 1 s and a day. */
function parseTtl(value: string): number {
	const match = /^([0-9]{1,6})(s|m|h)$/.exec(value.trim());
	if (match === null) throw new ConfigError(`--ttl must be a duration such as 90s, 10m or 2h (got "${value}")`);
	const seconds = Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as "s" | "m" | "h"];
	if (seconds < 1 || seconds > CONSOLE_TOKEN_TTL_MAX_SECONDS) throw new ConfigError("--ttl must be between 1s and 24h");
	return seconds;
}

/** The console's address as a URL's authority: an IPv6 address in brackets. */
function authority(host: string, port: string): string {
	const shown = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
	return shown.includes(":") ? `[${shown}]:${port}` : `${shown}:${port}`;
}

function value(given: string | undefined, env: Env, flag: string): string | undefined {
	if (given === "") throw new ConfigError(`--${flag} must not be empty`);
	if (given !== undefined) return given;
	const fromEnv = env[envName(flag)];
	return fromEnv === undefined || fromEnv === "" ? undefined : fromEnv;
}

/**
 * Where the link points: --host and --port (or HOLM_HOST, HOLM_PORT) when either is given, the
 * missing one from the defaults, since a tunnel's port goes with the loopback address, not with
 * the server's; else the address the server on the same --dir recorded at start (`holm.url`);
 * else 127.0.0.1:4000, where holm serve listens by default.
 */
function linkAddress(givenHost: string | undefined, givenPort: string | undefined, dir: string): { host: string; port: string } {
	const fallback = { host: givenHost ?? "127.0.0.1", port: givenPort ?? "4000" };
	if (givenHost !== undefined || givenPort !== undefined) return fallback;
	const recorded = recordedAddress(dir);
	if (recorded === null) return fallback;
	if (recorded.startsWith("unix:")) {
		console.error(`holm serve listens on the Unix socket ${recorded.slice("unix:".length)}, which a browser cannot open: the link points at ${fallback.host}:${fallback.port}; give the --host and --port that reach it over TCP (a proxy, a tunnel)`);
		return fallback;
	}
	try {
		const url = new URL(recorded);
		// The URL writes an IPv6 address in brackets; authority() adds them back.
		return { host: url.hostname.replace(/^\[(.*)\]$/, "$1"), port: url.port === "" ? "80" : url.port };
	} catch {
		return fallback;
	}
}

export async function consoleLink(args: string[], env: Env): Promise<void> {
	let parsed;
	try {
		parsed = parseArgs({
			args,
			options: {
				dir: { type: "string" },
				database: { type: "string" },
				ttl: { type: "string" },
				host: { type: "string" },
				port: { type: "string" },
				"end-sessions": { type: "boolean" },
			},
			strict: true,
			allowPositionals: false,
		}).values;
	} catch (error) {
		throw new ConfigError(`${error instanceof Error ? error.message : String(error)}\n\n${COMMAND_USAGE["console-link"]}`);
	}
	const database = databaseConfig(value(parsed.database, env, "database"));
	const dir = value(parsed.dir, env, "dir") ?? "holm_data";
	const ttl = parseTtl(value(parsed.ttl, env, "console-ttl") ?? `${CONSOLE_TOKEN_TTL_DEFAULT_SECONDS}s`);
	const { host, port } = linkAddress(value(parsed.host, env, "host"), value(parsed.port, env, "port"), dir);
	if (!/^[0-9]{1,5}$/.test(port)) throw new ConfigError(`--port must be a whole number (got "${port}")`);
	if (database.kind === "sqlite" && !existsSync(join(dir, "holm.db"))) {
		throw new ConfigError(`no database at ${resolve(join(dir, "holm.db"))}; give the --dir (or --database) that holm serve uses`);
	}
	const storage = await openStorage(database, dir);
	try {
		if (parsed["end-sessions"] === true) {
			const ended = await storage.stores.console.deleteAllSessions();
			console.log(`ended ${ended} console session${ended === 1 ? "" : "s"}; unused links no longer work`);
			return;
		}
		const token = await createSignInToken(storage.stores, ttl);
		console.error(`a one-time link, valid for ${ttl >= 60 ? `${Math.round(ttl / 60)} minutes` : `${ttl} seconds`} (holm serve needs --console):`);
		console.log(`http://${authority(host, port)}/console/#token=${token}`);
	} finally {
		await storage.close();
	}
}
