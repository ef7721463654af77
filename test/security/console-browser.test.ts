// Attacks on the console page in a real browser (API.md section 12): markup in an email shown as
// text, the session token kept out of script's reach, and the console framed by another site.
import { describe, expect, test } from "bun:test";
import { createUser } from "../support/server.ts";
import { consoleInBrowserForThisFile, HAS_BROWSER } from "../console/browser.ts";
import { signInLink, signInToken } from "../console/support.ts";
import { RP, authenticator, register } from "../support/passkeys.ts";

const { server, browser } = consoleInBrowserForThisFile({ passkeys: RP });

describe.skipIf(!HAS_BROWSER)("the console page under attack", () => {
	test("an email like <img src=x onerror=alert(1)>@example.com is shown as text, never run", async () => {
		const email = `<img src=x onerror=alert(1)>${crypto.randomUUID().slice(0, 6)}@example.com`;
		const user = await createUser(server, { email });
		// The user's pending email change carries markup too.
		await server.request("POST", `/users/${user.id}/email-update-requests`, { email: `<svg onload=alert(2)>@example.com` });
		// And so does the name the user gave a passkey.
		expect((await register(server, user.id, authenticator(), {}, "<b onmouseover=alert(3)>key</b>")).status).toBe(200);
		const context = await browser.context();
		const page = await context.newPage();
		const dialogs: string[] = [];
		page.on("dialog", (dialog) => {
			dialogs.push(dialog.message());
			void dialog.dismiss();
		});
		await page.goto(signInLink(server, await signInToken(server)));
		await page.getByRole("heading", { name: "Overview" }).waitFor();
		await page.goto(`${server.url}/console/#/users?q=${encodeURIComponent("<img")}&by=email_part`);
		await page.getByRole("link", { name: email }).waitFor();
		expect(await page.locator("main img, main svg").count()).toBe(0);
		await page.getByRole("link", { name: email }).click();
		await page.getByRole("heading", { name: email }).waitFor();
		expect(await page.getByRole("main").textContent()).toContain("to <svg onload=alert(2)>@example.com");
		expect(await page.getByRole("table", { name: "Passkeys" }).textContent()).toContain("<b onmouseover=alert(3)>key</b>");
		expect(await page.locator("main b").count()).toBe(0);
		expect(await page.locator("img, svg").count()).toBe(0);
		await page.getByRole("button", { name: "Delete user" }).click();
		expect(await page.getByRole("dialog").textContent()).toContain(email);
		expect(await page.locator("img, svg").count()).toBe(0);
		expect(dialogs).toEqual([]);
		await context.close();
	});

	test("no secret or session token in localStorage, sessionStorage, document.cookie or the address", async () => {
		const context = await browser.context();
		const page = await context.newPage();
		const token = await signInToken(server);
		await page.goto(signInLink(server, token));
		await page.getByRole("heading", { name: "Overview" }).waitFor();
		await page.getByRole("link", { name: "Users" }).click();
		await page.getByText(/users? found/).waitFor();
		const seen = (await page.evaluate(`({
			local: Object.keys(localStorage).length,
			session: Object.keys(sessionStorage).length,
			cookie: document.cookie,
			url: location.href,
		})`)) as { local: number; session: number; cookie: string; url: string };
		expect(seen.local).toBe(0);
		expect(seen.session).toBe(0);
		expect(seen.cookie).toBe(""); // HttpOnly: script cannot read the session
		expect(seen.url).not.toContain(token);
		const [cookie] = await context.cookies();
		expect(cookie).toMatchObject({ name: "__Host-holm_console", httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
		await context.close();
	});

	test("the console framed by another origin: the browser refuses to show it", async () => {
		const port = new URL(server.url).port;
		// Another origin (localhost is not 127.0.0.1) framing the console, as a clickjacking page would.
		const framing = Bun.serve({
			port: 0,
			hostname: "127.0.0.1",
			fetch: () => new Response(`<!doctype html><title>evil</title><iframe id="f" src="http://127.0.0.1:${port}/console/"></iframe>`, { headers: { "Content-Type": "text/html" } }),
		});
		try {
			const context = await browser.context();
			const page = await context.newPage();
			await page.goto(signInLink(server, await signInToken(server)));
			await page.getByRole("heading", { name: "Overview" }).waitFor();
			await page.goto(`http://localhost:${framing.port}/`);
			await page.waitForLoadState("load");
			const frame = page.frames().find((f) => f !== page.mainFrame());
			expect(frame).toBeDefined();
			// A refused frame is an error page: none of the console's content is in it.
			const framedText = String(await frame!.evaluate(`document.body?.textContent ?? ""`).catch(() => ""));
			expect(framedText).not.toContain("Holm console");
			expect(frame!.url()).not.toBe(`http://127.0.0.1:${port}/console/`);
			await context.close();
		} finally {
			framing.stop(true);
		}
	});
});
