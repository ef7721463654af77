// Passkeys whose key, counter or backup flag an attacker (or a broken authenticator) chose: each is
// refused the same way at registration, at sign-in and at import (API.md sections 9 and 10), and
// none is ever a 500. Each test was seen to fail on the code before its fix.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { cbor, FLAGS, type Cbor } from "../support/passkey-authenticator.ts";
import { authenticator, register, registered, RP, signIn } from "../support/passkeys.ts";
import { feedSettled } from "../support/events-flow.ts";
import { createUser, startTestServer, type TestServer } from "../support/server.ts";

let server: TestServer;

beforeAll(async () => {
	server = await startTestServer({ passkeys: RP });
});
afterAll(() => server.stop());
beforeEach(() => {
	// A fresh window for every test: refused assertions count against the limits.
	server.clock.advance(16 * 60_000);
});

const REFUSED = { error: "INVALID_CREDENTIAL" };

const rsaJwk = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" });
const realModulus = new Uint8Array(Buffer.from(rsaJwk.n!, "base64url"));

/** An odd number of exactly `bits` bits: a modulus as far as any key import can tell. */
function modulusOf(bits: number): Uint8Array {
	const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(bits / 8)));
	const topBits = bits % 8 === 0 ? 8 : bits % 8;
	bytes[0] = (bytes[0]! & ((1 << topBits) - 1)) | (1 << (topBits - 1));
	bytes[bytes.length - 1]! |= 1;
	return bytes;
}

const rsaCoseKey = (n: Uint8Array, e: Uint8Array): Uint8Array => cbor(new Map<number, Cbor>([[1, 3], [3, -257], [-1, n], [-2, e]]));
const okpCoseKey = (x: Uint8Array): Uint8Array => cbor(new Map<number, Cbor>([[1, 1], [3, -8], [-1, 6], [-2, x]]));

/** SubjectPublicKeyInfo of an RSA key of this modulus and exponent, as an export would hold it. */
async function rsaSpki(n: Uint8Array, e: Uint8Array): Promise<string> {
	const jwk = { kty: "RSA", n: Buffer.from(n).toString("base64url"), e: Buffer.from(e).toString("base64url") };
	const key = await crypto.subtle.importKey("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, true, ["verify"]);
	return Buffer.from(await crypto.subtle.exportKey("spki", key)).toString("base64");
}

/** SubjectPublicKeyInfo of an Ed25519 key with these 32 bytes (DER prefix of RFC 8410). */
function ed25519Spki(x: Uint8Array): string {
	return Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), x]).toString("base64");
}

const littleEndian = (value: bigint): Uint8Array => {
	const bytes = new Uint8Array(32);
	for (let i = 0; i < 32; i++) bytes[i] = Number((value >> BigInt(8 * i)) & 0xffn);
	return bytes;
};
const P = 2n ** 255n - 19n;
const ORDER_8_Y = 2707385501144840649318225287225658788936804267575313519463743609750303402022n;
/** Encodings of points of small order: the identity, order 2, 4 and 8, and a non-canonical identity. */
const SMALL_ORDER_KEYS: Record<string, Uint8Array> = {
	identity: littleEndian(1n),
	"order 2": littleEndian(P - 1n),
	"order 4": littleEndian(0n),
	"order 8": littleEndian(ORDER_8_Y),
	"order 8, negated": littleEndian(P - ORDER_8_Y),
	"identity spelled as p + 1": littleEndian(P + 1n),
};

async function registerKey(coseKey: Uint8Array) {
	const user = await createUser(server);
	return register(server, user.id, authenticator("RS256"), { coseKey });
}

async function importPasskey(passkey: Record<string, unknown>) {
	const row = {
		credential_id: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url"),
		sign_count: 0,
		...passkey,
	};
	const answer = await server.request("POST", "/user-imports", { users: [{ passkeys: [row] }] });
	expect(answer.status).toBe(200);
	return answer.body.results[0];
}

