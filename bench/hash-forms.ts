// `bun bench/hash-forms.ts`: what verifying a password against each imported hash form costs in
// Holm (the whole check: the gate, parse with its bounds, the verifier) against the raw library call
// alone (Bun.password.verify, node:crypto's pbkdf2 and scrypt, wordpress-hash-node for phpass), at the
// costs those ecosystems use by default. Cost is CPU time (process.cpuUsage, which counts the worker
// and thread-pool threads the verifiers run on), since wall time on a machine shared with other
// work mostly measures the other work; wall time is shown beside it. Ratio = raw CPU ÷ Holm CPU
// (1.0: no overhead; the target is ≥ 0.9). Each form is timed in interleaved rounds, so drift hits
// both alike; the medians are reported. Markdown on stdout, for docs/import.md. Nothing asserts a figure.
//
// Environment: BENCH_HASH_ROUNDS (15 rounds a form).
import bcryptjs from "bcryptjs";
import { createCipheriv, createHash, createHmac, pbkdf2, scrypt } from "node:crypto";
import wordpressHash from "wordpress-hash-node";
import { createHasher } from "../src/lib/password-hash.ts";

const ROUNDS = Number(process.env.BENCH_HASH_ROUNDS ?? 15);
const PASSWORD = "correct horse battery staple 42";
const salt = Buffer.alloc(16, 5);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");

function pbkdf2Raw(password: string, saltBytes: Uint8Array, iterations: number, length: number, digest: string): Promise<Buffer> {
	return new Promise((resolve, reject) => pbkdf2(password, saltBytes, iterations, length, digest, (error, key) => (error ? reject(error) : resolve(key))));
}

function scryptRaw(password: string, saltBytes: Uint8Array, log2N: number, r: number, p: number, length: number): Promise<Buffer> {
	const options = { N: 2 ** log2N, r, p, maxmem: 256 * 1024 * 1024 };
	return new Promise((resolve, reject) => scrypt(password, saltBytes, length, options, (error, key) => (error ? reject(error) : resolve(key))));
}

interface Form {
	name: string;
	/** The ecosystem's default cost, as stated in the report. */
	cost: string;
	hash: string;
	raw: () => Promise<unknown>;
}

