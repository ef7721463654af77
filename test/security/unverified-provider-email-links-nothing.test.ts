// Attack: an account at a provider with the victim's address, which the provider never verified (a
// provider that lets users type any email, or a tenant administrator who sets it: nOAuth). Linking
// on that address would hand the victim's Holm account to whoever typed it. An email the provider
// did not verify names nobody: the answer is link_required without the user, auto_link does not
// apply, and POST …/link refuses it (EMAIL_NOT_VERIFIED) for any user.
import { afterAll, expect, test } from "bun:test";
import { signInWithFake, startFakeOpenIdProvider } from "../support/identity-providers.ts";
import { createUser, serverForThisFile, uniqueEmail } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp"), fake.entry("idp-auto", { auto_link: true })] });

/** The victim: a user whose address Holm verified. */
async function victim(): Promise<{ id: string; email: string }> {
	const email = uniqueEmail();
	const user = await createUser(server, { email });
	const code = (await server.request("POST", `/users/${user.id}/email-verification-request`)).body.code;
	expect((await server.request("POST", `/users/${user.id}/verify-email`, { code })).status).toBe(204);
	return { id: user.id, email };
}

test.each(["idp", "idp-auto"])("through %s: link_required naming nobody, and the link is refused", async (provider) => {
	const target = await victim();
	const { id, answer } = await signInWithFake(server, fake, provider, { sub: `attacker-${crypto.randomUUID()}`, email: target.email, email_verified: false }, { verify: { create_user: true } });
	expect(answer.body).toMatchObject({ outcome: "link_required", user: null, identity: null, email: target.email, email_verified: false });
	expect((await server.request("POST", `/external-sign-ins/${id}/link`, { user_id: target.id })).body).toEqual({ error: "EMAIL_NOT_VERIFIED" });
	expect((await server.request("GET", `/users/${target.id}/identities`)).body).toEqual([]);
	expect((await server.request("GET", `/users/${target.id}/events?type=sign_in`)).body.events).toEqual([]);
});

test("email_verified given as anything but true (absent, \"false\", 1) is not verified", async () => {
	for (const claim of [undefined, "false", 1]) {
		const target = await victim();
		const { answer } = await signInWithFake(server, fake, "idp-auto", { sub: `attacker-${crypto.randomUUID()}`, email: target.email, email_verified: claim });
		expect(answer.body).toMatchObject({ outcome: "link_required", user: null, email_verified: false });
	}
});

test("control: the same address verified by the provider names the user, and auto_link links", async () => {
	const target = await victim();
	const named = await signInWithFake(server, fake, "idp", { sub: `owner-${crypto.randomUUID()}`, email: target.email, email_verified: true });
	expect(named.answer.body.user.id).toBe(target.id);
	const linked = await signInWithFake(server, fake, "idp-auto", { sub: `owner-${crypto.randomUUID()}`, email: target.email, email_verified: true });
	expect(linked.answer.body).toMatchObject({ outcome: "linked", user: { id: target.id } });
});
