// Attack: read the logs, the event feed (a webhook receiver, a "recent activity" page) or any answer
// but the verify's to collect what a sign-in with a provider carries: the client secret, the
// authorization code, the state, the PKCE verifier, the nonce, the request id, the provider's access
// and ID tokens. With the code and the request (or the tokens), someone else signs in or calls the
// provider as the user. A whole flow, refusals included, writes none of them anywhere but in the one
// answer that must hold it (the verify's provider_tokens; the start's authorization URL carries the
// state and nonce to the browser).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { CLIENT_SECRET, startFakeOpenIdProvider, startSignIn, verify, type FakeProvider } from "../support/identity-providers.ts";
import { startOpenIdProvider, type RealProvider } from "../support/openid-provider.ts";
import { createUser, recordingLogger, startTestServer, uniqueEmail, type TestServer } from "../support/server.ts";

let op: RealProvider;
let fake: FakeProvider;
let server: TestServer;
const logs = recordingLogger("debug");

beforeAll(async () => {
	op = await startOpenIdProvider();
	fake = await startFakeOpenIdProvider();
	server = await startTestServer({ log: logs.log, identityProviders: [op.entry("real"), fake.entry("fake")] });
});
afterAll(async () => {
	await server.stop();
	await op.stop();
	await fake.stop();
});

test("a whole flow, with refusals, leaves no secret of the sign-in in a log line, an event or another answer", async () => {
	const secrets: string[] = [CLIENT_SECRET];
	const answers: unknown[] = [];
	const keep = async (start: { id: string; url: URL; state: string; nonce: string | null }) => {
		secrets.push(start.id, start.state, start.nonce!);
		const [row] = await server.rows("SELECT code_verifier FROM external_sign_in_request WHERE id = ?", start.id);
		secrets.push(String(row!.code_verifier));
	};

	// Signed up with the real provider, then signed in again; then linked after link_required.
	const sub = `sub-${crypto.randomUUID()}`;
	const email = uniqueEmail();
	op.accounts.set(sub, { email, email_verified: true });
	for (const createUser of [true, false]) {
		const started = await startSignIn(server, "real");
		await keep(started);
		const callback = await op.signIn(started.url.href, sub);
		secrets.push(callback.get("code")!);
		const answer = await verify(server, started.id, callback, { create_user: createUser, client_ip: "192.0.2.9" });
		expect(answer.status).toBe(200);
		secrets.push(answer.body.provider_tokens.access_token);
		const { provider_tokens: _tokens, ...rest } = answer.body;
		answers.push(rest);
	}
	const holder = await createUser(server, { email: uniqueEmail() });
	const code = (await server.request("POST", `/users/${holder.id}/email-verification-request`)).body.code;
	await server.request("POST", `/users/${holder.id}/verify-email`, { code });
	const started = await startSignIn(server, "fake");
	await keep(started);
	const idToken = await fake.idToken({ sub: `fake-${crypto.randomUUID()}`, email: holder.email, email_verified: true, nonce: started.nonce });
	fake.answer = () => fake.tokens(idToken);
	secrets.push(idToken, "fake-access-token-0123456789", "a-code-for-the-link");
	const required = await verify(server, started.id, { state: started.state, code: "a-code-for-the-link" });
	expect(required.body.outcome).toBe("link_required");
	const linked = await server.request("POST", `/external-sign-ins/${started.id}/link`, { user_id: holder.id, client_ip: "192.0.2.9" });
	answers.push(linked.body);

	// Refusals: another issuer, an error, a refused code, a bad token; each logs why.
	const refusals: Record<string, string>[] = [{ iss: "https://evil.example", code: "a-refused-code-1" }, { error: "access_denied" }, { code: "a-refused-code-2" }];
	for (const callback of refusals) {
		const refused = await startSignIn(server, "fake");
		await keep(refused);
		fake.answer = () => ({ status: 400, body: { error: "invalid_grant", error_description: "the code a-refused-code-2 is unknown" } });
		if (callback.code !== undefined) secrets.push(callback.code);
		answers.push((await verify(server, refused.id, { state: refused.state, ...callback })).body);
	}
	const bad = await startSignIn(server, "fake");
	await keep(bad);
	const badToken = await fake.idToken({ sub: "x", nonce: "another-nonce-entirely" });
	fake.answer = () => fake.tokens(badToken);
	secrets.push(badToken, "a-refused-code-3");
	answers.push((await verify(server, bad.id, { state: bad.state, code: "a-refused-code-3" })).body);

	// Everything else that shows these users.
	for (const userId of [holder.id, (answers[0] as { user: { id: string } }).user.id]) {
		answers.push((await server.request("GET", `/users/${userId}/identities`)).body);
		const identities = (answers.at(-1) as { id: string }[]).map((identity) => identity.id);
		for (const id of identities) expect((await server.request("DELETE", `/identities/${id}`)).status).toBe(204);
	}
	answers.push((await server.request("GET", "/identity-providers")).body);
	const events = JSON.stringify((await server.request("GET", "/events?limit=1000")).body);
	expect(events).toContain("identity_linked");
	expect(events).toContain("identity_unlinked");
	expect(events).toContain('"method":"external"');
	expect(logs.lines.join("\n")).toContain("identity provider answer refused");

	const everywhere = { logs: logs.lines.join("\n"), events, answers: JSON.stringify(answers) };
	for (const secret of secrets) {
		expect(secret.length).toBeGreaterThan(8);
		for (const [where, text] of Object.entries(everywhere)) expect({ where, found: text.includes(secret) }).toEqual({ where, found: false });
	}
});
