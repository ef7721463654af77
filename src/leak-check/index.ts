// The seam the password endpoints call: is this password in a known leak?
// The implementations (offline file, online range API, off) live beside this file.
import type { LeakCheckConfig } from "../config.ts";
import { isLeakedOffline, openOfflineLeakSet } from "./offline.ts";
import { createOnlineLeakCheck } from "./online.ts";

export interface LeakCheck {
	/** Resolves true when the password is known to be leaked. Rejects with LeakCheckUnavailableError
	 *  only in online mode with --leak-fail closed, when the range API cannot be reached in time. */
	isLeaked(password: string): Promise<boolean>;
}

export class LeakCheckUnavailableError extends Error {}

export interface LeakCheckDeps {
	fetch: typeof fetch;
	/** Warnings go here (never the password or its hash). */
	warn: (message: string) => void;
}

/**
 * Offline mode opens its leak file here, so a missing or damaged file fails at start (with a
 * LeakFileError naming the file and the problem), not on the first password.
 */
export async function createLeakCheck(config: LeakCheckConfig, deps: LeakCheckDeps): Promise<LeakCheck> {
	switch (config.mode) {
		case "off":
			return { isLeaked: async () => false };
		case "offline": {
			const set = await openOfflineLeakSet(config.file);
			return { isLeaked: async (password) => isLeakedOffline(set, password) };
		}
		case "online": {
			const isLeaked = createOnlineLeakCheck({
				api: config.api,
				fail: config.fail,
				timeoutMs: config.timeoutMs,
				fetch: deps.fetch,
				warn: deps.warn,
				unavailable: (message) => new LeakCheckUnavailableError(message),
			});
			return { isLeaked };
		}
	}
}

export { LeakFileError } from "./leak-file.ts";
