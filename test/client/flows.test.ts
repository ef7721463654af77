// @holm/client against a real Holm: the flows an application runs, written as docs/client.md shows
// them, with the client alone. Errors surface as HolmError with the code, the status and Retry-After.
import { beforeAll, describe, expect, test } from "bun:test";
import { createHolmClient, HolmError, type HolmClient } from "../../client/src/index.ts";
import { authenticator, RP } from "../support/passkeys.ts";
import { authenticatorCode, SECRET, serverForThisFile, STRONG_PASSWORD, uniqueEmail } from "../support/server.ts";

const NEW_PASSWORD = "lantern quince harbor 27 kettle";

let holm: HolmClient;

const server = serverForThisFile({ listen: true });
beforeAll(async () => {
	holm = createHolmClient({ url: server.url, secret: SECRET });
});

/** The HolmError a call rejects with; fails the test when it resolves or throws anything else. */
async function holmError(pending: Promise<unknown>): Promise<HolmError> {
	try {
		await pending;
	} catch (error) {
		if (error instanceof HolmError) return error;
		throw error;
	}
	throw new Error("expected a HolmError");
}

function totpKey(): { key: Uint8Array; base64: string } {
	const key = crypto.getRandomValues(new Uint8Array(20));
	return { key, base64: Buffer.from(key).toString("base64") };
}

describe("sign-up and sign-in", () => {
	test("sign up, sign in, find by email; a taken address, a wrong password and an unknown address are HolmErrors", async () => {
		const email = uniqueEmail();
		const user = await holm.createUser({ email, password: STRONG_PASSWORD, client_ip: "203.0.113.7" });
		expect(user).toMatchObject({ email, email_verified: false, totp_registered: false });

		expect(await holmError(holm.createUser({ email, password: STRONG_PASSWORD }))).toMatchObject({
			code: "EMAIL_ALREADY_USED",
			status: 400,
			retryAfter: null,
		});

		expect((await holm.authenticateWithPassword({ email: email.toUpperCase(), password: STRONG_PASSWORD })).id).toBe(user.id);
		expect((await holmError(holm.authenticateWithPassword({ email, password: "not the password" }))).code).toBe("INCORRECT_PASSWORD");
		expect((await holmError(holm.authenticateWithPassword({ email: uniqueEmail(), password: STRONG_PASSWORD }))).code).toBe("NOT_FOUND");

		expect(await holm.listUsers({ email: email.toUpperCase() })).toEqual({ users: [user], total: 1, totalPages: 1 });
		expect(await holm.listUsers({ email: uniqueEmail() })).toEqual({ users: [], total: 0, totalPages: 0 });
		expect(await holm.getUser(user.id)).toEqual(user);
	});

	test("a weak password and a missing field are refused before anything is stored", async () => {
		expect((await holmError(holm.createUser({ email: uniqueEmail(), password: "password" }))).code).toBe("WEAK_PASSWORD");
		// A body the types allow only by a cast: what plain JavaScript could send.
		expect((await holmError(holm.createUser({} as never))).code).toBe("INVALID_DATA");
	});

	test("sessions: sign in, validate on each request, list devices, sign out, sign out everywhere else", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const laptop = await holm.createSession(user.id, { user_agent: "Laptop", client_ip: "203.0.113.7" });
		const phone = await holm.createSession(user.id, { user_agent: "Phone" });
		const validated = await holm.validateSession(laptop.token);
		expect(validated.user.id).toBe(user.id);
		expect(validated.session.id).toBe(laptop.session.id);
		expect((await holm.getSession(phone.session.id)).user_agent).toBe("Phone");
		expect((await holm.listUserSessions(user.id)).map((session) => session.id).toSorted()).toEqual([laptop.session.id, phone.session.id].toSorted());
		await holm.deleteSession(phone.session.id);
		const signedOut = await holmError(holm.validateSession(phone.token));
		expect(signedOut.code).toBe("NOT_FOUND");
		const tablet = await holm.createSession(user.id, {});
		await holm.deleteUserSessions(user.id, laptop.session.id);
		expect((await holmError(holm.validateSession(tablet.token))).code).toBe("NOT_FOUND");
		await holm.updatePassword(user.id, { password: STRONG_PASSWORD, new_password: NEW_PASSWORD, session_id: laptop.session.id });
		expect((await holm.validateSession(laptop.token)).session.id).toBe(laptop.session.id);
		await holm.deleteUserSessions(user.id);
		expect((await holmError(holm.validateSession(laptop.token))).code).toBe("NOT_FOUND");
	});

	test("verify and update a password", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		await holm.verifyPassword(user.id, { password: STRONG_PASSWORD });
		await holm.updatePassword(user.id, { password: STRONG_PASSWORD, new_password: NEW_PASSWORD });
		expect((await holmError(holm.verifyPassword(user.id, { password: STRONG_PASSWORD }))).code).toBe("INCORRECT_PASSWORD");
		await holm.verifyPassword(user.id, { password: NEW_PASSWORD });
	});
});

