// Passkeys (API.md section 10): registration and sign-in with ES256, EdDSA and RS256 keys made by a
// software authenticator, the options Holm hands out, and listing, getting and deleting passkeys.
import { describe, expect, test } from "bun:test";
import handlers from "../../src/features/passkeys/handlers.ts";
import { blockedIp, documentedErrorsOf, freshIp, last, UNKNOWN } from "../support/documented-errors.ts";
import { authenticator, register, registered, RP, signIn, startRegistration, startSignIn } from "../support/passkeys.ts";
import { createUser, serverForThisFile, startTestServer } from "../support/server.ts";

const server = serverForThisFile({ passkeys: RP });

describe("registration options", () => {
	test("name the rp, a user handle that is neither the id nor the email, a fresh challenge, the three algorithms", async () => {
		const user = await createUser(server);
		const answer = await startRegistration(server, user.id);
		expect(answer.status).toBe(200);
		const now = Math.floor(server.clock.now / 1000);
		expect(answer.body).toMatchObject({ user_id: user.id, created_at: now, expires_at: now + 300 });
		const { options } = answer.body;
		expect(options.rp).toEqual({ id: "example.com", name: "Example" });
		const handle = Buffer.from(options.user.id, "base64url");
		expect(handle.byteLength).toBe(32);
		expect(handle.toString()).not.toContain(user.id);
		expect(options.user.name).toBe(user.email);
		expect(options.user.displayName).toBe(user.email);
		expect(Buffer.from(options.challenge, "base64url").byteLength).toBe(32);
		expect(options.pubKeyCredParams).toEqual([
			{ type: "public-key", alg: -7 },
			{ type: "public-key", alg: -8 },
			{ type: "public-key", alg: -257 },
		]);
		expect(options.authenticatorSelection).toEqual({ residentKey: "required", requireResidentKey: true, userVerification: "required" });
		expect(options.attestation).toBe("none");
		expect(options.timeout).toBe(300_000);
		expect(options.excludeCredentials).toEqual([]);
	});

	test("the user handle is made once per user; each ceremony has its own challenge", async () => {
		const user = await createUser(server);
		const first = (await startRegistration(server, user.id)).body;
		const second = (await startRegistration(server, user.id)).body;
		expect(second.options.user.id).toBe(first.options.user.id);
		expect(second.options.challenge).not.toBe(first.options.challenge);
		const other = await createUser(server);
		expect((await startRegistration(server, other.id)).body.options.user.id).not.toBe(first.options.user.id);
	});

	test("a user without an email is named by their id", async () => {
		const user = await createUser(server, { email: null });
		expect((await startRegistration(server, user.id)).body.options.user.name).toBe(user.id);
	});

	test("excludeCredentials lists the user's passkeys, with their transports", async () => {
		const user = await createUser(server);
		const device = authenticator();
		await registered(server, user.id, device);
		const { options } = (await startRegistration(server, user.id)).body;
		expect(options.excludeCredentials).toEqual([{ type: "public-key", id: Buffer.from(device.credentialId).toString("base64url"), transports: ["internal", "hybrid"] }]);
	});

	test("NOT_FOUND for an unknown user; INVALID_DATA for a bad body", async () => {
		expect((await startRegistration(server, UNKNOWN)).body).toEqual({ error: "NOT_FOUND" });
		const user = await createUser(server);
		expect((await server.request("POST", `/users/${user.id}/passkey-registrations`, { client_ip: 5 })).body).toEqual({ error: "INVALID_DATA" });
	});

	test("NOT_ALLOWED once the user has 10 passkeys", async () => {
		const user = await createUser(server);
		for (let i = 0; i < 10; i++) await registered(server, user.id, authenticator("EdDSA"));
		expect((await startRegistration(server, user.id)).body).toEqual({ error: "NOT_ALLOWED" });
	});

	test("two ceremonies started at 9 passkeys cannot make 11: the count is judged where the passkey is inserted", async () => {
		const user = await createUser(server);
		for (let i = 0; i < 9; i++) await registered(server, user.id, authenticator("EdDSA"));
		const a = (await startRegistration(server, user.id)).body;
		const b = (await startRegistration(server, user.id)).body;
		const first = await server.request("POST", `/passkey-registrations/${a.id}/verify`, { credential: authenticator("EdDSA").register(a.options) });
		const second = await server.request("POST", `/passkey-registrations/${b.id}/verify`, { credential: authenticator("EdDSA").register(b.options) });
		expect(first.status).toBe(200);
		expect(second.body).toEqual({ error: "NOT_ALLOWED" });
		expect((await server.request("GET", `/users/${user.id}/passkeys`)).body).toHaveLength(10);
	});
});

