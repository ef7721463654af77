// What Holm's calls to an identity provider may cost (API.md section 16): Holm starts while a
// provider is down; discovery is fetched when first needed and kept; every call has a timeout (5 s;
// shortened here), a bounded answer, and follows no redirect; the issuer's keys are cached, and
// fetched again for an unknown key id at most once a minute.
import { afterAll, beforeAll, expect, setSystemTime, test } from "bun:test";
import { startFakeOpenIdProvider, startSignIn, verify, type FakeProvider } from "../support/identity-providers.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

let fake: FakeProvider;
let server: TestServer;

beforeAll(async () => {
	fake = await startFakeOpenIdProvider();
	const down = { ...fake.entry("down"), issuer: "http://127.0.0.1:9" };
	server = await startTestServer({ identityProviders: [fake.entry("idp"), down], identityProviderTimeoutMs: 300 });
});
afterAll(async () => {
	setSystemTime();
	await server.stop();
	await fake.stop();
});

async function signIn(answer: FakeProvider["answer"] | null = null) {
	const started = await startSignIn(server, "idp");
	const token = await fake.idToken({ sub: `s-${crypto.randomUUID()}`, nonce: started.nonce });
	fake.answer = answer ?? (() => fake.tokens(token));
	return verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true });
}

const count = (path: string) => fake.calls.filter((called) => called === path).length;

test("a provider that cannot be reached: Holm started all the same, and its sign-ins answer PROVIDER_ERROR", async () => {
	expect((await server.request("GET", "/health")).status).toBe(200);
	const answer = await server.request("POST", "/external-sign-ins", { provider: "down" });
	expect(answer.status).toBe(502);
	expect(answer.body).toEqual({ error: "PROVIDER_ERROR" });
});

test("discovery is fetched once and kept", async () => {
	for (let i = 0; i < 3; i++) expect((await signIn()).body.outcome).toBe("created");
	expect(count("/.well-known/openid-configuration")).toBe(1);
});

test("a token endpoint that does not answer within the timeout: PROVIDER_ERROR, in about the timeout", async () => {
	const started = performance.now();
	const answer = await signIn(() => new Promise(() => {}));
	expect(answer.body).toEqual({ error: "PROVIDER_ERROR" });
	expect(performance.now() - started).toBeLessThan(3000);
});

test("an answer larger than the bound (1 MiB): PROVIDER_ERROR", async () => {
	const answer = await signIn(() => ({ body: { access_token: "x".repeat(2 * 1024 * 1024), token_type: "Bearer" } }));
	expect(answer.body).toEqual({ error: "PROVIDER_ERROR" });
});

test("a redirect to another host is not followed: PROVIDER_ERROR, and the other host hears nothing", async () => {
	const elsewhere = await startFakeOpenIdProvider();
	try {
		const answer = await signIn(() => ({ status: 302, body: {}, headers: { location: `${elsewhere.local}/token` } }));
		expect(answer.body).toEqual({ error: "PROVIDER_ERROR" });
		expect(elsewhere.calls).toEqual([]);
	} finally {
		await elsewhere.stop();
	}
});

test("a token endpoint that answers 500: PROVIDER_ERROR", async () => {
	expect((await signIn(() => ({ status: 500, body: { error: "server_error" } }))).body).toEqual({ error: "PROVIDER_ERROR" });
	expect((await signIn(() => ({ status: 400, body: { error: "invalid_client" } }))).body).toEqual({ error: "PROVIDER_ERROR" });
});

test("the keys are cached; a new key id is fetched again at most once a minute", async () => {
	expect((await signIn()).body.outcome).toBe("created");
	const fetched = count("/jwks");
	expect((await signIn()).body.outcome).toBe("created");
	expect(count("/jwks")).toBe(fetched);

	// The provider rotates its key: within a minute of the last fetch, an unknown key id is refused
	// without another fetch; after it, the keys are fetched once, and the new key signs in.
	await fake.rotate();
	expect((await signIn()).body).toEqual({ error: "INVALID_CREDENTIAL" });
	expect(count("/jwks")).toBe(fetched);
	try {
		setSystemTime(new Date(Date.now() + 61_000));
		// The whole answer, so that a refusal says which code it was.
		expect((await signIn()).body).toMatchObject({ outcome: "created" });
		expect(count("/jwks")).toBe(fetched + 1);
		await fake.rotate();
		expect((await signIn()).body).toEqual({ error: "INVALID_CREDENTIAL" });
		expect((await signIn()).body).toEqual({ error: "INVALID_CREDENTIAL" });
		expect(count("/jwks")).toBe(fetched + 1);
	} finally {
		setSystemTime();
	}
});
