// Reading --webhook-secret-file at start. The file holds a key that can forge every webhook Holm
// sends, so, like the API secret file, it must not be readable by group or others.
import { readFileSync, statSync } from "node:fs";
import { ConfigError } from "../config-error.ts";
import { parseWebhookSecret } from "./signature.ts";

export function loadWebhookSecret(path: string): Uint8Array {
	let text: string;
	try {
		if ((statSync(path).mode & 0o077) !== 0) {
			throw new ConfigError(`--webhook-secret-file ${path} is readable by group or others; run \`chmod 600 ${path}\``);
		}
		text = readFileSync(path, "utf8");
	} catch (error) {
		if (error instanceof ConfigError) throw error;
		throw new ConfigError(`cannot read --webhook-secret-file ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
	}
	return parseWebhookSecret(text, path);
}
