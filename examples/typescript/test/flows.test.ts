// The example's flows against the real Holm of HOLM_URL and HOLM_SECRET: sign-up and its address's
// verification, sign-in, TOTP and its step at sign-in, the session cookie and its middleware,
// sign-out and sign-out everywhere.
import { HolmError } from "@holm/client";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Secret, TOTP } from "otpauth";
import { holm } from "../src/holm.js";
import { mailedCode, mailedLink, newEmail, PASSWORD, Visitor } from "./browser.js";

function sessionCookie(response: Response): string {
	const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith("holm_session="));
	assert.ok(line, "no holm_session cookie was set");
	return line;
}

/** Sign-up, and the mailed code typed back in the same browser: its answer. */
async function signUp(visitor: Visitor, email: string): Promise<Response> {
	const asked = await visitor.post("/sign-up", { email, password: PASSWORD });
	assert.equal(asked.status, 200);
	return visitor.post("/verify-email", { code: mailedCode(email) });
}

async function signedUp(email = newEmail()): Promise<Visitor> {
	const visitor = new Visitor();
	assert.equal((await signUp(visitor, email)).status, 302);
	return visitor;
}

describe("sign-up and sign-in", () => {
	test("sign-up signs in once the address is verified, with a cookie scripts cannot read", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		const response = await signUp(visitor, email);
		assert.equal(response.headers.get("Location"), "/");
		const cookie = sessionCookie(response);
		assert.match(cookie, /; HttpOnly/);
		assert.match(cookie, /; SameSite=Lax/);
		assert.doesNotMatch(cookie, /; Secure/); // served over plain http here
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("the cookie is Secure when the site is served over https", async () => {
		const visitor = new Visitor("https://localhost");
		const email = newEmail();
		const asked = await visitor.post("/sign-up", { email, password: PASSWORD });
		assert.match(asked.headers.getSetCookie().find((cookie) => cookie.startsWith("pending_verification="))!, /; Secure/);
		const response = await visitor.post("/verify-email", { code: mailedCode(email) });
		assert.match(sessionCookie(response), /; Secure/);
	});

	test("a taken email and a leaked password are said plainly, and sign no one in", async () => {
		const email = newEmail();
		await signedUp(email);
		const taken = await new Visitor().post("/sign-up", { email, password: PASSWORD });
		assert.equal(taken.status, 400);
		assert.match(await taken.text(), /That address has an account/);
		const leaked = await new Visitor().post("/sign-up", { email: newEmail(), password: "password123" });
		assert.equal(leaked.status, 400);
		assert.match(await leaked.text(), /appears in known leaks/);
		assert.equal(leaked.headers.getSetCookie().length, 0);
	});

	test("sign-in with a password", async () => {
		const email = newEmail();
		await signedUp(email);
		const visitor = new Visitor();
		const response = await visitor.post("/sign-in", { email, password: PASSWORD });
		assert.equal(response.status, 302);
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("a wrong password and an unknown email get the same answer", async () => {
		const email = newEmail();
		await signedUp(email);
		const wrong = await new Visitor().post("/sign-in", { email, password: "not the password 1" });
		const unknown = await new Visitor().post("/sign-in", { email: newEmail(), password: PASSWORD });
		for (const response of [wrong, unknown]) {
			assert.equal(response.status, 400);
			assert.match(await response.text(), /Wrong email or password\./);
			assert.equal(response.headers.getSetCookie().length, 0);
		}
	});
});

describe("the address is verified before any session", () => {
	// Anyone can sign up with another person's address. Until the address is proved, in the browser
	// that signed up, that browser holds no session: nothing can be set up on the account.
	test("sign-up does not sign in before the address is verified", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		const response = await visitor.post("/sign-up", { email, password: PASSWORD });
		assert.match(await response.text(), new RegExp(`We sent a code to ${email}`));
		const cookies = response.headers.getSetCookie();
		assert.equal(cookies.some((cookie) => cookie.startsWith("holm_session=")), false);
		assert.match(cookies.find((cookie) => cookie.startsWith("pending_verification="))!, /; HttpOnly/);
		assert.match(await visitor.page(), /Not signed in\./);
		assert.equal((await visitor.postJson("/passkeys/register/start", {})).status, 401);

		assert.equal((await visitor.post("/verify-email", { code: mailedCode(email) })).status, 302);
		assert.equal(visitor.cookies.has("pending_verification"), false);
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
		const { user } = await holm.validateSession(visitor.cookies.get("holm_session")!);
		assert.equal(user.email_verified, true);
	});

	test("a wrong code is refused, and the right one still works", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		await visitor.post("/sign-up", { email, password: PASSWORD });
		const wrong = await visitor.post("/verify-email", { code: "AAAAAAAA" });
		assert.equal(wrong.status, 400);
		assert.match(await wrong.text(), /Wrong code\./);
		await visitor.post("/verify-email", { code: mailedCode(email) });
		assert.match(await visitor.page(), /Signed in as/);
	});

	test("the code is refused in another browser", async () => {
		const email = newEmail();
		const signingUp = new Visitor();
		await signingUp.post("/sign-up", { email, password: PASSWORD });
		const code = mailedCode(email);
		const [user] = (await holm.listUsers({ email })).users;
		assert.ok(user);
		const forged = new Visitor();
		forged.cookies.set("pending_verification", user.id); // not signed by this app
		for (const other of [new Visitor(), forged]) {
			const response = await other.post("/verify-email", { code });
			assert.equal(response.status, 400);
			assert.match(await response.text(), /in the browser where you signed up/);
			assert.equal(other.cookies.has("holm_session"), false);
		}
		assert.equal((await holm.getUser(user.id)).email_verified, false);
		await signingUp.post("/verify-email", { code }); // the code was never used up
		assert.match(await signingUp.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("password sign-in of an unverified user asks for a code first", async () => {
		const email = newEmail();
		await new Visitor().post("/sign-up", { email, password: PASSWORD });
		const visitor = new Visitor();
		const response = await visitor.post("/sign-in", { email, password: PASSWORD });
		assert.match(await response.text(), new RegExp(`We sent a code to ${email}`));
		assert.equal(visitor.cookies.has("holm_session"), false);
		await visitor.post("/verify-email", { code: mailedCode(email) });
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("a session of an unverified user cannot start adding a passkey", async () => {
		// As an earlier version of this app gave at sign-up.
		const user = await holm.createUser({ email: newEmail(), password: PASSWORD });
		const { token } = await holm.createSession(user.id);
		const visitor = new Visitor();
		visitor.cookies.set("holm_session", token);
		const response = await visitor.postJson("/passkeys/register/start", {});
		assert.equal(response.status, 403);
		assert.deepEqual(await response.json(), { error: "EMAIL_NOT_VERIFIED" });
	});
});

describe("sign-in by email code", () => {
	test("an emailed code signs in", async () => {
		const email = newEmail();
		await signedUp(email);
		const visitor = new Visitor();
		const asked = await visitor.post("/sign-in/email", { email });
		assert.match(await asked.text(), new RegExp(`We sent a code to ${email}`));
		const response = await visitor.post("/sign-in/email/code", { code: mailedCode(email) });
		assert.equal(response.status, 302);
		assert.match(sessionCookie(response), /; HttpOnly/);
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("an emailed code signs a new address up", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		await visitor.post("/sign-in/email", { email });
		await visitor.post("/sign-in/email/code", { code: mailedCode(email).toLowerCase() });
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("the page says the same whether or not the address has an account", async () => {
		const known = newEmail();
		await signedUp(known);
		const unknown = newEmail();
		const pages = await Promise.all(
			[known, unknown].map(async (email) => (await (await new Visitor().post("/sign-in/email", { email })).text()).replace(email, "EMAIL")),
		);
		assert.equal(pages[0], pages[1]);
	});

	test("a wrong code is refused, and the right one still works", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		await visitor.post("/sign-in/email", { email });
		const wrong = await visitor.post("/sign-in/email/code", { code: "AAAAAAAA" });
		assert.equal(wrong.status, 400);
		assert.match(await wrong.text(), /Wrong code\./);
		await visitor.post("/sign-in/email/code", { code: mailedCode(email) });
		assert.match(await visitor.page(), /Signed in as/);
	});

	test("a code is used up by its sign-in", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		await visitor.post("/sign-in/email", { email });
		const code = mailedCode(email);
		const requestId = visitor.cookies.get("email_sign_in")!;
		await visitor.post("/sign-in/email/code", { code });
		const replay = new Visitor();
		replay.cookies.set("email_sign_in", requestId);
		const response = await replay.post("/sign-in/email/code", { code });
		assert.equal(response.status, 400);
		assert.match(await response.text(), /ask for a new one/);
		assert.equal(replay.cookies.has("holm_session"), false);
	});

	test("a mailed link asks another browser for the code", async () => {
		const email = newEmail();
		await signedUp(email);
		const asked = new Visitor();
		await asked.post("/sign-in/email", { email });
		const link = mailedLink(email);

		const other = new Visitor();
		const response = await other.request(link);
		assert.equal(response.status, 400);
		assert.match(await response.text(), /type the code from the email there/);
		assert.equal(other.cookies.has("holm_session"), false);

		// The browser that asked: the link's page signs in only with its button (mail scanners GET links).
		const page = await (await asked.request(link)).text();
		assert.match(page, /<button>Sign in<\/button>/);
		assert.equal(asked.cookies.has("holm_session"), false);
		await asked.post("/sign-in/email/code", { code: page.match(/name="code" value="([^"]+)"/)![1]! });
		assert.match(await asked.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("a forged request cookie never reaches Holm", async (t) => {
		// The Django example's audit finding F1: an id from a cookie went into the URL's path as it was.
		const victim = await holm.createUser({ email: newEmail(), password: PASSWORD });
		const verify = t.mock.method(holm, "verifyEmailSignIn");
		const visitor = new Visitor();
		visitor.cookies.set("email_sign_in", `../users/${victim.id}/unblock?`);
		const response = await visitor.post("/sign-in/email/code", { code: "AAAAAAAA" });
		const link = await visitor.request(`/sign-in/email/link?id=../users/${victim.id}/unblock%3F&code=AAAAAAAA`);
		assert.equal(verify.mock.callCount(), 0);
		assert.equal(response.status, 400);
		assert.match(await response.text(), /Ask for a code first/);
		assert.equal(link.status, 400);
	});

	test("a claimed account says what was removed", async () => {
		// Someone made an account with the owner's address and a password of their own, and never
		// proved the address. The owner's first email code claims it: Holm removes what the maker
		// set and answers claimed: true, and the example says so.
		const email = newEmail();
		const makerPassword = "the maker's own passphrase 1";
		await holm.createUser({ email, password: makerPassword });
		const visitor = new Visitor();
		await visitor.post("/sign-in/email", { email });
		const response = await visitor.post("/sign-in/email/code", { code: mailedCode(email) });
		assert.match(await response.text(), /anything set up before was removed/);
		assert.match(sessionCookie(response), /; HttpOnly/);
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
		const maker = new Visitor();
		await maker.post("/sign-in", { email, password: makerPassword });
		assert.doesNotMatch(await maker.page(), /Signed in as/);
	});

	test("a disabled account is told so only after a right password or code", async () => {
		// An operator disabled the account: Holm answers USER_DISABLED once the credential proved
		// right, and the page says so (403) instead of failing; a wrong password reads as ever.
		const email = newEmail();
		await signedUp(email);
		const { users: [user] } = await holm.listUsers({ email });
		await holm.disableUser(user!.id, { reason: "abuse report" });
		const visitor = new Visitor();
		const right = await visitor.post("/sign-in", { email, password: PASSWORD });
		assert.equal(right.status, 403);
		assert.match(await right.text(), /This account is disabled/);
		const wrong = await visitor.post("/sign-in", { email, password: "not the password 1" });
		assert.equal(wrong.status, 400);
		assert.match(await wrong.text(), /Wrong email or password\./);
		await visitor.post("/sign-in/email", { email });
		const code = await visitor.post("/sign-in/email/code", { code: mailedCode(email) });
		assert.equal(code.status, 403);
		assert.match(await code.text(), /This account is disabled/);
		assert.doesNotMatch(await visitor.page(), /Signed in as/);
	});
});

/** The code an authenticator app shows for the base32 key `secret`, `steps` 30-second steps from now. */
function totpCode(secret: string, steps = 0): string {
	return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

/** A signed-up user who turned TOTP on through /totp with the code of the current step: the key
 *  (base32) and that code. */
async function withTotp(email = newEmail()): Promise<{ visitor: Visitor; secret: string; registering: string }> {
	const visitor = await signedUp(email);
	const page = await visitor.page("/totp");
	const secret = page.match(/<code>([A-Z2-7]+)<\/code>/)?.[1];
	assert.ok(secret, "the page shows no key");
	const registering = totpCode(secret);
	const done = await visitor.post("/totp", { code: registering });
	assert.equal(done.status, 200);
	assert.match(await done.text(), /Your recovery code is/);
	return { visitor, secret, registering };
}

async function sessionsOf(email: string): Promise<number> {
	const [user] = (await holm.listUsers({ email })).users;
	return (await holm.listUserSessions(user!.id)).length;
}

describe("TOTP", () => {
	test("a signed-in user turns TOTP on with the key shown and a code from the app, and gets the recovery code", async () => {
		const email = newEmail();
		const visitor = await signedUp(email);
		assert.match(await visitor.page(), /<a href="\/totp">Turn on two-factor authentication<\/a>/);
		const response = await visitor.request("/totp");
		assert.match(response.headers.getSetCookie().find((line) => line.startsWith("totp_key="))!, /; HttpOnly/);
		const page = await response.text();
		const secret = page.match(/<code>([A-Z2-7]{32})<\/code>/)![1]!;
		const uri = new URL(page.match(/<a href="(otpauth:[^"]+)">/)![1]!.replaceAll("&amp;", "&"));
		assert.equal(uri.searchParams.get("secret"), secret);
		assert.equal(decodeURIComponent(uri.href.split("?")[0]!), `otpauth://totp/Holm example:${email}`);

		const wrong = await visitor.post("/totp", { code: totpCode(secret, 5) }); // never within the drift
		assert.equal(wrong.status, 400);
		const again = await wrong.text();
		assert.match(again, /Wrong code/);
		assert.match(again, new RegExp(`<code>${secret}</code>`)); // the same key, to try again
		const [user] = (await holm.listUsers({ email })).users;
		assert.equal((await holm.getUser(user!.id)).totp_registered, false);

		const done = await visitor.post("/totp", { code: totpCode(secret) });
		assert.match(await done.text(), /Your recovery code is <strong>[A-Z0-9]{8}<\/strong>/);
		assert.equal(visitor.cookies.has("totp_key"), false);
		assert.equal((await holm.getUser(user!.id)).totp_registered, true);
		assert.match(await visitor.page(), /Two-factor authentication is on\./);
		assert.match(await visitor.page("/totp"), /Two-factor authentication is on/);
	});

	test("a password sign-in asks for the code before any session, refuses the code that turned TOTP on, and records the second factor", async () => {
		const email = newEmail();
		const { secret, registering } = await withTotp(email);
		const sessions = await sessionsOf(email);
		const visitor = new Visitor();
		const asked = await visitor.post("/sign-in", { email, password: PASSWORD });
		assert.equal(asked.status, 200);
		assert.match(await asked.text(), /Enter the 6-digit code your authenticator app shows/);
		assert.equal(visitor.cookies.has("holm_session"), false);
		assert.match(asked.headers.getSetCookie().find((line) => line.startsWith("pending_second_factor="))!, /; HttpOnly/);
		assert.match(await visitor.page(), /Not signed in\./);
		assert.equal(await sessionsOf(email), sessions);

		// The code that turned TOTP on was used then: within its 30 seconds it is refused.
		const replayed = await visitor.post("/sign-in/totp", { code: registering });
		assert.equal(replayed.status, 400);
		assert.match(await replayed.text(), /Wrong code/);
		assert.equal(visitor.cookies.has("holm_session"), false);

		// The next step's code is within the drift Holm allows, and comes after the one used.
		const response = await visitor.post("/sign-in/totp", { code: totpCode(secret, 1) });
		assert.equal(response.status, 302);
		assert.equal(visitor.cookies.has("pending_second_factor"), false);
		const { session } = await holm.validateSession(visitor.cookies.get("holm_session")!);
		assert.notEqual(session.second_factor_verified_at, null);
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("an emailed code asks for the TOTP code too", async () => {
		const email = newEmail();
		const { secret } = await withTotp(email);
		const visitor = new Visitor();
		await visitor.post("/sign-in/email", { email });
		const asked = await visitor.post("/sign-in/email/code", { code: mailedCode(email) });
		assert.match(await asked.text(), /Enter the 6-digit code your authenticator app shows/);
		assert.equal(visitor.cookies.has("holm_session"), false);
		await visitor.post("/sign-in/totp", { code: totpCode(secret, 1) });
		const { session } = await holm.validateSession(visitor.cookies.get("holm_session")!);
		assert.notEqual(session.second_factor_verified_at, null);
	});

	test("the code step is the browser's that signed in: no cookie, a forged one, or another signed cookie signs no one in", async () => {
		const email = newEmail();
		const { secret } = await withTotp(email);
		const [user] = (await holm.listUsers({ email })).users;
		const signedIn = new Visitor();
		await signedIn.post("/sign-in", { email, password: PASSWORD });
		const pending = signedIn.cookies.get("pending_second_factor")!;

		// A pending_verification cookie is signed by this app too, and names the user: not for this step.
		const verifying = new Visitor();
		await verifying.post("/sign-up", { email: newEmail(), password: PASSWORD });
		const others = [new Visitor(), new Visitor(), new Visitor()];
		others[1]!.cookies.set("pending_second_factor", user!.id);
		others[2]!.cookies.set("pending_second_factor", verifying.cookies.get("pending_verification")!);
		for (const other of others) {
			const response = await other.post("/sign-in/totp", { code: totpCode(secret, 1) });
			assert.equal(response.status, 400);
			assert.match(await response.text(), /Sign in again/);
			assert.equal(other.cookies.has("holm_session"), false);
		}
		assert.ok(pending);
		await signedIn.post("/sign-in/totp", { code: totpCode(secret, 1) });
		assert.match(await signedIn.page(), /Signed in as/);
	});

	test("five wrong codes lock the step, and the page says for how long", async () => {
		const email = newEmail();
		const { secret } = await withTotp(email);
		const visitor = new Visitor();
		await visitor.post("/sign-in", { email, password: PASSWORD });
		const wrong = totpCode(secret, 5); // never within the drift
		for (let i = 0; i < 5; i++) assert.match(await (await visitor.post("/sign-in/totp", { code: wrong })).text(), /Wrong code/);
		const locked = await visitor.post("/sign-in/totp", { code: totpCode(secret, 1) });
		assert.match(await locked.text(), /Too many attempts: try again in \d+ seconds\./);
		assert.equal(visitor.cookies.has("holm_session"), false);
	});

	test("only a signed-in user with a verified address can turn TOTP on", async () => {
		const stranger = new Visitor();
		assert.equal((await stranger.request("/totp")).headers.get("Location"), "/sign-in");
		assert.equal((await stranger.post("/totp", { code: "123456" })).headers.get("Location"), "/sign-in");
		// As an earlier version of this app gave at sign-up.
		const user = await holm.createUser({ email: newEmail(), password: PASSWORD });
		const unverified = new Visitor();
		unverified.cookies.set("holm_session", (await holm.createSession(user.id)).token);
		assert.equal((await unverified.request("/totp")).headers.get("Location"), "/sign-in");
		// A key cookie of another user's page is not this user's.
		const one = await signedUp();
		await one.page("/totp");
		const two = await signedUp();
		two.cookies.set("totp_key", one.cookies.get("totp_key")!);
		const refused = await two.post("/totp", { code: "123456" });
		assert.equal(refused.status, 400);
		assert.match(await refused.text(), /Start again/);
	});
});

describe("the session middleware", () => {
	test("a made-up token is signed out and its cookie cleared", async () => {
		for (const token of ["made-up", `${"a".repeat(24)}.${"b".repeat(40)}`, "x".repeat(5000)]) {
			const visitor = new Visitor();
			visitor.cookies.set("holm_session", token);
			assert.match(await visitor.page(), /Not signed in\./);
			assert.equal(visitor.cookies.has("holm_session"), false);
		}
	});

	test("a session ended in Holm is signed out on the next request", async () => {
		const visitor = await signedUp();
		const { session } = await holm.validateSession(visitor.cookies.get("holm_session")!);
		await holm.deleteSession(session.id); // as the console or another device would
		assert.match(await visitor.page(), /Not signed in\./);
	});
});

describe("sign-out", () => {
	test("sign-out ends the session in Holm", async () => {
		const visitor = await signedUp();
		const token = visitor.cookies.get("holm_session")!;
		const response = await visitor.post("/sign-out");
		assert.equal(response.status, 302);
		assert.equal(visitor.cookies.has("holm_session"), false);
		await assert.rejects(holm.validateSession(token), (error) => error instanceof HolmError && error.code === "NOT_FOUND");
		assert.match(await visitor.page(), /Not signed in\./);
	});

	test("sign-out everywhere signs out the other devices", async () => {
		const email = newEmail();
		const laptop = await signedUp(email);
		const phone = new Visitor();
		await phone.post("/sign-in", { email, password: PASSWORD });
		assert.match(await phone.page(), /Signed in as/);

		await laptop.post("/sign-out-everywhere");
		assert.match(await laptop.page(), /Not signed in\./);
		assert.match(await phone.page(), /Not signed in\./);
	});

	test("sign-out needs a post from this site's own page", async () => {
		const visitor = await signedUp();
		assert.equal((await visitor.request("/sign-out")).status, 404);
		const forged = await visitor.request("/sign-out", {
			method: "POST",
			headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
			body: "",
		});
		assert.equal(forged.status, 403);
		assert.match(await visitor.page(), /Signed in as/);
	});
});

describe("passkey ceremonies", () => {
	test("finishing a passkey ceremony this browser did not start is refused", async () => {
		// The ceremony id stays in an HttpOnly cookie of the browser that started it: the page never
		// sees it, and a request without that cookie (another browser, a forged post) names no ceremony.
		const visitor = await signedUp();
		const start = await visitor.postJson("/passkeys/register/start", {});
		assert.equal(start.status, 200);
		const options = await start.json();
		assert.equal(options.id, undefined);
		const ceremonyId = visitor.cookies.get("passkey_ceremony");
		assert.ok(ceremonyId);

		const other = await signedUp();
		const forged = await other.postJson("/passkeys/register/finish", {
			ceremonyId,
			credential: { id: "x", rawId: "x", type: "public-key", response: {} },
		});
		assert.equal(forged.status, 400);
		assert.deepEqual(await forged.json(), { error: "INVALID_REQUEST" });
	});

	test("a visitor who is not signed in cannot start adding a passkey", async () => {
		const response = await new Visitor().postJson("/passkeys/register/start", {});
		assert.equal(response.status, 401);
	});
});
