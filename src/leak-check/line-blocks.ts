// Reads a file (plain or gzip-compressed) as blocks that each end on a line boundary, through one
// reused buffer, so a 40 GB input costs the same memory as a small one.
import { open, type FileHandle } from "node:fs/promises";
import { BuildLeakFileError } from "./build-error.ts";

const BLOCK_BYTES = 4 << 20;

interface ByteSource {
	/** Fills a prefix of `into`; 0 means the end of the input. */
	read(into: Uint8Array): Promise<number>;
	close(): Promise<void>;
}


/**
 * Yields views of one internal buffer: each is only valid until the next block is requested.
 * Every block but possibly the last ends with "\n".
 */
export async function* readLineBlocks(path: string): AsyncGenerator<Uint8Array> {
	const source = await openSource(path);
	const buffer = new Uint8Array(BLOCK_BYTES);
	let kept = 0;
	try {
		for (;;) {
			const n = await source.read(buffer.subarray(kept));
			if (n === 0) {
				if (kept > 0) yield buffer.subarray(0, kept);
				return;
			}
			const filled = kept + n;
			const lastNewline = buffer.lastIndexOf(10, filled - 1);
			if (lastNewline < 0) {
				if (filled === buffer.length) throw new BuildLeakFileError(`${path} has a line longer than ${BLOCK_BYTES >> 20} MiB; it is not a password list or a SHA1HEX:COUNT file`);
				kept = filled;
				continue;
			}
			yield buffer.subarray(0, lastNewline + 1);
			buffer.copyWithin(0, lastNewline + 1, filled);
			kept = filled - lastNewline - 1;
		}
	} finally {
		await source.close();
	}
}

async function openSource(path: string): Promise<ByteSource> {
	let handle: FileHandle;
	try {
		handle = await open(path, "r");
	} catch (e) {
		throw new BuildLeakFileError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
	}
	const magic = new Uint8Array(2);
	const { bytesRead } = await handle.read(magic, 0, 2, 0);
	if (bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b) {
		await handle.close();
		return gunzipSource(path);
	}
	return {
		async read(into: Uint8Array): Promise<number> {
			const { bytesRead: n } = await handle.read(into, 0, into.length, null);
			return n;
		},
		close: () => handle.close(),
	};
}

// Gzip input lets the bundled list (and a compressed HIBP download) be read without unpacking it first.
function gunzipSource(path: string): ByteSource {
	const chunks = Bun.file(path).stream().pipeThrough(new DecompressionStream("gzip"))[Symbol.asyncIterator]();
	let current: Uint8Array = new Uint8Array(0);
	let offset = 0;
	return {
		async read(into: Uint8Array): Promise<number> {
			while (offset === current.length) {
				const next = await chunks.next();
				if (next.done) return 0;
				current = next.value;
				offset = 0;
			}
			const n = Math.min(into.length, current.length - offset);
			into.set(current.subarray(offset, offset + n));
			offset += n;
			return n;
		},
		async close(): Promise<void> {
			await chunks.return?.();
		},
	};
}
