// Attack: a GitHub account that lists the victim's address. GitHub lists every address of an
// account, some unverified (anyone can add any address), and a verified address that is not the
// primary one is not the one the account shows. Holm takes only the account's primary address, and
// counts it as verified only when GitHub says so: neither an unverified address nor a secondary one
// names the victim, links to them or signs them in.
import { afterAll, expect, test } from "bun:test";
import { startFakeGitHub, startSignIn, verify } from "../support/identity-providers.ts";
import { createUser, serverForThisFile, uniqueEmail } from "../support/server.ts";

const github = startFakeGitHub();
afterAll(() => github.stop());
const server = serverForThisFile({ identityProviders: [github.entry("github", { auto_link: true })] });

let ids = 5000;

async function victim(): Promise<{ id: string; email: string }> {
	const email = uniqueEmail();
	const user = await createUser(server, { email });
	const code = (await server.request("POST", `/users/${user.id}/email-verification-request`)).body.code;
	await server.request("POST", `/users/${user.id}/verify-email`, { code });
	return { id: user.id, email };
}

async function signIn(emails: { email: string; primary: boolean; verified: boolean }[]) {
	ids += 1;
	const code = `code-${ids}`;
	github.codes.set(code, { user: { id: ids, login: `attacker${ids}` }, emails });
	const started = await startSignIn(server, "github");
	return { id: started.id, answer: await verify(server, started.id, { state: started.state, code }, { create_user: true }) };
}

test("the victim's address as the primary one, unverified: link_required naming nobody, and the link is refused", async () => {
	const target = await victim();
	const { id, answer } = await signIn([{ email: target.email, primary: true, verified: false }]);
	expect(answer.body).toMatchObject({ outcome: "link_required", user: null, email: target.email, email_verified: false });
	expect((await server.request("POST", `/external-sign-ins/${id}/link`, { user_id: target.id })).body).toEqual({ error: "EMAIL_NOT_VERIFIED" });
});

test("the victim's address verified but not primary: it is not the account's email, and names nobody", async () => {
	const target = await victim();
	const own = uniqueEmail();
	const { answer } = await signIn([
		{ email: target.email, primary: false, verified: true },
		{ email: own, primary: true, verified: false },
	]);
	expect(answer.body).toMatchObject({ outcome: "created", email: own, email_verified: false });
	expect(answer.body.user.id).not.toBe(target.id);
	expect((await server.request("GET", `/users/${target.id}/identities`)).body).toEqual([]);
});

test("control: the victim's own account, its primary address verified, links (auto_link)", async () => {
	const target = await victim();
	const { answer } = await signIn([{ email: target.email, primary: true, verified: true }]);
	expect(answer.body).toMatchObject({ outcome: "linked", user: { id: target.id } });
});
