// Attack: the mix-up (RFC 9207; Fett, Küsters, Schmitz 2016). With more than one provider, an
// attacker's provider (or one it controls) gets a victim's sign-in started with it, then sends the
// browser to an honest provider; the honest provider's code comes back to Holm for the attacker's
// request, and Holm would exchange it at the attacker's token endpoint, handing the code over. A
// callback whose `iss` is not the request's provider's issuer is refused before any call goes out;
// a code the provider did not issue is refused by the provider (INVALID_CREDENTIAL), never used.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeOpenIdProvider, startSignIn, verify, type FakeProvider } from "../support/identity-providers.ts";
import { startOpenIdProvider, type RealProvider } from "../support/openid-provider.ts";
import { startTestServer, tempDirsForThisFile, uniqueEmail, type TestServer } from "../support/server.ts";

const newDir = tempDirsForThisFile();

let honest: RealProvider;
let other: RealProvider;
let attacker: FakeProvider;
let server: TestServer;

beforeAll(async () => {
	honest = await startOpenIdProvider();
	other = await startOpenIdProvider();
	attacker = await startFakeOpenIdProvider();
	server = await startTestServer({ identityProviders: [honest.entry("honest"), other.entry("other"), attacker.entry("attacker")] });
});
afterAll(async () => {
	await server.stop();
	await Promise.all([honest.stop(), other.stop(), attacker.stop()]);
});

/** The honest provider's callback for the victim, as it comes back to the redirect URI. */
async function honestCallback(): Promise<URLSearchParams> {
	const sub = `victim-${crypto.randomUUID()}`;
	honest.accounts.set(sub, { email: uniqueEmail(), email_verified: true });
	const theirs = await startSignIn(server, "honest");
	return honest.signIn(theirs.url.href, sub);
}

test("the honest provider's code and iss, relayed into a request for the attacker's provider: INVALID_CREDENTIAL, and the code never reaches the attacker", async () => {
	const callback = await honestCallback();
	expect(callback.get("iss")).toBe(honest.issuer);
	const request = await startSignIn(server, "attacker");
	let seen: string | null = null;
	attacker.answer = (form) => {
		seen = form.get("code");
		return { status: 400, body: { error: "invalid_grant" } };
	};
	const before = attacker.calls.length;
	const answer = await verify(server, request.id, { state: request.state, code: callback.get("code")!, iss: callback.get("iss")! }, { create_user: true });
	expect(answer.body).toEqual({ error: "INVALID_CREDENTIAL" });
	expect(seen).toBeNull();
	expect(attacker.calls.slice(before)).toEqual([]);
});

test("the issuer is judged before any call goes out: on an instance that has not fetched the provider's discovery yet", async () => {
	const callback = await honestCallback();
	const dir = newDir();
	const providers = [honest.entry("honest"), attacker.entry("attacker")];
	const first = await startTestServer({ dir, identityProviders: providers });
	const request = await startSignIn(first, "attacker");
	await first.stop();
	// A restarted instance: nothing cached; the attacker's provider answers nothing now.
	const second = await startTestServer({ dir, identityProviders: providers });
	attacker.down = true;
	try {
		const before = attacker.calls.length;
		const answer = await verify(second, request.id, { state: request.state, code: callback.get("code")!, iss: callback.get("iss")! });
		expect(answer.body).toEqual({ error: "INVALID_CREDENTIAL" });
		expect(attacker.calls.slice(before)).toEqual([]);
	} finally {
		attacker.down = false;
		await second.stop();
	}
});

test("a code of one real provider, relayed into a request for another: refused, no user made", async () => {
	const callback = await honestCallback();
	const request = await startSignIn(server, "other");
	for (const iss of [callback.get("iss")!, undefined]) {
		const retry = iss === undefined ? await startSignIn(server, "other") : request;
		const body: Record<string, string> = { state: retry.state, code: callback.get("code")! };
		if (iss !== undefined) body.iss = iss;
		expect((await verify(server, retry.id, body, { create_user: true })).body).toEqual({ error: "INVALID_CREDENTIAL" });
	}
});

test("control: the honest callback into the honest request signs in", async () => {
	const sub = `user-${crypto.randomUUID()}`;
	honest.accounts.set(sub, { email: uniqueEmail(), email_verified: true });
	const request = await startSignIn(server, "honest");
	const callback = await honest.signIn(request.url.href, sub);
	expect((await verify(server, request.id, callback, { create_user: true })).body.outcome).toBe("created");
});
