// Attacks on the passkey ceremonies (API.md section 10), one per verification step: each test bends
// one thing in an otherwise honest answer of the software authenticator, and each would pass if
// Holm skipped that step (every check was removed in turn and its test seen to fail).
import { beforeEach, describe, expect, test } from "bun:test";
import { FLAGS, type Bend } from "../support/passkey-authenticator.ts";
import { authenticator, register, registered, RP, signIn, startRegistration, startSignIn } from "../support/passkeys.ts";
import { createUser, recordingLogger, serverForThisFile, startTestServer } from "../support/server.ts";

const { log, lines } = recordingLogger("info");

const server = serverForThisFile({ passkeys: RP, log });
beforeEach(() => {
	lines.length = 0;
	// A fresh window for every test: failed assertions of earlier tests count against the limits.
	server.clock.advance(16 * 60_000);
});

function securityEvents(name: string): Record<string, unknown>[] {
	return lines
		.map((line) => JSON.parse(line))
		.filter((line) => line.message === "security event" && line.event === name)
		.map(({ time: _time, message: _message, level: _level, ...event }) => event);
}

/** A user with a registered passkey on `device`. */
async function enrolled(algorithm: "ES256" | "EdDSA" | "RS256" = "ES256", options = {}) {
	const user = await createUser(server);
	const device = authenticator(algorithm, options);
	const passkey = await registered(server, user.id, device);
	return { user, device, passkey };
}

async function registrationError(bend: Bend): Promise<unknown> {
	const user = await createUser(server);
	return (await register(server, user.id, authenticator(), bend)).body;
}

async function signInError(bend: Bend): Promise<unknown> {
	const { device } = await enrolled();
	return (await signIn(server, device, { bend })).body;
}

const REFUSED = { error: "INVALID_CREDENTIAL" };

