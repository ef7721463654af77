// Attack: login CSRF and a replayed callback. An attacker who gets a victim's browser to relay the
// attacker's own callback (or one whose state belongs to another request) would sign the victim in
// as the attacker, or finish a sign-in the victim never started. A verify whose state is not its
// request's own is refused (INVALID_REQUEST) before any call to the provider, and uses the request up.
import { afterAll, expect, test } from "bun:test";
import { signInWithFake, startFakeOpenIdProvider, startSignIn, verify } from "../support/identity-providers.ts";
import { serverForThisFile } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp")] });

async function tokensReady(nonce: string | null, sub = `sub-${crypto.randomUUID()}`): Promise<void> {
	const token = await fake.idToken({ sub, nonce });
	fake.answer = () => fake.tokens(token);
}

test("a wrong state is INVALID_REQUEST, asks the provider nothing, and uses the request up", async () => {
	const started = await startSignIn(server, "idp");
	await tokensReady(started.nonce);
	const before = fake.calls.length;
	const answer = await verify(server, started.id, { state: `${started.state}x`, code: "a-code" }, { create_user: true });
	expect(answer.body).toEqual({ error: "INVALID_REQUEST" });
	expect(fake.calls.slice(before)).toEqual([]);
	// The right state afterwards finds the request used.
	expect((await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true })).body).toEqual({ error: "INVALID_REQUEST" });
	expect(fake.calls.slice(before)).toEqual([]);
});

test("the state of another request (a callback replayed into this one) is INVALID_REQUEST", async () => {
	const attackers = await startSignIn(server, "idp");
	const victims = await startSignIn(server, "idp");
	await tokensReady(attackers.nonce);
	const before = fake.calls.length;
	expect((await verify(server, victims.id, { state: attackers.state, code: "the-attackers-code" }, { create_user: true })).body).toEqual({ error: "INVALID_REQUEST" });
	expect(fake.calls.slice(before)).not.toContain("/token");
});

test("a callback with no state at all is INVALID_DATA and leaves the request for the real one", async () => {
	const started = await startSignIn(server, "idp");
	expect((await server.request("POST", `/external-sign-ins/${started.id}/verify`, { code: "a-code" })).body).toEqual({ error: "INVALID_DATA" });
	await tokensReady(started.nonce);
	expect((await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true })).body.outcome).toBe("created");
});

test("control: the request's own state signs in", async () => {
	expect((await signInWithFake(server, fake, "idp", { sub: `sub-${crypto.randomUUID()}` }, { verify: { create_user: true } })).answer.body.outcome).toBe("created");
});
