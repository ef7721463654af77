// Shared by the leak-check tests: temporary directories and hashes built from known 64-bit keys.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

export async function tempDir(): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), "holm-leak-test-"));
	made.push(dir);
	return dir;
}

export async function removeTempDirs(): Promise<void> {
	await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A 20-byte "digest" whose first 8 bytes are `key` (big-endian) and the rest `fill`. */
export function digestOf(key: bigint, fill = 0x5a): Uint8Array {
	const digest = new Uint8Array(20).fill(fill);
	new DataView(digest.buffer).setBigUint64(0, key, false);
	return digest;
}

/** 40 hex digits (uppercase) for a digest that starts with `key`. */
export function hexOf(key: bigint, fill = 0x5a): string {
	return Buffer.from(digestOf(key, fill)).toString("hex").toUpperCase();
}

/** The key whose `width`-byte prefix is `prefix` and whose remaining bits are all `tail` (0 or 1). */
export function keyWithPrefix(prefix: bigint, width: number, tail: 0 | 1 = 0): bigint {
	const rest = BigInt(64 - 8 * width);
	const low = tail === 1 ? (1n << rest) - 1n : 0n;
	return (prefix << rest) | low;
}

export function prefixOf(key: bigint, width: number): bigint {
	return key >> BigInt(64 - 8 * width);
}

export function sha1Upper(password: string): string {
	return Bun.SHA1.hash(password, "hex").toUpperCase();
}

export function sha1Raw(password: string): Uint8Array {
	return new Uint8Array(Bun.SHA1.hash(password) as Uint8Array);
}
