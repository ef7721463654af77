// scrypt in the PHC form `$scrypt$ln=…,r=…,p=…$SALT$HASH` (passlib, Node's @phc/scrypt), and
// Firebase's variant `$fbscrypt$v=1,n=…,r=…,p=…,ss=…,sk=…$SALT$HASH` in the spelling Supabase Auth
// takes it in. node:crypto's scrypt runs on the thread pool with a memory cap that the bounds respect.
import { createCipheriv, scrypt as deriveKey } from "node:crypto";
import { decodeStandardBase64, parseDecimal, parseParameters, sameBytes, utf8 } from "./encoding.ts";
import { INVALID, UNSUPPORTED, type HashForm } from "./types.ts";

const SCRYPT_BOUNDS = { maxLog2N: 17, maxBlockSize: 8, maxParallelism: 16 } as const;

// 128 · N · r bytes at the bounds is 128 MiB; node:crypto refuses to go past maxmem.
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;

interface ScryptCost {
	log2N: number;
	blockSize: number;
	parallelism: number;
}

function checkedCost(log2N: string, blockSize: string, parallelism: string): ScryptCost | null {
	const cost = { log2N: parseDecimal(log2N), blockSize: parseDecimal(blockSize), parallelism: parseDecimal(parallelism) };
	if (cost.log2N === null || cost.log2N < 1 || cost.log2N > SCRYPT_BOUNDS.maxLog2N) return null;
	if (cost.blockSize === null || cost.blockSize < 1 || cost.blockSize > SCRYPT_BOUNDS.maxBlockSize) return null;
	if (cost.parallelism === null || cost.parallelism < 1 || cost.parallelism > SCRYPT_BOUNDS.maxParallelism) return null;
	return { log2N: cost.log2N, blockSize: cost.blockSize, parallelism: cost.parallelism };
}

function derive(password: Uint8Array, salt: Uint8Array, cost: ScryptCost, length: number): Promise<Uint8Array> {
	const options = { N: 2 ** cost.log2N, r: cost.blockSize, p: cost.parallelism, maxmem: MAX_MEMORY_BYTES };
	return new Promise((resolve, reject) => {
		deriveKey(password, salt, length, options, (error, key) => {
			if (error) reject(error);
			else resolve(new Uint8Array(key));
		});
	});
}

/** Base64 without padding, as PHC strings are written. */
function decodeUnpadded(text: string): Uint8Array | null {
	return text.includes("=") ? null : decodeStandardBase64(text);
}

interface ScryptParams {
	form: "scrypt";
	cost: ScryptCost;
	salt: Uint8Array;
	expected: Uint8Array;
}

export const scrypt: HashForm<ScryptParams> = {
	parse(hash) {
		const fields = hash.split("$");
		if (fields.length !== 5 || fields[0] !== "" || fields[1] !== "scrypt") return INVALID;
		const settings = parseParameters(fields[2]!, ["ln", "r", "p"] as const);
		if (settings === null) return INVALID;
		const cost = checkedCost(settings.ln, settings.r, settings.p);
		const salt = decodeUnpadded(fields[3]!);
		const expected = decodeUnpadded(fields[4]!);
		if (cost === null || salt === null || expected === null) return INVALID;
		if (salt.length < 1 || salt.length > 64 || expected.length < 16 || expected.length > 64) return INVALID;
		return { form: "scrypt", cost, salt, expected };
	},
	async verify(password, params) {
		const key = await derive(utf8(password), params.salt, params.cost, params.expected.length);
		return sameBytes(key, params.expected);
	},
};

interface FirebaseScryptParams {
	form: "firebase_scrypt";
	cost: ScryptCost;
	salt: Uint8Array;
	saltSeparator: Uint8Array;
	signerKey: Uint8Array;
	expected: Uint8Array;
}

const ZERO_IV = new Uint8Array(16);

/**
 * Firebase's modified scrypt (github.com/firebase/scrypt): a 32-byte scrypt key of the password over
 * salt ‖ salt separator, used as an AES-256-CTR key (zero IV) to encrypt the project's signer key;
 * the ciphertext is the stored hash.
 */
export const firebaseScrypt: HashForm<FirebaseScryptParams> = {
	parse(hash) {
		const fields = hash.split("$");
		if (fields.length !== 5 || fields[0] !== "" || fields[1] !== "fbscrypt") return INVALID;
		const settings = parseParameters(fields[2]!, ["v", "n", "r", "p", "ss", "sk"] as const);
		if (settings === null) return INVALID;
		if (settings.v !== "1") return UNSUPPORTED;
		const cost = checkedCost(settings.n, settings.r, settings.p);
		const saltSeparator = decodeStandardBase64(settings.ss);
		const signerKey = decodeStandardBase64(settings.sk);
		const salt = decodeStandardBase64(fields[3]!);
		const expected = decodeStandardBase64(fields[4]!);
		if (cost === null || saltSeparator === null || signerKey === null || salt === null || expected === null) return INVALID;
		if (salt.length < 1 || salt.length > 64 || saltSeparator.length > 64) return INVALID;
		if (signerKey.length < 16 || signerKey.length > 128 || expected.length !== signerKey.length) return INVALID;
		return { form: "firebase_scrypt", cost, salt, saltSeparator, signerKey, expected };
	},
	async verify(password, params) {
		const saltAndSeparator = new Uint8Array(params.salt.length + params.saltSeparator.length);
		saltAndSeparator.set(params.salt, 0);
		saltAndSeparator.set(params.saltSeparator, params.salt.length);
		const key = await derive(utf8(password), saltAndSeparator, params.cost, 32);
		const cipher = createCipheriv("aes-256-ctr", key, ZERO_IV);
		const encrypted = new Uint8Array(Buffer.concat([cipher.update(params.signerKey), cipher.final()]));
		return sameBytes(encrypted, params.expected);
	},
};
