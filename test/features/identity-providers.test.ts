// Sign-in with an identity provider (API.md section 16), against a real OpenID Provider (npm
// oidc-provider) run in this process: its login and consent are completed with fetch and a cookie
// jar, as a browser would, and Holm sees only the callback the application relays.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import handlers from "../../src/features/identity-providers/handlers.ts";
import { documentedErrorsOf, freshIp, last, UNKNOWN } from "../support/documented-errors.ts";
import { CLIENT_SECRET, signInWithFake, startFakeOpenIdProvider, startSignIn, verify, type FakeProvider } from "../support/identity-providers.ts";
import { startOpenIdProvider, type RealProvider } from "../support/openid-provider.ts";
import { createUser, serverForThisFile, startTestServer, uniqueEmail, type TestServer } from "../support/server.ts";

let op: RealProvider;
let server: TestServer;

beforeAll(async () => {
	op = await startOpenIdProvider();
	server = await startTestServer({ identityProviders: [op.entry("local"), op.entry("local-auto", { auto_link: true })] });
});
afterAll(async () => {
	await server.stop();
	await op.stop();
});

/** A new account at the provider; its subject. */
function account(claims: { email?: string; email_verified?: boolean; name?: string } = {}): string {
	const sub = `sub-${crypto.randomUUID()}`;
	op.accounts.set(sub, { email: uniqueEmail(), email_verified: true, name: "Ada Lovelace", ...claims });
	return sub;
}

/** A whole sign-in: Holm's request, the provider's login and consent, the relayed callback. */
async function signIn(sub: string, options: { provider?: string; body?: Record<string, unknown>; verify?: Record<string, unknown> } = {}) {
	const started = await startSignIn(server, options.provider ?? "local", options.body);
	const callback = await op.signIn(started.url.href, sub);
	return { id: started.id, answer: await verify(server, started.id, callback, options.verify) };
}

async function events(userId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
	return (await server.request("GET", `/users/${userId}/events`)).body.events;
}

describe("GET /identity-providers", () => {
	test("lists the configured providers by name and kind, and nothing secret", async () => {
		const answer = await server.request("GET", "/identity-providers");
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual([
			{ name: "local", kind: "oidc" },
			{ name: "local-auto", kind: "oidc" },
		]);
		expect(JSON.stringify(answer.body)).not.toContain(CLIENT_SECRET);
	});
});

describe("POST /external-sign-ins", () => {
	test("answers the provider's authorization URL with a fresh state, PKCE S256 and a nonce; the request lives 10 minutes", async () => {
		const answer = await server.request("POST", "/external-sign-ins", { provider: "local" });
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.body).sort()).toEqual(["authorization_url", "expires_at", "id", "provider"]);
		expect(answer.body.expires_at).toBe(Math.floor(server.clock.now / 1000) + 600);
		const url = new URL(answer.body.authorization_url);
		expect(url.origin).toBe(op.issuer);
		const params = url.searchParams;
		expect(params.get("client_id")).toBe("holm-test-client");
		expect(params.get("redirect_uri")).toBe(op.redirectUri);
		expect(params.get("response_type")).toBe("code");
		expect(params.get("code_challenge_method")).toBe("S256");
		expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
		// At least 128 random bits each, base64url.
		expect(params.get("state")!.length).toBeGreaterThanOrEqual(22);
		expect(params.get("nonce")!.length).toBeGreaterThanOrEqual(22);
		const other = new URL((await server.request("POST", "/external-sign-ins", { provider: "local" })).body.authorization_url).searchParams;
		expect(other.get("state")).not.toBe(params.get("state"));
		expect(other.get("nonce")).not.toBe(params.get("nonce"));
		expect(other.get("code_challenge")).not.toBe(params.get("code_challenge"));
	});

	test("an unknown provider or user is NOT_FOUND", async () => {
		expect((await server.request("POST", "/external-sign-ins", { provider: "nope" })).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("POST", "/external-sign-ins", { provider: "local", user_id: "abcdefghijkmnpqrstuvwxyz" })).body).toEqual({ error: "NOT_FOUND" });
	});
});

