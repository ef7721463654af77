// Attack: a forged or misdirected ID token. A token endpoint that an attacker controls or
// impersonates, or a token issued for another client, another issuer or another sign-in, must
// never sign anyone in. The ID token is checked by openid-client: its signature against the keys
// the issuer publishes (never `none`, never an HMAC keyed with the client secret that the provider
// and every one of its clients' operators know, never a key the issuer does not publish), then iss,
// aud, azp, exp, iat and nonce. Here the provider even advertises `none` and HS256 in its discovery,
// as a misconfigured one might: the signature is checked all the same. Each case is a token that
// differs from an accepted one (the control) in one respect only.
import { afterAll, describe, expect, test } from "bun:test";
import { generateKeyPair } from "jose";
import { CLIENT_ID, CLIENT_SECRET, startFakeOpenIdProvider, startSignIn, verify } from "../support/identity-providers.ts";
import { serverForThisFile } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
fake.discovery = { id_token_signing_alg_values_supported: ["RS256", "HS256", "none"] };
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp")] });

const now = () => Math.floor(Date.now() / 1000);

/** A sign-in whose token endpoint answers the token `make` gives for the request's nonce. */
async function signInWith(make: (nonce: string) => Promise<string>) {
	const started = await startSignIn(server, "idp");
	const token = await make(started.nonce!);
	fake.answer = () => fake.tokens(token);
	const sub = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub;
	const answer = await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true });
	return { answer, sub };
}

async function expectRefused(make: (nonce: string) => Promise<string>): Promise<void> {
	const { answer } = await signInWith(make);
	expect(answer.body).toEqual({ error: "INVALID_CREDENTIAL" });
	expect(answer.status).toBe(400);
}

function sub(): string {
	return `sub-${crypto.randomUUID()}`;
}

test("control: a token signed with the published key, for this client, issuer and nonce, signs in", async () => {
	const { answer } = await signInWith((nonce) => fake.idToken({ sub: sub(), nonce }));
	expect(answer.body.outcome).toBe("created");
	const multi = await signInWith((nonce) => fake.idToken({ sub: sub(), nonce, aud: [CLIENT_ID, "another-client"], azp: CLIENT_ID }));
	expect(multi.answer.body.outcome).toBe("created");
});

describe("the signature", () => {
	test("alg none: refused", () => expectRefused((nonce) => fake.idToken({ sub: sub(), nonce }, { alg: "none" })));

	test("HS256 keyed with the client secret: refused", () =>
		expectRefused((nonce) => fake.idToken({ sub: sub(), nonce }, { alg: "HS256", key: new TextEncoder().encode(CLIENT_SECRET) })));

	test("a key the issuer does not publish, under an unknown key id: refused", async () => {
		const { privateKey } = await generateKeyPair("RS256");
		await expectRefused((nonce) => fake.idToken({ sub: sub(), nonce }, { key: privateKey, kid: "not-published" }));
	});

	test("a key the issuer does not publish, under the published key's id: refused", async () => {
		const { privateKey } = await generateKeyPair("RS256");
		await expectRefused((nonce) => fake.idToken({ sub: sub(), nonce }, { key: privateKey }));
	});

	test("a signature of other claims (a token tampered with): refused", () =>
		expectRefused(async (nonce) => {
			const [header, , signature] = (await fake.idToken({ sub: sub(), nonce })).split(".");
			const claims = Buffer.from(JSON.stringify({ iss: fake.issuer, aud: CLIENT_ID, sub: "someone-else", iat: now(), exp: now() + 300, nonce })).toString("base64url");
			return `${header}.${claims}.${signature}`;
		}));
});

describe("the claims", () => {
	test("another client's audience: refused", () => expectRefused((nonce) => fake.idToken({ sub: sub(), nonce, aud: "another-client" })));

	test("this client among others without azp, or with another azp: refused", async () => {
		await expectRefused((nonce) => fake.idToken({ sub: sub(), nonce, aud: [CLIENT_ID, "another-client"] }));
		await expectRefused((nonce) => fake.idToken({ sub: sub(), nonce, aud: [CLIENT_ID, "another-client"], azp: "another-client" }));
	});

	test("another issuer: refused", () => expectRefused((nonce) => fake.idToken({ sub: sub(), nonce, iss: "https://accounts.example.net" })));

	test("another sign-in's nonce, or none: refused", async () => {
		await expectRefused(() => fake.idToken({ sub: sub(), nonce: "the-nonce-of-another-sign-in" }));
		await expectRefused(() => fake.idToken({ sub: sub(), nonce: undefined }));
	});

	test("expired: refused", () => expectRefused((nonce) => fake.idToken({ sub: sub(), nonce, iat: now() - 3600, exp: now() - 120 })));

	test("no iat, or no exp: refused", async () => {
		await expectRefused((nonce) => fake.idToken({ sub: sub(), nonce, iat: undefined }));
		await expectRefused((nonce) => fake.idToken({ sub: sub(), nonce, exp: undefined }));
	});

	test("no subject, or one that is not printable ASCII: refused", async () => {
		await expectRefused((nonce) => fake.idToken({ sub: undefined, nonce }));
		await expectRefused((nonce) => fake.idToken({ sub: "line\nbreak", nonce }));
	});
});

test("no ID token at all from an OpenID Connect provider: refused", async () => {
	const started = await startSignIn(server, "idp");
	fake.answer = () => ({ body: { access_token: "an-access-token", token_type: "Bearer", expires_in: 60 } });
	expect((await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true })).body).toEqual({ error: "INVALID_CREDENTIAL" });
});
