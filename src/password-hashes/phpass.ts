// phpass's portable hashes (`$P$` from WordPress before 6.8, `$H$` from phpBB): 2^k rounds of
// MD5(previous ‖ password) from MD5(salt ‖ password). MD5 has no thread-pool call in node:crypto, so
// the rounds run on the event loop, in slices that give it back between them. Each round hashes
// the password again, so a slice is bounded by the bytes it hashes, not by its rounds: about 64 KiB
// (a fraction of a millisecond), whether the guess has 8 characters or 1,024. At the 2^18 bound a
// short password is about 50 ms of CPU in all and a 1,024-character one about 1.3 s, spread so that
// no request waits on it for more than about a millisecond; checks against imported hashes have
// their own hashing lane (src/lib/password-hash.ts), so at most half the cores' worth run at once.
import { utf8, sameBytes } from "./encoding.ts";
import { INVALID, type HashForm } from "./types.ts";

const PHPASS_BOUNDS = { minLog2Rounds: 7, maxLog2Rounds: 18 } as const;

const ITOA64 = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const PHPASS = /^\$[PH]\$([./0-9A-Za-z])([./0-9A-Za-z]{8})([./0-9A-Za-z]{22})$/;
/** Bytes one slice may hash: with the per-call cost of MD5 counted as 64 bytes a round. */
const BYTES_PER_SLICE = 64 * 1024;
const CALL_COST_BYTES = 64;

interface PhpassParams {
	form: "phpass";
	log2Rounds: number;
	salt: string;
	checksum: string;
}

/** phpass's encode64: little-endian groups of 3 bytes, 6 bits a character. */
function encode64(input: Uint8Array): string {
	let output = "";
	for (let i = 0; i < input.length; i += 3) {
		const value = input[i]! | ((input[i + 1] ?? 0) << 8) | ((input[i + 2] ?? 0) << 16);
		const characters = Math.min(4, Math.ceil(((input.length - i) * 8) / 6));
		for (let c = 0; c < characters; c++) output += ITOA64[(value >> (6 * c)) & 0x3f];
	}
	return output;
}

function yieldToEventLoop(): Promise<void> {
	return new Promise((resolve) => setImmediate(resolve));
}

export const phpass: HashForm<PhpassParams> = {
	parse(hash) {
		const match = PHPASS.exec(hash);
		if (match === null) return INVALID;
		const log2Rounds = ITOA64.indexOf(match[1]!);
		if (log2Rounds < PHPASS_BOUNDS.minLog2Rounds || log2Rounds > PHPASS_BOUNDS.maxLog2Rounds) return INVALID;
		return { form: "phpass", log2Rounds, salt: match[2]!, checksum: match[3]! };
	},
	async verify(password, params) {
		const secret = utf8(password);
		// One buffer, digest ‖ password, rewritten in place each round.
		const block = new Uint8Array(16 + secret.length);
		block.set(secret, 16);
		const digest = block.subarray(0, 16);
		Bun.MD5.hash(Buffer.concat([utf8(params.salt), secret]), digest);
		const roundsPerSlice = Math.max(1, Math.floor(BYTES_PER_SLICE / (block.byteLength + CALL_COST_BYTES)));
		let left = 2 ** params.log2Rounds;
		while (left > 0) {
			const slice = Math.min(left, roundsPerSlice);
			for (let i = 0; i < slice; i++) Bun.MD5.hash(block, digest);
			left -= slice;
			if (left > 0) await yieldToEventLoop();
		}
		return sameBytes(utf8(encode64(digest)), utf8(params.checksum));
	},
};
