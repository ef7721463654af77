// --passkey-* flags and their variables (API.md sections 7 and 10): passkeys are off without an rp
// id, origins repeat or are comma-separated, and every mistake is refused at start with a reason.
import { describe, expect, test } from "bun:test";
import { ConfigError, parseServeConfig } from "../../src/config.ts";
import { runHolm, serveHolm, PROCESS_SECRET, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();

function passkeys(args: string[], env: Record<string, string> = {}) {
	return parseServeConfig(args, env).passkeys;
}

function refusal(args: string[], env: Record<string, string> = {}): string {
	try {
		parseServeConfig(args, env);
	} catch (error) {
		if (error instanceof ConfigError) return error.message;
		throw error;
	}
	throw new Error("expected a ConfigError");
}

describe("--passkey-*", () => {
	test("off without an rp id", () => {
		expect(passkeys([])).toBeNull();
	});

	test("an rp id alone: origin https://<rp id>, name the rp id, user verification required", () => {
		expect(passkeys(["--passkey-rp-id", "example.com"])).toEqual({
			rpId: "example.com",
			rpName: "example.com",
			origins: ["https://example.com"],
			userVerification: "required",
		});
	});

	test("origins repeat, or are comma-separated, in flags and in HOLM_PASSKEY_ORIGIN", () => {
		const expected = ["https://example.com", "https://app.example.com", "https://admin.example.com"];
		expect(passkeys(["--passkey-rp-id", "example.com", "--passkey-origin", "https://example.com", "--passkey-origin", "https://app.example.com,https://admin.example.com"])?.origins).toEqual(expected);
		expect(passkeys([], { HOLM_PASSKEY_RP_ID: "example.com", HOLM_PASSKEY_ORIGIN: "https://example.com, https://app.example.com,https://admin.example.com" })?.origins).toEqual(expected);
		// A flag wins over its variable.
		expect(passkeys(["--passkey-origin", "https://app.example.com"], { HOLM_PASSKEY_RP_ID: "example.com", HOLM_PASSKEY_ORIGIN: "https://example.com" })?.origins).toEqual([
			"https://app.example.com",
		]);
	});

	test("name and user verification, from flags or variables", () => {
		expect(passkeys(["--passkey-rp-id", "example.com", "--passkey-rp-name", "Example", "--passkey-user-verification", "preferred"])).toMatchObject({
			rpName: "Example",
			userVerification: "preferred",
		});
		expect(passkeys([], { HOLM_PASSKEY_RP_ID: "example.com", HOLM_PASSKEY_RP_NAME: "Ex", HOLM_PASSKEY_USER_VERIFICATION: "preferred" })).toMatchObject({
			rpName: "Ex",
			userVerification: "preferred",
		});
	});

	test("http only on localhost, which is a secure context", () => {
		expect(passkeys(["--passkey-rp-id", "localhost", "--passkey-origin", "http://localhost:3000"])?.origins).toEqual(["http://localhost:3000"]);
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-origin", "http://example.com"])).toContain("https");
	});

	test("mistakes are refused with a reason", () => {
		expect(refusal(["--passkey-origin", "https://example.com"])).toContain("--passkey-rp-id");
		expect(refusal(["--passkey-rp-name", "Example"])).toContain("--passkey-rp-id");
		expect(refusal(["--passkey-rp-id", "https://example.com"])).toContain("--passkey-rp-id");
		expect(refusal(["--passkey-rp-id", "Example.com"])).toContain("--passkey-rp-id");
		expect(refusal(["--passkey-rp-id", "example.com:443"])).toContain("--passkey-rp-id");
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-origin", "https://example.com/"])).toContain("origin");
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-origin", "https://example.com/login"])).toContain("origin");
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-origin", "example.com"])).toContain("origin");
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-origin", "https://evil.example"])).toContain("not on --passkey-rp-id");
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-origin", "https://notexample.com"])).toContain("not on --passkey-rp-id");
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-origin", ""])).toContain("must not be empty");
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-user-verification", "discouraged"])).toContain("required, preferred");
		expect(refusal(["--passkey-rp-id", "example.com", "--passkey-rp-name", "x".repeat(65)])).toContain("64");
	});

	test("serve --help lists the passkey flags and their variables", () => {
		const usage = runHolm(["serve", "--help"]).stdout;
		for (const flag of ["--passkey-rp-id", "--passkey-origin", "--passkey-rp-name", "--passkey-user-verification"]) expect(usage).toContain(flag + " ");
		for (const name of ["HOLM_PASSKEY_RP_ID", "HOLM_PASSKEY_ORIGIN", "HOLM_PASSKEY_RP_NAME", "HOLM_PASSKEY_USER_VERIFICATION"]) expect(usage).toContain(name);
		expect(runHolm(["--help"]).stdout).toContain("--passkey-rp-id");
	});

	test("a bad value exits 2 naming the flag", () => {
		const result = runHolm(["serve", "--dir", newDir(), "--passkey-rp-id", "example.com", "--passkey-origin", "https://evil.example"]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("--passkey-origin");
	});

	test("the start log says once whether passkeys are on", async () => {
		const off = await serveHolm(["--dir", newDir(), "--log-format", "json"], { HOLM_SECRET: PROCESS_SECRET });
		await off.stop();
		expect(off.output().match(/passkeys are off/g)).toHaveLength(1);
		const on = await serveHolm(["--dir", newDir(), "--log-format", "json", "--passkey-rp-id", "example.com"], { HOLM_SECRET: PROCESS_SECRET });
		await on.stop();
		const line = on.output().split("\n").find((text) => text.includes("passkeys are on"));
		expect(JSON.parse(line!)).toMatchObject({ rp_id: "example.com", origins: "https://example.com", user_verification: "required" });
	});
});
