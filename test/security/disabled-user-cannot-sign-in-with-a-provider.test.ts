// Attack: an operator disabled an account, and its holder signs in through the identity provider
// linked to it (or links the provider account anew). Once the provider's answer has proved who it is,
// a disabled user gets 403 USER_DISABLED (API.md section 18): the request is used up, nothing is
// linked or refreshed, no sign_in is recorded but a sign_in_failed with reason user_disabled.
// Enabling the user lets the same provider account in again.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { feedSettled } from "../support/events-flow.ts";
import { signInWithFake, startFakeOpenIdProvider, verify, type FakeProvider } from "../support/identity-providers.ts";
import { startTestServer, uniqueEmail, type TestServer } from "../support/server.ts";

let fake: FakeProvider;
let server: TestServer;
beforeAll(async () => {
	fake = await startFakeOpenIdProvider();
	server = await startTestServer({ identityProviders: [fake.entry("fake", { auto_link: true })] });
});
afterAll(async () => {
	await server.stop();
	await fake.stop();
});

async function eventsOf(userId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
	await feedSettled(server);
	return (await server.request("GET", `/users/${userId}/events?limit=1000`)).body.events;
}

test("a disabled user's identity answers USER_DISABLED, uses the request up and records only a sign_in_failed", async () => {
	const sub = `sub-${crypto.randomUUID()}`;
	const created = (await signInWithFake(server, fake, "fake", { sub, email: uniqueEmail(), email_verified: true }, { verify: { create_user: true } })).answer;
	expect(created.body.outcome).toBe("created");
	const userId = created.body.user.id;
	expect((await server.request("POST", `/users/${userId}/disable`, { reason: "abuse report" })).status).toBe(200);
	const before = (await server.request("GET", `/users/${userId}/identities`)).body;

	const refused = await signInWithFake(server, fake, "fake", { sub });
	expect(refused.answer.status).toBe(403);
	expect(refused.answer.body).toEqual({ error: "USER_DISABLED" });
	// Used up: the same request cannot be verified again.
	expect((await verify(server, refused.id, { state: "any", code: "a-code-from-the-fake" })).body).toEqual({ error: "INVALID_REQUEST" });
	expect((await server.request("GET", `/users/${userId}/identities`)).body).toEqual(before);
	const types = (await eventsOf(userId)).map((event) => event.type);
	expect(types.filter((type) => type === "sign_in")).toHaveLength(1); // the creation's, none since
	const failed = (await eventsOf(userId)).filter((event) => event.type === "sign_in_failed");
	expect(failed.map((event) => event.data)).toEqual([{ method: "external", provider: "fake", reason: "user_disabled" }]);

	expect((await server.request("POST", `/users/${userId}/enable`, {})).status).toBe(200);
	expect((await signInWithFake(server, fake, "fake", { sub })).answer.body.outcome).toBe("signed_in");
});

test("automatic linking into a disabled user's verified address answers USER_DISABLED and links nothing", async () => {
	const email = uniqueEmail();
	const user = (await server.request("POST", "/users", { email, password: "correct horse battery staple 42" })).body;
	const request = (await server.request("POST", `/users/${user.id}/email-verification-request`, {})).body;
	expect((await server.request("POST", `/users/${user.id}/verify-email`, { code: request.code })).status).toBe(204);
	expect((await server.request("POST", `/users/${user.id}/disable`, {})).status).toBe(200);

	const refused = await signInWithFake(server, fake, "fake", { sub: `sub-${crypto.randomUUID()}`, email, email_verified: true });
	expect(refused.answer.body).toEqual({ error: "USER_DISABLED" });
	expect((await server.request("GET", `/users/${user.id}/identities`)).body).toEqual([]);
});
