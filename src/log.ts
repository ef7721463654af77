// Structured logging to stdout/stderr. Callers pass only what is safe to keep: never passwords,
// codes, keys, hashes or the secret.
import type { LogFormat } from "./config.ts";

export type LogFields = Record<string, string | number | boolean | null>;

export interface Logger {
	info(message: string, fields?: LogFields): void;
	warn(message: string, fields?: LogFields): void;
	error(message: string, fields?: LogFields): void;
}

export function createLogger(format: LogFormat): Logger {
	function write(level: "info" | "warn" | "error", message: string, fields: LogFields = {}): void {
		const stream = level === "info" ? process.stdout : process.stderr;
		if (format === "json") {
			stream.write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }) + "\n");
			return;
		}
		const extra = Object.entries(fields)
			.map(([key, value]) => `${key}=${value}`)
			.join(" ");
		stream.write(`${new Date().toISOString()} ${level.toUpperCase()} ${message}${extra ? " " + extra : ""}\n`);
	}
	return {
		info: (message, fields) => write("info", message, fields),
		warn: (message, fields) => write("warn", message, fields),
		error: (message, fields) => write("error", message, fields),
	};
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
