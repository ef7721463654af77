// docs/client.md runs: its ```ts run blocks, in order, make one module (their imports of
// @holm/client pointed at client/src), loaded against a real Holm listening on 127.0.0.1, with a
// sendEmail that keeps each mail here. The tests then go through the guide's flows with the
// functions the blocks define, as an application would: sign-up, sign-in and its second factor,
// email codes, reset, TOTP and the recovery code, email change, sessions, passkeys (with the
// software authenticator in the browser's place), events, import, listing and deletion. A block
// that stops compiling, throws, or answers what its comments do not say fails here.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Secret } from "otpauth";
import { RP, authenticator } from "../support/passkeys.ts";
import { SECRET, STRONG_PASSWORD, authenticatorCode, startTestServer, tempDirsForThisFile, uniqueEmail, type TestServer } from "../support/server.ts";

const ROOT = join(import.meta.dir, "..", "..");
const GUIDE = join(ROOT, "docs", "client.md");
const newDir = tempDirsForThisFile();

/** What the guide's blocks define, by the names the tests call. */
const NAMES = [
	"holm",
	"signInFromCookie",
	"signUp",
	"confirmEmail",
	"signIn",
	"pendingSecondFactor",
	"pendingUser",
	"signInWithTotp",
	"createSession",
	"currentUser",
	"signOut",
	"signOutEverywhereElse",
	"sendSignInCode",
	"signInWithCode",
	"forgotPassword",
	"checkResetCode",
	"resetPassword",
	"base32",
	"newTotpKey",
	"confirmTotp",
	"signInWithRecoveryCode",
	"startEmailChange",
	"confirmEmailChange",
	"passkeyRegistrationOptions",
	"finishPasskeyRegistration",
	"passkeySignInOptions",
	"finishPasskeySignIn",
	"removePasskey",
	"recentActivity",
	"readFeed",
	"importFromOldSystem",
	"newestUsers",
	"search",
	"deleteAccount",
] as const;

let server: TestServer;
let guide: Record<(typeof NAMES)[number], any>;
const outbox: { to: string; text: string }[] = [];
let addresses = 0;
/** A client_ip of each flow's own, as the guide tells test suites to give. */
const newIp = () => `198.51.100.${++addresses}`;

/** The ```ts run blocks of docs/client.md. */
function runBlocks(): string[] {
	return [...readFileSync(GUIDE, "utf8").matchAll(/```ts run\n([\s\S]*?)```/g)].map(([, code]) => code!);
}

function mailedCode(to: string): string {
	const text = outbox.filter((mail) => mail.to === to).at(-1)?.text ?? "";
	const code = /Your code is ([A-Z0-9]+)\./.exec(text)?.[1];
	if (code === undefined) throw new Error(`no code was mailed to ${to}`);
	return code;
}

// The guide reads these as an application would; they are put back after the file, since every
// test file of the run shares process.env (a HOLM_SECRET left behind changes what `holm serve` sees).
const ENV_SET = ["HOLM_URL", "HOLM_SECRET", "COOKIE_SECRET"] as const;
const envBefore = Object.fromEntries(ENV_SET.map((name) => [name, process.env[name]]));

beforeAll(async () => {
	server = await startTestServer({ listen: true, passkeys: RP });
	process.env.HOLM_URL = server.url;
	process.env.HOLM_SECRET = SECRET;
	process.env.COOKIE_SECRET = crypto.randomUUID();
	(globalThis as any).guideSendEmail = async (to: string, text: string) => {
		outbox.push({ to, text });
	};
	const client = join(ROOT, "client", "src", "index.ts");
	const module = [
		"const sendEmail: (to: string, text: string) => Promise<void> = (globalThis as any).guideSendEmail;",
		...runBlocks().map((code) => code.replaceAll('from "@holm/client"', `from ${JSON.stringify(client)}`)),
		`export { ${NAMES.join(", ")} };`,
	].join("\n");
	const file = join(newDir(), "client-guide.ts");
	writeFileSync(file, module);
	guide = await import(file);
});
afterAll(async () => {
	for (const name of ENV_SET) {
		if (envBefore[name] === undefined) delete process.env[name];
		else process.env[name] = envBefore[name];
	}
	await server.stop();
});