describe("an RSA key only the holder of its private key can use", () => {
	const e65537 = Uint8Array.of(1, 0, 1);
	const broken: Array<[string, Uint8Array, Uint8Array]> = [
		["e = 1 (every message is its own signature)", realModulus, Uint8Array.of(1)],
		["an even e (no such RSA key; every sign-in was a 500)", realModulus, Uint8Array.of(2)],
		["e = 3 (odd, but not the 65537 authenticators use)", realModulus, Uint8Array.of(3)],
		["a 1,024-bit modulus", modulusOf(1024), e65537],
		["a 2,047-bit modulus", modulusOf(2047), e65537],
		["a 4,097-bit modulus (more work at every sign-in than any authenticator asks)", modulusOf(4097), e65537],
	];

	for (const [what, n, e] of broken) {
		test(`is refused at registration: ${what}`, async () => {
			const answer = await registerKey(rsaCoseKey(n, e));
			expect(answer.body).toEqual(REFUSED);
		});
	}

	for (const [what, n, e] of broken.filter(([, , e]) => e[0] !== 1 || e.length !== 1)) {
		// e = 1 and even exponents do not survive WebCrypto's own SPKI import, so an export cannot hold them.
		test(`is refused at import: ${what}`, async () => {
			expect(await importPasskey({ public_key: await rsaSpki(n, e), algorithm: -257 })).toEqual({ index: 0, status: "failed", error: "INVALID_DATA" });
		});
	}

	test("a key stored by an earlier Holm that breaks the rules (e = 1) cannot sign in, and is never a 500", async () => {
		const user = await createUser(server);
		const device = authenticator("RS256");
		const passkey = await registered(server, user.id, device);
		const broken = Buffer.from(await rsaSpki(realModulus, Uint8Array.of(1)), "base64");
		if (server.store === "postgres") {
			await server.rows(`UPDATE passkey SET public_key = decode(?, 'hex') WHERE id = ?`, broken.toString("hex"), passkey.id);
		} else {
			const db = new Database(join(server.dir, "holm.db"));
			db.exec("PRAGMA busy_timeout = 5000");
			db.query(`UPDATE passkey SET public_key = ? WHERE id = ?`).run(new Uint8Array(broken), passkey.id);
			db.close();
		}
		expect((await signIn(server, device, { userId: user.id })).body).toEqual(REFUSED);
	});

	test("2,048, 3,072 and 4,096-bit moduli with e = 65537 are taken, at registration and at import", async () => {
		for (const bits of [2048, 3072, 4096]) {
			expect((await registerKey(rsaCoseKey(modulusOf(bits), e65537))).status).toBe(200);
			expect((await importPasskey({ public_key: await rsaSpki(modulusOf(bits), e65537), algorithm: -257 })).status).toBe("created");
		}
	});
});

describe("an Ed25519 key of small order (whose signature R = identity, S = 0 verifies for any challenge)", () => {
	for (const [what, x] of Object.entries(SMALL_ORDER_KEYS)) {
		test(`is refused at registration: ${what}`, async () => {
			expect((await registerKey(okpCoseKey(x))).body).toEqual(REFUSED);
		});
		test(`is refused at import: ${what}`, async () => {
			expect(await importPasskey({ public_key: ed25519Spki(x), algorithm: -8 })).toEqual({ index: 0, status: "failed", error: "INVALID_DATA" });
		});
	}

	test("so knowing a credential id (Holm lists them in allowCredentials) is not enough to sign in", async () => {
		const user = await createUser(server);
		const device = authenticator("EdDSA");
		await register(server, user.id, device, { coseKey: okpCoseKey(SMALL_ORDER_KEYS.identity!) });
		const forged = new Uint8Array(64);
		forged[0] = 1; // R = the identity point, S = 0
		const answer = await signIn(server, device, { userId: user.id, bend: { signature: forged } });
		expect(answer.body).toEqual(REFUSED);
	});
});