describe("email", () => {
	test("email verification: create, resend with get, a wrong code, the right one", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const request = await holm.createEmailVerificationRequest(user.id);
		expect(await holm.getEmailVerificationRequest(user.id)).toEqual(request);
		expect((await holmError(holm.verifyEmail(user.id, { code: "WRONGWRO" }))).code).toBe("INCORRECT_CODE");
		await holm.verifyEmail(user.id, { code: request.code });
		expect((await holm.getUser(user.id)).email_verified).toBe(true);
		expect(await holmError(holm.getEmailVerificationRequest(user.id))).toMatchObject({ code: "NOT_FOUND", status: 404 });
	});

	test("a verification request can be deleted", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		await holm.createEmailVerificationRequest(user.id, { client_ip: "203.0.113.7" });
		await holm.deleteEmailVerificationRequest(user.id);
		expect((await holmError(holm.verifyEmail(user.id, { code: "ANYCODE2" }))).code).toBe("NOT_ALLOWED");
	});

	test("email update: request, list, get, verify the new address", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const newEmail = uniqueEmail();
		const request = await holm.createEmailUpdateRequest(user.id, { email: newEmail });
		expect(await holm.listUserEmailUpdateRequests(user.id)).toEqual([request]);
		expect(await holm.getEmailUpdateRequest(request.id)).toEqual(request);
		expect(await holm.verifyNewEmail({ request_id: request.id, code: request.code })).toEqual({ email: newEmail });
		expect(await holm.getUser(user.id)).toMatchObject({ email: newEmail, email_verified: true });
		expect((await holmError(holm.verifyNewEmail({ request_id: request.id, code: request.code }))).code).toBe("INVALID_REQUEST");
	});

	test("email update requests can be deleted one by one or all together", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const first = await holm.createEmailUpdateRequest(user.id, { email: uniqueEmail() });
		await holm.createEmailUpdateRequest(user.id, { email: uniqueEmail() });
		await holm.deleteEmailUpdateRequest(first.id);
		expect(await holm.listUserEmailUpdateRequests(user.id)).toHaveLength(1);
		await holm.deleteUserEmailUpdateRequests(user.id);
		expect(await holm.listUserEmailUpdateRequests(user.id)).toEqual([]);
	});
});

describe("email sign-in", () => {
	test("continue with email: a code signs up, a second code signs in; a wrong code, a used request and a deleted one are HolmErrors", async () => {
		const email = uniqueEmail();
		const first = await holm.createEmailSignIn({ email, client_ip: "203.0.113.7" });
		expect(first).toMatchObject({ email, user_id: null });
		expect(await holm.getEmailSignIn(first.id)).toEqual({ id: first.id, user_id: null, email, created_at: first.created_at, expires_at: first.expires_at });
		expect((await holmError(holm.verifyEmailSignIn(first.id, { code: "WRONGONE" }))).code).toBe("INCORRECT_CODE");
		const signedUp = await holm.verifyEmailSignIn(first.id, { code: first.code, create_user: true });
		expect(signedUp.created).toBe(true);
		expect(signedUp.user).toMatchObject({ email, email_verified: true, password_leaked: false });
		expect((await holmError(holm.verifyEmailSignIn(first.id, { code: first.code }))).code).toBe("INVALID_REQUEST");

		const second = await holm.createEmailSignIn({ email });
		expect(second.user_id).toBe(signedUp.user!.id);
		expect(await holm.verifyEmailSignIn(second.id, { code: second.code.toLowerCase() })).toEqual({ user: signedUp.user, created: false, claimed: false });

		const third = await holm.createEmailSignIn({ email });
		await holm.deleteEmailSignIn(third.id);
		expect((await holmError(holm.getEmailSignIn(third.id))).code).toBe("NOT_FOUND");
	});
});