test("the guide marks its flows to run, and every marked block is in the module", () => {
	const blocks = runBlocks();
	expect(blocks.length).toBeGreaterThanOrEqual(15);
	for (const name of NAMES) expect(guide[name], name).toBeDefined();
	// Every block that is not marked is one the guide cannot run: shell commands, and the wiring
	// into a framework the repository does not install (Express), and the sign-in with an identity
	// provider, which needs a provider's login in a browser (test/features/identity-providers*.test.ts
	// run that flow against a real OpenID Provider).
	const fences = [...readFileSync(GUIDE, "utf8").matchAll(/^```(.+)$/gm)].map(([, info]) => info);
	expect(new Set(fences)).toEqual(new Set(["sh", "ts run", "ts express", "ts provider"]));
});

/** A user signed up through the guide, address verified; and a session of theirs. */
async function signedUp(email = uniqueEmail(), ip = newIp()) {
	const { user } = await guide.signUp(email, STRONG_PASSWORD, ip);
	await guide.confirmEmail(user.id, mailedCode(email));
	const { session } = await guide.signIn(email, STRONG_PASSWORD, ip);
	return { user, email, ip, token: session as string };
}

test("sign-up mails a code, the code verifies the address, and sign-in starts a session", async () => {
	const email = uniqueEmail();
	const ip = newIp();
	const { user } = await guide.signUp(email, STRONG_PASSWORD, ip);
	expect(user.email_verified).toBe(false);
	await guide.confirmEmail(user.id, mailedCode(email).toLowerCase());
	const { session } = await guide.signIn(email, STRONG_PASSWORD, ip);
	const validated = await guide.currentUser(session);
	expect(validated.user).toMatchObject({ id: user.id, email_verified: true });
	expect(validated.session.second_factor_verified_at).toBeNull();

	expect(await guide.signUp(email, STRONG_PASSWORD, newIp())).toEqual({ message: "Check your inbox." });
	expect(outbox.at(-1)).toEqual({ to: email, text: "Someone tried to sign up with your address." });
	expect(await guide.signUp(uniqueEmail(), "password123", newIp())).toEqual({ message: "This password appeared in a data breach. Please choose another." });
	expect(await guide.signIn(email, "not the password 1", newIp())).toEqual({ message: "Wrong email or password." });
	expect(await guide.signInFromCookie(`../users/${user.id}/unblock?`, "AAAAAAAA")).toEqual({ message: "Ask for a code first." });
});

test("from one address, the sixth sign-in in a row is refused with the seconds to wait", async () => {
	const { email } = await signedUp();
	const ip = newIp();
	const answers = [];
	for (let i = 0; i < 6; i++) answers.push(await guide.signIn(email, "not the password 1", ip));
	expect(answers.slice(0, 5)).toEqual(Array(5).fill({ message: "Wrong email or password." }));
	expect(answers[5].message).toMatch(/^Too many attempts\. Try again in [1-9]\d* seconds, or reset your password\.$/);
	// Another address is not held up: the count is per client_ip (and per user, from 10).
	expect(await guide.signIn(email, STRONG_PASSWORD, newIp())).toHaveProperty("session");
});

test("TOTP: registered with a code, asked for at sign-in before any session, the registering code refused, the next one recorded on the session", async () => {
	const { user, email, ip } = await signedUp();
	const { key, base32, uri } = guide.newTotpKey(email);
	const bytes = Uint8Array.from(Buffer.from(key, "base64"));
	expect(bytes.length).toBe(20);
	expect(uri).toBe(`otpauth://totp/Example:${encodeURIComponent(email)}?secret=${base32}&issuer=Example`);
	expect(base32).toBe(guide.base32(bytes));
	expect(base32).toMatch(/^[A-Z2-7]{32}$/);
	expect(Secret.fromBase32(base32).bytes).toEqual(bytes); // what an authenticator app reads from the URI

	expect(await guide.confirmTotp(user.id, key, "000000".replace(/0/g, "1"))).toHaveProperty("message");
	const registering = authenticatorCode(bytes, server.clock.now);
	const { recoveryCode } = await guide.confirmTotp(user.id, key, registering);
	expect(recoveryCode).toMatch(/^[A-Z0-9]{8}$/);

	const before = (await guide.holm.listUserSessions(user.id)).length;
	const { secondFactorPending, session } = await guide.signIn(email, STRONG_PASSWORD, ip);
	expect(session).toBeUndefined();
	expect(await guide.pendingUser(secondFactorPending)).toBe(user.id);
	expect((await guide.holm.listUserSessions(user.id)).length).toBe(before); // no session before the second factor

	// The code that registered the app, within its 30 seconds: already used.
	expect(await guide.signInWithTotp(secondFactorPending, registering, ip)).toEqual({ message: "Wrong code." });
	// A pending cookie this application did not sign, or one for another user, signs no one in.
	const [purpose, , expires, signature] = secondFactorPending.split(".");
	for (const forged of [undefined, "", `${purpose}.${user.id}.${expires}.${"0".repeat(64)}`, `${purpose}.${"a".repeat(24)}.${expires}.${signature}`]) {
		expect(await guide.signInWithTotp(forged, authenticatorCode(bytes, server.clock.now + 30_000), ip)).toEqual({ message: "Sign in again." });
	}
	server.clock.advance(30_000);
	const signedIn = await guide.signInWithTotp(secondFactorPending, authenticatorCode(bytes, server.clock.now), ip);
	const validated = await guide.currentUser(signedIn.session);
	expect(validated.user.id).toBe(user.id);
	expect(validated.session.second_factor_verified_at).not.toBeNull();

	// An emailed code is a first factor too: the same second step follows.
	const requestId = await guide.sendSignInCode(email, ip);
	const byCode = await guide.signInWithCode(requestId, mailedCode(email), ip);
	expect(Object.keys(byCode)).toEqual(["secondFactorPending"]);
	expect(await guide.pendingUser(byCode.secondFactorPending)).toBe(user.id);

	// The phone is lost: the recovery code turns TOTP off and signs in, with a new recovery code.
	const recovered = await guide.signInWithRecoveryCode(byCode.secondFactorPending, recoveryCode, ip);
	expect(recovered.newRecoveryCode).not.toBe(recoveryCode);
	expect((await guide.currentUser(recovered.session)).session.second_factor_verified_at).not.toBeNull();
	expect((await guide.holm.getUser(user.id)).totp_registered).toBe(false);
	expect(await guide.currentUser(signedIn.session)).toBeNull(); // Holm ended the other sessions
});

test("five wrong TOTP codes lock the check, and the answer says for how long", async () => {
	const { user, email, ip } = await signedUp();
	const { key } = guide.newTotpKey(email);
	await guide.confirmTotp(user.id, key, authenticatorCode(Buffer.from(key, "base64"), server.clock.now));
	const pending = await guide.pendingSecondFactor(user.id);
	for (let i = 0; i < 5; i++) expect(await guide.signInWithTotp(pending, "000000", ip)).toEqual({ message: "Wrong code." });
	const locked = await guide.signInWithTotp(pending, authenticatorCode(Buffer.from(key, "base64"), server.clock.now + 30_000), ip);
	expect(locked.message).toMatch(/^Too many wrong codes\. Try again in 900 seconds, or use your recovery code\.$/);
});

test("sign-in by email code signs an address up, and in", async () => {
	const email = uniqueEmail();
	const ip = newIp();
	const requestId = await guide.sendSignInCode(email, ip);
	const { session, welcome } = await guide.signInWithCode(requestId, mailedCode(email), ip);
	expect(welcome).toBe(true);
	expect((await guide.currentUser(session)).user.email).toBe(email);
});

test("a password reset: the code, the new password, and every earlier session ended by Holm", async () => {
	const { email, token } = await signedUp();
	const ip = newIp();
	expect(await guide.forgotPassword(uniqueEmail(), ip)).toBeNull();
	const requestId = await guide.forgotPassword(email, ip);
	await guide.checkResetCode(requestId, mailedCode(email), ip);
	await guide.resetPassword(requestId, "a new passphrase for the reset 8", ip);
	expect(await guide.currentUser(token)).toBeNull();
	expect(await guide.signIn(email, "a new passphrase for the reset 8", ip)).toHaveProperty("session");
});

test("an email change keeps the session it was made on and ends the others", async () => {
	const { user, email, ip, token } = await signedUp();
	const other = (await guide.signIn(email, STRONG_PASSWORD, ip)).session;
	const current = (await guide.currentUser(token)).session;
	const newEmail = uniqueEmail();
	const requestId = await guide.startEmailChange(user.id, newEmail, ip);
	expect(await guide.confirmEmailChange(requestId, mailedCode(newEmail), current.id)).toBe(newEmail);
	expect((await guide.currentUser(token)).user.email).toBe(newEmail);
	expect(await guide.currentUser(other)).toBeNull();
	const taken = await guide.holm.createUser({ email: uniqueEmail(), password: STRONG_PASSWORD });
	expect(await guide.startEmailChange(user.id, taken.email, ip)).toBeNull();
	expect(email).not.toBe(newEmail);
});

test("sessions: sign out everywhere else, then sign out", async () => {
	const { user, email, ip, token } = await signedUp();
	const phone = (await guide.signIn(email, STRONG_PASSWORD, ip)).session;
	const laptop = (await guide.currentUser(token)).session;
	const left = await guide.signOutEverywhereElse(user.id, laptop.id);
	expect(left.map((session: { id: string }) => session.id)).toEqual([laptop.id]);
	expect(await guide.currentUser(phone)).toBeNull();
	await guide.signOut(laptop.id);
	expect(await guide.currentUser(token)).toBeNull();
	expect(await guide.createSession(user.id, ip, "Firefox")).toMatch(/^[a-z0-9]{24}\.[a-z0-9]{40}$/);
});

test("passkeys: the backend's four routes, with an authenticator in the browser's place", async () => {
	const { user, ip } = await signedUp();
	const device = authenticator();
	const registration = await guide.passkeyRegistrationOptions(user.id, ip);
	const passkeyId = await guide.finishPasskeyRegistration(registration.id, device.register(registration.options), "Laptop");
	const signIn = await guide.passkeySignInOptions(ip);
	const { session } = await guide.finishPasskeySignIn(signIn.id, device.assert(signIn.options), ip);
	expect((await guide.currentUser(session)).user.id).toBe(user.id);
	expect(await guide.removePasskey(user.id, "a".repeat(24))).toBe(false);
	expect(await guide.removePasskey(user.id, passkeyId)).toBe(true);
	expect(await guide.holm.listUserPasskeys(user.id)).toEqual([]);
});

test("events, import, listing and deleting a user", async () => {
	const { user, email } = await signedUp();
	const activity = await guide.recentActivity(user.id);
	expect(activity.map((event: { what: string }) => event.what)).toContain("sign_in");
	const handled: string[] = [];
	const next = await guide.readFeed(undefined, async (event: { type: string }) => void handled.push(event.type));
	expect(typeof next).toBe("string");
	expect(handled).toContain("user_created");

	const imported = [uniqueEmail(), uniqueEmail()];
	expect(await guide.importFromOldSystem(imported.map((address) => ({ email: address, hash: null, verified: true })))).toBe(true);
	expect(await guide.importFromOldSystem(imported.map((address) => ({ email: address, hash: null, verified: true })))).toBe(true); // skip: converges

	const newest = await guide.newestUsers(1);
	expect(newest.users).toContain(imported[1]);
	expect(newest.total).toBeGreaterThanOrEqual(3);
	expect((await guide.search(email.slice(0, 10).toUpperCase())).map((found: { id: string }) => found.id)).toContain(user.id);

	await expect(guide.deleteAccount(user.id, "not the password 1")).rejects.toMatchObject({ code: "INCORRECT_PASSWORD" });
	await guide.deleteAccount(user.id, STRONG_PASSWORD);
	await expect(guide.holm.getUser(user.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
});
