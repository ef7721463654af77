// Attack: pre-account hijacking through an identity provider. An attacker registers the victim's
// address with a password they know and waits; the victim later signs in with their provider
// account, whose email the provider verified. Merging the two would leave the attacker's password
// (and whatever else they set) on the victim's account. Holm never merges on an email: the answer is
// link_required, auto_link applies only when Holm too verified the address, and the link is refused
// (EMAIL_NOT_VERIFIED) until the address is proven in Holm, by a way that takes the account from
// whoever made it (an email code claims it: API.md section 17).
import { afterAll, expect, test } from "bun:test";
import { signInWithFake, startFakeOpenIdProvider } from "../support/identity-providers.ts";
import { createUser, serverForThisFile, uniqueEmail } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp"), fake.entry("idp-auto", { auto_link: true })] });

const ATTACKER_PASSWORD = "the attacker's own passphrase 1";

test("the victim signs in with the provider: link_required, never merged, even with auto_link and create_user", async () => {
	const email = uniqueEmail();
	const planted = await createUser(server, { email, password: ATTACKER_PASSWORD });
	for (const provider of ["idp", "idp-auto"]) {
		const { id, answer } = await signInWithFake(server, fake, provider, { sub: `victim-${crypto.randomUUID()}`, email, email_verified: true }, { verify: { create_user: true } });
		expect(answer.body).toMatchObject({ outcome: "link_required", identity: null });
		expect((await server.request("POST", `/external-sign-ins/${id}/link`, { user_id: planted.id })).body).toEqual({ error: "EMAIL_NOT_VERIFIED" });
	}
	expect((await server.request("GET", `/users/${planted.id}/identities`)).body).toEqual([]);
	expect((await server.request("POST", "/authenticate/password", { email, password: ATTACKER_PASSWORD })).status).toBe(200);
});

test("once the victim proves the address by an email code (claiming the account), the link goes through and the attacker's password is gone", async () => {
	const email = uniqueEmail();
	const planted = await createUser(server, { email, password: ATTACKER_PASSWORD });
	const sub = `victim-${crypto.randomUUID()}`;
	const { id } = await signInWithFake(server, fake, "idp", { sub, email, email_verified: true });
	const request = (await server.request("POST", "/email-sign-ins", { email })).body;
	expect((await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })).body.claimed).toBe(true);
	const linked = await server.request("POST", `/external-sign-ins/${id}/link`, { user_id: planted.id });
	expect(linked.body).toMatchObject({ outcome: "linked", user: { id: planted.id, email_verified: true, password_set: false } });
	expect((await server.request("POST", "/authenticate/password", { email, password: ATTACKER_PASSWORD })).body).toEqual({ error: "INCORRECT_PASSWORD" });
	expect((await signInWithFake(server, fake, "idp", { sub, email, email_verified: true })).answer.body).toMatchObject({ outcome: "signed_in", user: { id: planted.id } });
});