async function forms(): Promise<Form[]> {
	const argon2id = await Bun.password.hash(PASSWORD, { algorithm: "argon2id", memoryCost: 65536, timeCost: 3 });
	const argon2i = await Bun.password.hash(PASSWORD, { algorithm: "argon2i", memoryCost: 65536, timeCost: 4 });
	const bcrypt = bcryptjs.hashSync(PASSWORD, 10).replace("$2b$", "$2y$");
	const sha256Hex = createHash("sha256").update(PASSWORD).digest("hex");
	const djangoBcrypt = bcryptjs.hashSync(sha256Hex, 12);
	const wpInput = createHmac("sha384", "wp-sha384").update(PASSWORD).digest("base64");
	const wordpress = bcryptjs.hashSync(wpInput, 10).replace("$2b$", "$2y$");
	const django = await pbkdf2Raw(PASSWORD, Buffer.from("seasalt"), 1_000_000, 32, "sha256");
	const passlib = await pbkdf2Raw(PASSWORD, salt, 29_000, 32, "sha256");
	const kratos = await pbkdf2Raw(PASSWORD, salt, 100_000, 32, "sha256");
	const scryptKey = await scryptRaw(PASSWORD, salt, 16, 8, 1, 32);
	const signerKey = Buffer.alloc(64, 3);
	const separator = Buffer.from([7]);
	const firebaseKey = await scryptRaw(PASSWORD, Buffer.concat([salt.subarray(0, 10), separator]), 14, 8, 1, 32);
	const firebase = () => {
		const cipher = createCipheriv("aes-256-ctr", firebaseKey, Buffer.alloc(16));
		return Buffer.concat([cipher.update(signerKey), cipher.final()]);
	};
	const phpass = wordpressHash.HashPassword(PASSWORD);
	return [
		{ name: "argon2id", cost: "m=65536, t=3, p=1", hash: argon2id, raw: () => Bun.password.verify(PASSWORD, argon2id) },
		{ name: "argon2i", cost: "m=65536, t=4, p=1 (PHP's PASSWORD_ARGON2I)", hash: argon2i, raw: () => Bun.password.verify(PASSWORD, argon2i) },
		{ name: "bcrypt ($2y$)", cost: "cost 10 (Laravel, PHP)", hash: bcrypt, raw: () => Bun.password.verify(PASSWORD, bcrypt) },
		{ name: "Django bcrypt_sha256", cost: "cost 12", hash: "bcrypt_sha256$" + djangoBcrypt, raw: () => Bun.password.verify(sha256Hex, djangoBcrypt) },
		{ name: "WordPress $wp$", cost: "cost 10", hash: "$wp" + wordpress, raw: () => Bun.password.verify(wpInput, wordpress) },
		{ name: "Django PBKDF2-SHA256", cost: "1,000,000 iterations (Django 5.2)", hash: `pbkdf2_sha256$1000000$seasalt$${django.toString("base64")}`, raw: () => pbkdf2Raw(PASSWORD, Buffer.from("seasalt"), 1_000_000, 32, "sha256") },
		{ name: "passlib PBKDF2-SHA256", cost: "29,000 rounds", hash: `$pbkdf2-sha256$29000$${b64(salt).replaceAll("+", ".")}$${b64(passlib).replaceAll("+", ".")}`, raw: () => pbkdf2Raw(PASSWORD, salt, 29_000, 32, "sha256") },
		{ name: "PHC PBKDF2-SHA256 (Kratos)", cost: "i=100000, l=32", hash: `$pbkdf2-sha256$i=100000,l=32$${b64(salt)}$${b64(kratos)}`, raw: () => pbkdf2Raw(PASSWORD, salt, 100_000, 32, "sha256") },
		{ name: "scrypt (PHC)", cost: "ln=16, r=8, p=1 (passlib)", hash: `$scrypt$ln=16,r=8,p=1$${b64(salt)}$${b64(scryptKey)}`, raw: () => scryptRaw(PASSWORD, salt, 16, 8, 1, 32) },
		{
			name: "Firebase scrypt",
			cost: "mem cost 14, rounds 8",
			hash: `$fbscrypt$v=1,n=14,r=8,p=1,ss=${separator.toString("base64")},sk=${signerKey.toString("base64")}$${salt.subarray(0, 10).toString("base64")}$${firebase().toString("base64")}`,
			raw: async () => {
				await scryptRaw(PASSWORD, Buffer.concat([salt.subarray(0, 10), separator]), 14, 8, 1, 32);
				return firebase();
			},
		},
		{ name: "phpass $P$", cost: "2^13 rounds (WordPress)", hash: phpass, raw: async () => wordpressHash.CheckPassword(PASSWORD, phpass) },
	];
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

interface Cost {
	cpuMs: number;
	wallMs: number;
}

async function timed(work: () => Promise<unknown>): Promise<Cost> {
	const cpu = process.cpuUsage();
	const start = performance.now();
	await work();
	const wallMs = performance.now() - start;
	const used = process.cpuUsage(cpu);
	return { cpuMs: (used.user + used.system) / 1000, wallMs };
}

const hasher = createHasher({ concurrency: 1 });
const rows: string[] = [];
for (const form of await forms()) {
	const check = await hasher.check(PASSWORD, form.hash);
	if (check.result !== "correct") throw new Error(`${form.name}: Holm did not verify its own sample (${JSON.stringify(check)})`);
	await timed(form.raw); // warm-up
	const raw: Cost[] = [];
	const holm: Cost[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		// Each goes first in every other round, so neither gains from what the other leaves warm.
		if (round % 2 === 0) raw.push(await timed(form.raw));
		holm.push(await timed(() => hasher.check(PASSWORD, form.hash)));
		if (round % 2 === 1) raw.push(await timed(form.raw));
	}
	const cpu = [median(raw.map((cost) => cost.cpuMs)), median(holm.map((cost) => cost.cpuMs))] as const;
	const wall = [median(raw.map((cost) => cost.wallMs)), median(holm.map((cost) => cost.wallMs))] as const;
	rows.push(`| ${form.name} | ${form.cost} | ${cpu[0].toFixed(1)} ms | ${cpu[1].toFixed(1)} ms | ${(cpu[0] / cpu[1]).toFixed(2)} | ${wall[0].toFixed(1)} / ${wall[1].toFixed(1)} ms |`);
	process.stderr.write(`${form.name}: CPU raw ${cpu[0].toFixed(1)} ms, Holm ${cpu[1].toFixed(1)} ms; wall ${wall[0].toFixed(1)} / ${wall[1].toFixed(1)} ms\n`);
}

console.log("| Form | Cost | Raw library call (CPU, p50) | Holm's check (CPU, p50) | Ratio | Wall time, raw / Holm (p50) |");
console.log("|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
