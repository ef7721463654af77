// Attack: pre-account hijacking (Sudhodanan and Paverd, USENIX Security 2022). Someone creates a
// user with the owner's address and a password they know (through the API, or in an import), adds
// a TOTP credential, a passkey, an identity at an identity provider, a session and pending requests,
// and waits. The owner later arrives
// by a way that proves the address: a code from their inbox, or a password reset. From that proof
// on, nothing the maker set may open the account (API.md section 17). A user whose email was
// already verified, and a user who proves their own address through verify-email, keep everything.
import { afterAll, describe, expect, test } from "bun:test";
import { encodeBase64 } from "@oslojs/encoding";
import { feedSettled } from "../support/events-flow.ts";
import { signInWithFake, startFakeOpenIdProvider, startSignIn as startExternalSignIn, verify as verifyExternalSignIn } from "../support/identity-providers.ts";
import { authenticator, registered, signIn as passkeySignIn, startRegistration, RP } from "../support/passkeys.ts";
import { validates } from "../support/session-changes.ts";
import { authenticatorCode, createUser, serverForThisFile, STRONG_PASSWORD, uniqueEmail } from "../support/server.ts";

// The maker's own account at an identity provider, linked to the user they made.
const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ passkeys: RP, identityProviders: [fake.entry("idp")] });
const OWNER_PASSWORD = "the owner's own passphrase 7";

interface Footholds {
	userId: string;
	email: string;
	recoveryCode: string;
	totpKey: Uint8Array;
	device: ReturnType<typeof authenticator>;
	sessionToken: string;
	verificationCode: string;
	emailUpdate: { id: string; code: string };
	reset: { id: string; code: string };
	ceremony: { id: string; options: any };
	/** The maker's identity at the provider, linked to the user, and a link of another in progress. */
	identitySub: string;
	externalRequest: { id: string; state: string; nonce: string | null };
}

/** The account the maker leaves behind: a password, TOTP, a passkey, an identity, a session, and one
 *  pending request of each kind (an email verification, an email update, a reset, a passkey
 *  ceremony, an external sign-in adding an identity). */
async function plantFootholds(made: { id: string; email: string; recovery_code: string }): Promise<Footholds> {
	const userId = made.id;
	const totpKey = crypto.getRandomValues(new Uint8Array(20));
	server.clock.advance(31_000); // a step the registration code has not used
	const totp = await server.request("POST", `/users/${userId}/register-totp`, { key: encodeBase64(totpKey), code: authenticatorCode(totpKey, server.clock.now) });
	expect(totp.status).toBe(200);
	const device = authenticator();
	await registered(server, userId, device);
	const session = await server.request("POST", `/users/${userId}/sessions`, {});
	expect(session.status).toBe(200);
	const verification = await server.request("POST", `/users/${userId}/email-verification-request`, {});
	const emailUpdate = await server.request("POST", `/users/${userId}/email-update-requests`, { email: uniqueEmail() });
	const reset = await server.request("POST", `/users/${userId}/password-reset-requests`, {});
	const ceremony = await startRegistration(server, userId);
	for (const answer of [verification, emailUpdate, reset, ceremony]) expect(answer.status).toBe(200);
	const identitySub = `maker-${crypto.randomUUID()}`;
	expect((await signInWithFake(server, fake, "idp", { sub: identitySub }, { start: { user_id: userId } })).answer.body.outcome).toBe("linked");
	const externalRequest = await startExternalSignIn(server, "idp", { user_id: userId });
	return {
		userId,
		email: made.email,
		recoveryCode: made.recovery_code,
		totpKey,
		device,
		sessionToken: session.body.token,
		verificationCode: verification.body.code,
		emailUpdate: { id: emailUpdate.body.id, code: emailUpdate.body.code },
		reset: { id: reset.body.id, code: reset.body.code },
		ceremony: { id: ceremony.body.id, options: ceremony.body.options },
		identitySub,
		externalRequest: { id: externalRequest.id, state: externalRequest.state, nonce: externalRequest.nonce },
	};
}

/** A user made through the API with the owner's address and the maker's password. */
async function madeThroughTheApi(makerPassword: string): Promise<{ id: string; email: string; recovery_code: string }> {
	const user = await createUser(server, { password: makerPassword });
	return { id: user.id, email: user.email!, recovery_code: user.recovery_code };
}

/** The same, brought in by an import with the email not verified. */
async function madeByAnImport(makerPassword: string): Promise<{ id: string; email: string; recovery_code: string }> {
	const email = uniqueEmail();
	const hash = await Bun.password.hash(makerPassword, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 });
	const answer = await server.request("POST", "/user-imports", { users: [{ email, email_verified: false, password_hash: hash, recovery_code: "AAAAAAAA" }] });
	expect(answer.body.created).toBe(1);
	return { id: answer.body.results[0].user_id, email, recovery_code: "AAAAAAAA" };
}