describe("both ceremonies refuse", () => {
	test("an answer to another ceremony's challenge (a replayed or phished answer)", async () => {
		const other = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
		expect(await registrationError({ challenge: other })).toEqual(REFUSED);
		expect(await signInError({ challenge: other })).toEqual(REFUSED);
	});

	test("client data of the other ceremony type (a sign-in answer offered as a registration, and back)", async () => {
		expect(await registrationError({ type: "webauthn.get" })).toEqual(REFUSED);
		expect(await signInError({ type: "webauthn.create" })).toEqual(REFUSED);
	});

	test("a foreign origin (a look-alike site relaying the ceremony)", async () => {
		for (const origin of ["https://evil.example", "https://example.com:8443", "http://example.com", "https://example.com.evil.example"]) {
			expect(await registrationError({ origin })).toEqual(REFUSED);
			expect(await signInError({ origin })).toEqual(REFUSED);
		}
		// Every configured origin is accepted.
		const { device } = await enrolled();
		expect((await signIn(server, device, { bend: { origin: "https://app.example.com" } })).status).toBe(200);
	});

	test("crossOrigin true (the ceremony ran in a frame embedded by another site)", async () => {
		expect(await registrationError({ crossOrigin: true })).toEqual(REFUSED);
		expect(await signInError({ crossOrigin: true })).toEqual(REFUSED);
	});

	test("authenticator data for another rp id (a credential scoped to another site)", async () => {
		expect(await registrationError({ rpId: "evil.example" })).toEqual(REFUSED);
		expect(await signInError({ rpId: "evil.example" })).toEqual(REFUSED);
	});

	test("no user presence (an answer made without anyone touching the authenticator)", async () => {
		expect(await registrationError({ flags: FLAGS.UV | FLAGS.AT })).toEqual(REFUSED);
		expect(await signInError({ flags: FLAGS.UV })).toEqual(REFUSED);
	});

	test("no user verification when it is required (a stolen security key without its PIN)", async () => {
		expect(await registrationError({ flags: FLAGS.UP | FLAGS.AT })).toEqual(REFUSED);
		expect(await signInError({ flags: FLAGS.UP })).toEqual(REFUSED);
	});

	test("backup state without backup eligibility (authenticator data no authenticator makes)", async () => {
		expect(await registrationError({ flags: FLAGS.UP | FLAGS.UV | FLAGS.BS | FLAGS.AT })).toEqual(REFUSED);
		expect(await signInError({ flags: FLAGS.UP | FLAGS.UV | FLAGS.BS })).toEqual(REFUSED);
	});

	test("a ceremony used twice (a replayed request), and an expired one", async () => {
		const user = await createUser(server);
		const device = authenticator();
		const started = (await startRegistration(server, user.id)).body;
		const credential = device.register(started.options);
		expect((await server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential })).status).toBe(200);
		expect((await server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential })).body).toEqual({ error: "INVALID_REQUEST" });

		const signInStarted = (await startSignIn(server)).body;
		const assertion = device.assert(signInStarted.options);
		expect((await server.request("POST", `/passkey-authentications/${signInStarted.id}/verify`, { credential: assertion })).status).toBe(200);
		const replayed = await server.request("POST", `/passkey-authentications/${signInStarted.id}/verify`, { credential: assertion });
		expect(replayed.body).toEqual({ error: "INVALID_REQUEST" });

		const late = (await startRegistration(server, user.id)).body;
		const lateSignIn = (await startSignIn(server)).body;
		server.clock.advance(300_000);
		const lateCredential = authenticator().register(late.options);
		expect((await server.request("POST", `/passkey-registrations/${late.id}/verify`, { credential: lateCredential })).body).toEqual({ error: "INVALID_REQUEST" });
		const lateAssertion = device.assert(lateSignIn.options);
		expect((await server.request("POST", `/passkey-authentications/${lateSignIn.id}/verify`, { credential: lateAssertion })).body).toEqual({
			error: "INVALID_REQUEST",
		});
	});

	test("a failed verify uses the ceremony up too (no second try at one challenge)", async () => {
		const { device } = await enrolled();
		const started = (await startSignIn(server)).body;
		const bad = device.assert(started.options, { corruptSignature: true });
		expect((await server.request("POST", `/passkey-authentications/${started.id}/verify`, { credential: bad })).body).toEqual(REFUSED);
		const good = device.assert(started.options);
		expect((await server.request("POST", `/passkey-authentications/${started.id}/verify`, { credential: good })).body).toEqual({ error: "INVALID_REQUEST" });
	});

	test("20 parallel verifies of one sign-in ceremony: exactly one signs in", async () => {
		const { device } = await enrolled("ES256", { zeroCounter: true });
		const started = (await startSignIn(server)).body;
		const credential = device.assert(started.options);
		const answers = await Promise.all(
			Array.from({ length: 20 }, () => server.request("POST", `/passkey-authentications/${started.id}/verify`, { credential })),
		);
		expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
		// The others find no ceremony, or, while more than 10 attempts at the user are in flight at
		// once, are refused by the per-user limit before they look.
		const others = new Set(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.error));
		expect([...others].every((error) => error === "INVALID_REQUEST" || error === "TOO_MANY_REQUESTS")).toBe(true);
	});

	test("20 parallel verifies of one registration ceremony: exactly one registers", async () => {
		const user = await createUser(server);
		const started = (await startRegistration(server, user.id)).body;
		const answers = await Promise.all(
			Array.from({ length: 20 }, () =>
				server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential: authenticator("EdDSA").register(started.options) }),
			),
		);
		expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
		expect((await server.request("GET", `/users/${user.id}/passkeys`)).body).toHaveLength(1);
	});
});

