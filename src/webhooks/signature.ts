// The Standard Webhooks signature (https://www.standardwebhooks.com): HMAC-SHA256, keyed with the
// secret's bytes, over "<webhook-id>.<webhook-timestamp>.<body>", sent as "v1,<base64>". Receivers
// check it with any Standard Webhooks library; the tests check it with the `standardwebhooks` package.
import { createHmac } from "node:crypto";
import { ConfigError } from "../config-error.ts";

/** At least 32 bytes, so that the HMAC key is as strong as the hash. */
const MIN_SECRET_BYTES = 32;

/**
 * The key of a webhook secret as written in a file: base64, optionally after "whsec_" (the form
 * Standard Webhooks libraries and Svix print), with surrounding whitespace ignored.
 */
export function parseWebhookSecret(text: string, path: string): Uint8Array {
	const encoded = text.trim().replace(/^whsec_/, "");
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
		throw new ConfigError(`the webhook secret in ${path} must be base64 (optionally after whsec_), such as the output of \`openssl rand -base64 32\``);
	}
	const key = new Uint8Array(Buffer.from(encoded, "base64"));
	if (key.length < MIN_SECRET_BYTES) {
		throw new ConfigError(`the webhook secret in ${path} is ${key.length} bytes; it must be at least ${MIN_SECRET_BYTES} (\`openssl rand -base64 32\` makes one)`);
	}
	return key;
}

/** The webhook-signature header's value for one delivery attempt. */
export function signWebhook(key: Uint8Array, id: string, timestamp: number, body: string): string {
	const mac = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
	return `v1,${mac}`;
}
