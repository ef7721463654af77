// `holm export`: every user as NDJSON in the ROW form of API.md section 9, from one snapshot, to
// a new file of mode 0600 (it holds password hashes and TOTP keys) or to standard output, with
// progress on standard error. The file is written under a temporary name beside it and given its
// name only when whole, so a file of that name is always a complete export: an export that fails,
// or is stopped by a signal, leaves nothing (a kill -9 leaves the temporary file, never the name).
import { closeSync, fsyncSync, linkSync, lstatSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ConfigError } from "../../config-error.ts";
import type { UserExportSource } from "./store.ts";

interface ExportOptions {
	/** A new file, or null for standard output. */
	output: string | null;
	/** Where progress goes (standard error). */
	progress: ProgressSink;
}

export interface ProgressSink {
	/** Whether it is a terminal, where one line is rewritten in place. */
	isTTY: boolean;
	write(text: string): void;
}

interface Sink {
	write(text: string): Promise<void>;
	/** Everything was written: the output is complete. */
	finish(): Promise<void>;
	/** The export failed: nothing of it may look complete. */
	abandon(): Promise<void>;
}

function errorCode(error: unknown): string {
	return error instanceof Error && "code" in error ? String(error.code) : String(error);
}

const SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

function fileSink(path: string): Sink {
	// Never over an existing file (or link), which may be an earlier export someone still needs.
	const taken = (() => {
		try {
			lstatSync(path);
			return true;
		} catch {
			return false;
		}
	})();
	if (taken) throw new ConfigError(`${path} already exists; choose a new path`);
	const temporary = join(dirname(path), `.${basename(path)}.${crypto.randomUUID().slice(0, 8)}.partial`);
	let fd: number;
	try {
		fd = openSync(temporary, "wx", 0o600);
	} catch (error) {
		throw new ConfigError(`cannot create ${path} (${errorCode(error)})`);
	}
	function removeTemporary(): void {
		try {
			unlinkSync(temporary);
		} catch {}
	}
	const onSignal = (signal: keyof typeof SIGNALS) => {
		removeTemporary();
		process.exit(SIGNALS[signal]);
	};
	for (const signal of Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]) process.on(signal, onSignal);
	function stopListening(): void {
		for (const signal of Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]) process.off(signal, onSignal);
	}
	return {
		async write(text) {
			writeSync(fd, text);
		},
		async finish() {
			fsyncSync(fd);
			closeSync(fd);
			try {
				// A hard link takes the name only if nobody took it meanwhile; a file system without hard
				// links gets a rename (the name was free a moment ago).
				try {
					linkSync(temporary, path);
				} catch (error) {
					if (errorCode(error) === "EEXIST") throw new ConfigError(`${path} already exists; choose a new path`);
					renameSync(temporary, path);
				}
			} finally {
				removeTemporary();
				stopListening();
			}
		},
		async abandon() {
			closeSync(fd);
			removeTemporary();
			stopListening();
		},
	};
}

function stdoutSink(): Sink {
	const writer = Bun.stdout.writer();
	return {
		async write(text) {
			writer.write(text);
			await writer.flush();
		},
		async finish() {
			await writer.end();
		},
		async abandon() {
			await writer.end();
		},
	};
}

export function formatCount(n: number): string {
	return Math.round(n).toLocaleString("en-US");
}

/** Writes every user of `source`; answers how many. */
export async function exportUsers(source: UserExportSource, options: ExportOptions): Promise<number> {
	const sink = options.output === null ? stdoutSink() : fileSink(options.output);
	const started = performance.now();
	let count = 0;
	let lastProgress = started;
	const rate = () => count / Math.max((performance.now() - started) / 1000, 0.001);
	try {
		await source.each(async (users) => {
			let text = "";
			for (const user of users) text += JSON.stringify(user) + "\n";
			await sink.write(text);
			count += users.length;
			const now = performance.now();
			if (options.progress.isTTY && now - lastProgress > 250) {
				lastProgress = now;
				options.progress.write(`\rexported ${formatCount(count)} users (${formatCount(rate())} a second)`);
			}
		});
	} catch (error) {
		// Half an export looks like a whole one: it goes.
		await sink.abandon();
		throw error;
	}
	await sink.finish();
	const seconds = (performance.now() - started) / 1000;
	const where = options.output === null ? "" : ` to ${options.output}`;
	options.progress.write(`${options.progress.isTTY ? "\r" : ""}exported ${formatCount(count)} users${where} in ${seconds.toFixed(1)} s (${formatCount(rate())} a second)\n`);
	return count;
}
