// The API secrets: given with --secret or HOLM_SECRET, read from --secret-file or HOLM_SECRET_FILE,
// or else kept in <dir>/secret, created on first start with mode 0600. Holm never serves without
// one, and never with one that breaks the rule (API.md section 1): an empty or short secret would
// let anyone in. A file may hold several secrets, one per line, all accepted, for rotation.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { closeSync, fstatSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config-error.ts";
import type { SecretSource } from "./config.ts";

const MIN_SECRET_LENGTH = 16;

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

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
	// Anything else could not travel in an Authorization header as it is written here: a line break
	// or NUL cannot be sent at all, and a non-ASCII character reaches Holm as other bytes than the
	// caller typed (HTTP header values are not UTF-8), so no caller could ever match it. A space
	// usually means two things were pasted on one line.
	if (/\s/.test(secret)) return "contains whitespace; a secret is printable ASCII without spaces";
	if (!PRINTABLE_ASCII.test(secret)) return "contains a character that is not printable ASCII (! to ~, no spaces)";
	return null;
}

/** Returns `secret` when it satisfies the rule; `source` names where it came from in the error. */
export function checkSecret(secret: string, source: string): string {
	const problem = secretProblem(secret);
	if (problem !== null) throw new ConfigError(`the secret from ${source} ${problem}; ${HOW_TO_MAKE_ONE}`);
	return secret;
}

/** One secret per line; blank lines and comments (`#` first) are skipped, and a line end may be CRLF. */
function parseSecretFile(text: string, path: string): string[] {
	const secrets: string[] = [];
	const lines = text.split("\n");
	lines.forEach((raw, index) => {
		const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
		// A secret holds no whitespace, so a line that starts with "#" after any is always a comment.
		if (line.trim() === "" || line.trimStart().startsWith("#")) return;
		secrets.push(checkSecret(line, `line ${index + 1} of ${path}`));
	});
	if (secrets.length === 0) throw new ConfigError(`the secret file ${path} holds no secret; ${HOW_TO_MAKE_ONE} and put it there`);
	return secrets;
}

/** `path` as a shell word, so the chmod in a message can be pasted as it is. */
function shellWord(path: string): string {
	return /^[A-Za-z0-9_.,/:+@%=-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/**
 * Refuses a secret file that anyone but its owner may read or write: whoever can read it has the
 * API, and whoever can write it can add a secret of their own. Checked on the open file, so the
 * file judged is the file read.
 */
function checkPrivate(fd: number, path: string): void {
	const mode = fstatSync(fd).mode;
	if ((mode & 0o066) === 0) return;
	const octal = (mode & 0o777).toString(8).padStart(4, "0");
	throw new ConfigError(
		`the secret file ${path} can be read or written by group or others (mode ${octal}); make it private to the user holm runs as: chmod 600 ${shellWord(path)}`,
	);
}

function readSecretFile(path: string): string[] {
	let text: string;
	let fd: number;
	try {
		fd = openSync(path, "r");
	} catch (e) {
		const reason = e instanceof Error && "code" in e ? String(e.code) : String(e);
		throw new ConfigError(`cannot read the secret file ${path} (${reason})`);
	}
	try {
		checkPrivate(fd, path);
		text = readFileSync(fd, "utf8");
	} catch (e) {
		if (e instanceof ConfigError) throw e;
		const reason = e instanceof Error && "code" in e ? String(e.code) : String(e);
		throw new ConfigError(`cannot read the secret file ${path} (${reason})`);
	} finally {
		closeSync(fd);
	}
	return parseSecretFile(text, path);
}

/** Reads the data directory's secret file, creating it when absent. `created` says whether this call wrote it. */
function loadOrCreateSecret(dir: string): { secrets: string[]; path: string; created: boolean } {
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

interface LoadedSecrets {
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
