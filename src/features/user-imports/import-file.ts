// `holm import`: an NDJSON file of ROWs (from `holm export`, or made from another system) sent to a
// running Holm in batches of POST /user-imports, with a progress line on a terminal, every failed
// row written to FILE.rejects.ndjson, the user id of every created or skipped row to
// FILE.ids.ndjson, and an answer that says whether any row failed.
import { closeSync, constants, openSync, statSync, unlinkSync, writeSync } from "node:fs";
import { ConfigError } from "../../config-error.ts";
import type { OnConflictMode } from "../../config.ts";
import { formatCount, type ProgressSink } from "./export-users.ts";
import { MAX_IMPORT_ROWS } from "./schemas.ts";

/** Under the endpoint's 4 MiB, with room for the envelope. */
const MAX_BATCH_BYTES = 3.5 * 1024 * 1024;
/** Tries of one batch when the server cannot be reached or answers 503 (about 30 s in all). */
const MAX_TRIES = 6;

interface ImportOptions {
	file: string;
	url: string;
	secret: string;
	onConflict: OnConflictMode;
	progress: ProgressSink;
	/** Standard input, for FILE "-". */
	stdin?: ReadableStream<Uint8Array>;
}

interface ImportOutcome {
	rows: number;
	created: number;
	skipped: number;
	failed: number;
	/** Where the failed rows are, or null when none failed. */
	rejects: string | null;
	/** Where the ids of the created and skipped rows are, or null when there are none. */
	ids: string | null;
	seconds: number;
}

/** Where the rows that failed go: beside the file, or stdin.rejects.ndjson for standard input. */
function rejectsPath(file: string): string {
	return file === "-" ? "stdin.rejects.ndjson" : `${file}.rejects.ndjson`;
}

/** Where the user ids of the imported rows go: beside the file, or stdin.ids.ndjson. */
function idsPath(file: string): string {
	return file === "-" ? "stdin.ids.ndjson" : `${file}.ids.ndjson`;
}

interface Row {
	line: number;
	/** The line as given (already checked to be JSON), sent as it is. */
	text: string;
	/** The line parsed, once: for the rejects file and the ids file's email. */
	value: unknown;
}

/** Lines of a byte stream, with their numbers and the bytes read so far. */
async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<{ line: number; text: string; bytesRead: number }> {
	const decoder = new TextDecoder();
	let carry = "";
	let line = 0;
	let bytesRead = 0;
	for await (const chunk of stream) {
		bytesRead += chunk.byteLength;
		carry += decoder.decode(chunk, { stream: true });
		let start = 0;
		for (let end = carry.indexOf("\n"); end !== -1; end = carry.indexOf("\n", start)) {
			yield { line: ++line, text: carry.slice(start, end), bytesRead };
			start = end + 1;
		}
		carry = carry.slice(start);
	}
	carry += decoder.decode();
	if (carry !== "") yield { line: ++line, text: carry, bytesRead };
}

/** An NDJSON file written beside the input: the rejects, or the ids. */
class SideFile {
	#fd: number | null = null;
	constructor(readonly path: string) {}