describe("password reset", () => {
	test("find the user by email, create a request, verify its code, set the new password", async () => {
		const email = uniqueEmail();
		await holm.createUser({ email, password: STRONG_PASSWORD });
		const [user] = (await holm.listUsers({ email })).users;
		if (user === undefined) throw new Error("the user was not found by email");

		const request = await holm.createPasswordResetRequest(user.id, { client_ip: "203.0.113.7" });
		expect(request.code).toMatch(/^[A-Z2-9]{8}$/);
		const { code: _, ...withoutCode } = request;
		expect(await holm.getPasswordResetRequest(request.id)).toEqual(withoutCode);
		expect(await holm.listUserPasswordResetRequests(user.id)).toEqual([withoutCode]);

		expect((await holmError(holm.resetPassword({ request_id: request.id, password: NEW_PASSWORD }))).code).toBe("INVALID_REQUEST");
		await holm.verifyPasswordResetRequestEmail(request.id, { code: request.code.toLowerCase() });
		await holm.resetPassword({ request_id: request.id, password: NEW_PASSWORD });

		expect((await holm.authenticateWithPassword({ email, password: NEW_PASSWORD })).email_verified).toBe(true);
		expect((await holmError(holm.authenticateWithPassword({ email, password: STRONG_PASSWORD }))).code).toBe("INCORRECT_PASSWORD");
	});

	test("reset requests can be deleted one by one or all together", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const first = await holm.createPasswordResetRequest(user.id);
		await holm.createPasswordResetRequest(user.id);
		await holm.deletePasswordResetRequest(first.id);
		expect(await holmError(holm.getPasswordResetRequest(first.id))).toMatchObject({ code: "NOT_FOUND", status: 404 });
		await holm.deleteUserPasswordResetRequests(user.id);
		expect(await holm.listUserPasswordResetRequests(user.id)).toEqual([]);
	});
});

