// Imported hashes through the API: a password check against one answers exactly as against Holm's
// own hashes, costs one verification through the hashing gate whether the password is right or
// wrong, and a correct password replaces the hash by an argon2id hash (counted by form).
import { describe, expect, test } from "bun:test";
import bcryptjs from "bcryptjs";
import { argon2i, argon2id, createSHA256, createSHA512, pbkdf2, scrypt } from "hash-wasm";
import { createHash, createHmac } from "node:crypto";
import wordpressHash from "wordpress-hash-node";
import { createUser, recordingLogger, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";
import { metricValue, plantPasswordHash, storedPasswordHash, upgradesCounted } from "./plant.ts";

const recorded = recordingLogger();

/** The warnings logged so far, each with its fields. */
function warnings(): { message: string; fields: Record<string, unknown> }[] {
	return recorded.entries().flatMap(({ time: _time, level, message, ...fields }) => (level === "warn" ? [{ message, fields }] : []));
}

const server = serverForThisFile({ log: recorded.log, hashing: "real" });

const salt = new Uint8Array(16).fill(9);
const b64 = (bytes: Uint8Array, options: { adapted?: boolean; padded?: boolean } = {}) => {
	let text = Buffer.from(bytes).toString("base64");
	if (!options.padded) text = text.replace(/=+$/, "");
	return options.adapted ? text.replaceAll("+", ".") : text;
};

/** A hash of `password` in each form, made by that form's ecosystem (or its published sample). */
async function hashesOf(password: string): Promise<{ form: string; password: string; hash: string }[]> {
	const sha256 = (iterations: number, length: number) => pbkdf2({ password, salt, iterations, hashLength: length, hashFunction: createSHA256(), outputType: "binary" });
	const wp = createHmac("sha384", "wp-sha384").update(password).digest("base64");
	return [
		{ form: "bcrypt", password, hash: bcryptjs.hashSync(password, 4).replace("$2b$", "$2y$") },
		{ form: "django_bcrypt_sha256", password, hash: "bcrypt_sha256$" + bcryptjs.hashSync(createHash("sha256").update(password).digest("hex"), 4) },
		{ form: "wordpress_bcrypt", password, hash: "$wp" + bcryptjs.hashSync(wp, 4).replace("$2b$", "$2y$") },
		{ form: "argon2i", password, hash: await argon2i({ password, salt, parallelism: 1, iterations: 2, memorySize: 64, hashLength: 32, outputType: "encoded" }) },
		{ form: "argon2id", password, hash: await argon2id({ password, salt, parallelism: 1, iterations: 2, memorySize: 4096, hashLength: 32, outputType: "encoded" }) },
		{ form: "django_argon2", password, hash: "argon2" + (await argon2id({ password, salt, parallelism: 2, iterations: 2, memorySize: 512, hashLength: 16, outputType: "encoded" })) },
		{ form: "django_pbkdf2_sha256", password, hash: `pbkdf2_sha256$1000$${"seasalt"}$${b64(await pbkdf2({ password, salt: "seasalt", iterations: 1000, hashLength: 32, hashFunction: createSHA256(), outputType: "binary" }), { padded: true })}` },
		{ form: "passlib_pbkdf2_sha512", password, hash: `$pbkdf2-sha512$1000$${b64(salt, { adapted: true })}$${b64(await pbkdf2({ password, salt, iterations: 1000, hashLength: 64, hashFunction: createSHA512(), outputType: "binary" }), { adapted: true })}` },
		{ form: "pbkdf2_sha256", password, hash: `$pbkdf2-sha256$i=1000,l=32$${b64(salt)}$${b64(await sha256(1000, 32))}` },
		{ form: "scrypt", password, hash: `$scrypt$ln=10,r=8,p=1$${b64(salt)}$${b64(await scrypt({ password, salt, costFactor: 1024, blockSize: 8, parallelism: 1, hashLength: 32, outputType: "binary" }))}` },
		{ form: "phpass", password, hash: wordpressHash.HashPassword(password) },
		{
			form: "firebase_scrypt",
			password: "user1password",
			hash: "$fbscrypt$v=1,n=14,r=8,p=1,ss=Bw==,sk=jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==",
		},
	];
}

const verifications = () => metricValue(server, 'holm_password_hashing_duration_seconds_count{operation="verify"}');
const hashings = () => metricValue(server, 'holm_password_hashing_duration_seconds_count{operation="hash"}');

describe("every imported form signs in and is upgraded to argon2id", async () => {
	for (const { form, password, hash } of await hashesOf(STRONG_PASSWORD)) {
		test(form, async () => {
			const user = await createUser(server);
			await plantPasswordHash(server, user.id, hash);
			const before = await upgradesCounted(server, form);

			const wrong = await server.request("POST", "/authenticate/password", { email: user.email, password: password + "?" });
			expect(wrong.body).toEqual({ error: "INCORRECT_PASSWORD" });
			expect(await storedPasswordHash(server, user.id)).toBe(hash);

			const right = await server.request("POST", "/authenticate/password", { email: user.email, password });
			expect(right.status).toBe(200);
			expect(right.body.id).toBe(user.id);
			expect(await storedPasswordHash(server, user.id)).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
			expect((await upgradesCounted(server, form)) - before).toBe(1);

			expect((await server.request("POST", `/users/${user.id}/verify-password`, { password })).status).toBe(204);
			expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: password + "?" })).body).toEqual({ error: "INCORRECT_PASSWORD" });
			expect((await upgradesCounted(server, form)) - before).toBe(1);
		});
	}
});

