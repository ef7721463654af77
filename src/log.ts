// Structured logging to stdout/stderr, one line per call. Callers pass only what is safe to keep:
// never passwords, codes, keys, hashes or the secret. Values may still come from a request (a
// method, an error message), so no value can end the line or, in the pretty format, add a field:
// see escapeText and prettyValue.
import type { LogFormat, LogLevel } from "./config.ts";

export type LogFields = Record<string, string | number | boolean | null>;

export interface Logger {
	/** Optional, so a Logger that collects only info, warn and error (as tests do) still fits; it sees no debug lines. */
	debug?(message: string, fields?: LogFields): void;
	info(message: string, fields?: LogFields): void;
	warn(message: string, fields?: LogFields): void;
	error(message: string, fields?: LogFields): void;
}

/** Where lines go; process.stdout and process.stderr by default. */
export interface LogSinks {
	out: { write(text: string): unknown };
	err: { write(text: string): unknown };
}

const SEVERITY: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

// Every character a log reader or shipper might take as a line end or a terminal command: C0
// controls (\n, \r, ESC, ...), DEL, C1 controls (NEL is U+0085), and the Unicode line and
// paragraph separators.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function escapeChar(char: string): string {
	const named: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
	return named[char] ?? "\\u" + char.charCodeAt(0).toString(16).padStart(4, "0");
}

/** `text` with every unsafe character written as an escape, so it stays on one line. */
export function escapeText(text: string): string {
	return text.replace(UNSAFE, escapeChar);
}

// Values made only of these characters are written bare; anything else is quoted, so a space,
// `=` or `"` inside a value cannot pass for the start of another field.
const BARE = /^[A-Za-z0-9_.:/@+*,[\]-]+$/;

function prettyValue(value: string | number | boolean | null): string {
	if (typeof value !== "string") return String(value);
	if (BARE.test(value)) return value;
	return escapeText(JSON.stringify(value));
}

function prettyLine(time: string, level: LogLevel, message: string, fields: LogFields): string {
	const extra = Object.entries(fields).map(([key, value]) => `${escapeText(key)}=${prettyValue(value)}`);
	return [time, level.toUpperCase(), escapeText(message), ...extra].join(" ");
}

function jsonLine(time: string, level: LogLevel, message: string, fields: LogFields): string {
	// JSON.stringify escapes C0 controls; DEL, C1 and U+2028/2029 are escaped here, still valid JSON.
	return escapeText(JSON.stringify({ time, level, message, ...fields }));
}

/** A logger that writes lines at `minimum` severity and above. */
export function createLogger(format: LogFormat, minimum: LogLevel = "info", sinks: LogSinks = { out: process.stdout, err: process.stderr }): Logger {
	function write(level: LogLevel, message: string, fields: LogFields = {}): void {
		if (SEVERITY[level] < SEVERITY[minimum]) return;
		const sink = level === "debug" || level === "info" ? sinks.out : sinks.err;
		const time = new Date().toISOString();
		sink.write((format === "json" ? jsonLine : prettyLine)(time, level, message, fields) + "\n");
	}
	return {
		debug: (message, fields) => write("debug", message, fields),
		info: (message, fields) => write("info", message, fields),
		warn: (message, fields) => write("warn", message, fields),
		error: (message, fields) => write("error", message, fields),
	};
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
