// `holm build-leak-file INPUT OUTPUT`: a password list or the Have I Been Pwned SHA-1 download
// (SHA1HEX:COUNT lines, ~40 GB, ~930M lines) into a leak file, in bounded memory.
//
// Each line becomes a 64-bit key (the first 8 bytes of the SHA-1); keys are collected into sorted
// runs on disk, then merged into the output at a width chosen from the number of keys. Memory is
// the run buffer (32 MiB by default), one 4 MiB read buffer, the merge buffers (32 MiB) and a
// 4 MiB write buffer, whatever the input's size. Temporary files go in a directory beside OUTPUT
// (not /tmp, often a RAM disk): about 8 bytes per input line, ~7.5 GB for the HIBP download.
import { mkdtemp, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { RunCollector, mergeRuns } from "./external-sort.ts";
import { bomLength, detectFormat, parseHashLines, parsePasswordLines, type InputFormat, type ParseState } from "./input-lines.ts";
import { chooseWidth, falsePositiveRate } from "./leak-file.ts";
import { LeakFileWriter } from "./leak-file-writer.ts";
import { BuildLeakFileError } from "./build-error.ts";
import { readLineBlocks } from "./line-blocks.ts";

export { BuildLeakFileError } from "./build-error.ts";

interface BuildLeakFileOptions {
	/** Keys per sorted run (8 bytes each). */
	runEntries?: number;
	/** Runs merged at once. */
	fanIn?: number;
	/** Read buffers of one merge, together. */
	mergeBufferBytes?: number;
}

const DEFAULT_RUN_ENTRIES = 4 << 20;
const DEFAULT_FAN_IN = 256;
const DEFAULT_MERGE_BUFFER_BYTES = 32 << 20;
const REPORT_EVERY_LINES = 5_000_000;

export async function buildLeakFile(
	input: string,
	output: string,
	progress: (msg: string) => void,
	options: BuildLeakFileOptions = {},
): Promise<{ entries: number; width: number }> {
	const started = performance.now();
	const target = resolve(output);
	let work: string;
	try {
		work = await mkdtemp(join(dirname(target), `.${basename(target)}.build-`));
	} catch (e) {
		throw new BuildLeakFileError(`cannot write beside ${output}: ${e instanceof Error ? e.message : String(e)}`);
	}
	try {
		const collector = new RunCollector(work, options.runEntries ?? DEFAULT_RUN_ENTRIES);
		const state: ParseState = { lines: 0, skipped: 0 };
		let format: InputFormat | null = null;
		let nextReport = REPORT_EVERY_LINES;
		for await (const block of readLineBlocks(input)) {
			let pos = 0;
			if (format === null) {
				pos = bomLength(block);
				format = detectFormat(block.subarray(pos), input);
				progress(`reading ${input} as ${format === "hashes" ? "SHA1HEX:COUNT lines" : "a password list, one per line"}`);
			}
			const parse = format === "hashes" ? parseHashLines : parsePasswordLines;
			while (pos < block.length) {
				const stopped = parse(block, pos, collector, state);
				// A parser stops early only when the run buffer is full.
				if (stopped < block.length || collector.full()) await collector.flush();
				pos = stopped;
			}
			if (state.lines >= nextReport) {
				progress(`${formatCount(state.lines)} lines read`);
				while (nextReport <= state.lines) nextReport += REPORT_EVERY_LINES;
			}
		}
		await collector.flush();
		collector.release();
		const runs = collector.runs;
		// Distinct within each run, so an upper bound on the distinct total: the width it gives keeps
		// the false-positive rate at or below the target, at worst one byte wider than needed.
		const keys = runs.reduce((sum, run) => sum + run.count, 0);
		const skipped = state.skipped > 0 ? ` (${formatCount(state.skipped)} skipped: ${format === "hashes" ? "count 0" : "not 8 to 127 characters"})` : "";
		progress(`${formatCount(state.lines)} lines read${skipped}, ${formatCount(keys)} keys in ${runs.length} sorted run${runs.length === 1 ? "" : "s"}`);
		if (keys === 0) throw new BuildLeakFileError(`${input} has no usable entries`);
		const width = chooseWidth(keys);
		const temp = join(work, "output.bin");
		const writer = await LeakFileWriter.create(temp, width);
		try {
			await mergeRuns(runs, work, writer, {
				fanIn: Math.max(2, options.fanIn ?? DEFAULT_FAN_IN),
				bufferBytes: options.mergeBufferBytes ?? DEFAULT_MERGE_BUFFER_BYTES,
				progress,
			});
		} catch (e) {
			await writer.abandon();
			throw e;
		}
		const entries = await writer.finish();
		await rename(temp, target);
		const seconds = ((performance.now() - started) / 1000).toFixed(1);
		progress(`wrote ${output}: ${formatCount(entries)} entries of ${width} bytes, false-positive rate ${falsePositiveRate(entries, width).toExponential(1)}, in ${seconds} s`);
		return { entries, width };
	} finally {
		await rm(work, { recursive: true, force: true });
	}
}

function formatCount(n: number): string {
	return n.toLocaleString("en-US");
}