describe("registration", () => {
	for (const algorithm of ["ES256", "EdDSA", "RS256"] as const) {
		test(`an ${algorithm} passkey registers and then signs in, discoverably and by user id`, async () => {
			const user = await createUser(server);
			const device = authenticator(algorithm);
			const passkey = await registered(server, user.id, device);
			const now = Math.floor(server.clock.now / 1000);
			expect(passkey).toEqual({
				id: expect.any(String),
				user_id: user.id,
				name: "Passkey",
				created_at: now,
				last_used_at: null,
				backup_eligible: false,
				backed_up: false,
				transports: ["internal", "hybrid"],
				aaguid: "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
			});
			const discoverable = await signIn(server, device);
			expect(discoverable.status).toBe(200);
			expect(discoverable.body.user.id).toBe(user.id);
			expect(discoverable.body.user.email).toBe(user.email);
			expect(discoverable.body.passkey).toEqual({ ...passkey, last_used_at: now });
			const named = await signIn(server, device, { userId: user.id });
			expect(named.status).toBe(200);
			expect(named.body.user.id).toBe(user.id);
		});
	}

	test("a name is kept; backup eligibility and state are shown", async () => {
		const user = await createUser(server);
		const answer = await register(server, user.id, authenticator("ES256", { backupEligible: true, backedUp: true }), {}, "Laptop");
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ name: "Laptop", backup_eligible: true, backed_up: true });
	});

	test("a name over 64 characters, empty, or with a control character is INVALID_DATA, and the ceremony is kept", async () => {
		const user = await createUser(server);
		const device = authenticator();
		const started = (await startRegistration(server, user.id)).body;
		const credential = device.register(started.options);
		for (const name of ["x".repeat(65), "", "a\nb", "   "]) {
			const answer = await server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential, name });
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
		expect((await server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential, name: "y".repeat(64) })).status).toBe(200);
	});

	test("an attestation statement sent anyway is accepted and ignored", async () => {
		const user = await createUser(server);
		const answer = await register(server, user.id, authenticator(), {
			attestation: { fmt: "packed", attStmt: { alg: -7, sig: new Uint8Array(70) } },
		});
		expect(answer.status).toBe(200);
		const unknownFormat = await register(server, user.id, authenticator(), { attestation: { fmt: "compound", attStmt: {} } });
		expect(unknownFormat.status).toBe(200);
	});

	test("a credential that is not an object of the right shape is INVALID_DATA", async () => {
		const user = await createUser(server);
		const started = (await startRegistration(server, user.id)).body;
		for (const body of [{}, { credential: "x" }, { credential: { id: "a", rawId: "a", type: "public-key" } }, { credential: { id: 1, rawId: "a", type: "public-key", response: {} } }]) {
			expect((await server.request("POST", `/passkey-registrations/${started.id}/verify`, body)).body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("garbage in the right shape is INVALID_CREDENTIAL, never a 500", async () => {
		const user = await createUser(server);
		const credential = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "!!", attestationObject: "e30" } };
		for (const bent of [
			credential,
			{ ...credential, response: { clientDataJSON: "e30", attestationObject: "e30" } },
			{ ...credential, response: { clientDataJSON: Buffer.from('{"type":"webauthn.create"}').toString("base64url"), attestationObject: "oA" } },
		]) {
			const started = (await startRegistration(server, user.id)).body;
			expect((await server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential: bent })).body).toEqual({ error: "INVALID_CREDENTIAL" });
		}
	});
});

describe("sign-in options", () => {
	test("with a user id: the user's passkeys; without: none, for a discoverable sign-in", async () => {
		const user = await createUser(server);
		const device = authenticator();
		await registered(server, user.id, device);
		const named = await startSignIn(server, { user_id: user.id });
		expect(named.status).toBe(200);
		const now = Math.floor(server.clock.now / 1000);
		expect(named.body).toEqual({
			id: expect.any(String),
			created_at: now,
			expires_at: now + 300,
			options: {
				challenge: expect.any(String),
				timeout: 300_000,
				rpId: "example.com",
				allowCredentials: [{ type: "public-key", id: Buffer.from(device.credentialId).toString("base64url"), transports: ["internal", "hybrid"] }],
				userVerification: "required",
			},
		});
		expect((await startSignIn(server)).body.options.allowCredentials).toEqual([]);
	});

	test("NOT_FOUND for an unknown user id; INVALID_DATA for a bad body", async () => {
		expect((await startSignIn(server, { user_id: UNKNOWN })).body).toEqual({ error: "NOT_FOUND" });
		expect((await startSignIn(server, { user_id: "not an id" })).body).toEqual({ error: "NOT_FOUND" });
		expect((await startSignIn(server, { user_id: 7 })).body).toEqual({ error: "INVALID_DATA" });
	});

	test("an unknown, malformed or registration ceremony id is INVALID_REQUEST", async () => {
		const user = await createUser(server);
		const device = authenticator();
		await registered(server, user.id, device);
		const registration = (await startRegistration(server, user.id)).body;
		const credential = device.assert({ challenge: registration.options.challenge, rpId: "example.com" });
		for (const id of [UNKNOWN, "x", registration.id]) {
			expect((await server.request("POST", `/passkey-authentications/${id}/verify`, { credential })).body).toEqual({ error: "INVALID_REQUEST" });
		}
	});
});