	write(entry: Record<string, unknown>): void {
		this.#fd ??= this.#create();
		writeSync(this.#fd, JSON.stringify(entry) + "\n");
	}

	/**
	 * Created at the first entry, new and of mode 0600 (a rejected row holds a hash and a TOTP key,
	 * and the ids file ties ids to emails): what was at the path goes first (an earlier run's file, whatever its mode, or a symbolic link, which is
	 * removed, never followed), and O_EXCL | O_NOFOLLOW refuse anything put there in between.
	 */
	#create(): number {
		try {
			unlinkSync(this.path);
		} catch {}
		try {
			return openSync(this.path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
		} catch (error) {
			const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
			throw new ConfigError(`cannot create ${this.path} (${reason})`);
		}
	}

	/** The path when something was written, else null (and a stale file from an earlier run goes). */
	close(): string | null {
		if (this.#fd === null) {
			try {
				unlinkSync(this.path);
			} catch {}
			return null;
		}
		closeSync(this.#fd);
		return this.path;
	}
}

type BatchAnswer = { results: { status: string; user_id?: string; error?: string }[] } | { error: string };

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One batch to the server, tried again while it cannot be reached or is overloaded. */
async function send(options: ImportOptions, body: string): Promise<BatchAnswer> {
	const unix = options.url.startsWith("unix:") ? options.url.slice("unix:".length) : null;
	const url = unix === null ? `${options.url}/user-imports` : "http://localhost/user-imports";
	let wait = 500;
	for (let attempt = 1; ; attempt++) {
		let retryAfterMs = wait;
		try {
			const response = await fetch(url, {
				method: "POST",
				headers: { Authorization: options.secret, "Content-Type": "application/json" },
				body,
				...(unix === null ? {} : { unix }),
			});
			const answer = (await response.json().catch(() => ({ error: `HTTP ${response.status}` }))) as BatchAnswer;
			if (response.status === 401) throw new ConfigError(`${options.url} refused the secret; give the server's secret with --secret-file`);
			if (response.status !== 503) return answer;
			retryAfterMs = Math.max(wait, Number(response.headers.get("Retry-After") ?? "1") * 1000);
		} catch (error) {
			if (error instanceof ConfigError) throw error;
			if (attempt >= MAX_TRIES) throw new Error(`cannot reach ${options.url} (${error instanceof Error ? error.message : String(error)})`);
		}
		if (attempt >= MAX_TRIES) throw new Error(`${options.url} stayed unavailable`);
		await sleep(retryAfterMs);
		wait *= 2;
	}
}

function duration(seconds: number): string {
	if (!Number.isFinite(seconds)) return "?";
	const s = Math.round(seconds);
	if (s < 60) return `${s}s`;
	if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
	return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

export async function importFile(options: ImportOptions): Promise<ImportOutcome> {
	let stream: ReadableStream<Uint8Array>;
	let totalBytes: number | null = null;
	if (options.file === "-") {
		stream = options.stdin ?? Bun.stdin.stream();
	} else {
		try {
			totalBytes = statSync(options.file).size;
		} catch (error) {
			throw new ConfigError(`cannot read ${options.file} (${error instanceof Error && "code" in error ? String(error.code) : String(error)})`);
		}
		stream = Bun.file(options.file).stream();
	}
	const rejects = new SideFile(rejectsPath(options.file));
	const ids = new SideFile(idsPath(options.file));
	const outcome: ImportOutcome = { rows: 0, created: 0, skipped: 0, failed: 0, rejects: null, ids: null, seconds: 0 };
	const started = performance.now();
	let bytesRead = 0;
	let lastProgress = 0;

	function showProgress(final: boolean): void {
		if (!options.progress.isTTY) return;
		const now = performance.now();
		if (!final && now - lastProgress < 250) return;
		lastProgress = now;
		const seconds = (now - started) / 1000;
		const rate = outcome.rows / Math.max(seconds, 0.001);
		let left = "";
		if (totalBytes !== null && bytesRead > 0 && !final) left = `, about ${duration((seconds * (totalBytes - bytesRead)) / bytesRead)} left`;
		const failed = outcome.failed > 0 ? `, ${formatCount(outcome.failed)} failed` : "";
		options.progress.write(`\r\u001b[K${formatCount(outcome.rows)} rows, ${formatCount(rate)} rows/s${failed}${left}`);
	}

	function reject(row: Row, error: string): void {
		outcome.failed++;
		rejects.write({ line: row.line, error, row: row.value });
	}

	/** A line that is not JSON, in the rejects file as text. */
	function rejectText(line: number, text: string): void {
		outcome.failed++;
		rejects.write({ line, error: "INVALID_DATA", text });
	}

	/** The row's line, what became of it, the user id, and the row's email to match it by. */
	function record(row: Row, status: string, userId: string | undefined): void {
		const email = typeof row.value === "object" && row.value !== null && "email" in row.value ? row.value.email : undefined;
		ids.write({ line: row.line, status, user_id: userId ?? null, ...(typeof email === "string" ? { email } : {}) });
	}

	async function flush(batch: Row[]): Promise<void> {
		if (batch.length === 0) return;
		const body = `{"on_conflict":${JSON.stringify(options.onConflict)},"users":[${batch.map((row) => row.text).join(",")}]}`;
		const answer = await send(options, body);
		outcome.rows += batch.length;
		if ("error" in answer) {
			// The whole batch was refused (a row too large for a body, say): every row failed.
			for (const row of batch) reject(row, answer.error);
		} else {
			answer.results.forEach((result, index) => {
				if (result.status === "created") outcome.created++;
				else if (result.status === "skipped") outcome.skipped++;
				else return reject(batch[index]!, result.error ?? "UNKNOWN_ERROR");
				record(batch[index]!, result.status, result.user_id);
			});
		}
		showProgress(false);
	}

	// One batch at a time on the server, so the first row with an email or id wins as in one
	// request; the next batch is read and checked while the last one is being imported.
	let sending: Promise<void> = Promise.resolve();
	async function sendInTurn(batch: Row[]): Promise<void> {
		await sending;
		sending = flush(batch);
		sending.catch(() => {}); // handled: the next call, or the end, awaits it and throws
	}

	try {
		let batch: Row[] = [];
		let batchBytes = 0;
		for await (const { line, text, bytesRead: read } of lines(stream)) {
			bytesRead = read;
			const trimmed = text.trim();
			if (trimmed === "") continue;
			let value: unknown;
			try {
				value = JSON.parse(trimmed);
			} catch {
				outcome.rows++;
				rejectText(line, trimmed);
				continue;
			}
			const row: Row = { line, text: trimmed, value };
			if (batch.length === MAX_IMPORT_ROWS || (batch.length > 0 && batchBytes + Buffer.byteLength(trimmed) > MAX_BATCH_BYTES)) {
				await sendInTurn(batch);
				batch = [];
				batchBytes = 0;
			}
			batch.push(row);
			batchBytes += Buffer.byteLength(trimmed) + 1;
		}
		await sendInTurn(batch);
		await sending;
	} finally {
		outcome.rejects = rejects.close();
		outcome.ids = ids.close();
		outcome.seconds = (performance.now() - started) / 1000;
		showProgress(true);
		if (options.progress.isTTY) options.progress.write("\n");
	}
	return outcome;
}