describe("signature counters at and above 2^31 (read as negative numbers before)", () => {
	test("a counter that moves past 2^31 signs in, and raises no passkey_counter_regressed", async () => {
		const user = await createUser(server);
		const device = authenticator("ES256");
		device.signCount = 4;
		await registered(server, user.id, device);
		expect((await signIn(server, device, { userId: user.id })).status).toBe(200);
		expect((await signIn(server, device, { userId: user.id, bend: { signCount: 0x80000000 } })).status).toBe(200);
		expect((await signIn(server, device, { userId: user.id, bend: { signCount: 0xfffffffe } })).status).toBe(200);
		await feedSettled(server);
		const events = await server.request("GET", `/users/${user.id}/events?limit=100`);
		expect(events.status).toBe(200);
		expect(JSON.stringify(events.body)).toContain("sign_in");
		expect(JSON.stringify(events.body)).not.toContain("passkey_counter_regressed");
	});

	test("a passkey registered at 0x80000001 continues from there, and a lower counter is still a clone", async () => {
		const user = await createUser(server);
		const device = authenticator("ES256");
		device.signCount = 0x80000000;
		await registered(server, user.id, device);
		expect((await signIn(server, device, { userId: user.id })).status).toBe(200);
		expect((await signIn(server, device, { userId: user.id, bend: { signCount: 0x7fffffff } })).body).toEqual(REFUSED);
		expect((await signIn(server, device, { userId: user.id, bend: { signCount: 0x80000002 } })).body).toEqual(REFUSED);
		expect((await signIn(server, device, { userId: user.id, bend: { signCount: 0x80000003 } })).status).toBe(200);
	});
});

describe("the backup-eligible flag is the one stored at registration (WebAuthn §7.2)", () => {
	test("a passkey registered as not backup eligible cannot sign in claiming to be (BE=1, BS=1)", async () => {
		const user = await createUser(server);
		const device = authenticator("ES256");
		await registered(server, user.id, device);
		const answer = await signIn(server, device, { userId: user.id, bend: { flags: FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS } });
		expect(answer.body).toEqual(REFUSED);
		const listed = await server.request("GET", `/users/${user.id}/passkeys`);
		expect(listed.body[0].backup_eligible).toBe(false);
		expect(listed.body[0].backed_up).toBe(false);
	});

	test("a backup-eligible passkey cannot sign in saying it is not (BE=0)", async () => {
		const user = await createUser(server);
		const device = authenticator("ES256", { backupEligible: true });
		await registered(server, user.id, device);
		expect((await signIn(server, device, { userId: user.id, bend: { flags: FLAGS.UP | FLAGS.UV } })).body).toEqual(REFUSED);
		expect((await signIn(server, device, { userId: user.id, bend: { flags: FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS } })).status).toBe(200);
	});
});


describe("transports and names at registration, by the rule an import applies", () => {
	async function registerWithTransports(transports: string[], name?: string) {
		const user = await createUser(server);
		const device = authenticator("EdDSA");
		const started = await server.request("POST", `/users/${user.id}/passkey-registrations`, {});
		const credential = device.register(started.body.options);
		credential.response.transports = transports;
		return server.request("POST", `/passkey-registrations/${started.body.id}/verify`, name === undefined ? { credential } : { credential, name });
	}

	test("a NUL, an empty string or a lone surrogate in transports is refused (an export of it failed to import)", async () => {
		for (const transports of [["internal\u0000"], [""], ["usb\ud800"], ["usb\n"]]) {
			expect((await registerWithTransports(transports)).body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("sixteen transports of visible characters are taken, and exported and imported the same", async () => {
		const transports = Array.from({ length: 16 }, (_, i) => `transport-${i}`);
		const answer = await registerWithTransports(transports, "Téléphone 📱");
		expect(answer.status).toBe(200);
		expect(answer.body.transports).toEqual(transports);
		expect((await registerWithTransports([...transports, "one more"])).body).toEqual({ error: "INVALID_DATA" });
	});
});
