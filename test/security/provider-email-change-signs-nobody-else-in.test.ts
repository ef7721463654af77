// Attack: an email changed at the provider. Someone with an account at the provider changes its
// address to a victim's (some providers allow it without proof, or the address is recycled), then
// signs in, hoping to land in the victim's Holm account. An identity is found only by (issuer,
// subject): it keeps signing in its own user, whose email Holm never moves because of it; a new
// provider account claiming the victim's address is link_required, never signed_in.
import { afterAll, expect, test } from "bun:test";
import { signInWithFake, startFakeOpenIdProvider } from "../support/identity-providers.ts";
import { createUser, serverForThisFile, uniqueEmail } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp")] });

async function verifiedUser(): Promise<{ id: string; email: string }> {
	const email = uniqueEmail();
	const user = await createUser(server, { email });
	const code = (await server.request("POST", `/users/${user.id}/email-verification-request`)).body.code;
	await server.request("POST", `/users/${user.id}/verify-email`, { code });
	return { id: user.id, email };
}

test("the attacker's identity, its email now the victim's, signs the attacker in, and moves no email", async () => {
	const sub = `attacker-${crypto.randomUUID()}`;
	const attackerEmail = uniqueEmail();
	const attacker = (await signInWithFake(server, fake, "idp", { sub, email: attackerEmail, email_verified: true }, { verify: { create_user: true } })).answer.body.user;
	const victim = await verifiedUser();

	const { answer } = await signInWithFake(server, fake, "idp", { sub, email: victim.email, email_verified: true });
	expect(answer.body.outcome).toBe("signed_in");
	expect(answer.body.user).toMatchObject({ id: attacker.id, email: attackerEmail });
	// Holm stores what the provider said, on the identity only.
	expect(answer.body.identity).toMatchObject({ subject: sub, email: victim.email });
	expect((await server.request("GET", `/users/${victim.id}`)).body.email).toBe(victim.email);
	expect((await server.request("GET", `/users/${victim.id}/events?type=sign_in`)).body.events).toEqual([]);
});

test("a new provider account with the victim's verified address: link_required, never signed in", async () => {
	const victim = await verifiedUser();
	const { answer } = await signInWithFake(server, fake, "idp", { sub: `new-${crypto.randomUUID()}`, email: victim.email, email_verified: true }, { verify: { create_user: true } });
	expect(answer.body).toMatchObject({ outcome: "link_required", identity: null });
	expect((await server.request("GET", `/users/${victim.id}/events?type=sign_in`)).body.events).toEqual([]);
});