describe("passkeys", () => {
	test("listed per user, got by id, deleted; NOT_FOUND after", async () => {
		const user = await createUser(server);
		const first = await registered(server, user.id, authenticator("ES256"));
		server.clock.advance(1000);
		const second = await registered(server, user.id, authenticator("RS256"));
		expect((await server.request("GET", `/users/${user.id}/passkeys`)).body).toEqual([first, second]);
		expect((await server.request("GET", `/passkeys/${second.id}`)).body).toEqual(second);
		expect((await server.request("DELETE", `/passkeys/${first.id}`)).status).toBe(204);
		expect((await server.request("GET", `/passkeys/${first.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("DELETE", `/passkeys/${first.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("GET", `/users/${user.id}/passkeys`)).body).toEqual([second]);
	});

	test("NOT_FOUND for unknown users and passkeys", async () => {
		expect((await server.request("GET", `/users/${UNKNOWN}/passkeys`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("GET", `/passkeys/${UNKNOWN}`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("GET", `/passkeys/nope`)).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("DELETE", `/passkeys/${UNKNOWN}`)).body).toEqual({ error: "NOT_FOUND" });
	});

	test("deleting a user deletes their passkeys", async () => {
		const user = await createUser(server);
		const passkey = await registered(server, user.id, authenticator());
		expect((await server.request("DELETE", `/users/${user.id}`)).status).toBe(204);
		expect((await server.request("GET", `/passkeys/${passkey.id}`)).body).toEqual({ error: "NOT_FOUND" });
		expect(await server.rows("SELECT * FROM passkey WHERE user_id = ?", user.id)).toEqual([]);
		expect(await server.rows("SELECT * FROM passkey_user_handle WHERE user_id = ?", user.id)).toEqual([]);
	});

	test("the public key and counter are never shown", async () => {
		const user = await createUser(server);
		const passkey = await registered(server, user.id, authenticator());
		const text = JSON.stringify((await server.request("GET", `/passkeys/${passkey.id}`)).body);
		expect(text).not.toContain("public_key");
		expect(text).not.toContain("sign_count");
	});

	test("a user deleted between the lookup and the ceremony's insert gets no ceremony and no handle (NOT_FOUND, not a 500)", async () => {
		// The race itself is a few microseconds wide; the store's answer to it is what the actions rely on.
		const passkeys = server.ctx.stores.passkeys;
		const ceremony = { id: "abcdefghijkmnpqrstuvw234", kind: "registration" as const, userId: UNKNOWN, challenge: new Uint8Array(32) };
		expect(await passkeys.insertCeremony(ceremony, 300)).toBeNull();
		expect(await passkeys.userHandle(UNKNOWN, new Uint8Array(32))).toBeNull();
		expect(await passkeys.insertCeremony({ ...ceremony, kind: "authentication", userId: null }, 300)).not.toBeNull();
	});

	test("expired ceremonies are swept", async () => {
		const user = await createUser(server);
		await startRegistration(server, user.id);
		await startSignIn(server);
		server.clock.advance(301_000);
		await server.sweep();
		expect(await server.rows("SELECT id FROM passkey_ceremony WHERE expires_at <= ?", String(Math.floor(server.clock.now / 1000)))).toEqual([]);
	});
});

describe("passkeys off (no --passkey-rp-id)", () => {
	test("every passkey endpoint answers NOT_ALLOWED right after the secret check", async () => {
		const off = await startTestServer();
		try {
			const user = await createUser(off);
			const calls: [string, string][] = [
				["POST", `/users/${user.id}/passkey-registrations`],
				["POST", `/passkey-registrations/${UNKNOWN}/verify`],
				["POST", `/passkey-authentications`],
				["POST", `/passkey-authentications/${UNKNOWN}/verify`],
				["GET", `/users/${user.id}/passkeys`],
				["GET", `/passkeys/${UNKNOWN}`],
				["DELETE", `/passkeys/${UNKNOWN}`],
			];
			for (const [method, path] of calls) {
				// Even with a media type that would be refused and a body that is not JSON.
				const answer = await off.request(method, path, method === "GET" ? undefined : "not json", { "Content-Type": "image/png" });
				expect(answer.status, `${method} ${path}`).toBe(400);
				expect(answer.body).toEqual({ error: "NOT_ALLOWED" });
				const unauthenticated = await off.fetch(path, { method });
				expect(unauthenticated.status).toBe(401);
			}
			// Other paths are unaffected.
			expect((await off.request("GET", `/passkeys/${UNKNOWN}/x`)).body).toEqual({ error: "NOT_FOUND" });
		} finally {
			await off.stop();
		}
	});
});

/** A passkey of a new user's. */
async function someDevice() {
	const device = authenticator();
	await registered(server, (await createUser(server)).id, device);
	return device;
}

/** Creation options for a ceremony that does not exist: the answer is refused before it is read. */
function fakeCreationOptions() {
	return { rp: { id: RP.rpId }, user: { id: "AAAA" }, challenge: "AAAA" };
}

documentedErrorsOf(handlers, () => server, ({ post, get, del }) => ({
	startPasskeyRegistration: [
		["NOT_FOUND", () => startRegistration(server, UNKNOWN)],
		["INVALID_DATA", async () => startRegistration(server, (await createUser(server)).id, { client_ip: 5 })],
		["TOO_MANY_REQUESTS", async () => startRegistration(server, (await createUser(server)).id, { client_ip: await blockedIp(server) })],
		[
			"NOT_ALLOWED",
			async () => {
				const user = await createUser(server);
				for (let i = 0; i < 10; i++) await registered(server, user.id, authenticator("EdDSA"));
				return startRegistration(server, user.id);
			},
		],
	],
	verifyPasskeyRegistration: [
		["INVALID_DATA", () => post(`/passkey-registrations/${UNKNOWN}/verify`, {})],
		["INVALID_REQUEST", () => post(`/passkey-registrations/${UNKNOWN}/verify`, { credential: authenticator().register(fakeCreationOptions()) })],
		["INVALID_CREDENTIAL", async () => register(server, (await createUser(server)).id, authenticator(), { origin: "https://evil.example" })],
		[
			"PASSKEY_ALREADY_REGISTERED",
			async () => {
				const device = authenticator();
				await registered(server, (await createUser(server)).id, device);
				return register(server, (await createUser(server)).id, device);
			},
		],
		[
			"NOT_ALLOWED",
			async () => {
				// Two ceremonies started at 9 passkeys: the second to finish would be the 11th.
				const user = await createUser(server);
				for (let i = 0; i < 9; i++) await registered(server, user.id, authenticator("EdDSA"));
				const [a, b] = [(await startRegistration(server, user.id)).body, (await startRegistration(server, user.id)).body];
				expect((await post(`/passkey-registrations/${a.id}/verify`, { credential: authenticator("EdDSA").register(a.options) })).status).toBe(200);
				return post(`/passkey-registrations/${b.id}/verify`, { credential: authenticator("EdDSA").register(b.options) });
			},
		],
	],
	startPasskeyAuthentication: [
		["INVALID_DATA", () => startSignIn(server, { user_id: 5 })],
		["NOT_FOUND", () => startSignIn(server, { user_id: UNKNOWN })],
		["TOO_MANY_REQUESTS", async () => startSignIn(server, { client_ip: await blockedIp(server) })],
	],
	verifyPasskeyAuthentication: [
		["INVALID_DATA", () => post(`/passkey-authentications/${UNKNOWN}/verify`, {})],
		["INVALID_REQUEST", async () => post(`/passkey-authentications/${UNKNOWN}/verify`, { credential: (await someDevice()).assert({ challenge: "AAAA", rpId: RP.rpId }) })],
		["INVALID_CREDENTIAL", async () => signIn(server, await someDevice(), { bend: { corruptSignature: true } })],
		[
			"TOO_MANY_REQUESTS",
			async () => {
				const [device, ip] = [await someDevice(), freshIp()];
				await last(5, () => signIn(server, device, { clientIp: ip, bend: { corruptSignature: true } }));
				const started = await startSignIn(server, {});
				return post(`/passkey-authentications/${started.body.id}/verify`, { credential: device.assert(started.body.options), client_ip: ip });
			},
		],
		[
			"USER_DISABLED",
			async () => {
				const user = await createUser(server);
				const device = authenticator();
				await registered(server, user.id, device);
				await post(`/users/${user.id}/disable`, {});
				return signIn(server, device, { userId: user.id });
			},
		],
	],
	listUserPasskeys: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/passkeys`)]],
	getPasskey: [["NOT_FOUND", () => get(`/passkeys/${UNKNOWN}`)]],
	deletePasskey: [["NOT_FOUND", () => del(`/passkeys/${UNKNOWN}`)]],
}));
