// `holm export`: every user as NDJSON in the ROW form of API.md section 9, from one snapshot, to
// a new file of mode 0600 (it holds password hashes and TOTP keys) or to standard output, with
// progress on standard error.
import { closeSync, openSync, unlinkSync, writeSync } from "node:fs";
import { ConfigError } from "../../config-error.ts";
import type { UserExportSource } from "./store.ts";

export interface ExportOptions {
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
	close(): Promise<void>;
}

function fileSink(path: string): Sink {
	let fd: number;
	try {
		// "wx": never over an existing file, which may be an earlier export someone still needs.
		fd = openSync(path, "wx", 0o600);
	} catch (error) {
		const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
		if (reason === "EEXIST") throw new ConfigError(`${path} already exists; choose a new path`);
		throw new ConfigError(`cannot create ${path} (${reason})`);
	}
	return {
		async write(text) {
			writeSync(fd, text);
		},
		async close() {
			closeSync(fd);
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
		async close() {
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
		await sink.close();
		// Half an export looks like a whole one: it goes.
		if (options.output !== null) unlinkSync(options.output);
		throw error;
	}
	await sink.close();
	const seconds = (performance.now() - started) / 1000;
	const where = options.output === null ? "" : ` to ${options.output}`;
	options.progress.write(`${options.progress.isTTY ? "\r" : ""}exported ${formatCount(count)} users${where} in ${seconds.toFixed(1)} s (${formatCount(rate())} a second)\n`);
	return count;
}
