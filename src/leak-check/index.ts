// The seam the password endpoints call: is this password in a known leak?
// The implementations (offline file, online range API, off) live beside this file.
import type { LeakCheckConfig } from "../config.ts";
import { isLeakedOffline, openOfflineLeakSets } from "./offline.ts";
import { createOnlineLeakCheck } from "./online.ts";

export interface LeakCheck {
	/** The local lists only (the bundled file and --leak-file): cheap, so the password endpoints
	 *  judge it before they take a token of the hashing bucket. */
	isLeakedLocally(password: string): boolean;
	/** What the local lists cannot tell: the range API in online mode, false in the other modes.
	 *  Asked only after isLeakedLocally said no, and after a hashing token was taken, since the
	 *  token is what bounds the calls to the API. Rejects with LeakCheckUnavailableError only with --leak-fail closed,
	 *  when the range API cannot be reached in time. */
	isLeakedOnline(password: string): Promise<boolean>;
	/** The local lists for a password that is already set, checked again at a correct sign-in (API.md
	 *  section 15). The same lists as isLeakedLocally; given apart so that the metrics of verdicts on
	 *  new passwords do not count sign-ins. Absent: isLeakedLocally is that. */
	recheckLocally?(password: string): boolean;
	/** True with --leak-check off: nothing is checked, every password passes. */
	readonly off?: boolean;
	/** True in online mode: the range API is asked too. */
	readonly online?: boolean;
}

export class LeakCheckUnavailableError extends Error {}

/** The whole verdict: the local lists, then (online mode) the range API. */
export async function isLeaked(check: LeakCheck, password: string): Promise<boolean> {
	return check.isLeakedLocally(password) || (await check.isLeakedOnline(password));
}

interface LeakCheckDeps {
	fetch: typeof fetch;
	/** Warnings go here (never the password or its hash). */
	warn: (message: string) => void;
	/** Told of each online check the range API could not answer, with --leak-fail open or closed. */
	onlineFailure?: () => void;
}

/**
 * The local lists (the bundled file, and --leak-file when given) are opened here, so a missing or
 * damaged file fails at start (with a LeakFileError naming the file and the problem), not on the
 * first password. Online mode checks them first and asks the range API only about passwords they
 * do not hold: a common password stays refused when the API cannot be reached (API.md section 5),
 * and needs no request when it can.
 */
export async function createLeakCheck(config: LeakCheckConfig, deps: LeakCheckDeps): Promise<LeakCheck> {
	switch (config.mode) {
		case "off":
			return { off: true, isLeakedLocally: () => false, isLeakedOnline: async () => false };
		case "offline": {
			const sets = await openOfflineLeakSets(config.file);
			return {
				isLeakedLocally: (password) => isLeakedOffline(sets, password),
				isLeakedOnline: async () => false,
			};
		}
		case "online": {
			const sets = await openOfflineLeakSets(config.file);
			const isLeakedOnline = createOnlineLeakCheck({
				api: config.api,
				fail: config.fail,
				timeoutMs: config.timeoutMs,
				fetch: deps.fetch,
				warn: deps.warn,
				failed: deps.onlineFailure ?? (() => {}),
				unavailable: (message) => new LeakCheckUnavailableError(message),
			});
			return {
				online: true,
				isLeakedLocally: (password) => isLeakedOffline(sets, password),
				isLeakedOnline,
			};
		}
	}
}

export { LeakFileError } from "./leak-file.ts";