/** The owner's proof of the address: an email code, or a whole reset with the owner's new password. */
const PROOFS = {
	async "email code"(email: string): Promise<any> {
		const request = (await server.request("POST", "/email-sign-ins", { email })).body;
		const answer = await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code });
		expect(answer.status).toBe(200);
		return answer.body;
	},
	async "password reset"(_email: string, userId: string): Promise<void> {
		const request = (await server.request("POST", `/users/${userId}/password-reset-requests`, {})).body;
		expect((await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code })).status).toBe(204);
		expect((await server.request("POST", "/reset-password", { request_id: request.id, password: OWNER_PASSWORD })).status).toBe(204);
	},
} as const;

async function expectEveryFootholdRefused(held: Footholds, makerPassword: string): Promise<void> {
	const { userId } = held;
	expect((await server.request("POST", `/users/${userId}/verify-password`, { password: makerPassword })).body).toEqual({ error: "INCORRECT_PASSWORD" });
	expect((await server.request("POST", "/authenticate/password", { email: held.email, password: makerPassword })).body).toEqual({ error: "INCORRECT_PASSWORD" });
	expect(await validates(server, held.sessionToken)).toBe(false);
	expect((await server.request("GET", `/users/${userId}/totp-credential`)).body).toEqual({ error: "NOT_FOUND" });
	server.clock.advance(31_000);
	expect((await server.request("POST", `/users/${userId}/verify-2fa/totp`, { code: authenticatorCode(held.totpKey, server.clock.now) })).body).toEqual({ error: "NOT_ALLOWED" });
	expect((await server.request("POST", `/users/${userId}/reset-2fa`, { recovery_code: held.recoveryCode })).body).toEqual({ error: "INCORRECT_CODE" });
	expect((await server.request("GET", `/users/${userId}/passkeys`)).body).toEqual([]);
	expect((await passkeySignIn(server, held.device)).status).toBe(400);
	expect((await passkeySignIn(server, held.device, { userId })).status).toBe(400);
	expect((await server.request("POST", `/users/${userId}/verify-email`, { code: held.verificationCode })).body).toEqual({ error: "NOT_ALLOWED" });
	expect((await server.request("POST", "/verify-new-email", { request_id: held.emailUpdate.id, code: held.emailUpdate.code })).body).toEqual({ error: "INVALID_REQUEST" });
	expect((await server.request("POST", `/password-reset-requests/${held.reset.id}/verify-email`, { code: held.reset.code })).body).toEqual({ error: "NOT_FOUND" });
	const credential = held.device.register(held.ceremony.options);
	expect((await server.request("POST", `/passkey-registrations/${held.ceremony.id}/verify`, { credential })).status).toBe(400);
	expect((await server.request("GET", `/users/${userId}/passkeys`)).body).toEqual([]);
	expect((await server.request("GET", `/users/${userId}/identities`)).body).toEqual([]);
	const maker = await signInWithFake(server, fake, "idp", { sub: held.identitySub });
	expect(maker.answer.body).toMatchObject({ outcome: "unknown", user: null });
	const pending = held.externalRequest;
	fake.answer = async () => fake.tokens(await fake.idToken({ sub: `another-${crypto.randomUUID()}`, nonce: pending.nonce }));
	expect((await verifyExternalSignIn(server, pending.id, { state: pending.state, code: "x" })).body).toEqual({ error: "INVALID_REQUEST" });
}

async function claimEvents(userId: string): Promise<any[]> {
	await feedSettled(server);
	return (await server.request("GET", `/users/${userId}/events?type=account_claimed`)).body.events;
}

describe.each([
	["made through the API", madeThroughTheApi],
	["made by an import", madeByAnImport],
] as const)("a user %s with the owner's address", (_how, make) => {
	test.each(Object.keys(PROOFS) as (keyof typeof PROOFS)[])("after the owner's %s, none of the maker's footholds opens the account", async (proof) => {
		const makerPassword = `the maker's passphrase ${crypto.randomUUID()}`;
		const held = await plantFootholds(await make(makerPassword));

		const answer = await PROOFS[proof](held.email, held.userId);

		await expectEveryFootholdRefused(held, makerPassword);
		const user = (await server.request("GET", `/users/${held.userId}`)).body;
		expect(user).toMatchObject({ email_verified: true, totp_registered: false, registered_totp: false, password_leaked: false });
		expect(user.recovery_code).not.toBe(held.recoveryCode);
		if (proof === "email code") {
			expect(answer).toMatchObject({ created: false, claimed: true, user: { id: held.userId, recovery_code: user.recovery_code, totp_registered: false } });
			// An email code leaves no password: every password is wrong until a reset sets one.
			expect((await server.request("POST", `/users/${held.userId}/verify-password`, { password: OWNER_PASSWORD })).body).toEqual({ error: "INCORRECT_PASSWORD" });
		} else {
			expect((await server.request("POST", `/users/${held.userId}/verify-password`, { password: OWNER_PASSWORD })).status).toBe(204);
		}
		const claimed = await claimEvents(held.userId);
		expect(claimed).toHaveLength(1);
		expect(claimed[0].data).toEqual({ removed: ["password", "totp", "passkeys", "identities", "sessions", "requests"] });
		const ended = (await server.request("GET", `/users/${held.userId}/events?type=sessions_ended`)).body.events;
		expect(ended.map((event: any) => event.data.reason)).toEqual([proof === "email code" ? "account_claimed" : "password_reset"]);
	});
});