describe("registration refuses", () => {
	test("a credential of another type than public-key", async () => {
		const user = await createUser(server);
		const started = (await startRegistration(server, user.id)).body;
		const credential = { ...authenticator().register(started.options), type: "password" };
		expect((await server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential })).body).toEqual(REFUSED);
	});

	test("an algorithm Holm did not offer, or one that does not fit the key (a downgrade)", async () => {
		expect(await registrationError({ coseAlgorithm: -36 })).toEqual(REFUSED); // ES512
		expect(await registrationError({ coseAlgorithm: -8 })).toEqual(REFUSED); // EdDSA named on a P-256 key
		expect(await registrationError({ coseAlgorithm: -257 })).toEqual(REFUSED);
	});

	test("a credential id that differs between the answer and the authenticator data", async () => {
		expect(await registrationError({ responseCredentialId: crypto.getRandomValues(new Uint8Array(32)) })).toEqual(REFUSED);
	});

	test("a credential id over 1,023 bytes", async () => {
		const long = crypto.getRandomValues(new Uint8Array(1024));
		expect(await registrationError({ responseCredentialId: long, authenticatorCredentialId: long })).toEqual(REFUSED);
		const longest = crypto.getRandomValues(new Uint8Array(1023));
		const user = await createUser(server);
		expect((await register(server, user.id, authenticator("ES256", { credentialId: longest }))).status).toBe(200);
	});

	test("a credential id registered already, to another user or the same one (taking over someone's credential)", async () => {
		const { device } = await enrolled();
		const other = await createUser(server);
		expect((await register(server, other.id, device)).body).toEqual({ error: "PASSKEY_ALREADY_REGISTERED" });
		// A copy with another key but the same credential id fares no better.
		const copy = authenticator("EdDSA", { credentialId: device.credentialId });
		expect((await register(server, other.id, copy)).body).toEqual({ error: "PASSKEY_ALREADY_REGISTERED" });
	});

	test("with user verification preferred, an answer without it is accepted", async () => {
		const relaxed = await startTestServer({ passkeys: { ...RP, userVerification: "preferred" } });
		try {
			const user = await createUser(relaxed);
			const device = authenticator();
			const started = (await startRegistration(relaxed, user.id)).body;
			expect(started.options.authenticatorSelection.userVerification).toBe("preferred");
			expect((await register(relaxed, user.id, device, { flags: FLAGS.UP | FLAGS.AT })).status).toBe(200);
			expect((await signIn(relaxed, device, { bend: { flags: FLAGS.UP } })).status).toBe(200);
		} finally {
			await relaxed.stop();
		}
	});
});

