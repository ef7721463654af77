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
interface LogSinks {
	out: LogSink;
	err: LogSink;
}

/** A stream's `write` answers false when the stream took the text but could not pass it all on
 *  yet (a pipe whose reader is slow); it keeps the rest, and says "drain" once it has passed it on.
 *  A sink without `once` is never waited for. */
interface LogSink {
	write(text: string): unknown;
	once?(event: "drain", listener: () => void): unknown;
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

// The same set, for a test: most text has nothing to escape, and a test costs less than a
// replace that finds nothing.
const ANY_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** `text` with every unsafe character written as an escape, so it stays on one line. */
function escapeText(text: string): string {
	return ANY_UNSAFE.test(text) ? text.replace(UNSAFE, escapeChar) : text;
}

// Values made only of these characters are written bare; anything else is quoted, so a space,
// `=` or `"` inside a value cannot pass for the start of another field.
const BARE = /^[A-Za-z0-9_.:/@+*,[\]-]+$/;

function prettyValue(value: string | number | boolean | null): string {
	if (typeof value !== "string") return String(value);
	if (BARE.test(value)) return value;
	return escapeText(JSON.stringify(value));
}

// Messages and field names come from Holm's code, so the same few dozen strings come back on
// every line (the request line: "request" and six names): once one is found to need no escape it
// is remembered, and a lookup in a set costs less than the test. Bounded, in case a message is
// ever made of varying parts.
const SAFE_NAMES = new Set<string>();
const MAX_SAFE_NAMES = 512;

/** escapeText for a message or a field name. */
function escapeName(name: string): string {
	if (SAFE_NAMES.has(name)) return name;
	if (ANY_UNSAFE.test(name)) return name.replace(UNSAFE, escapeChar);
	if (SAFE_NAMES.size < MAX_SAFE_NAMES) SAFE_NAMES.add(name);
	return name;
}

function prettyLine(time: string, level: LogLevel, message: string, fields: LogFields): string {
	let line = `${time} ${LEVEL_NAMES[level]} ${escapeName(message)}`;
	for (const key in fields) line += ` ${escapeName(key)}=${prettyValue(fields[key] as LogFields[string])}`;
	return line;
}

const LEVEL_NAMES: Record<LogLevel, string> = { debug: "DEBUG", info: "INFO", warn: "WARN", error: "ERROR" };

function jsonLine(time: string, level: LogLevel, message: string, fields: LogFields): string {
	// JSON.stringify escapes C0 controls; DEL, C1 and U+2028/2029 are escaped here, still valid JSON.
	return escapeText(JSON.stringify({ time, level, message, ...fields }));
}

/**
 * When info and debug lines reach their sink. "each turn" (the server's): gathered and written
 * together once per turn of the event loop, or sooner when FLUSH_BYTES are waiting, so a busy
 * server makes one write a turn instead of one a request (the write was about a tenth of the CPU
 * of GET /users/{id}). A warning or an error first writes what is waiting, then itself at once, so
 * the two streams keep their order when they go to the same place, and a fault is never held
 * back. "each line": every line as it is made (the commands that exit at once, and tests that read
 * a request's line as soon as its answer arrives).
 */
type LogWrites = "each turn" | "each line";

const FLUSH_BYTES = 64 * 1024;

/**
 * How much of info and debug lines may wait while stdout does not take them (a pipe whose reader
 * is slow or stopped: process.stdout would otherwise keep every line, without limit), counting
 * both what Holm holds and what the stream holds for it. Beyond it, new info and debug lines are
 * dropped and counted; once the stream drains, one warning says how many. Warnings and errors
 * are never dropped.
 */
export const MAX_WAITING = 1024 * 1024;

/** A logger that writes lines at `minimum` severity and above. */
export function createLogger(
	format: LogFormat,
	minimum: LogLevel = "info",
	sinks: LogSinks = { out: process.stdout, err: process.stderr },
	writes: LogWrites = "each line",
): Logger {
	const formatLine = format === "json" ? jsonLine : prettyLine;
	let pending = "";
	let scheduled = false;
	// The clock read is a Date and a string each; lines in the same millisecond share them.
	let timeMs = -1;
	let timeText = "";
	// Between a write to `out` that answered false and its "drain": what the stream holds for us
	// meanwhile, and the lines dropped for want of room.
	let blocked = false;
	let streamHolds = 0;
	let dropped = 0;
	let exitHooked = false;

	/** What is waiting goes out, unless stdout is still busy with earlier lines. */
	function flush(): void {
		scheduled = false;
		if (pending !== "" && !blocked) writeOut();
	}

	/** What is waiting goes out even if stdout is busy: before a warning or an error, and at exit. */
	function flushNow(): void {
		scheduled = false;
		if (pending !== "") writeOut();
	}

	function writeOut(): void {
		const text = pending;
		pending = "";
		if (sinks.out.write(text) !== false || sinks.out.once === undefined) {
			if (blocked) streamHolds += text.length;
			return;
		}
		streamHolds += text.length;
		if (blocked) return;
		blocked = true;
		sinks.out.once("drain", drained);
		// Whatever waits in Holm at exit is handed over to the stream first.
		if (!exitHooked) {
			exitHooked = true;
			process.once("exit", flushNow);
		}
	}

	function drained(): void {
		blocked = false;
		streamHolds = 0;
		if (dropped > 0) {
			const lines = dropped;
			dropped = 0;
			// Writes what waits first, as any warning does.
			write("warn", "log lines dropped: stdout was not read fast enough", { lines });
		} else flush();
	}

	function timestamp(): string {
		const now = Date.now();
		if (now !== timeMs) {
			timeMs = now;
			timeText = new Date(now).toISOString();
		}
		return timeText;
	}

	function write(level: LogLevel, message: string, fields: LogFields = {}): void {
		if (SEVERITY[level] < SEVERITY[minimum]) return;
		const line = formatLine(timestamp(), level, message, fields) + "\n";
		if (level === "warn" || level === "error") {
			flushNow();
			sinks.err.write(line);
			return;
		}
		if (blocked && streamHolds + pending.length + line.length > MAX_WAITING) {
			dropped++;
			return;
		}
		pending += line;
		if (writes === "each line" || pending.length >= FLUSH_BYTES) flush();
		else if (!scheduled) {
			scheduled = true;
			setImmediate(flush);
		}
	}
	// Lines still waiting when the process exits (process.exit after a stop) are written first.
	if (writes === "each turn") {
		exitHooked = true;
		process.once("exit", flushNow);
	}
	return {
		debug: (message, fields) => write("debug", message, fields),
		info: (message, fields) => write("info", message, fields),
		warn: (message, fields) => write("warn", message, fields),
		error: (message, fields) => write("error", message, fields),
	};
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