describe("two-factor authentication", () => {
	test("register TOTP, sign in with a code, lose the authenticator, reset with the recovery code", async () => {
		const email = uniqueEmail();
		const user = await holm.createUser({ email, password: STRONG_PASSWORD });
		const { key, base64 } = totpKey();

		expect((await holmError(holm.registerTotp(user.id, { key: base64, code: "000000" }))).code).toBe("INCORRECT_CODE");
		const credential = await holm.registerTotp(user.id, { key: base64, code: authenticatorCode(key, server.clock.now) });
		expect(credential).toMatchObject({ user_id: user.id, key: base64 });
		expect(await holm.getTotpCredential(user.id)).toEqual(credential);

		// Sign-in: the password first, then a code from the next 30-second step.
		const signedIn = await holm.authenticateWithPassword({ email, password: STRONG_PASSWORD });
		expect(signedIn.totp_registered).toBe(true);
		server.clock.advance(30_000);
		const code = authenticatorCode(key, server.clock.now);
		await holm.verifyTotp(user.id, { code });
		expect((await holmError(holm.verifyTotp(user.id, { code }))).code).toBe("INCORRECT_CODE");

		// The authenticator is lost: the recovery code turns TOTP off and is replaced.
		const { recovery_code } = await holm.resetTwoFactor(user.id, { recovery_code: user.recovery_code });
		expect(recovery_code).not.toBe(user.recovery_code);
		expect((await holm.getUser(user.id)).totp_registered).toBe(false);
		expect((await holmError(holm.resetTwoFactor(user.id, { recovery_code: user.recovery_code }))).code).toBe("INCORRECT_CODE");
		expect((await holmError(holm.verifyTotp(user.id, { code: "123456" }))).code).toBe("NOT_ALLOWED");
	});

	test("regenerate the recovery code; delete the TOTP credential", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const { recovery_code } = await holm.regenerateRecoveryCode(user.id);
		expect((await holm.getUser(user.id)).recovery_code).toBe(recovery_code);

		const { key, base64 } = totpKey();
		await holm.registerTotp(user.id, { totp_key: base64, code: authenticatorCode(key, server.clock.now) });
		await holm.deleteTotpCredential(user.id);
		expect(await holmError(holm.getTotpCredential(user.id))).toMatchObject({ code: "NOT_FOUND", status: 404 });
	});

	test("Retry-After: the 6th guess after 5 wrong TOTP codes is TOO_MANY_REQUESTS with retryAfter in seconds", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const { key, base64 } = totpKey();
		await holm.registerTotp(user.id, { key: base64, code: authenticatorCode(key, server.clock.now) });
		for (let i = 0; i < 5; i++) expect((await holmError(holm.verifyTotp(user.id, { code: "000000" }))).code).toBe("INCORRECT_CODE");

		const locked = await holmError(holm.verifyTotp(user.id, { code: "000000" }));
		expect(locked).toMatchObject({ code: "TOO_MANY_REQUESTS", status: 400, retryAfter: 15 * 60 });
		expect(locked.message).toBe("TOO_MANY_REQUESTS (HTTP 400, retry after 900 s)");
	});
});

