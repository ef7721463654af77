// "Sign in with Acme" (a real OpenID Provider, npm oidc-provider) and "Sign in with GitHub" (a fake of
// GitHub) in headless Chromium, as examples/run-tests starts them (test/support/providers-process.ts at the
// repository's root): HOLM_TEST_PROVIDERS is their control URL, which says the origin of the redirect
// URIs Holm was given, where this test serves the app. Without it, or without Chromium, the browser
// tests are skipped and say why (HOLM_TEST_REQUIRE_CHROMIUM=1 makes Chromium's absence a failure).
import { serve, type ServerType } from "@hono/node-server";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { chromium, type Browser, type Page } from "playwright-core";
import { holm } from "../src/holm.js";
import { app, newEmail, PASSWORD, Visitor } from "./browser.js";

const CHROMIUM = "/usr/bin/chromium";
const CONTROL = process.env.HOLM_TEST_PROVIDERS;
const noChromium = existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (apt-get install chromium)`;
if (noChromium !== undefined && process.env.HOLM_TEST_REQUIRE_CHROMIUM === "1") throw new Error(`HOLM_TEST_REQUIRE_CHROMIUM=1, but ${noChromium}`);
const noProviders = CONTROL ? undefined : "HOLM_TEST_PROVIDERS is not set (examples/run-tests starts the providers)";
const skip = noProviders ?? noChromium;

let origin = "";
let server: ServerType | undefined;
let browser: Browser | undefined;

/** A new account at both providers: its login (the OpenID Provider's subject, GitHub's login). */
async function providerAccount(email: string, emailVerified = true): Promise<string> {
	const login = `login-${crypto.randomUUID().slice(0, 8)}`;
	const made = await fetch(`${CONTROL}/accounts`, { method: "POST", body: JSON.stringify({ login, email, email_verified: emailVerified }) });
	assert.equal(made.status, 204);
	return login;
}

/** A user with a password whose address is verified, made through Holm. */
async function passwordUser(email: string): Promise<string> {
	const user = await holm.createUser({ email, password: PASSWORD });
	const { code } = await holm.createEmailVerificationRequest(user.id, {});
	await holm.verifyEmail(user.id, { code });
	return user.id;
}

/** A fresh browser (no cookie of the app's nor of the provider's) at the sign-in page. */
async function freshPage(): Promise<Page> {
	const page = await browser!.newPage();
	await page.goto(`${origin}/sign-in`);
	return page;
}

/** The OpenID Provider's own pages: its login form, then its consent. */
async function signInAtAcme(page: Page, login: string): Promise<void> {
	await page.locator('input[name="login"]').fill(login);
	await page.locator('input[name="password"]').fill("anything");
	await page.getByRole("button", { name: "Sign-in" }).click();
	await page.getByRole("button", { name: "Continue" }).click();
}

before(async () => {
	if (skip !== undefined) return;
	const providers = (await (await fetch(CONTROL!)).json()) as { redirect_origin: string };
	origin = providers.redirect_origin;
	server = serve({ fetch: app.fetch, port: Number(new URL(origin).port), hostname: "127.0.0.1" });
	browser = await chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
	});
});

after(async () => {
	await browser?.close();
	server?.close();
});

describe("in Chromium", { skip }, () => {
	test("Sign in with Acme: the provider's login and consent, back signed in, the identity listed and unlinked", { timeout: 60_000 }, async () => {
		const email = newEmail();
		const login = await providerAccount(email);
		const page = await freshPage();
		await page.getByRole("button", { name: "Sign in with Acme" }).click();
		await signInAtAcme(page, login);
		await page.getByText(`Signed in as ${email}.`).waitFor();
		// The provider verified the address: the new user's is verified, and the session is the app's own.
		const cookies = await page.context().cookies(origin);
		assert.equal(cookies.some((cookie) => cookie.name === "external_sign_in"), false);
		const { user } = await holm.validateSession(cookies.find((cookie) => cookie.name === "holm_session")!.value);
		assert.equal(user.email_verified, true);

		await page.getByRole("button", { name: "Unlink Acme" }).click();
		await page.getByText(`Signed in as ${email}.`).waitFor();
		assert.deepEqual(await holm.listUserIdentities(user.id), []);
		await page.close();
	});

	test("an account that holds the address is proved with its password before Acme is linked to it", { timeout: 60_000 }, async () => {
		const email = newEmail();
		const userId = await passwordUser(email);
		const login = await providerAccount(email);
		const page = await freshPage();
		await page.getByRole("button", { name: "Sign in with Acme" }).click();
		await signInAtAcme(page, login);
		await page.getByText(`You already have an account with ${email}.`).waitFor();
		assert.deepEqual(await holm.listUserIdentities(userId), []); // nothing linked on the email alone

		await page.getByLabel("Password").fill("not the password 1");
		await page.getByRole("button", { name: "Link and sign in" }).click();
		await page.getByText("Wrong password.").waitFor();
		await page.getByLabel("Password").fill(PASSWORD);
		await page.getByRole("button", { name: "Link and sign in" }).click();
		await page.getByText(`Signed in as ${email}.`).waitFor();
		const identities = await holm.listUserIdentities(userId);
		assert.deepEqual(identities.map((identity) => identity.provider), ["acme"]);

		// From now on Acme signs this user in, in any browser.
		const again = await freshPage();
		await again.getByRole("button", { name: "Sign in with Acme" }).click();
		await signInAtAcme(again, login);
		await again.getByText(`Signed in as ${email}.`).waitFor();
		await Promise.all([page.close(), again.close()]);
	});

	test("Sign in with GitHub: GitHub's sign-in page, back signed in", { timeout: 60_000 }, async () => {
		const email = newEmail();
		const login = await providerAccount(email);
		const page = await freshPage();
		await page.getByRole("button", { name: "Sign in with GitHub" }).click();
		await page.getByLabel("Username").fill(login);
		await page.getByRole("button", { name: "Sign in" }).click();
		await page.getByText(`Signed in as ${email}.`).waitFor();
		await page.getByText("Linked sign-in methods").waitFor();
		await page.close();
	});

	test("cancelled at the provider: said so, nobody signed in", { timeout: 60_000 }, async () => {
		const page = await freshPage();
		await page.getByRole("button", { name: "Sign in with Acme" }).click();
		await page.getByRole("link", { name: "[ Cancel ]" }).click();
		await page.getByText("Acme did not complete the sign-in").waitFor();
		assert.equal((await page.context().cookies(origin)).some((cookie) => cookie.name === "holm_session"), false);
		await page.close();
	});
});

describe("the callback", { skip: noProviders }, () => {
	test("is relayed only from the browser that started the sign-in", async () => {
		const starting = new Visitor();
		const started = await starting.post("/auth/acme");
		assert.equal(started.status, 302);
		const state = new URL(started.headers.get("Location")!).searchParams.get("state")!;
		assert.match(starting.cookies.get("external_sign_in") ?? "", /^acme\.[a-z2-9]{24}$/);
		// Another browser opens the callback (a link an attacker sent): no cookie, Holm is not asked.
		const elsewhere = await new Visitor().request(`/auth/acme/callback?code=stolen&state=${state}`);
		assert.equal(elsewhere.status, 400);
		assert.match(await elsewhere.text(), /started in another browser/);
		// A cookie that is no request id is no request either.
		const forged = new Visitor();
		forged.cookies.set("external_sign_in", "acme.../users/x");
		assert.equal((await forged.request(`/auth/acme/callback?code=c&state=${state}`)).status, 400);
		// The browser that started it still can: here the provider sent an error back.
		const refused = await starting.request(`/auth/acme/callback?error=access_denied&state=${state}`);
		assert.equal(refused.status, 502);
		assert.match(await refused.text(), /Acme did not complete the sign-in/);
		assert.equal(starting.cookies.has("external_sign_in"), false);
	});

	test("a provider Holm does not list has no button and no route", async () => {
		const visitor = new Visitor();
		assert.doesNotMatch(await visitor.page("/sign-in"), /Sign in with Nope/);
		assert.equal((await visitor.post("/auth/nope")).status, 404);
	});

	test("the sign-in page shows a button for each provider Holm lists", async () => {
		const page = await new Visitor().page("/sign-in");
		assert.match(page, /Sign in with Acme/);
		assert.match(page, /Sign in with GitHub/);
	});

	test("the sign-in page shown again after a wrong password still offers each provider", async () => {
		const wrong = await new Visitor().post("/sign-in", { email: newEmail(), password: "not the password" });
		assert.equal(wrong.status, 400);
		const page = await wrong.text();
		assert.match(page, /Wrong email or password\./);
		assert.match(page, /Sign in with Acme/);
		assert.match(page, /Sign in with GitHub/);
	});
});
