// Sign-in with GitHub (kind github, API.md section 16), against a fake of GitHub's OAuth endpoints
// and API: OAuth 2.0 with PKCE and no ID token; the account's id is the subject, its primary address
// the email, verified only when GitHub says so.
import { afterAll, expect, test } from "bun:test";
import { startFakeGitHub, startSignIn, verify, type GitHubAccount } from "../support/identity-providers.ts";
import { serverForThisFile, uniqueEmail } from "../support/server.ts";

const github = startFakeGitHub();
afterAll(() => github.stop());
const server = serverForThisFile({ identityProviders: [github.entry("github")] });

let ids = 1000;

/** A GitHub account with one primary, verified address; the code that signs it in. */
function account(change: (account: GitHubAccount) => void = () => {}): { code: string; account: GitHubAccount } {
	ids += 1;
	const made: GitHubAccount = { user: { id: ids, login: `octocat${ids}`, name: null }, emails: [{ email: uniqueEmail(), primary: true, verified: true }] };
	change(made);
	const code = `code-${crypto.randomUUID()}`;
	github.codes.set(code, made);
	return { code, account: made };
}

test("the authorization URL: GitHub's endpoint, PKCE S256, the scopes for the account and its addresses, no nonce", async () => {
	const started = await startSignIn(server, "github");
	expect(`${started.url.origin}${started.url.pathname}`).toBe(`${github.origin}/login/oauth/authorize`);
	const params = started.url.searchParams;
	expect(params.get("scope")).toBe("read:user user:email");
	expect(params.get("code_challenge_method")).toBe("S256");
	expect(params.get("redirect_uri")).toBe(github.redirectUri);
	expect(params.get("nonce")).toBeNull();
});

test("created, then signed_in: the account's id is the subject, its primary verified address the email, its login the name", async () => {
	const first = account();
	const started = await startSignIn(server, "github");
	const answer = await verify(server, started.id, { state: started.state, code: first.code }, { create_user: true });
	expect(answer.status).toBe(200);
	const email = first.account.emails![0]!.email;
	expect(answer.body).toMatchObject({ outcome: "created", email, email_verified: true, user: { email, email_verified: true, password_set: false } });
	expect(answer.body.identity).toMatchObject({ provider: "github", subject: String(first.account.user.id), email, email_verified: true });
	expect(answer.body.provider_tokens).toEqual({ access_token: expect.stringMatching(/^gho_/), expires_at: null });

	const again = account((made) => (made.user.id = first.account.user.id));
	const next = await startSignIn(server, "github");
	const signedIn = await verify(server, next.id, { state: next.state, code: again.code });
	expect(signedIn.body).toMatchObject({ outcome: "signed_in", user: { id: answer.body.user.id } });
});

test("a code GitHub refuses (answered 200 with an error, as GitHub does) is INVALID_CREDENTIAL", async () => {
	const started = await startSignIn(server, "github");
	expect((await verify(server, started.id, { state: started.state, code: "not-a-code" })).body).toEqual({ error: "INVALID_CREDENTIAL" });
});

test("addresses GitHub will not list (no user:email scope) are the provider's error", async () => {
	const { code } = account((made) => (made.emails = null));
	const started = await startSignIn(server, "github");
	expect((await verify(server, started.id, { state: started.state, code })).body).toEqual({ error: "PROVIDER_ERROR" });
});

test("an account without a primary address: no email, created without one", async () => {
	const { code } = account((made) => (made.emails = []));
	const started = await startSignIn(server, "github");
	expect((await verify(server, started.id, { state: started.state, code }, { create_user: true })).body).toMatchObject({
		outcome: "created",
		email: null,
		email_verified: false,
		user: { email: null, email_verified: false },
	});
});
