// --session-idle-timeout, --session-lifetime and --sessions-per-user (API.md section 13), from
// flags and from their environment variables; a bad value stops the start with a clear message.
import { expect, test } from "bun:test";
import { ConfigError, parseExportConfig, parseServeConfig } from "../../src/config.ts";
import { USAGE } from "../../src/usage.ts";

const ENV = { HOLM_SECRET: "a-secret-that-is-long-enough" };

test("the defaults are 7 days idle, 30 days in all, 50 sessions a user", () => {
	expect(parseServeConfig([], ENV).sessions).toEqual({ idleTimeoutSeconds: 7 * 86_400, lifetimeSeconds: 30 * 86_400, perUser: 50 });
});

test("flags and environment variables set them; a flag wins", () => {
	expect(parseServeConfig(["--session-idle-timeout", "30m", "--session-lifetime", "12h", "--sessions-per-user", "3"], ENV).sessions).toEqual({
		idleTimeoutSeconds: 1800,
		lifetimeSeconds: 43_200,
		perUser: 3,
	});
	const env = { ...ENV, HOLM_SESSION_IDLE_TIMEOUT: "90s", HOLM_SESSION_LIFETIME: "2d", HOLM_SESSIONS_PER_USER: "1" };
	expect(parseServeConfig([], env).sessions).toEqual({ idleTimeoutSeconds: 90, lifetimeSeconds: 172_800, perUser: 1 });
	expect(parseServeConfig(["--session-idle-timeout", "1h"], env).sessions?.idleTimeoutSeconds).toBe(3600);
});

test("a value that is no duration or count is refused, naming the flag", () => {
	for (const [flag, value] of [
		["--session-idle-timeout", "7"],
		["--session-idle-timeout", "0d"],
		["--session-lifetime", "1w"],
		["--session-lifetime", "99999999d"],
		["--sessions-per-user", "0"],
		["--sessions-per-user", "many"],
	] as const) {
		expect(() => parseServeConfig([flag, value], ENV)).toThrow(ConfigError);
		expect(() => parseServeConfig([flag, value], ENV)).toThrow(flag);
	}
});

test("holm --help names the three flags", () => {
	expect(USAGE).toContain("--session-idle-timeout 7d");
	expect(USAGE).toContain("--sessions-per-user 50");
});

// holm export writes the sessions live by the timeouts the servers run with: it reads their
// environment variables (it has no such flags), with serve's errors for a bad value.
test("holm export judges live sessions by HOLM_SESSION_IDLE_TIMEOUT and HOLM_SESSION_LIFETIME, else the defaults", () => {
	expect(parseExportConfig([], {}).sessions).toEqual({ idleTimeoutSeconds: 7 * 86_400, lifetimeSeconds: 30 * 86_400 });
	expect(parseExportConfig([], { HOLM_SESSION_IDLE_TIMEOUT: "", HOLM_SESSION_LIFETIME: "" }).sessions).toEqual({ idleTimeoutSeconds: 7 * 86_400, lifetimeSeconds: 30 * 86_400 });
	expect(parseExportConfig([], { HOLM_SESSION_IDLE_TIMEOUT: "90s", HOLM_SESSION_LIFETIME: "2d", HOLM_SESSIONS_PER_USER: "many" }).sessions).toEqual({ idleTimeoutSeconds: 90, lifetimeSeconds: 172_800 });
	expect(() => parseExportConfig([], { HOLM_SESSION_IDLE_TIMEOUT: "7" })).toThrow(new ConfigError('--session-idle-timeout must be a duration such as 30m, 12h or 7d (got "7")'));
	expect(() => parseExportConfig([], { HOLM_SESSION_LIFETIME: "1w" })).toThrow(ConfigError);
	expect(() => parseExportConfig(["--session-lifetime", "2d"], {})).toThrow("unknown option --session-lifetime");
});
