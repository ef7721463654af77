// Each operation documents exactly the errors it answers. The scenarios below drive every route
// into each code its row documents (one scenario table per operation, PocketBase style); the codes
// are then read back from what the app itself recorded for each route (its request metrics, by
// route pattern, method and error), and compared with documentedErrors(row), the list the OpenAPI
// document gives. A code a handler can answer but does not document fails the first check (the
// compiler refuses it as well: an endpoint returns only failures of the codes it declares); a
// documented code that no scenario reaches fails the second.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ErrorCode } from "../../src/errors.ts";
import { documentedErrors, type Route } from "../../src/http/route.ts";
import { ROUTES } from "../../src/routes.ts";
import { signInWithFake, startFakeOpenIdProvider, startSignIn as startExternalSignIn, verify as verifyExternalSignIn, type FakeProvider } from "../support/identity-providers.ts";
import { authenticator, register, registered, RP, signIn, startRegistration, startSignIn } from "../support/passkeys.ts";
import { authenticatorCode, createUser, SECRET, startTestServer, STRONG_PASSWORD, uniqueEmail, type Answer, type TestServer } from "../support/server.ts";

/** Faults any endpoint may give, reached by tests of their own (security/unknown-error-leaks-nothing,
 *  security/overload-answers-unavailable), not by a scenario of each route. */
const FAULTS: readonly ErrorCode[] = ["UNKNOWN_ERROR", "UNAVAILABLE"];

const UNKNOWN = "abcdefghijkmnpqrstuvwxyz";
const LEAKED = "12345678";

let server: TestServer;
let off: TestServer;
let fake: FakeProvider;
let addresses = 0;

