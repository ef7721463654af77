// Passkeys in a real browser: headless Chromium (/usr/bin/chromium) driven by playwright-core, with
// the DevTools virtual authenticator standing in for the user's. The app listens on PORT (3000),
// whose origin, http://localhost:PORT, Holm must have been started with (--passkey-origin).
// Without Chromium the test is skipped and says why, unless HOLM_TEST_REQUIRE_CHROMIUM=1 (CI).
import { serve, type ServerType } from "@hono/node-server";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { app, mailedCode, newEmail, PASSWORD } from "./browser.js";

const CHROMIUM = "/usr/bin/chromium";
const missing = existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing (apt-get install chromium)`;
if (missing !== undefined && process.env.HOLM_TEST_REQUIRE_CHROMIUM === "1") {
	throw new Error(`HOLM_TEST_REQUIRE_CHROMIUM=1, but ${missing}`);
}
const port = Number(process.env.PORT ?? 3000);
const origin = `http://localhost:${port}`;

let server: ServerType;
let profile: string;
let context: BrowserContext;
let page: Page;

before(async () => {
	if (missing !== undefined) return;
	server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
	profile = mkdtempSync(join(tmpdir(), "holm-example-chromium-"));
	context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
	});
	page = context.pages()[0] ?? (await context.newPage());
	const cdp = await context.newCDPSession(page);
	await cdp.send("WebAuthn.enable");
	await cdp.send("WebAuthn.addVirtualAuthenticator", {
		options: {
			protocol: "ctap2",
			transport: "internal",
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	});
});

after(async () => {
	await context?.close();
	server?.close();
	if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
});

test("sign up, verify the address, add a passkey, sign out, and sign in with the passkey", { skip: missing, timeout: 60_000 }, async () => {
	const email = newEmail();
	await page.goto(`${origin}/sign-up`);
	await page.getByLabel("Email").fill(email);
	await page.getByLabel("Password").fill(PASSWORD);
	await page.getByRole("button", { name: "Sign up" }).click();
	// Not signed in until the mailed code comes back: no passkey can be added yet.
	await page.getByText(`We sent a code to ${email}.`).waitFor();
	const early = await page.evaluate(() => fetch("/passkeys/register/start", { method: "POST" }).then((response) => response.status));
	assert.equal(early, 401);
	await page.getByLabel("Code").fill(mailedCode(email));
	await page.getByRole("button", { name: "Confirm" }).click();
	await page.getByText(`Signed in as ${email}.`).waitFor();

	await page.getByRole("button", { name: "Add a passkey" }).click();
	await page.getByText("Passkey added.").waitFor();

	await page.getByRole("button", { name: "Sign out", exact: true }).click();
	await page.getByText("Not signed in.").waitFor();

	await page.goto(`${origin}/sign-in`);
	await page.getByRole("button", { name: "Sign in with a passkey" }).click();
	await page.getByText(`Signed in as ${email}.`).waitFor();
	const cookie = (await context.cookies(origin)).find((c) => c.name === "holm_session");
	assert.ok(cookie);
	assert.equal(cookie.httpOnly, true);
	assert.equal(cookie.sameSite, "Lax");
});
