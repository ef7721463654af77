// Attack: one callback relayed twice, or at once from two tabs or two attackers' scripts, for two
// sign-ins (a second session from one proof, or a code raced against its owner). A request is taken
// for its verify in one statement before anything else is judged: the second verify, sequential or
// parallel, answers INVALID_REQUEST and asks the provider nothing.
import { afterAll, expect, test } from "bun:test";
import { startFakeOpenIdProvider, startSignIn, verify } from "../support/identity-providers.ts";
import { serverForThisFile } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp")] });

async function ready(): Promise<{ id: string; state: string }> {
	const started = await startSignIn(server, "idp");
	const token = await fake.idToken({ sub: `sub-${crypto.randomUUID()}`, nonce: started.nonce });
	fake.answer = () => fake.tokens(token);
	return started;
}

test("a second verify of a request that signed in is INVALID_REQUEST, without a call to the provider", async () => {
	const started = await ready();
	const callback = { state: started.state, code: "a-code" };
	expect((await verify(server, started.id, callback, { create_user: true })).body.outcome).toBe("created");
	const tokenCalls = fake.calls.filter((path) => path === "/token").length;
	expect((await verify(server, started.id, callback, { create_user: true })).body).toEqual({ error: "INVALID_REQUEST" });
	expect(fake.calls.filter((path) => path === "/token").length).toBe(tokenCalls);
});

test("a verify that failed uses the request up too", async () => {
	const started = await ready();
	expect((await verify(server, started.id, { state: started.state, error: "access_denied" })).body).toEqual({ error: "PROVIDER_ERROR" });
	expect((await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true })).body).toEqual({ error: "INVALID_REQUEST" });
});

test("ten parallel verifies of one callback: exactly one answers, the others INVALID_REQUEST", async () => {
	const started = await ready();
	const answers = await Promise.all(Array.from({ length: 10 }, () => verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true })));
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	expect(answers.filter((answer) => answer.body?.error === "INVALID_REQUEST")).toHaveLength(9);
	const created = answers.find((answer) => answer.status === 200)!.body.user.id;
	expect((await server.request("GET", `/users/${created}/events?type=sign_in`)).body.events).toHaveLength(1);
});