/** A client_ip no scenario shared before, so one scenario's limits never refuse another's calls. */
function freshIp(): string {
	addresses++;
	return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

beforeAll(async () => {
	fake = await startFakeOpenIdProvider();
	// "down": nothing listens at its issuer.
	const down = { ...fake.entry("down"), issuer: "http://127.0.0.1:9" };
	server = await startTestServer({ passkeys: RP, identityProviders: [fake.entry("fake"), down] });
	off = await startTestServer();
});
afterAll(async () => {
	await server.stop();
	await off.stop();
	await fake.stop();
});

const post = (path: string, body?: unknown) => server.request("POST", path, body);
const get = (path: string) => server.request("GET", path);
const del = (path: string) => server.request("DELETE", path);

/** The answer of the last of `n` calls. */
async function last(n: number, call: () => Promise<Answer>): Promise<Answer> {
	let answer!: Answer;
	for (let i = 0; i < n; i++) answer = await call();
	return answer;
}

/** An address blocked for incorrect passwords (5 in 15 minutes). */
async function blockedIp(): Promise<string> {
	const ip = freshIp();
	const user = await createUser(server);
	await last(5, () => post(`/users/${user.id}/verify-password`, { password: "wrong password", client_ip: ip }));
	return ip;
}

/** A user an operator disabled; their password is STRONG_PASSWORD. */
async function disabledUser(): Promise<{ id: string; email: string | null }> {
	const user = await createUser(server);
	expect((await post(`/users/${user.id}/disable`, { reason: "a scenario" })).status).toBe(200);
	return user;
}

async function withTotp(): Promise<{ id: string; recovery_code: string }> {
	const user = await createUser(server);
	const key = crypto.getRandomValues(new Uint8Array(20));
	const code = authenticatorCode(key, server.clock.now);
	expect((await post(`/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code })).status).toBe(200);
	return user;
}

type Scenario = readonly [ErrorCode, () => Promise<Answer>];

/** By operationId: the codes the endpoint answers itself, each with a call that gets it. */
const SCENARIOS: Record<string, readonly Scenario[]> = {
	createUser: [
		["INVALID_DATA", () => post("/users", {})],
		["EMAIL_ALREADY_USED", async () => post("/users", { email: (await createUser(server)).email, password: STRONG_PASSWORD })],
		["WEAK_PASSWORD", () => post("/users", { email: uniqueEmail(), password: LEAKED })],
		["TOO_MANY_REQUESTS", () => ((ip) => last(6, () => post("/users", { password: STRONG_PASSWORD, client_ip: ip })))(freshIp())],
	],
	getUser: [["NOT_FOUND", () => get(`/users/${UNKNOWN}`)]],
	deleteUser: [["NOT_FOUND", () => del(`/users/${UNKNOWN}`)]],
	disableUser: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/disable`, {})],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/disable`, { reason: "x".repeat(201) })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/disable`, { until: Math.floor(server.clock.now / 1000) })],
	],
	enableUser: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/enable`, {})],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/enable`, "[]")],
	],

	verifyPassword: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/verify-password`, { password: "x" })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/verify-password`, {})],
		["INCORRECT_PASSWORD", async () => post(`/users/${(await createUser(server)).id}/verify-password`, { password: "wrong password" })],
		["TOO_MANY_REQUESTS", async () => post(`/users/${(await createUser(server)).id}/verify-password`, { password: STRONG_PASSWORD, client_ip: await blockedIp() })],
		["USER_DISABLED", async () => post(`/users/${(await disabledUser()).id}/verify-password`, { password: STRONG_PASSWORD })],
	],
	updatePassword: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/update-password`, { password: "x", new_password: STRONG_PASSWORD })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/update-password`, { password: "x" })],
		["WEAK_PASSWORD", async () => post(`/users/${(await createUser(server)).id}/update-password`, { password: STRONG_PASSWORD, new_password: LEAKED })],
		["INCORRECT_PASSWORD", async () => post(`/users/${(await createUser(server)).id}/update-password`, { password: "wrong password", new_password: `${STRONG_PASSWORD}!` })],
		[
			"TOO_MANY_REQUESTS",
			async () => post(`/users/${(await createUser(server)).id}/update-password`, { password: STRONG_PASSWORD, new_password: `${STRONG_PASSWORD}!`, client_ip: await blockedIp() }),
		],
	],
	authenticateWithPassword: [
		["INVALID_DATA", () => post("/authenticate/password", { email: "not an email", password: "x" })],
		["NOT_FOUND", () => post("/authenticate/password", { email: uniqueEmail(), password: STRONG_PASSWORD })],
		["INCORRECT_PASSWORD", async () => post("/authenticate/password", { email: (await createUser(server)).email, password: "wrong password" })],
		["TOO_MANY_REQUESTS", async () => post("/authenticate/password", { email: (await createUser(server)).email, password: STRONG_PASSWORD, client_ip: await blockedIp() })],
		["USER_DISABLED", async () => post("/authenticate/password", { email: (await disabledUser()).email, password: STRONG_PASSWORD })],
	],

	createPasswordResetRequest: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/password-reset-requests`)],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/password-reset-requests`, { client_ip: 5 })],
		["TOO_MANY_REQUESTS", async () => ((id) => last(4, () => post(`/users/${id}/password-reset-requests`)))((await createUser(server)).id)],
	],
	listUserPasswordResetRequests: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/password-reset-requests`)]],
	deleteUserPasswordResetRequests: [["NOT_FOUND", () => del(`/users/${UNKNOWN}/password-reset-requests`)]],
	getPasswordResetRequest: [["NOT_FOUND", () => get(`/password-reset-requests/${UNKNOWN}`)]],
	deletePasswordResetRequest: [["NOT_FOUND", () => del(`/password-reset-requests/${UNKNOWN}`)]],
	verifyPasswordResetRequestEmail: [
		["NOT_FOUND", () => post(`/password-reset-requests/${UNKNOWN}/verify-email`, { code: "X" })],
		["INVALID_DATA", async () => post(`/password-reset-requests/${(await resetRequest()).id}/verify-email`, {})],
		["INCORRECT_CODE", async () => post(`/password-reset-requests/${(await resetRequest()).id}/verify-email`, { code: "WRONG234" })],
	],
	resetPassword: [
		["INVALID_DATA", () => post("/reset-password", {})],
		["WEAK_PASSWORD", () => post("/reset-password", { request_id: UNKNOWN, password: LEAKED })],
		["INVALID_REQUEST", async () => post("/reset-password", { request_id: (await resetRequest()).id, password: STRONG_PASSWORD })],
		["TOO_MANY_REQUESTS", () => ((ip) => last(6, () => post("/reset-password", { request_id: UNKNOWN, password: STRONG_PASSWORD, client_ip: ip })))(freshIp())],
	],

	createEmailVerificationRequest: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/email-verification-request`)],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/email-verification-request`, [])],
		["TOO_MANY_REQUESTS", async () => ((id) => last(4, () => post(`/users/${id}/email-verification-request`)))((await createUser(server)).id)],
	],
	getEmailVerificationRequest: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/email-verification-request`)]],
	deleteEmailVerificationRequest: [["NOT_FOUND", () => del(`/users/${UNKNOWN}/email-verification-request`)]],
	verifyEmail: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/verify-email`, { code: "X" })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/verify-email`, {})],
		["NOT_ALLOWED", async () => post(`/users/${(await createUser(server)).id}/verify-email`, { code: "WRONG234" })],
		[
			"INCORRECT_CODE",
			async () => {
				const user = await createUser(server);
				await post(`/users/${user.id}/email-verification-request`);
				return post(`/users/${user.id}/verify-email`, { code: "WRONG234" });
			},
		],
	],

	createEmailSignIn: [
		["INVALID_DATA", () => post("/email-sign-ins", {})],
		["TOO_MANY_REQUESTS", () => ((email) => last(4, () => post("/email-sign-ins", { email })))(uniqueEmail())],
	],
	getEmailSignIn: [["NOT_FOUND", () => get(`/email-sign-ins/${UNKNOWN}`)]],
	deleteEmailSignIn: [["NOT_FOUND", () => del(`/email-sign-ins/${UNKNOWN}`)]],
	verifyEmailSignIn: [
		["INVALID_DATA", () => post(`/email-sign-ins/${UNKNOWN}/verify`, {})],
		["INVALID_REQUEST", () => post(`/email-sign-ins/${UNKNOWN}/verify`, { code: "X" })],
		["INCORRECT_CODE", async () => post(`/email-sign-ins/${(await post("/email-sign-ins", { email: uniqueEmail() })).body.id}/verify`, { code: "WRONG234" })],
		[
			"EMAIL_ALREADY_USED",
			async () => {
				const email = uniqueEmail();
				const request = (await post("/email-sign-ins", { email })).body;
				await createUser(server, { email });
				return post(`/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: true });
			},
		],
		[
			"USER_DISABLED",
			async () => {
				const request = (await post("/email-sign-ins", { email: (await disabledUser()).email })).body;
				return post(`/email-sign-ins/${request.id}/verify`, { code: request.code });
			},
		],
	],
	createEmailUpdateRequest: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/email-update-requests`, { email: uniqueEmail() })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/email-update-requests`, {})],
		["EMAIL_ALREADY_USED", async () => post(`/users/${(await createUser(server)).id}/email-update-requests`, { email: (await createUser(server)).email })],
		["TOO_MANY_REQUESTS", async () => ((id) => last(4, () => post(`/users/${id}/email-update-requests`, { email: uniqueEmail() })))((await createUser(server)).id)],
	],
	listUserEmailUpdateRequests: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/email-update-requests`)]],
	deleteUserEmailUpdateRequests: [["NOT_FOUND", () => del(`/users/${UNKNOWN}/email-update-requests`)]],
	getEmailUpdateRequest: [["NOT_FOUND", () => get(`/email-update-requests/${UNKNOWN}`)]],
	deleteEmailUpdateRequest: [["NOT_FOUND", () => del(`/email-update-requests/${UNKNOWN}`)]],
	verifyNewEmail: [
		["INVALID_DATA", () => post("/verify-new-email", {})],
		["INVALID_REQUEST", () => post("/verify-new-email", { request_id: UNKNOWN, code: "X" })],
		["NOT_FOUND", () => post("/verify-new-email", { request_id: UNKNOWN, code: "X", session_id: UNKNOWN })],
		["INCORRECT_CODE", async () => post("/verify-new-email", { request_id: (await updateRequest(uniqueEmail())).id, code: "WRONG234" })],
		[
			"EMAIL_ALREADY_USED",
			async () => {
				// The address was free when the code was sent, and is taken when it comes back.
				const email = uniqueEmail();
				const request = await updateRequest(email);
				await createUser(server, { email });
				return post("/verify-new-email", { request_id: request.id, code: request.code });
			},
		],
	],

	registerTotp: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/register-totp`, {})],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/register-totp`, { key: "short", code: "123456" })],
		["INCORRECT_CODE", async () => post(`/users/${(await createUser(server)).id}/register-totp`, { key: Buffer.alloc(20, 7).toString("base64"), code: "wrong" })],
	],
	getTotpCredential: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/totp-credential`)]],
	deleteTotpCredential: [
		["NOT_FOUND", () => del(`/users/${UNKNOWN}/totp-credential`)],
		["NOT_FOUND", async () => del(`/users/${(await createUser(server)).id}/totp-credential`)],
	],
	verifyTotp: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/verify-2fa/totp`, { code: "123456" })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/verify-2fa/totp`, {})],
		["NOT_ALLOWED", async () => post(`/users/${(await createUser(server)).id}/verify-2fa/totp`, { code: "123456" })],
		["INCORRECT_CODE", async () => post(`/users/${(await withTotp()).id}/verify-2fa/totp`, { code: "wrong" })],
		["TOO_MANY_REQUESTS", async () => ((id) => last(6, () => post(`/users/${id}/verify-2fa/totp`, { code: "wrong" })))((await withTotp()).id)],
	],
	regenerateRecoveryCode: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/regenerate-recovery-code`)],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/regenerate-recovery-code`, "[]")],
	],
	resetTwoFactor: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/reset-2fa`, { recovery_code: "X" })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/reset-2fa`, {})],
		["INCORRECT_CODE", async () => post(`/users/${(await withTotp()).id}/reset-2fa`, { recovery_code: "WRONG234" })],
		["TOO_MANY_REQUESTS", async () => ((id) => last(6, () => post(`/users/${id}/reset-2fa`, { recovery_code: "WRONG234" })))((await withTotp()).id)],
	],

	startPasskeyRegistration: [
		["NOT_FOUND", () => startRegistration(server, UNKNOWN)],
		["INVALID_DATA", async () => startRegistration(server, (await createUser(server)).id, { client_ip: 5 })],
		["TOO_MANY_REQUESTS", async () => startRegistration(server, (await createUser(server)).id, { client_ip: await blockedIp() })],
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
		["TOO_MANY_REQUESTS", async () => startSignIn(server, { client_ip: await blockedIp() })],
	],
	verifyPasskeyAuthentication: [
		["INVALID_DATA", () => post(`/passkey-authentications/${UNKNOWN}/verify`, {})],
		["INVALID_REQUEST", async () => post(`/passkey-authentications/${UNKNOWN}/verify`, { credential: await someAssertion() })],
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

	listEvents: [["INVALID_DATA", () => get("/events?limit=0")]],
	listUserEvents: [
		["NOT_FOUND", () => get(`/users/${UNKNOWN}/events`)],
		["INVALID_DATA", async () => get(`/users/${(await createUser(server)).id}/events?after=nonsense`)],
	],
	unblockUser: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/unblock`)],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/unblock`, "[]")],
	],

	importUsers: [["INVALID_DATA", () => post("/user-imports", { users: "none" })]],

	startExternalSignIn: [
		["NOT_FOUND", () => post("/external-sign-ins", { provider: "nope" })],
		["INVALID_DATA", () => post("/external-sign-ins", { provider: 5 })],
		["TOO_MANY_REQUESTS", () => ((ip) => last(11, () => post("/external-sign-ins", { provider: "fake", client_ip: ip })))(freshIp())],
		["PROVIDER_ERROR", () => post("/external-sign-ins", { provider: "down" })],
	],
	verifyExternalSignIn: [
		["INVALID_DATA", () => post(`/external-sign-ins/${UNKNOWN}/verify`, { code: "x" })],
		["INVALID_REQUEST", () => post(`/external-sign-ins/${UNKNOWN}/verify`, { state: "x", code: "x" })],
		[
			"INVALID_CREDENTIAL",
			async () => {
				const started = await startExternalSignIn(server, "fake");
				return verifyExternalSignIn(server, started.id, { state: started.state, code: "x", iss: "https://evil.example" });
			},
		],
		[
			"PROVIDER_ERROR",
			async () => {
				const started = await startExternalSignIn(server, "fake");
				return verifyExternalSignIn(server, started.id, { state: started.state, error: "access_denied" });
			},
		],
		[
			"IDENTITY_IN_USE",
			async () => {
				const sub = `sub-${crypto.randomUUID()}`;
				await signInWithFake(server, fake, "fake", { sub }, { verify: { create_user: true } });
				return (await signInWithFake(server, fake, "fake", { sub }, { start: { user_id: (await createUser(server)).id } })).answer;
			},
		],
		[
			"USER_DISABLED",
			async () => {
				const sub = `sub-${crypto.randomUUID()}`;
				const created = (await signInWithFake(server, fake, "fake", { sub }, { verify: { create_user: true } })).answer;
				await post(`/users/${created.body.user.id}/disable`, {});
				return (await signInWithFake(server, fake, "fake", { sub })).answer;
			},
		],
	],
	linkExternalSignIn: [
		["INVALID_DATA", () => post(`/external-sign-ins/${UNKNOWN}/link`, {})],
		["INVALID_REQUEST", async () => post(`/external-sign-ins/${UNKNOWN}/link`, { user_id: (await createUser(server)).id })],
		["NOT_FOUND", async () => post(`/external-sign-ins/${(await linkRequired(true)).id}/link`, { user_id: UNKNOWN })],
		[
			"EMAIL_NOT_VERIFIED",
			async () => {
				const { id, user } = await linkRequired(false);
				return post(`/external-sign-ins/${id}/link`, { user_id: user.id });
			},
		],
		[
			"IDENTITY_IN_USE",
			async () => {
				const { id, user, sub } = await linkRequired(true);
				await signInWithFake(server, fake, "fake", { sub }, { start: { user_id: (await createUser(server)).id } });
				return post(`/external-sign-ins/${id}/link`, { user_id: user.id });
			},
		],
	],
	listUserIdentities: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/identities`)]],
	deleteIdentity: [["NOT_FOUND", () => del(`/identities/${UNKNOWN}`)]],

	createSession: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/sessions`, {})],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/sessions`, { second_factor_verified: "yes" })],
		["USER_DISABLED", async () => post(`/users/${(await disabledUser()).id}/sessions`, {})],
	],
	listUserSessions: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/sessions`)]],
	deleteUserSessions: [["NOT_FOUND", () => del(`/users/${UNKNOWN}/sessions`)]],
	validateSession: [
		["INVALID_DATA", () => post("/sessions/validate", {})],
		["NOT_FOUND", () => post("/sessions/validate", { token: `${UNKNOWN}.${UNKNOWN}${UNKNOWN.slice(0, 16)}` })],
	],
	getSession: [["NOT_FOUND", () => get(`/sessions/${UNKNOWN}`)]],
	deleteSession: [["NOT_FOUND", () => del(`/sessions/${UNKNOWN}`)]],
};

/** A sign-in that answered link_required: a user whose email Holm verified holds the email the
 *  provider gave (`verified` by it or not). */
async function linkRequired(verified: boolean): Promise<{ id: string; user: { id: string }; sub: string }> {
	const email = uniqueEmail();
	const user = await createUser(server, { email });
	const request = (await post(`/users/${user.id}/email-verification-request`)).body;
	expect((await post(`/users/${user.id}/verify-email`, { code: request.code })).status).toBe(204);
	const sub = `sub-${crypto.randomUUID()}`;
	const { id, answer } = await signInWithFake(server, fake, "fake", { sub, email, email_verified: verified });
	expect(answer.body.outcome).toBe("link_required");
	return { id, user, sub };
}

async function resetRequest(): Promise<{ id: string }> {
	return (await post(`/users/${(await createUser(server)).id}/password-reset-requests`)).body;
}

async function updateRequest(email: string): Promise<{ id: string; code: string }> {
	return (await post(`/users/${(await createUser(server)).id}/email-update-requests`, { email })).body;
}

/** Creation options for a ceremony that does not exist: the answer is refused before it is read. */
function fakeCreationOptions() {
	return { rp: { id: RP.rpId }, user: { id: "AAAA" }, challenge: "AAAA" };
}

async function someDevice() {
	const device = authenticator();
	await registered(server, (await createUser(server)).id, device);
	return device;
}

async function someAssertion() {
	const device = await someDevice();
	return device.assert({ challenge: "AAAA", rpId: RP.rpId });
}

/** Calls every route must answer the same way, whatever the endpoint: built from its row. */
function pipelineScenarios(route: Route): Scenario[] {
	const path = route.path.replace(/:\w+/g, UNKNOWN);
	const call = (target: TestServer, body: unknown, headers: Record<string, string>) => target.request(route.method, path, body, headers);
	const scenarios: Scenario[] = [
		["UNSUPPORTED_MEDIA_TYPE", () => call(server, route.method === "GET" ? undefined : "{}", { "Content-Type": "text/html" })],
		["NOT_ACCEPTABLE", () => call(server, undefined, { Accept: "text/html" })],
	];
	if (!route.public) scenarios.push(["NOT_AUTHENTICATED", () => call(server, undefined, { Authorization: `${SECRET}-wrong` })]);
	if (route.method === "POST") scenarios.push(["PAYLOAD_TOO_LARGE", () => call(server, "x".repeat(route.bodyLimit + 1), {})]);
	if (route.feature === "passkeys") scenarios.push(["NOT_ALLOWED", () => call(off, undefined, {})]);
	return scenarios;
}

/** What the app recorded: for each route pattern and method, the error codes it answered. */
async function answeredCodes(target: TestServer): Promise<Map<string, Set<string>>> {
	const answered = new Map<string, Set<string>>();
	const text = await target.ctx.metrics.text();
	for (const [, route, method, error] of text.matchAll(/^holm_http_requests_total\{route="([^"]*)",method="([^"]*)",status="[0-9]+",error="([^"]*)"\} [0-9]+$/gm)) {
		if (error === "") continue;
		const key = `${method} ${route}`;
		answered.set(key, (answered.get(key) ?? new Set()).add(error!));
	}
	return answered;
}

describe("every documented error, by route", () => {
	for (const route of ROUTES) {
		const id = route.endpoint.operationId;
		test(`${route.method} ${route.path} (${id})`, async () => {
			for (const [code, call] of [...(SCENARIOS[id] ?? []), ...pipelineScenarios(route)]) {
				const answer = await call();
				expect(answer.body?.error, `${id}: ${code}`).toBe(code);
			}
		});
	}
});

/** What both servers recorded, by "METHOD pattern". */
async function allAnswered(): Promise<Map<string, Set<string>>> {
	const answered = new Map<string, Set<string>>();
	for (const target of [server, off]) {
		for (const [key, codes] of await answeredCodes(target)) answered.set(key, new Set([...(answered.get(key) ?? []), ...codes]));
	}
	return answered;
}

/** "METHOD path CODE" for each code a route answered that `documented` does not list. */
function undocumentedAnswers(routes: readonly Route[], answered: Map<string, Set<string>>, documented: (route: Route) => ErrorCode[]): string[] {
	return routes.flatMap((route) =>
		[...(answered.get(`${route.method} ${route.path}`) ?? [])].filter((code) => !documented(route).includes(code as ErrorCode)).map((code) => `${route.method} ${route.path} ${code}`),
	);
}

/** "METHOD path CODE" for each documented code (faults aside) that no call of the route got. */
function unansweredDocumented(routes: readonly Route[], answered: Map<string, Set<string>>, documented: (route: Route) => ErrorCode[]): string[] {
	return routes.flatMap((route) =>
		documented(route)
			.filter((code) => !FAULTS.includes(code) && !(answered.get(`${route.method} ${route.path}`)?.has(code) ?? false))
			.map((code) => `${route.method} ${route.path} ${code}`),
	);
}

describe("the documented errors are the answered ones", () => {
	test("no route answered a code its operation does not document", async () => {
		expect(undocumentedAnswers(ROUTES, await allAnswered(), documentedErrors)).toEqual([]);
	});

	test("every code an operation documents was answered by one of its scenarios", async () => {
		expect(unansweredDocumented(ROUTES, await allAnswered(), documentedErrors)).toEqual([]);
	});

	test("a row that names a limit documents TOO_MANY_REQUESTS, and only such a row", () => {
		// code-attempts deletes a request at its 5th wrong code: it never answers TOO_MANY_REQUESTS.
		const mismatched = ROUTES.filter((route) => {
			const refuses = (route.limits ?? []).some((limit) => limit !== "code-attempts");
			return refuses !== documentedErrors(route).includes("TOO_MANY_REQUESTS");
		}).map((route) => `${route.method} ${route.path}`);
		expect(mismatched).toEqual([]);
	});

	test("a code answered but not documented, or documented but never answered, is reported", async () => {
		const answered = await allAnswered();
		const getUser = ROUTES.find((route) => route.endpoint.operationId === "getUser")!;
		// GET /users/{user_id} documenting no NOT_FOUND, then documenting INCORRECT_CODE as well.
		const withoutNotFound = (route: Route) => documentedErrors(route).filter((code) => route !== getUser || code !== "NOT_FOUND");
		const withIncorrectCode = (route: Route) => [...documentedErrors(route), ...(route === getUser ? (["INCORRECT_CODE"] as const) : [])];
		expect(undocumentedAnswers(ROUTES, answered, withoutNotFound)).toEqual(["GET /users/:user_id NOT_FOUND"]);
		expect(unansweredDocumented(ROUTES, answered, withIncorrectCode)).toEqual(["GET /users/:user_id INCORRECT_CODE"]);
		// Every scenario table names an operation that exists.
		expect(Object.keys(SCENARIOS).filter((id) => !ROUTES.some((route) => route.endpoint.operationId === id))).toEqual([]);
	});
});