describe("the rest", () => {
	test("disable a user: sessions end, a right password is USER_DISABLED (403) and a wrong one INCORRECT_PASSWORD; enable", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const session = await holm.createSession(user.id);
		const until = Math.floor(server.clock.now / 1000) + 3600;
		expect(await holm.disableUser(user.id, { reason: "chargeback dispute", until })).toEqual({ ...user, disabled: true, disabled_until: until });
		expect((await holmError(holm.validateSession(session.token))).code).toBe("NOT_FOUND");
		expect(await holmError(holm.authenticateWithPassword({ email: user.email!, password: STRONG_PASSWORD }))).toMatchObject({ code: "USER_DISABLED", status: 403 });
		expect((await holmError(holm.verifyPassword(user.id, { password: "not the password" }))).code).toBe("INCORRECT_PASSWORD");
		expect((await holmError(holm.createSession(user.id))).code).toBe("USER_DISABLED");
		expect(await holm.enableUser(user.id)).toEqual(user);
		expect((await holm.authenticateWithPassword({ email: user.email!, password: STRONG_PASSWORD })).disabled).toBe(false);
	});

	test("delete a user: everything is gone and the address is free", async () => {
		const email = uniqueEmail();
		const user = await holm.createUser({ email, password: STRONG_PASSWORD });
		await holm.createPasswordResetRequest(user.id);
		await holm.deleteUser(user.id);
		expect(await holmError(holm.getUser(user.id))).toMatchObject({ code: "NOT_FOUND", status: 404, retryAfter: null });
		expect(await holmError(holm.deleteUser(user.id))).toMatchObject({ code: "NOT_FOUND", status: 404 });
		expect((await holm.createUser({ email, password: STRONG_PASSWORD })).id).not.toBe(user.id);
	});

	test("health, the OpenAPI document and metrics", async () => {
		expect(await holm.getHealth()).toEqual({ status: "ok" });
		expect((await holm.getOpenApi()).openapi).toBe("3.1.1");
		expect(await holm.getMetrics()).toContain("# TYPE holm_http_requests_total counter");
	});

	test("a wrong secret is NOT_AUTHENTICATED with status 401", async () => {
		const wrong = createHolmClient({ url: server.url, secret: "not-the-secret-at-all" });
		expect(await holmError(wrong.getUser("eeidmqmvdtjhaddujv8twjug"))).toMatchObject({ code: "NOT_AUTHENTICATED", status: 401, retryAfter: null });
	});

	test("the given fetch carries every request, with the secret as a bearer token", async () => {
		const seen: string[] = [];
		const traced = createHolmClient({
			url: `${server.url}/`,
			secret: SECRET,
			fetch(request) {
				seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get("Authorization")}`);
				return fetch(request);
			},
		});
		await traced.getHealth();
		await traced.listUsers({ per_page: 1 });
		expect(seen).toEqual([`GET /health Bearer ${SECRET}`, `GET /users Bearer ${SECRET}`]);
	});

	test("an answer that is not Holm's (a proxy's 502 page) is a HolmError UNKNOWN_ERROR with its status", async () => {
		const behindProxy = createHolmClient({
			url: server.url,
			secret: SECRET,
			fetch: async () => new Response("<h1>Bad Gateway</h1>", { status: 502, headers: { "Content-Type": "text/html", "Retry-After": "7" } }),
		});
		expect(await holmError(behindProxy.getUser("eeidmqmvdtjhaddujv8twjug"))).toMatchObject({ code: "UNKNOWN_ERROR", status: 502, retryAfter: 7 });
		expect(await holmError(behindProxy.getHealth())).toMatchObject({ code: "UNKNOWN_ERROR", status: 502 });
	});
});

describe("passkeys", () => {
	// A second server, with passkeys on; the software authenticator plays the browser.
	let passkeys: HolmClient;
	const passkeyServer = serverForThisFile({ passkeys: RP, listen: true });
	beforeAll(async () => {
		passkeys = createHolmClient({ url: passkeyServer.url, secret: SECRET });
	});

	test("register a passkey, sign in with it, list, get and delete it; a used ceremony is INVALID_REQUEST", async () => {
		const user = await passkeys.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		const device = authenticator("ES256");

		const registration = await passkeys.startPasskeyRegistration(user.id);
		expect(registration.options.rp).toEqual({ id: RP.rpId, name: RP.rpName });
		const credential = device.register(registration.options);
		const passkey = await passkeys.verifyPasskeyRegistration(registration.id, { credential, name: "Laptop" });
		expect(passkey).toMatchObject({ user_id: user.id, name: "Laptop", last_used_at: null });
		expect((await holmError(passkeys.verifyPasskeyRegistration(registration.id, { credential }))).code).toBe("INVALID_REQUEST");

		const ceremony = await passkeys.startPasskeyAuthentication({ client_ip: "203.0.113.7" });
		expect(ceremony.options.allowCredentials).toEqual([]);
		const signedIn = await passkeys.verifyPasskeyAuthentication(ceremony.id, { credential: device.assert(ceremony.options) });
		expect(signedIn.user.id).toBe(user.id);
		expect(signedIn.passkey.id).toBe(passkey.id);

		expect((await passkeys.listUserPasskeys(user.id)).map((listed) => listed.id)).toEqual([passkey.id]);
		expect(await passkeys.getPasskey(passkey.id)).toEqual(signedIn.passkey);
		const here = await passkeys.createSession(user.id);
		const lostPhone = await passkeys.createSession(user.id);
		await passkeys.deletePasskey(passkey.id, here.session.id);
		expect(await holmError(passkeys.getPasskey(passkey.id))).toMatchObject({ code: "NOT_FOUND", status: 404 });
		expect((await passkeys.validateSession(here.token)).session.id).toBe(here.session.id);
		expect((await holmError(passkeys.validateSession(lostPhone.token))).code).toBe("NOT_FOUND");
	});

	test("while passkeys are off, every passkey method is a HolmError NOT_ALLOWED", async () => {
		const user = await holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
		expect(await holmError(holm.startPasskeyRegistration(user.id))).toMatchObject({ code: "NOT_ALLOWED", status: 400 });
		expect((await holmError(holm.listUserPasskeys(user.id))).code).toBe("NOT_ALLOWED");
	});
});
