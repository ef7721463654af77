// Passkeys end to end in a real browser: headless Chromium (Debian's `chromium`) driven by
// playwright-core, with the DevTools virtual authenticator standing in for a platform
// authenticator (resident keys, user verification). A small page and a tiny application backend,
// written here as a real application would write them, relay Holm's options to
// navigator.credentials and the browser's answers back to Holm. Without /usr/bin/chromium the test
// is skipped and says why; CI installs it (.ci/run) and sets HOLM_TEST_REQUIRE_CHROMIUM=1, which
// turns a missing browser into a failure.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { createUser, SECRET, startTestServer, type TestServer } from "../support/server.ts";
import { CHROMIUM, CHROMIUM_ARGS, chromiumPresent } from "../support/chromium.ts";

const present = chromiumPresent("Browser passkey test");

// The page: what an application puts around navigator.credentials (docs/passkeys.md shows the same).
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>Passkeys</title>
<script>
async function post(path, body) {
	const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
	return { status: response.status, body: await response.json() };
}
async function registerPasskey(userId) {
	const { body: ceremony } = await post("/passkeys/register/start", { userId });
	const options = PublicKeyCredential.parseCreationOptionsFromJSON(ceremony.options);
	const credential = await navigator.credentials.create({ publicKey: options });
	return post("/passkeys/register/finish", { ceremonyId: ceremony.id, credential: credential.toJSON() });
}
async function signInWithPasskey(userId) {
	const { body: ceremony } = await post("/passkeys/sign-in/start", { userId });
	const options = PublicKeyCredential.parseRequestOptionsFromJSON(ceremony.options);
	const credential = await navigator.credentials.get({ publicKey: options });
	return post("/passkeys/sign-in/finish", { ceremonyId: ceremony.id, credential: credential.toJSON() });
}
</script>
<h1>Passkeys</h1>`;

let holm: TestServer;
let app: ReturnType<typeof Bun.serve>;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let profile: string;

/** The application backend: the page's four calls, each relayed to Holm with the secret. The
 *  user id comes from the app's own session in a real app; here the page names it. */
function startApp(): ReturnType<typeof Bun.serve> {
	async function holmCall(path: string, body: unknown): Promise<Response> {
		const response = await fetch(holm.url + path, { method: "POST", headers: { Authorization: SECRET, "Content-Type": "application/json" }, body: JSON.stringify(body) });
		return new Response(await response.text(), { status: response.status, headers: { "Content-Type": "application/json" } });
	}
	return Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		async fetch(request) {
			const path = new URL(request.url).pathname;
			if (request.method === "GET" && path === "/") return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } });
			const body: any = request.method === "POST" ? await request.json() : {};
			switch (path) {
				case "/passkeys/register/start":
					return holmCall(`/users/${body.userId}/passkey-registrations`, { client_ip: "127.0.0.1" });
				case "/passkeys/register/finish":
					return holmCall(`/passkey-registrations/${body.ceremonyId}/verify`, { credential: body.credential, name: "Virtual authenticator" });
				case "/passkeys/sign-in/start":
					return holmCall("/passkey-authentications", body.userId === undefined ? { client_ip: "127.0.0.1" } : { user_id: body.userId, client_ip: "127.0.0.1" });
				case "/passkeys/sign-in/finish":
					return holmCall(`/passkey-authentications/${body.ceremonyId}/verify`, { credential: body.credential, client_ip: "127.0.0.1" });
			}
			return new Response("not found", { status: 404 });
		},
	});
}

async function addAuthenticator(): Promise<string> {
	const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
		options: {
			protocol: "ctap2",
			transport: "internal",
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	});
	return authenticatorId;
}

beforeAll(async () => {
	if (!present) return;
	app = startApp();
	const origin = `http://localhost:${app.port}`;
	// http://localhost is a secure context, so WebAuthn works on it; its rp id is "localhost".
	holm = await startTestServer({ passkeys: { rpId: "localhost", rpName: "Holm test", origins: [origin], userVerification: "required" }, listen: true });
	holm.clock.now = Date.now(); // the browser's own clock meets nothing here, but keep the two close
	profile = mkdtempSync(join(tmpdir(), "holm-chromium-"));
	context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: ["--headless", ...CHROMIUM_ARGS],
	});
	page = context.pages()[0] ?? (await context.newPage());
	cdp = await context.newCDPSession(page);
	await cdp.send("WebAuthn.enable");
	await page.goto(origin + "/");
}, 60_000);

afterAll(async () => {
	if (!present) return;
	await context?.close();
	app?.stop(true);
	await holm?.stop();
	if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
});

test.skipIf(!present)(
	"register, sign in discoverably, sign in with a user id, and a cloned credential (counter reset) refused",
	async () => {
		const authenticatorId = await addAuthenticator();
		const user = await createUser(holm);

		const registeredAnswer = await page.evaluate((userId) => (globalThis as any).registerPasskey(userId), user.id);
		expect(registeredAnswer.status).toBe(200);
		expect(registeredAnswer.body).toMatchObject({ user_id: user.id, name: "Virtual authenticator", last_used_at: null });

		const discoverable = await page.evaluate(() => (globalThis as any).signInWithPasskey(undefined));
		expect(discoverable.status).toBe(200);
		expect(discoverable.body.user.id).toBe(user.id);
		expect(discoverable.body.passkey.id).toBe(registeredAnswer.body.id);

		const named = await page.evaluate((userId) => (globalThis as any).signInWithPasskey(userId), user.id);
		expect(named.status).toBe(200);
		expect(named.body.user.id).toBe(user.id);

		// The clone: the same credential (key, id, user handle) on another authenticator, its counter
		// reset below the one Holm has seen.
		const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
		expect(credentials).toHaveLength(1);
		const original = credentials[0]!;
		expect(original.signCount).toBeGreaterThan(1);
		await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
		const cloneId = await addAuthenticator();
		await cdp.send("WebAuthn.addCredential", { authenticatorId: cloneId, credential: { ...original, signCount: 0 } });
		const cloned = await page.evaluate(() => (globalThis as any).signInWithPasskey(undefined));
		expect(cloned).toEqual({ status: 400, body: { error: "INVALID_CREDENTIAL" } });
	},
	60_000,
);
