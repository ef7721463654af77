// Sorting more 64-bit keys than fit in memory: sorted runs of bounded size go to temporary files,
// then one k-way merge (or several, when there are more runs than the fan-in) streams them out.
// A key is (hi, lo), two u32 halves; in buffers and run files it is one little-endian u64,
// lo first, so a BigUint64Array view sorts it natively and in the right order.
import { open, rm, writeFile, type FileHandle } from "node:fs/promises";
import { join } from "node:path";

/** Receives keys in ascending order; `add` answers true when the receiver wants `flush` awaited. */
export interface SortedKeySink {
	add(hi: number, lo: number): boolean;
	flush(): Promise<void>;
}

interface Run {
	path: string;
	count: number;
	firstHi: number;
	firstLo: number;
	lastHi: number;
	lastLo: number;
}

if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) {
	throw new Error("the leak file builder assumes a little-endian CPU");
}

/** Collects keys into a fixed buffer; each full buffer becomes one sorted, de-duplicated run file. */
export class RunCollector {
	readonly runs: Run[] = [];
	private keys: Uint32Array;
	private size = 0;

	constructor(
		private readonly dir: string,
		capacity: number,
	) {
		this.keys = new Uint32Array(capacity * 2);
	}

	add(hi: number, lo: number): boolean {
		const i = this.size * 2;
		this.keys[i] = lo;
		this.keys[i + 1] = hi;
		return ++this.size * 2 === this.keys.length;
	}

	full(): boolean {
		return this.size * 2 === this.keys.length;
	}

	async flush(): Promise<void> {
		if (this.size === 0) return;
		const keys = this.keys;
		new BigUint64Array(keys.buffer, 0, this.size).sort();
		let kept = 1;
		for (let i = 1; i < this.size; i++) {
			const lo = keys[i * 2]!;
			const hi = keys[i * 2 + 1]!;
			if (lo === keys[kept * 2 - 2] && hi === keys[kept * 2 - 1]) continue;
			keys[kept * 2] = lo;
			keys[kept * 2 + 1] = hi;
			kept++;
		}
		const path = join(this.dir, `run-${this.runs.length}.bin`);
		await writeFile(path, new Uint8Array(keys.buffer, 0, kept * 8));
		this.runs.push({ path, count: kept, firstHi: keys[1]!, firstLo: keys[0]!, lastHi: keys[kept * 2 - 1]!, lastLo: keys[kept * 2 - 2]! });
		this.size = 0;
	}

	/** Drops the buffer so the merge phase does not hold it too. */
	release(): void {
		this.keys = new Uint32Array(0);
	}
}

/** Streams one run file back through a small buffer. */
class RunReader {
	hi = 0;
	lo = 0;
	private pos = 0;
	private length = 0;
	private remaining: number;
	private readonly buffer: Uint32Array;

	private constructor(
		private readonly handle: FileHandle,
		count: number,
		buffer: Uint32Array,
	) {
		this.remaining = count;
		this.buffer = buffer;
	}

	/** Reads through `buffer` (an even number of u32s), which the caller may lend to several readers in turn. */
	static async open(run: Run, buffer: Uint32Array): Promise<RunReader> {
		return new RunReader(await open(run.path, "r"), run.count, buffer);
	}

	/** Moves to the next key in the buffer; false when the buffer is used up (call refill). */
	next(): boolean {
		if (++this.pos >= this.length) return false;
		this.hi = this.buffer[this.pos * 2 + 1]!;
		this.lo = this.buffer[this.pos * 2]!;
		return true;
	}

	/** Loads the next block; false at the end of the run. */
	async refill(): Promise<boolean> {
		if (this.remaining === 0) return false;
		const want = Math.min(this.remaining, this.buffer.length / 2);
		const bytes = new Uint8Array(this.buffer.buffer, this.buffer.byteOffset, want * 8);
		let filled = 0;
		while (filled < bytes.length) {
			const { bytesRead } = await this.handle.read(bytes, filled, bytes.length - filled, null);
			if (bytesRead === 0) throw new Error("a temporary run file ended early");
			filled += bytesRead;
		}
		this.remaining -= want;
		this.length = want;
		this.pos = 0;
		this.hi = this.buffer[1]!;
		this.lo = this.buffer[0]!;
		return true;
	}

	close(): Promise<void> {
		return this.handle.close();
	}
}

/** Writes merged keys as a new (intermediate) run file, dropping duplicates. */
class RunFileSink implements SortedKeySink {
	count = 0;
	firstHi = 0;
	firstLo = 0;
	private lastHi = 0;
	private lastLo = 0;
	private used = 0;

	constructor(
		private readonly handle: FileHandle,
		private readonly buffer: Uint32Array,
	) {}

	add(hi: number, lo: number): boolean {
		if (this.count > 0 && hi === this.lastHi && lo === this.lastLo) return false;
		if (this.count === 0) {
			this.firstHi = hi;
			this.firstLo = lo;
		}
		this.count++;
		this.lastHi = hi;
		this.lastLo = lo;
		this.buffer[this.used++] = lo;
		this.buffer[this.used++] = hi;
		return this.used === this.buffer.length;
	}

	async flush(): Promise<void> {
		if (this.used === 0) return;
		await writeAll(this.handle, new Uint8Array(this.buffer.buffer, this.buffer.byteOffset, this.used * 4));
		this.used = 0;
	}