describe("sign-in refuses", () => {
	test("a bad signature (an answer forged without the private key)", async () => {
		for (const algorithm of ["ES256", "EdDSA", "RS256"] as const) {
			const { device } = await enrolled(algorithm);
			expect((await signIn(server, device, { bend: { corruptSignature: true } })).body, algorithm).toEqual(REFUSED);
			expect((await signIn(server, device)).status, algorithm).toBe(200);
		}
	});

	test("a signature by another key for a registered credential id (a look-alike authenticator)", async () => {
		const { device } = await enrolled();
		const impostor = authenticator("ES256", { credentialId: device.credentialId });
		impostor.userHandle = device.userHandle;
		expect((await signIn(server, impostor)).body).toEqual(REFUSED);
	});

	test("a credential Holm does not know", async () => {
		const stranger = authenticator();
		stranger.userHandle = crypto.getRandomValues(new Uint8Array(32));
		expect((await signIn(server, stranger)).body).toEqual(REFUSED);
	});

	test("another user's user handle (an answer that claims to be someone else)", async () => {
		const { device } = await enrolled();
		const victim = await enrolled();
		expect((await signIn(server, device, { bend: { userHandle: victim.device.userHandle } })).body).toEqual(REFUSED);
		// No handle at all is accepted: authenticators send one only for discoverable credentials.
		expect((await signIn(server, device, { bend: { userHandle: null } })).status).toBe(200);
	});

	test("a credential of another user than the one the ceremony named", async () => {
		const { device } = await enrolled();
		const named = await enrolled();
		expect((await signIn(server, device, { userId: named.user.id })).body).toEqual(REFUSED);
	});

	test("a counter that goes back or stays (a cloned authenticator): refused, with a passkey_counter_regressed event", async () => {
		const { user, device, passkey } = await enrolled();
		for (let i = 0; i < 3; i++) expect((await signIn(server, device)).status).toBe(200);
		const clone = device.clone(1);
		expect((await signIn(server, clone)).body).toEqual(REFUSED);
		expect((await signIn(server, device, { bend: { signCount: device.signCount } })).body).toEqual(REFUSED);
		expect(securityEvents("passkey_counter_regressed")).toEqual([
			{ event: "passkey_counter_regressed", user_id: user.id, passkey_id: passkey.id, client_ip: null },
			{ event: "passkey_counter_regressed", user_id: user.id, passkey_id: passkey.id, client_ip: null },
		]);
		// The original goes on.
		expect((await signIn(server, device)).status).toBe(200);
	});

	test("a counter of 0 when the stored one is not (a clone reset to zero)", async () => {
		const { device } = await enrolled();
		expect((await signIn(server, device)).status).toBe(200);
		expect((await signIn(server, device, { bend: { signCount: 0 } })).body).toEqual(REFUSED);
	});

	test("a forged answer with a low counter raises no clone event: the counter is judged only after the signature", async () => {
		const { device } = await enrolled();
		expect((await signIn(server, device)).status).toBe(200);
		expect((await signIn(server, device, { bend: { signCount: 0, corruptSignature: true } })).body).toEqual(REFUSED);
		expect(securityEvents("passkey_counter_regressed")).toEqual([]);
	});

	test("a counter stuck at 0 is fine (authenticators that keep no counter)", async () => {
		const { device, passkey } = await enrolled("EdDSA", { zeroCounter: true });
		for (let i = 0; i < 3; i++) {
			server.clock.advance(1000);
			const answer = await signIn(server, device);
			expect(answer.status).toBe(200);
			expect(answer.body.passkey.last_used_at).toBe(Math.floor(server.clock.now / 1000));
		}
		expect((await server.request("GET", `/passkeys/${passkey.id}`)).body.last_used_at).toBe(Math.floor(server.clock.now / 1000));
	});

	test("an assertion for a deleted passkey, or a deleted user", async () => {
		const { device, passkey } = await enrolled();
		const started = (await startSignIn(server)).body;
		expect((await server.request("DELETE", `/passkeys/${passkey.id}`)).status).toBe(204);
		const credential = device.assert(started.options);
		expect((await server.request("POST", `/passkey-authentications/${started.id}/verify`, { credential })).body).toEqual(REFUSED);

		const other = await enrolled();
		const again = (await startSignIn(server)).body;
		expect((await server.request("DELETE", `/users/${other.user.id}`)).status).toBe(204);
		const orphan = other.device.assert(again.options);
		expect((await server.request("POST", `/passkey-authentications/${again.id}/verify`, { credential: orphan })).body).toEqual(REFUSED);
	});

	test("a ceremony naming a user who is deleted before it is verified is gone with them", async () => {
		const { user, device } = await enrolled();
		const started = (await startSignIn(server, { user_id: user.id })).body;
		expect((await server.request("DELETE", `/users/${user.id}`)).status).toBe(204);
		const credential = device.assert(started.options);
		expect((await server.request("POST", `/passkey-authentications/${started.id}/verify`, { credential })).body).toEqual({ error: "INVALID_REQUEST" });
	});

	test("the backup state is stored at each sign-in", async () => {
		const { device, passkey } = await enrolled("ES256", { backupEligible: true });
		expect(passkey.backed_up).toBe(false);
		const answer = await signIn(server, device, { bend: { flags: FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS } });
		expect(answer.body.passkey.backed_up).toBe(true);
		expect((await server.request("GET", `/passkeys/${passkey.id}`)).body.backed_up).toBe(true);
	});
});