describe("outcomes", () => {
	test("unknown: nobody holds the identity or the email, and create_user is not true", async () => {
		const sub = account();
		const { answer } = await signIn(sub);
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject({ outcome: "unknown", user: null, identity: null, email: op.accounts.get(sub)!.email, email_verified: true });
		expect(answer.body.provider_tokens.access_token).toBeString();
		expect(answer.body.provider_tokens.expires_at).toBeNumber();
	});

	test("created: a user with the provider's verified email, no password, and the identity; then signed_in", async () => {
		const sub = account();
		const { answer } = await signIn(sub, { verify: { create_user: true } });
		expect(answer.status).toBe(200);
		const email = op.accounts.get(sub)!.email;
		expect(answer.body.outcome).toBe("created");
		expect(answer.body.user).toMatchObject({ email, email_verified: true, password_set: false });
		expect(answer.body.identity).toMatchObject({ user_id: answer.body.user.id, provider: "local", subject: sub, email, email_verified: true });
		const userId = answer.body.user.id;
		const history = await events(userId);
		expect(history.map((event) => event.type)).toEqual(["user_created", "sign_in"]);
		expect(history[1]!.data).toMatchObject({ method: "external", provider: "local" });

		server.clock.advance(60_000);
		const again = (await signIn(sub)).answer;
		expect(again.body.outcome).toBe("signed_in");
		expect(again.body.user.id).toBe(userId);
		expect(again.body.identity.last_sign_in_at).toBe(Math.floor(server.clock.now / 1000));
		const listed = await server.request("GET", `/users/${userId}/identities`);
		expect(listed.body).toEqual([again.body.identity]);
	});

	test("link_required: a user holds the email; /link adds the identity once the application proved that user", async () => {
		const email = uniqueEmail();
		const user = await createUser(server, { email });
		await server.request("POST", `/users/${user.id}/email-verification-request`);
		const code = (await server.request("GET", `/users/${user.id}/email-verification-request`)).body.code;
		expect((await server.request("POST", `/users/${user.id}/verify-email`, { code })).status).toBe(204);
		const sub = account({ email });
		const { id, answer } = await signIn(sub, { verify: { create_user: true } });
		expect(answer.body).toMatchObject({ outcome: "link_required", identity: null, email, email_verified: true });
		expect(answer.body.user.id).toBe(user.id);
		const linked = await server.request("POST", `/external-sign-ins/${id}/link`, { user_id: user.id });
		expect(linked.status).toBe(200);
		expect(linked.body.outcome).toBe("linked");
		expect(linked.body.identity).toMatchObject({ user_id: user.id, subject: sub });
		expect((await server.request("POST", `/external-sign-ins/${id}/link`, { user_id: user.id })).body).toEqual({ error: "INVALID_REQUEST" });
		expect((await signIn(sub)).answer.body.outcome).toBe("signed_in");
		expect((await events(user.id)).some((event) => event.type === "identity_linked")).toBeTrue();
	});

	test("linked with auto_link: the provider and Holm both verified the email", async () => {
		const email = uniqueEmail();
		const user = await createUser(server, { email });
		await server.request("POST", `/users/${user.id}/email-verification-request`);
		const code = (await server.request("GET", `/users/${user.id}/email-verification-request`)).body.code;
		await server.request("POST", `/users/${user.id}/verify-email`, { code });
		const { answer } = await signIn(account({ email }), { provider: "local-auto" });
		expect(answer.body.outcome).toBe("linked");
		expect(answer.body.user.id).toBe(user.id);
		const types = (await events(user.id)).map((event) => event.type);
		expect(types.slice(-2)).toEqual(["identity_linked", "sign_in"]);
	});

	test("linked with user_id: a signed-in user adds the identity; then unlinking it ends their other sessions", async () => {
		const user = await createUser(server);
		const sub = account();
		const { answer } = await signIn(sub, { body: { user_id: user.id } });
		expect(answer.body.outcome).toBe("linked");
		expect(answer.body.identity).toMatchObject({ user_id: user.id, subject: sub, last_sign_in_at: null });
		const kept = (await server.request("POST", `/users/${user.id}/sessions`, {})).body.session.id;
		const other = (await server.request("POST", `/users/${user.id}/sessions`, {})).body.session.id;
		const removed = await server.request("DELETE", `/identities/${answer.body.identity.id}?session_id=${kept}`);
		expect(removed.status).toBe(204);
		expect((await server.request("GET", `/sessions/${kept}`)).status).toBe(200);
		expect((await server.request("GET", `/sessions/${other}`)).status).toBe(404);
		const history = await events(user.id);
		expect(history.find((event) => event.type === "identity_unlinked")!.data).toMatchObject({ provider: "local", identity_id: answer.body.identity.id });
		expect(history.find((event) => event.type === "sessions_ended")!.data).toMatchObject({ reason: "identity_unlinked", session_ids: [other] });
		expect((await server.request("GET", `/users/${user.id}/identities`)).body).toEqual([]);
		// Now nobody holds it.
		expect((await signIn(sub)).answer.body.outcome).toBe("unknown");
	});

	test("the email in the userinfo answer when the ID token holds none", async () => {
		const conformant = await startOpenIdProvider({ emailInIdToken: false });
		const other = await startTestServer({ identityProviders: [conformant.entry("conformant")] });
		try {
			const sub = `sub-${crypto.randomUUID()}`;
			const email = uniqueEmail();
			conformant.accounts.set(sub, { email, email_verified: true });
			const started = await startSignIn(other, "conformant");
			const answer = await verify(other, started.id, await conformant.signIn(started.url.href, sub), { create_user: true });
			expect(answer.body).toMatchObject({ outcome: "created", email, email_verified: true });
		} finally {
			await other.stop();
			await conformant.stop();
		}
	});
});

