// Debian's Chromium for the browser tests, and the flags that keep it off the network and out of
// the way: no sandbox (tests run as root in containers), no GPU, no QUIC, no first-run, no
// background networking, component updates or sync. Where it is missing, a test file says so and
// skips, unless HOLM_TEST_REQUIRE_CHROMIUM=1 (CI) makes that a failure.
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.HOLM_TEST_CHROMIUM ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS: readonly string[] = [
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--disable-default-apps",
	"--disable-extensions",
];

/** Whether Chromium is here; when not, throws under HOLM_TEST_REQUIRE_CHROMIUM=1, else prints that
 *  `what` is skipped and why. */
export function chromiumPresent(what: string): boolean {
	if (existsSync(CHROMIUM)) return true;
	const missing = `no Chromium at ${CHROMIUM} (apt-get install chromium, or set HOLM_TEST_CHROMIUM)`;
	if (process.env.HOLM_TEST_REQUIRE_CHROMIUM === "1") throw new Error(`HOLM_TEST_REQUIRE_CHROMIUM=1, but ${missing}`);
	console.warn(`${what} skipped: ${missing}`);
	return false;
}
