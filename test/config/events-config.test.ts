// --event-retention and the webhook flags: a mistake stops `serve` (exit 2) with a message that
// names the flag, instead of a webhook that silently sends nothing or signs with a weak key.
import { expect, test } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, parseServeConfig } from "../../src/config.ts";
import { loadWebhookSecret } from "../../src/webhooks/secret.ts";
import { parseWebhookSecret, signWebhook } from "../../src/webhooks/signature.ts";
import { tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const base = ["--secret", "a-secret-of-sixteen-or-more"];

function refusal(args: string[], env: Record<string, string> = {}): string {
	try {
		parseServeConfig([...base, ...args], env);
	} catch (error) {
		if (error instanceof ConfigError) return error.message;
		throw error;
	}
	throw new Error("expected a ConfigError");
}

test("defaults: 30 days, no webhook; --event-retention 0 stores none", () => {
	expect(parseServeConfig(base, {}).events).toEqual({ retentionDays: 30, webhook: null });
	expect(parseServeConfig([...base, "--event-retention", "0"], {}).events).toEqual({ retentionDays: 0, webhook: null });
	expect(parseServeConfig(base, { HOLM_EVENT_RETENTION: "7" }).events?.retentionDays).toBe(7);
});

test("webhook flags, repeatable --webhook-event, and HOLM_WEBHOOK_EVENT with commas", () => {
	const config = parseServeConfig(
		[...base, "--webhook-url", "https://hooks.example.com/holm", "--webhook-secret-file", "/etc/holm/webhook", "--webhook-event", "user_deleted", "--webhook-event", "email_changed"],
		{},
	);
	expect(config.events?.webhook).toEqual({ url: "https://hooks.example.com/holm", secretFile: "/etc/holm/webhook", types: new Set(["user_deleted", "email_changed"]) });
	const fromEnv = parseServeConfig(base, { HOLM_WEBHOOK_URL: "http://127.0.0.1:9000/", HOLM_WEBHOOK_SECRET_FILE: "/s", HOLM_WEBHOOK_EVENT: "sign_in, sign_in_failed" });
	expect(fromEnv.events?.webhook?.types).toEqual(new Set(["sign_in", "sign_in_failed"]));
});

test("mistakes are refused, naming the flag", () => {
	expect(refusal(["--event-retention", "thirty"])).toContain("--event-retention");
	expect(refusal(["--webhook-url", "https://hooks.example.com/"])).toContain("--webhook-secret-file");
	expect(refusal(["--webhook-secret-file", "/s"])).toContain("--webhook-url");
	expect(refusal(["--webhook-url", "ftp://hooks.example.com/", "--webhook-secret-file", "/s"])).toContain("http");
	expect(refusal(["--webhook-url", "https://h.example.com/", "--webhook-secret-file", "/s", "--webhook-event", "user_delted"])).toContain('unknown event type "user_delted"');
	expect(refusal(["--webhook-url", "https://h.example.com/", "--webhook-secret-file", "/s", "--event-retention", "0"])).toContain("--event-retention 0");
});

test("a webhook secret: base64 of 32 bytes or more, optionally after whsec_, in a file only its owner reads", () => {
	const key = crypto.getRandomValues(new Uint8Array(32));
	const encoded = Buffer.from(key).toString("base64");
	expect(parseWebhookSecret(`whsec_${encoded}\n`, "f")).toEqual(key);
	expect(parseWebhookSecret(encoded, "f")).toEqual(key);
	expect(() => parseWebhookSecret(Buffer.from(key.slice(0, 31)).toString("base64"), "f")).toThrow("at least 32");
	expect(() => parseWebhookSecret("not base64 at all!", "f")).toThrow("base64");

	const dir = newDir();
	const path = join(dir, "webhook-secret");
	writeFileSync(path, `whsec_${encoded}`);
	chmodSync(path, 0o644);
	expect(() => loadWebhookSecret(path)).toThrow("chmod 600");
	chmodSync(path, 0o600);
	expect(loadWebhookSecret(path)).toEqual(key);
	expect(() => loadWebhookSecret(join(dir, "missing"))).toThrow("ENOENT");
});

test("the signature is the Standard Webhooks one: v1, then base64 HMAC-SHA256 of id.timestamp.body", () => {
	// The example of the Standard Webhooks specification's reference implementations (its secret is
	// shorter than Holm accepts, so its bytes are used directly).
	const key = new Uint8Array(Buffer.from("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "base64"));
	expect(signWebhook(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
});
