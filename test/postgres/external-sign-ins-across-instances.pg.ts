// Sign-in with an identity provider behind a load balancer (API.md sections 8 and 16): the request
// lives in PostgreSQL, so a sign-in started on one instance is verified (and linked) on another; a
// request is taken for its verify by one statement, so of verifies at every instance at once exactly
// one answers; two instances adding one new identity at once meet at its unique index, and the
// second signs in to the user the first made.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeOpenIdProvider, startSignIn, verify, type FakeProvider } from "../support/identity-providers.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { createUser, startTestServer, uniqueEmail, type TestServer } from "../support/server.ts";

const adminUrl = process.env.HOLM_TEST_DATABASE_URL ?? "";
let servers: TestServer[] = [];
let fake: FakeProvider;

beforeAll(async () => {
	if (adminUrl === "") throw new Error("the multi-instance tests need HOLM_TEST_DATABASE_URL (run them through npm test)");
	fake = await startFakeOpenIdProvider();
	const database = await createTestDatabase(adminUrl);
	servers = await Promise.all([0, 1, 2].map(() => startTestServer({ database, identityProviders: [fake.entry("idp")] })));
	for (const server of servers.slice(1)) server.clock.advance(servers[0]!.clock.now - server.clock.now);
});
afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
	await fake.stop();
});

function at(i: number): TestServer {
	return servers[i % servers.length]!;
}

async function tokenFor(nonce: string | null, claims: Record<string, unknown>): Promise<void> {
	const token = await fake.idToken({ nonce, ...claims });
	fake.answer = () => fake.tokens(token);
}

test("started on one instance, verified on another", async () => {
	const started = await startSignIn(at(0), "idp");
	await tokenFor(started.nonce, { sub: `s-${crypto.randomUUID()}` });
	const answer = await verify(at(1), started.id, { state: started.state, code: "a-code" }, { create_user: true });
	expect(answer.body.outcome).toBe("created");
	expect((await at(2).request("GET", `/users/${answer.body.user.id}/identities`)).body).toEqual([answer.body.identity]);
});

test("30 parallel verifies of one callback across three instances: exactly one answers", async () => {
	const started = await startSignIn(at(0), "idp");
	await tokenFor(started.nonce, { sub: `s-${crypto.randomUUID()}` });
	const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => verify(at(i), started.id, { state: started.state, code: "a-code" }, { create_user: true })));
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	expect(answers.filter((answer) => answer.body?.error === "INVALID_REQUEST")).toHaveLength(29);
});

test("link_required on one instance, linked on another", async () => {
	const email = uniqueEmail();
	const user = await createUser(at(0), { email });
	const code = (await at(1).request("POST", `/users/${user.id}/email-verification-request`)).body.code;
	expect((await at(2).request("POST", `/users/${user.id}/verify-email`, { code })).status).toBe(204);
	const started = await startSignIn(at(1), "idp");
	await tokenFor(started.nonce, { sub: `s-${crypto.randomUUID()}`, email, email_verified: true });
	expect((await verify(at(2), started.id, { state: started.state, code: "a-code" })).body.outcome).toBe("link_required");
	const linked = await at(0).request("POST", `/external-sign-ins/${started.id}/link`, { user_id: user.id });
	expect(linked.body).toMatchObject({ outcome: "linked", user: { id: user.id } });
});

test("one new identity verified through two requests on two instances at once: one user, created once", async () => {
	for (let round = 0; round < 5; round++) {
		const sub = `s-${crypto.randomUUID()}`;
		const email = uniqueEmail();
		const first = await startSignIn(at(0), "idp");
		const second = await startSignIn(at(1), "idp");
		const tokens = new Map([
			[first.state, await fake.idToken({ sub, email, email_verified: true, nonce: first.nonce })],
			[second.state, await fake.idToken({ sub, email, email_verified: true, nonce: second.nonce })],
		]);
		// The fake cannot tell the two token requests apart but by their PKCE verifier; both tokens
		// carry the same subject, and each its own request's nonce.
		const byVerifier = new Map<string, string>();
		for (const started of [first, second]) {
			const [row] = await at(2).rows("SELECT code_verifier FROM external_sign_in_request WHERE id = ?", started.id);
			byVerifier.set(String(row!.code_verifier), tokens.get(started.state)!);
		}
		fake.answer = (form) => fake.tokens(byVerifier.get(form.get("code_verifier") ?? "")!);
		const answers = await Promise.all([
			verify(at(0), first.id, { state: first.state, code: "a-code" }, { create_user: true }),
			verify(at(1), second.id, { state: second.state, code: "a-code" }, { create_user: true }),
		]);
		expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(["created", "signed_in"]);
		expect(answers[0]!.body.user.id).toBe(answers[1]!.body.user.id);
		expect((await at(2).request("GET", `/users?email=${encodeURIComponent(email)}`)).body).toHaveLength(1);
	}
});