test("a wrong and a right password against an imported hash each cost one verification through the gate; the right one then one hash", async () => {
	const user = await createUser(server);
	await plantPasswordHash(server, user.id, bcryptjs.hashSync(STRONG_PASSWORD, 6));
	const [verified, hashed] = [await verifications(), await hashings()];
	await server.request("POST", `/users/${user.id}/verify-password`, { password: "not the password" });
	expect([(await verifications()) - verified, (await hashings()) - hashed]).toEqual([1, 0]);
	await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
	expect([(await verifications()) - verified, (await hashings()) - hashed]).toEqual([2, 1]);
});

test("Holm's own argon2id hash is kept after a correct password", async () => {
	const user = await createUser(server);
	const own = await storedPasswordHash(server, user.id);
	const hashed = await hashings();
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	expect(await storedPasswordHash(server, user.id)).toBe(own);
	expect((await hashings()) - hashed).toBe(0);
});

test("a user without a password (the empty stored hash) matches no password, at the cost of one verification", async () => {
	const user = await createUser(server);
	await plantPasswordHash(server, user.id, "");
	for (const password of [STRONG_PASSWORD, "", "anything at all"]) {
		const verified = await verifications();
		const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password });
		expect(answer.body).toEqual({ error: "INCORRECT_PASSWORD" });
		expect((await verifications()) - verified).toBe(1);
	}
	const signIn = await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD });
	expect(signIn.body).toEqual({ error: "INCORRECT_PASSWORD" });
	// A reset gives the user a password.
	const reset = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	await server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code });
	expect((await server.request("POST", "/reset-password", { request_id: reset.id, password: "a brand new passphrase" })).status).toBe(204);
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: "a brand new passphrase" })).status).toBe(204);
});

test("a stored hash in no supported form answers INCORRECT_PASSWORD, costs one verification and is logged without the hash", async () => {
	const user = await createUser(server);
	const md5 = createHash("md5").update(STRONG_PASSWORD).digest("hex");
	await plantPasswordHash(server, user.id, md5);
	recorded.clear();
	const verified = await verifications();
	const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
	expect(answer.body).toEqual({ error: "INCORRECT_PASSWORD" });
	expect((await verifications()) - verified).toBe(1);
	expect(warnings()).toHaveLength(1);
	expect(warnings()[0]!.fields).toEqual({ user_id: user.id, reason: "UNSUPPORTED_PASSWORD_HASH" });
	expect(JSON.stringify(warnings())).not.toContain(md5);
});

test("update-password from an imported hash sets the new password, and counts no upgrade", async () => {
	const user = await createUser(server);
	await plantPasswordHash(server, user.id, bcryptjs.hashSync(STRONG_PASSWORD, 4));
	const before = await upgradesCounted(server, "bcrypt");
	const answer = await server.request("POST", `/users/${user.id}/update-password`, { password: STRONG_PASSWORD, new_password: "the next passphrase of mine" });
	expect(answer.status).toBe(204);
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: "the next passphrase of mine" })).status).toBe(204);
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(400);
	expect((await upgradesCounted(server, "bcrypt")) - before).toBe(0);
});
