// A real Chromium (Debian's /usr/bin/chromium) driven by playwright-core, kept off the network:
// no sandbox (tests run as root in containers), no GPU, no QUIC, no first-run, no background
// networking, component updates or sync, and a fresh profile each launch (playwright's launch()
// makes a new temporary --user-data-dir itself and refuses one given as an argument). Tests that need it are
// skipped, with the reason printed, where no browser is installed (CI sets
// HOLM_TEST_REQUIRE_CHROMIUM=1 and installs it, so there a missing browser fails instead).
import { afterAll, beforeAll } from "bun:test";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import type { TestServer, TestServerOptions } from "../support/server.ts";
import { startConsoleServer } from "./support.ts";
import { CHROMIUM, CHROMIUM_ARGS, chromiumPresent } from "../support/chromium.ts";

export const HAS_BROWSER = chromiumPresent("console browser tests");

export interface TestBrowser {
	browser: Browser;
	/** A new context (its own cookies and storage), light or dark. */
	context(colorScheme?: "light" | "dark"): Promise<BrowserContext>;
	close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: [...CHROMIUM_ARGS],
	});
	return {
		browser,
		context: (colorScheme = "light") => browser.newContext({ colorScheme, viewport: { width: 1200, height: 900 } }),
		async close() {
			await browser.close();
		},
	};
}

/** A console server and a browser for the file's tests, started before the first and closed after
 *  the last; nothing where no browser is installed. Their fields are there from the first test on. */
export function consoleInBrowserForThisFile(options: TestServerOptions = {}): { server: TestServer; browser: TestBrowser } {
	const server = {} as TestServer;
	const browser = {} as TestBrowser;
	beforeAll(async () => {
		if (!HAS_BROWSER) return;
		Object.defineProperties(server, Object.getOwnPropertyDescriptors(await startConsoleServer(options)));
		Object.assign(browser, await launchBrowser());
	});
	afterAll(async () => {
		if (!HAS_BROWSER) return;
		await browser.close();
		await server.stop();
	});
	return { server, browser };
}
