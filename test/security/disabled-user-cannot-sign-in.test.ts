// Attack: an operator disabled an account (abuse, a dispute, a departed employee), and whoever holds
// its credentials keeps using them: the password, an email code, a passkey, a session they had, or
// a new session the application creates after its own single sign-on. While disabled (API.md
// section 18) every way in answers 403 USER_DISABLED once the credential has proved correct, the
// proof is used up, and nothing else happens: no sign-in, no session, but a sign_in_failed event
// with data.reason user_disabled. A wrong credential answers as it always does. Enabling opens every
// way again.
import { expect, test } from "bun:test";
import { feedSettled } from "../support/events-flow.ts";
import { authenticator, registered, RP, signIn as passkeySignIn, startSignIn } from "../support/passkeys.ts";
import { signIn, validates } from "../support/session-changes.ts";
import { createUser, serverForThisFile, STRONG_PASSWORD } from "../support/server.ts";

const server = serverForThisFile({ passkeys: RP });

async function eventsOf(userId: string, ...types: string[]): Promise<any[]> {
	await feedSettled(server);
	const query = types.map((type) => `&type=${type}`).join("");
	return (await server.request("GET", `/users/${userId}/events?limit=1000${query}`)).body.events;
}

const DISABLED = { error: "USER_DISABLED" };

async function disabledUser(): Promise<{ id: string; email: string }> {
	const user = await createUser(server);
	const answer = await server.request("POST", `/users/${user.id}/disable`, { reason: "abuse report" });
	expect(answer.status).toBe(200);
	return { id: user.id, email: user.email! };
}

test("a correct password answers 403 USER_DISABLED at verify-password and authenticate/password; a wrong one INCORRECT_PASSWORD", async () => {
	const user = await disabledUser();
	const verify = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "192.0.2.10" });
	expect(verify.status).toBe(403);
	expect(verify.body).toEqual(DISABLED);
	const authenticate = await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD, client_ip: "192.0.2.10" });
	expect(authenticate.status).toBe(403);
	expect(authenticate.body).toEqual(DISABLED);
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: "not the password" })).body).toEqual({ error: "INCORRECT_PASSWORD" });
	expect((await server.request("POST", "/authenticate/password", { email: user.email, password: "not the password" })).body).toEqual({ error: "INCORRECT_PASSWORD" });

	const events = await eventsOf(user.id, "sign_in", "sign_in_failed");
	expect(events.map((event) => [event.type, event.client_ip, event.data])).toEqual([
		["sign_in_failed", "v4:192.0.2.10", { method: "password", reason: "user_disabled" }],
		["sign_in_failed", "v4:192.0.2.10", { method: "password", reason: "user_disabled" }],
		["sign_in_failed", null, { method: "password" }],
		["sign_in_failed", null, { method: "password" }],
	]);
});

test("a correct email code answers USER_DISABLED and is used up; the email is not marked verified; a wrong code is INCORRECT_CODE", async () => {
	const user = await disabledUser();
	const request = (await server.request("POST", "/email-sign-ins", { email: user.email })).body;
	expect(request.user_id).toBe(user.id);
	expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: "WRONG234" })).body).toEqual({ error: "INCORRECT_CODE" });
	const answer = await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, client_ip: "192.0.2.11" });
	expect(answer.status).toBe(403);
	expect(answer.body).toEqual(DISABLED);
	// Used up: the same code again finds nothing.
	expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).body).toEqual({ error: "INVALID_REQUEST" });
	expect((await server.request("GET", `/email-sign-ins/${request.id}`)).status).toBe(404);
	expect((await server.request("GET", `/users/${user.id}`)).body).toMatchObject({ email_verified: false, disabled: true });

	const events = await eventsOf(user.id, "sign_in", "sign_in_failed", "email_verified");
	expect(events.map((event) => [event.type, event.data])).toEqual([
		["sign_in_failed", { method: "email_code" }],
		["sign_in_failed", { method: "email_code", reason: "user_disabled" }],
	]);
	expect(events[1].client_ip).toBe("v4:192.0.2.11");
});

test("a correct passkey answers USER_DISABLED and its ceremony is used up; a forged one is INVALID_CREDENTIAL", async () => {
	const user = await createUser(server);
	const device = authenticator();
	const passkey = await registered(server, user.id, device);
	await server.request("POST", `/users/${user.id}/disable`, {});
	expect((await passkeySignIn(server, device, { userId: user.id, bend: { corruptSignature: true } })).body).toEqual({ error: "INVALID_CREDENTIAL" });

	const started = await startSignIn(server, { user_id: user.id });
	const credential = device.assert(started.body.options);
	const answer = await server.request("POST", `/passkey-authentications/${started.body.id}/verify`, { credential, client_ip: "192.0.2.12" });
	expect(answer.status).toBe(403);
	expect(answer.body).toEqual(DISABLED);
	expect((await server.request("POST", `/passkey-authentications/${started.body.id}/verify`, { credential })).body).toEqual({ error: "INVALID_REQUEST" });
	// Nothing else happened: the passkey was not used.
	expect((await server.request("GET", `/passkeys/${passkey.id}`)).body.last_used_at).toBeNull();
	// A discoverable sign-in (no user named) is refused alike.
	expect((await passkeySignIn(server, device)).body).toEqual(DISABLED);

	const events = await eventsOf(user.id, "sign_in", "sign_in_failed");
	expect(events.map((event) => [event.type, event.data])).toEqual([
		["sign_in_failed", { method: "passkey", passkey_id: passkey.id }],
		["sign_in_failed", { method: "passkey", passkey_id: passkey.id, reason: "user_disabled" }],
		["sign_in_failed", { method: "passkey", passkey_id: passkey.id, reason: "user_disabled" }],
	]);
});

test("no session: creating one answers USER_DISABLED, and those the user had no longer validate", async () => {
	const user = await createUser(server);
	const kept = await signIn(server, user.id);
	await server.request("POST", `/users/${user.id}/disable`, {});
	const created = await server.request("POST", `/users/${user.id}/sessions`, { user_agent: "after single sign-on" });
	expect(created.status).toBe(403);
	expect(created.body).toEqual(DISABLED);
	expect(await validates(server, kept.token)).toBe(false);
	expect((await server.request("GET", `/users/${user.id}/sessions`)).body).toEqual([]);
	expect(await eventsOf(user.id, "session_created")).toHaveLength(1); // the one before
});

test("a refused correct password is no incorrect guess: it neither blocks the user nor the address", async () => {
	const user = await disabledUser();
	for (let i = 0; i < 12; i++) {
		server.clock.advance(10_000); // the hashing bucket stays out of this
		const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "192.0.2.13" });
		expect(answer.body).toEqual(DISABLED);
	}
	expect(await eventsOf(user.id, "user_blocked", "address_blocked")).toEqual([]);
});

test("once enabled, every way in works again", async () => {
	const user = await createUser(server);
	const device = authenticator();
	await registered(server, user.id, device);
	await server.request("POST", `/users/${user.id}/disable`, { reason: "temporary" });
	await server.request("POST", `/users/${user.id}/enable`);
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	expect((await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD })).status).toBe(200);
	expect((await passkeySignIn(server, device, { userId: user.id })).status).toBe(200);
	// Last: the code proves the unverified address, which claims the account (API.md section 17).
	const request = (await server.request("POST", "/email-sign-ins", { email: user.email })).body;
	expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).status).toBe(200);
	const session = await signIn(server, user.id);
	expect(await validates(server, session.token)).toBe(true);
});
