// Writes ascending 64-bit keys as a leak file of `width`-byte prefixes (4 to 8), dropping keys
// whose prefixes repeat, and fills in the header's entry count once it is known.
import { open, type FileHandle } from "node:fs/promises";
import { FORMAT_VERSION, HEADER_BYTES, encodeHeader } from "./leak-file.ts";
import { writeAll, type SortedKeySink } from "./external-sort.ts";

const BUFFER_BYTES = 4 << 20;

export class LeakFileWriter implements SortedKeySink {
	count = 0;
	private lastHi = 0;
	private lastLo = 0;
	private readonly loMask: number;
	private readonly loBytes: number;
	private readonly buffer: Uint8Array;
	private used = 0;

	private constructor(
		private readonly handle: FileHandle,
		private readonly width: number,
	) {
		if (width < 4 || width > 8) throw new Error(`prefix width ${width} is outside 4..8`);
		this.loBytes = width - 4;
		this.loMask = this.loBytes === 0 ? 0 : (0xffffffff << (32 - this.loBytes * 8)) >>> 0;
		this.buffer = new Uint8Array(Math.floor(BUFFER_BYTES / width) * width);
	}

	static async create(path: string, width: number): Promise<LeakFileWriter> {
		const handle = await open(path, "w");
		const writer = new LeakFileWriter(handle, width);
		// Room for the header, which is rewritten with the real count by finish().
		await writeAll(handle, new Uint8Array(HEADER_BYTES));
		return writer;
	}

	add(hi: number, lo: number): boolean {
		lo = (lo & this.loMask) >>> 0;
		if (this.count > 0 && hi === this.lastHi && lo === this.lastLo) return false;
		this.count++;
		this.lastHi = hi;
		this.lastLo = lo;
		const buffer = this.buffer;
		let p = this.used;
		buffer[p++] = hi >>> 24;
		buffer[p++] = hi >>> 16;
		buffer[p++] = hi >>> 8;
		buffer[p++] = hi;
		for (let k = 0; k < this.loBytes; k++) buffer[p++] = lo >>> (24 - 8 * k);
		this.used = p;
		return p === buffer.length;
	}

	async flush(): Promise<void> {
		if (this.used === 0) return;
		await writeAll(this.handle, this.buffer.subarray(0, this.used));
		this.used = 0;
	}

	/** Writes the header, syncs and closes; the file is complete once this resolves. */
	async finish(): Promise<number> {
		try {
			await this.flush();
			await this.handle.write(encodeHeader({ version: FORMAT_VERSION, width: this.width, count: this.count }), 0, HEADER_BYTES, 0);
			// Synced before the caller renames it into place, so a crash cannot leave a half-written file under the real name.
			await this.handle.sync();
		} finally {
			await this.handle.close();
		}
		return this.count;
	}

	async abandon(): Promise<void> {
		await this.handle.close().catch(() => {});
	}
}