test("the claim is done once: a second proof finds a verified user and touches nothing", async () => {
	const held = await plantFootholds(await madeThroughTheApi(STRONG_PASSWORD));
	await PROOFS["email code"](held.email);
	const session = await server.request("POST", `/users/${held.userId}/sessions`, {});
	const again = await PROOFS["email code"](held.email);
	expect(again.claimed).toBe(false);
	expect(await validates(server, session.body.token)).toBe(true);
	expect(await claimEvents(held.userId)).toHaveLength(1);
});

test("an unverified user who comes back by an email code with nothing set up loses nothing but an unused recovery code", async () => {
	const user = await createUser(server, { password: STRONG_PASSWORD });
	const answer = await PROOFS["email code"](user.email!);
	expect(answer.claimed).toBe(true);
	expect((await claimEvents(user.id))[0].data).toEqual({ removed: ["password"] });
});

describe("a verified user is not touched", () => {
	async function verifiedBy(way: "verify-email" | "import"): Promise<{ id: string; email: string; recovery_code: string }> {
		if (way === "import") {
			const email = uniqueEmail();
			const hash = await Bun.password.hash(STRONG_PASSWORD, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 });
			const answer = await server.request("POST", "/user-imports", { users: [{ email, email_verified: true, password_hash: hash, recovery_code: "BBBBBBBB" }] });
			return { id: answer.body.results[0].user_id, email, recovery_code: "BBBBBBBB" };
		}
		// The holder proves their own address: verify-email is not a claim, and keeps the password chosen.
		const user = await createUser(server);
		const request = (await server.request("POST", `/users/${user.id}/email-verification-request`, {})).body;
		expect((await server.request("POST", `/users/${user.id}/verify-email`, { code: request.code })).status).toBe(204);
		return { id: user.id, email: user.email!, recovery_code: user.recovery_code };
	}

	test.each(["verify-email", "import"] as const)("verified by %s, then an email code: password, TOTP, passkey, session and recovery code all stay", async (way) => {
		const made = await verifiedBy(way);
		const held = await plantFootholds(made);
		const answer = await PROOFS["email code"](held.email);
		expect(answer.claimed).toBe(false);
		expect((await server.request("POST", `/users/${held.userId}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
		expect(await validates(server, held.sessionToken)).toBe(true);
		expect((await server.request("GET", `/users/${held.userId}/totp-credential`)).status).toBe(200);
		expect((await server.request("GET", `/users/${held.userId}/passkeys`)).body).toHaveLength(1);
		expect(answer.user.recovery_code).toBe(held.recoveryCode);
		expect(await claimEvents(held.userId)).toEqual([]);
	});

	test("a verified user's reset keeps TOTP, passkeys and the recovery code (it ends sessions, as every reset does)", async () => {
		const held = await plantFootholds(await verifiedBy("verify-email"));
		await PROOFS["password reset"](held.email, held.userId);
		expect((await server.request("GET", `/users/${held.userId}/totp-credential`)).status).toBe(200);
		expect((await server.request("GET", `/users/${held.userId}/passkeys`)).body).toHaveLength(1);
		expect((await server.request("GET", `/users/${held.userId}`)).body.recovery_code).toBe(held.recoveryCode);
		expect(await validates(server, held.sessionToken)).toBe(false);
		expect(await claimEvents(held.userId)).toEqual([]);
	});
});

test("the events of a claim hold no secret: no password, code, recovery code, key or request id", async () => {
	const held = await plantFootholds(await madeThroughTheApi(STRONG_PASSWORD));
	await PROOFS["email code"](held.email);
	await feedSettled(server);
	const events = JSON.stringify((await server.request("GET", `/users/${held.userId}/events`)).body.events);
	const user = (await server.request("GET", `/users/${held.userId}`)).body;
	for (const secret of [held.recoveryCode, user.recovery_code, held.reset.id, held.emailUpdate.id, held.verificationCode, held.ceremony.id, encodeBase64(held.totpKey)]) {
		expect(events).not.toContain(secret);
	}
});