	run(path: string): Run {
		return { path, count: this.count, firstHi: this.firstHi, firstLo: this.firstLo, lastHi: this.lastHi, lastLo: this.lastLo };
	}
}

export async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
	let written = 0;
	while (written < bytes.length) {
		const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
		written += bytesWritten;
	}
}

interface MergeOptions {
	/** Most runs merged at once; more runs are first merged in groups into longer runs. */
	fanIn: number;
	/** Memory for all read buffers of one merge together. */
	bufferBytes: number;
	/** Called before each merge pass with a description. */
	progress: (message: string) => void;
}

const MIN_BLOCK_ENTRIES = 1024;
// Sequential reads gain nothing from blocks larger than this.
const CHAIN_BLOCK_ENTRIES = 128 << 10;
const SINK_BUFFER_ENTRIES = 128 << 10;

/** Sends every key of `runs` to `sink` in ascending order (duplicates included) and deletes the run files. */
export async function mergeRuns(runs: Run[], dir: string, sink: SortedKeySink, options: MergeOptions): Promise<void> {
	// Every reader of every pass reads through a slice of this one allocation, so memory stays put
	// however many groups and passes there are (buffers allocated per group pile up before the GC runs).
	const readersAtOnce = Math.max(1, Math.min(options.fanIn, runs.length));
	const blockEntries = Math.max(MIN_BLOCK_ENTRIES, Math.floor(options.bufferBytes / 8 / readersAtOnce));
	const area = new Uint32Array(Math.max(blockEntries * readersAtOnce, CHAIN_BLOCK_ENTRIES) * 2);
	function slices(count: number): Uint32Array[] {
		return Array.from({ length: count }, (_, i) => area.subarray(i * blockEntries * 2, (i + 1) * blockEntries * 2));
	}
	const sinkBuffer = new Uint32Array(SINK_BUFFER_ENTRIES * 2);
	let level = runs;
	let pass = 0;
	// Runs in a chain are read one at a time, so they need no passes however many there are.
	while (level.length > options.fanIn && !isChain(level)) {
		pass++;
		options.progress(`merging ${level.length} runs in groups of ${options.fanIn} (pass ${pass})`);
		const next: Run[] = [];
		for (let i = 0; i < level.length; i += options.fanIn) {
			const group = level.slice(i, i + options.fanIn);
			const path = join(dir, `merge-${pass}-${next.length}.bin`);
			const handle = await open(path, "w");
			try {
				const intermediate = new RunFileSink(handle, sinkBuffer);
				await mergeGroup(group, intermediate, slices(group.length), area);
				await intermediate.flush();
				next.push(intermediate.run(path));
			} finally {
				await handle.close();
			}
			await Promise.all(group.map((run) => rm(run.path, { force: true })));
		}
		level = next;
	}
	if (level.length > 1) options.progress(isChain(level) ? `joining ${level.length} runs (input was already in order)` : `merging ${level.length} runs`);
	await mergeGroup(level, sink, slices(level.length), area);
	await sink.flush();
	await Promise.all(level.map((run) => rm(run.path, { force: true })));
}

// Runs that follow one another without overlap (true when the input was sorted, as the HIBP
// download is) are simply read one after the other, skipping the heap.
function isChain(runs: Run[]): boolean {
	for (let i = 1; i < runs.length; i++) {
		const prev = runs[i - 1]!;
		const cur = runs[i]!;
		if (cur.firstHi < prev.lastHi || (cur.firstHi === prev.lastHi && cur.firstLo < prev.lastLo)) return false;
	}
	return true;
}

/** `slices[i]` is run i's read buffer for a merge; `area` (all of them) serves runs read one by one. */
async function mergeGroup(runs: Run[], sink: SortedKeySink, slices: Uint32Array[], area: Uint32Array): Promise<void> {
	if (runs.length === 0) return;
	if (isChain(runs)) {
		const shared = area.subarray(0, Math.min(area.length, CHAIN_BLOCK_ENTRIES * 2));
		for (const run of runs) {
			const reader = await RunReader.open(run, shared);
			try {
				while (await reader.refill()) {
					do {
						if (sink.add(reader.hi, reader.lo)) await sink.flush();
					} while (reader.next());
				}
			} finally {
				await reader.close();
			}
		}
		return;
	}
	const readers = await Promise.all(runs.map((run, i) => RunReader.open(run, slices[i]!)));
	try {
		const heap: RunReader[] = [];
		for (const reader of readers) if (await reader.refill()) heap.push(reader);
		for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i);
		while (heap.length > 0) {
			const top = heap[0]!;
			if (sink.add(top.hi, top.lo)) await sink.flush();
			if (!top.next() && !(await top.refill())) {
				const last = heap.pop()!;
				if (heap.length === 0) break;
				heap[0] = last;
			}
			siftDown(heap, 0);
		}
	} finally {
		await Promise.all(readers.map((reader) => reader.close()));
	}
}

function less(a: RunReader, b: RunReader): boolean {
	return a.hi < b.hi || (a.hi === b.hi && a.lo < b.lo);
}

function siftDown(heap: RunReader[], index: number): void {
	const n = heap.length;
	const item = heap[index]!;
	for (;;) {
		let child = index * 2 + 1;
		if (child >= n) break;
		if (child + 1 < n && less(heap[child + 1]!, heap[child]!)) child++;
		if (!less(heap[child]!, item)) break;
		heap[index] = heap[child]!;
		index = child;
	}
	heap[index] = item;
}
