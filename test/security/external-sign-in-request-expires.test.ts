// Attack: a callback kept and relayed long after (a code and state from a browser's history, a log
// or a shared link). A request lives 10 minutes, by the store's clock (the database's on
// PostgreSQL): after that its verify and its link answer INVALID_REQUEST, and the provider is not
// asked.
import { afterAll, expect, test } from "bun:test";
import { signInWithFake, startFakeOpenIdProvider, startSignIn, verify } from "../support/identity-providers.ts";
import { createUser, serverForThisFile, uniqueEmail } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp")] });

test("a verify 10 minutes after the start is INVALID_REQUEST, before any call to the provider", async () => {
	const started = await startSignIn(server, "idp");
	const token = await fake.idToken({ sub: `sub-${crypto.randomUUID()}`, nonce: started.nonce });
	fake.answer = () => fake.tokens(token);
	server.clock.advance(10 * 60 * 1000);
	const before = fake.calls.length;
	expect((await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true })).body).toEqual({ error: "INVALID_REQUEST" });
	expect(fake.calls.slice(before)).toEqual([]);
});

test("one second before, it verifies", async () => {
	const started = await startSignIn(server, "idp");
	const token = await fake.idToken({ sub: `sub-${crypto.randomUUID()}`, nonce: started.nonce });
	fake.answer = () => fake.tokens(token);
	server.clock.advance(10 * 60 * 1000 - 1000);
	expect((await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true })).body.outcome).toBe("created");
});

test("a link after the request's 10 minutes is INVALID_REQUEST, and the sweep deletes the request", async () => {
	const email = uniqueEmail();
	const user = await createUser(server, { email });
	const code = (await server.request("POST", `/users/${user.id}/email-verification-request`)).body.code;
	await server.request("POST", `/users/${user.id}/verify-email`, { code });
	const { id, answer } = await signInWithFake(server, fake, "idp", { sub: `sub-${crypto.randomUUID()}`, email, email_verified: true });
	expect(answer.body.outcome).toBe("link_required");
	server.clock.advance(10 * 60 * 1000);
	expect((await server.request("POST", `/external-sign-ins/${id}/link`, { user_id: user.id })).body).toEqual({ error: "INVALID_REQUEST" });
	await server.sweep();
	expect(await server.rows("SELECT id FROM external_sign_in_request WHERE id = ?", id)).toEqual([]);
	expect((await server.request("GET", `/users/${user.id}/identities`)).body).toEqual([]);
});
