// Sign-in with Microsoft Entra ID (kind microsoft, API.md section 16). A fake of Entra stands at
// https://login.microsoftonline.com (Holm's calls there are routed to it), with the multi-tenant
// issuer template that Entra publishes: each ID token's iss must be its own tenant's (tid), and the
// identity's issuer is that tenant's.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { routedTo, startFakeOpenIdProvider, startSignIn, verify, type FakeProvider } from "../support/identity-providers.ts";
import { startTestServer, uniqueEmail, type TestServer } from "../support/server.ts";

const ENTRA = "https://login.microsoftonline.com";
const TENANT_A = "72f988bf-86f1-41af-91ab-2d7cd011db47";
const TENANT_B = "9188040d-6c67-4c5b-b112-36a304b66dad";
const tenantIssuer = (tid: string) => `${ENTRA}/${tid}/v2.0`;

let entra: FakeProvider;
let server: TestServer;

beforeAll(async () => {
	entra = await startFakeOpenIdProvider({ origin: ENTRA, issuer: `${ENTRA}/{tenantid}/v2.0` });
	const common = { ...entra.entry("microsoft"), kind: "microsoft", issuer: `${ENTRA}/common/v2.0` };
	server = await startTestServer({ identityProviders: [common], identityProviderFetch: routedTo(ENTRA, entra.local) });
});
afterAll(async () => {
	await server.stop();
	await entra.stop();
});

/** A sign-in whose ID token holds `claims`, issued by tenant `tid` unless they say otherwise. */
async function signIn(tid: string, claims: Record<string, unknown>, callback: Record<string, string> = {}) {
	const started = await startSignIn(server, "microsoft");
	const token = await entra.idToken({ iss: tenantIssuer(tid), tid, nonce: started.nonce, ...claims });
	entra.answer = () => entra.tokens(token);
	return verify(server, started.id, { state: started.state, code: "a-code", ...callback }, { create_user: true });
}

test("the authorization URL is Entra's, for the configured issuer", async () => {
	const started = await startSignIn(server, "microsoft");
	expect(started.url.origin).toBe(ENTRA);
	expect(started.url.searchParams.get("scope")).toBe("openid email profile");
});

test("an email counts as verified only with xms_edov: true", async () => {
	const email = uniqueEmail();
	const verified = await signIn(TENANT_A, { sub: `s-${crypto.randomUUID()}`, email, xms_edov: true });
	expect(verified.body).toMatchObject({ outcome: "created", email, email_verified: true, user: { email_verified: true } });
	for (const xms_edov of [undefined, false, "true"]) {
		const other = uniqueEmail();
		const answer = await signIn(TENANT_A, { sub: `s-${crypto.randomUUID()}`, email: other, email_verified: true, xms_edov });
		expect(answer.body).toMatchObject({ outcome: "created", email: other, email_verified: false, user: { email_verified: false } });
	}
});

test("a token whose iss is another tenant's than its tid: INVALID_CREDENTIAL", async () => {
	expect((await signIn(TENANT_A, { sub: "s", iss: tenantIssuer(TENANT_B) })).body).toEqual({ error: "INVALID_CREDENTIAL" });
	expect((await signIn(TENANT_A, { sub: "s", iss: "https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/" })).body).toEqual({ error: "INVALID_CREDENTIAL" });
});

test("one subject in two tenants is two identities", async () => {
	const sub = `s-${crypto.randomUUID()}`;
	const first = await signIn(TENANT_A, { sub });
	const second = await signIn(TENANT_B, { sub });
	expect(first.body.outcome).toBe("created");
	expect(second.body.outcome).toBe("created");
	expect(second.body.user.id).not.toBe(first.body.user.id);
	expect((await signIn(TENANT_A, { sub })).body).toMatchObject({ outcome: "signed_in", user: { id: first.body.user.id } });
});

test("a callback iss of a tenant is taken; one of another origin or form is INVALID_CREDENTIAL", async () => {
	expect((await signIn(TENANT_A, { sub: `s-${crypto.randomUUID()}` }, { iss: tenantIssuer(TENANT_A) })).body.outcome).toBe("created");
	for (const iss of ["https://login.example.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0", `${ENTRA}/not-a-tenant/v2.0`, `${ENTRA}/${TENANT_A}/v1.0`]) {
		expect((await signIn(TENANT_A, { sub: "s" }, { iss })).body).toEqual({ error: "INVALID_CREDENTIAL" });
	}
});

test("with one tenant's issuer configured, another tenant's token is refused", async () => {
	const single = await startTestServer({
		identityProviders: [{ ...entra.entry("contoso"), kind: "microsoft", issuer: tenantIssuer(TENANT_A) }],
		identityProviderFetch: routedTo(ENTRA, entra.local),
	});
	const saved = entra.issuer;
	try {
		// This tenant's discovery names its own issuer.
		entra.issuer = tenantIssuer(TENANT_A);
		entra.discovery = { issuer: tenantIssuer(TENANT_A) };
		const started = await startSignIn(single, "contoso");
		const token = await entra.idToken({ iss: tenantIssuer(TENANT_B), tid: TENANT_B, sub: "s", nonce: started.nonce });
		entra.answer = () => entra.tokens(token);
		expect((await verify(single, started.id, { state: started.state, code: "c" })).body).toEqual({ error: "INVALID_CREDENTIAL" });
	} finally {
		entra.issuer = saved;
		entra.discovery = {};
		await single.stop();
	}
});
