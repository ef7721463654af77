// Attack: nOAuth (Descope, 2023). An Entra ID tenant's administrator, or the user of some account
// kinds, can set the `email` claim to any address, the victim's included, and Entra signs it; apps
// that linked or signed in by that claim were taken over. Holm counts an Entra email as verified only
// with the `xms_edov` claim (the email's domain owner verified it), and never reads
// preferred_username or upn as an email: without it, the victim's address names nobody, even with
// auto_link, and the link is refused.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { routedTo, startFakeOpenIdProvider, startSignIn, verify, type FakeProvider } from "../support/identity-providers.ts";
import { createUser, startTestServer, uniqueEmail, type TestServer } from "../support/server.ts";

const ENTRA = "https://login.microsoftonline.com";
const ATTACKERS_TENANT = "0b7f8a1e-3c2d-4e5f-8a9b-1c2d3e4f5a6b";

let entra: FakeProvider;
let server: TestServer;

beforeAll(async () => {
	entra = await startFakeOpenIdProvider({ origin: ENTRA, issuer: `${ENTRA}/{tenantid}/v2.0` });
	const provider = { ...entra.entry("microsoft"), kind: "microsoft", issuer: `${ENTRA}/organizations/v2.0`, auto_link: true };
	server = await startTestServer({ identityProviders: [provider], identityProviderFetch: routedTo(ENTRA, entra.local) });
});
afterAll(async () => {
	await server.stop();
	await entra.stop();
});

async function victim(): Promise<{ id: string; email: string }> {
	const email = uniqueEmail();
	const user = await createUser(server, { email });
	const code = (await server.request("POST", `/users/${user.id}/email-verification-request`)).body.code;
	await server.request("POST", `/users/${user.id}/verify-email`, { code });
	return { id: user.id, email };
}

async function signIn(claims: Record<string, unknown>) {
	const started = await startSignIn(server, "microsoft");
	const token = await entra.idToken({ iss: `${ENTRA}/${ATTACKERS_TENANT}/v2.0`, tid: ATTACKERS_TENANT, sub: `s-${crypto.randomUUID()}`, nonce: started.nonce, ...claims });
	entra.answer = () => entra.tokens(token);
	return { id: started.id, answer: await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true }) };
}

test("the victim's address in email (even with email_verified), preferred_username and upn, without xms_edov: nobody named, nothing linked", async () => {
	const target = await victim();
	const { id, answer } = await signIn({ email: target.email, email_verified: true, preferred_username: target.email, upn: target.email });
	expect(answer.body).toMatchObject({ outcome: "link_required", user: null, email_verified: false });
	expect((await server.request("POST", `/external-sign-ins/${id}/link`, { user_id: target.id })).body).toEqual({ error: "EMAIL_NOT_VERIFIED" });
	expect((await server.request("GET", `/users/${target.id}/identities`)).body).toEqual([]);
});

test("only preferred_username holds the victim's address: no email at all", async () => {
	const target = await victim();
	const { answer } = await signIn({ preferred_username: target.email });
	expect(answer.body).toMatchObject({ outcome: "created", email: null, user: { email: null } });
	expect(answer.body.user.id).not.toBe(target.id);
});

test("control: with xms_edov the address is verified, and auto_link links", async () => {
	const target = await victim();
	const { answer } = await signIn({ email: target.email, xms_edov: true });
	expect(answer.body).toMatchObject({ outcome: "linked", user: { id: target.id } });
});
