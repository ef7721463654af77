// The API secret: given on the command line or in HOLM_SECRET, or else kept in <dir>/secret,
// created on first start with mode 0600. Holm never serves without one.
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** 32 random bytes, printable. */
export function generateSecret(): string {
	return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export function secretPath(dir: string): string {
	return join(dir, "secret");
}

/** Reads the secret file, creating it when absent. `created` says whether this call wrote it. */
export function loadOrCreateSecret(dir: string): { secret: string; path: string; created: boolean } {
	const path = secretPath(dir);
	try {
		// "wx" fails when the file exists, so two starts racing cannot overwrite each other's secret.
		const secret = generateSecret();
		writeFileSync(path, secret + "\n", { mode: 0o600, flag: "wx" });
		return { secret, path, created: true };
	} catch (error) {
		if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
	}
	const secret = readFileSync(path, "utf8").trim();
	if (secret === "") throw new Error(`the secret file ${path} is empty; delete it to have a new one created`);
	return { secret, path, created: false };
}