describe("security events", () => {
	test("passkey_registered and passkey_deleted name the user and the passkey, never a key", async () => {
		const user = await createUser(server);
		const started = (await startRegistration(server, user.id)).body;
		const credential = authenticator().register(started.options);
		const passkey = (await server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential, client_ip: "192.0.2.7" })).body;
		expect((await server.request("DELETE", `/passkeys/${passkey.id}`)).status).toBe(204);
		expect(securityEvents("passkey_registered")).toEqual([{ event: "passkey_registered", user_id: user.id, passkey_id: passkey.id, client_ip: "v4:192.0.2.7" }]);
		expect(securityEvents("passkey_deleted")).toEqual([{ event: "passkey_deleted", user_id: user.id, passkey_id: passkey.id, client_ip: null }]);
		expect(lines.join("\n")).not.toContain(credential.response.attestationObject.slice(0, 40));
	});

	test("the log names the rule that refused an answer (for the operator), the caller learns only INVALID_CREDENTIAL", async () => {
		expect(await signInError({ origin: "https://www.example.com" })).toEqual(REFUSED);
		const refusals = lines.map((line) => JSON.parse(line)).filter((line) => line.message === "passkey answer refused");
		expect(refusals.map(({ ceremony, rule }) => ({ ceremony, rule }))).toEqual([{ ceremony: "authentication", rule: "origin" }]);
	});

	test("a clone's event is a warning, and no line holds a challenge, signature, user handle or key", async () => {
		const { device } = await enrolled();
		expect((await signIn(server, device)).status).toBe(200);
		const started = (await startSignIn(server, { client_ip: "192.0.2.8" })).body;
		const assertion = device.clone(0).assert(started.options);
		const answer = await server.request("POST", `/passkey-authentications/${started.id}/verify`, { credential: assertion, client_ip: "192.0.2.8" });
		expect(answer.body).toEqual(REFUSED);
		const event = lines.map((line) => JSON.parse(line)).find((line) => line.event === "passkey_counter_regressed");
		expect(event).toMatchObject({ level: "warn", client_ip: "v4:192.0.2.8" });
		const all = lines.join("\n");
		for (const secret of [started.options.challenge, assertion.response.signature, assertion.response.userHandle, assertion.response.authenticatorData, started.id]) {
			expect(all).not.toContain(secret);
		}
	});
});

describe("malformed answers", () => {
	// Attack: hand-made answers that break the parsers (truncated authenticator data, CBOR of the
	// wrong kind, odd base64url, a DER signature with bad lengths), hoping for a 500.
	test("never reach a 500: each is INVALID_DATA or INVALID_CREDENTIAL", async () => {
		const { user, device } = await enrolled("ES256", { zeroCounter: true });
		const b64 = (bytes: Uint8Array | number[]) => Buffer.from(Uint8Array.from(bytes)).toString("base64url");
		const started = (await startRegistration(server, user.id)).body;
		const good = authenticator().register(started.options);
		const goodAssertion = device.assert((await startSignIn(server)).body.options);
		const strings = ["", "=", "***", "AA", b64([0xa0]), b64([0xff, 0xff]), b64(new Uint8Array(37)), b64(new Uint8Array(600)), "x".repeat(16_000), b64([0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x00])];
		const answers: string[] = [];
		for (const field of ["id", "rawId", "clientDataJSON", "attestationObject"]) {
			for (const value of strings) {
				const credential = structuredClone(good);
				if (field === "id" || field === "rawId") credential[field] = value;
				else credential.response[field] = value;
				const ceremony = (await startRegistration(server, user.id)).body;
				const answer = await server.request("POST", `/passkey-registrations/${ceremony.id}/verify`, { credential });
				answers.push(`${answer.status} ${answer.body?.error}`);
			}
		}
		for (const field of ["id", "rawId", "clientDataJSON", "authenticatorData", "signature", "userHandle"]) {
			for (const value of strings) {
				server.clock.advance(16 * 60_000); // the failures must not block the address or the user
				const credential = structuredClone(goodAssertion);
				if (field === "id" || field === "rawId") credential[field] = value;
				else credential.response[field] = value;
				const ceremony = (await startSignIn(server)).body;
				const answer = await server.request("POST", `/passkey-authentications/${ceremony.id}/verify`, { credential });
				answers.push(`${answer.status} ${answer.body?.error}`);
			}
		}
		expect(answers.filter((a) => a === "400 INVALID_CREDENTIAL").length).toBeGreaterThan(0);
		expect(answers.every((a) => a === "400 INVALID_CREDENTIAL" || a === "400 INVALID_DATA")).toBe(true);
	});
});