describe("with a fake provider, whose ID tokens the tests craft, and one that is down", () => {
	let fake: FakeProvider;
	beforeAll(async () => {
		fake = await startFakeOpenIdProvider();
	});
	afterAll(() => fake.stop());
	// "down": nothing listens at its issuer.
	const fakeServer = serverForThisFile(() => ({ identityProviders: [fake.entry("fake"), { ...fake.entry("down"), issuer: "http://127.0.0.1:9" }] }));

	/** A sign-in that answered link_required: a user whose email Holm verified holds the email the
	 *  provider gave (`verified` by it or not). */
	async function linkRequired(verified: boolean): Promise<{ id: string; user: { id: string }; sub: string }> {
		const email = uniqueEmail();
		const user = await createUser(fakeServer, { email });
		const request = (await fakeServer.request("POST", `/users/${user.id}/email-verification-request`)).body;
		expect((await fakeServer.request("POST", `/users/${user.id}/verify-email`, { code: request.code })).status).toBe(204);
		const sub = `sub-${crypto.randomUUID()}`;
		const { id, answer } = await signInWithFake(fakeServer, fake, "fake", { sub, email, email_verified: verified });
		expect(answer.body.outcome).toBe("link_required");
		return { id, user, sub };
	}

	documentedErrorsOf(handlers, () => fakeServer, ({ post, get, del }) => ({
		listIdentityProviders: [],
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
					const started = await startSignIn(fakeServer, "fake");
					return verify(fakeServer, started.id, { state: started.state, code: "x", iss: "https://evil.example" });
				},
			],
			[
				"PROVIDER_ERROR",
				async () => {
					const started = await startSignIn(fakeServer, "fake");
					return verify(fakeServer, started.id, { state: started.state, error: "access_denied" });
				},
			],
			[
				"IDENTITY_IN_USE",
				async () => {
					const sub = `sub-${crypto.randomUUID()}`;
					await signInWithFake(fakeServer, fake, "fake", { sub }, { verify: { create_user: true } });
					return (await signInWithFake(fakeServer, fake, "fake", { sub }, { start: { user_id: (await createUser(fakeServer)).id } })).answer;
				},
			],
			[
				"USER_DISABLED",
				async () => {
					const sub = `sub-${crypto.randomUUID()}`;
					const created = (await signInWithFake(fakeServer, fake, "fake", { sub }, { verify: { create_user: true } })).answer;
					await post(`/users/${created.body.user.id}/disable`, {});
					return (await signInWithFake(fakeServer, fake, "fake", { sub })).answer;
				},
			],
		],
		linkExternalSignIn: [
			["INVALID_DATA", () => post(`/external-sign-ins/${UNKNOWN}/link`, {})],
			["INVALID_REQUEST", async () => post(`/external-sign-ins/${UNKNOWN}/link`, { user_id: (await createUser(fakeServer)).id })],
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
					await signInWithFake(fakeServer, fake, "fake", { sub }, { start: { user_id: (await createUser(fakeServer)).id } });
					return post(`/external-sign-ins/${id}/link`, { user_id: user.id });
				},
			],
		],
		listUserIdentities: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/identities`)]],
		deleteIdentity: [["NOT_FOUND", () => del(`/identities/${UNKNOWN}`)]],
	}));
});
