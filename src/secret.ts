// The API secrets: given with --secret or HOLM_SECRET, read from --secret-file or HOLM_SECRET_FILE,
// or else kept in <dir>/secret, created on first start with mode 0600. Holm never serves without
// one, and never with one that breaks the rule (API.md section 1): an empty or short secret would
// let anyone in. A file may hold several secrets, one per line, all accepted, for rotation.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config-error.ts";
import type { SecretSource } from "./config.ts";

export const MIN_SECRET_LENGTH = 16;

const HOW_TO_MAKE_ONE = "make one with `holm generate-secret`";

/** 32 random bytes, printable. */
export function generateSecret(): string {
	return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export function secretPath(dir: string): string {
	return join(dir, "secret");
}

/** Why `secret` breaks the rule, or null when it does not. Never quotes the secret. */
function secretProblem(secret: string): string | null {
	if (secret === "") return "is empty";
	const length = [...secret].length;
	if (length < MIN_SECRET_LENGTH) return `is ${length} characters long; a secret needs at least ${MIN_SECRET_LENGTH}`;
	if (secret.trim() !== secret) return "starts or ends with whitespace";
	// A line break or NUL cannot travel in an Authorization header, so no caller could ever send it.
	if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(secret)) return "contains a control character";
	return null;
}

/** Returns `secret` when it satisfies the rule; `source` names where it came from in the error. */
export function checkSecret(secret: string, source: string): string {
	const problem = secretProblem(secret);
	if (problem !== null) throw new ConfigError(`the secret from ${source} ${problem}; ${HOW_TO_MAKE_ONE}`);
	return secret;
}

/** One secret per line; blank lines are skipped, and a line end may be CRLF. */
function parseSecretFile(text: string, path: string): string[] {
	const secrets: string[] = [];
	const lines = text.split("\n");
	lines.forEach((raw, index) => {
		const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
		if (line.trim() === "") return;
		secrets.push(checkSecret(line, `line ${index + 1} of ${path}`));
	});
	if (secrets.length === 0) throw new ConfigError(`the secret file ${path} holds no secret; ${HOW_TO_MAKE_ONE} and put it there`);
	return secrets;
}

function readSecretFile(path: string): string[] {
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (e) {
		const reason = e instanceof Error && "code" in e ? String(e.code) : String(e);
		throw new ConfigError(`cannot read the secret file ${path} (${reason})`);
	}
	return parseSecretFile(text, path);
}

/** Reads the data directory's secret file, creating it when absent. `created` says whether this call wrote it. */
export function loadOrCreateSecret(dir: string): { secrets: string[]; path: string; created: boolean } {
	const path = secretPath(dir);
	try {
		// "wx" fails when the file exists, so two starts racing cannot overwrite each other's secret.
		const secret = generateSecret();
		writeFileSync(path, secret + "\n", { mode: 0o600, flag: "wx" });
		return { secrets: [secret], path, created: true };
	} catch (error) {
		if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) {
			throw new ConfigError(`cannot create the secret file ${path} (${error instanceof Error && "code" in error ? String(error.code) : String(error)})`);
		}
	}
	return { secrets: readSecretFile(path), path, created: false };
}

export interface LoadedSecrets {
	secrets: string[];
	/** The file they were read from, or null when given directly. */
	path: string | null;
	/** Whether this start created the data directory's secret file. */
	created: boolean;
}

/** Every accepted secret from `source`; throws ConfigError when one breaks the rule. */
export function loadSecrets(source: SecretSource, dir: string): LoadedSecrets {
	switch (source.kind) {
		case "given":
			return { secrets: [source.secret], path: null, created: false };
		case "file":
			return { secrets: readSecretFile(source.path), path: source.path, created: false };
		case "data-dir":
			return loadOrCreateSecret(dir);
	}
}
