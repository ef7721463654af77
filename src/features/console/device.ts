// The console's device column: "Chrome on macOS" rather than the 120 characters of a user agent
// ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 …"), which say the same
// only to someone who reads user agents for a living. Browsers and systems are named by bowser
// (docs/design.md, "Dependencies"): which browser a string means is a list kept up to date by
// others, not a rule to write here.
import Bowser from "bowser";

/** "Browser on System" when both can be told; otherwise the user agent as sent (a script's
 *  "python-httpx/0.27.0" says more than a guess would); null when the session has none. */
export function deviceOf(userAgent: string | null): string | null {
	if (userAgent === null || userAgent.trim() === "") return null;
	let browser: string | undefined;
	let system: string | undefined;
	try {
		const parsed = Bowser.parse(userAgent);
		browser = parsed.browser.name;
		system = parsed.os.name;
	} catch {
		return userAgent;
	}
	return browser !== undefined && browser !== "" && system !== undefined && system !== "" ? `${browser} on ${system}` : userAgent;
}
