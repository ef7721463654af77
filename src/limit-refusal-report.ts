// Every TOO_MANY_REQUESTS of a limit is counted in /metrics (holm_rate_limit_refusals_total) and is on
// its request line; this adds the line that says which limit refused and how to change it. A
// developer meets the limits first: every local request comes from 127.0.0.1, whose hashing bucket
// (5, one back every 10 s) is empty after one run of a sign-up, reset and TOTP flow, and the API
// answers only TOO_MANY_REQUESTS. So the line names the limit, its value in force and the
// `--limit` that changes it, at the moment it happens.
//
// Info, not a warning: a refusal is what a limit is for. At most once a minute per limit, with
// how many refusals it stands for: one line is enough to be told, and a guesser kept at a limit (or
// a busy office behind one address) cannot fill the log with it.
import { formatLimit, LIMIT_MEANINGS, type LimitName, type LimitSettings } from "./limits.ts";
import type { Logger } from "./log.ts";
import type { Metrics } from "./metrics.ts";

const LOG_INTERVAL_MS = 60_000;

export const REFUSAL_MESSAGE = "a limit refused a call with TOO_MANY_REQUESTS";

/** The `--limit` row behind each refusal's name (the rules' names, and the second-factor checks'
 *  lockouts); the console's sign-in rule has fixed figures and none. */
export const LIMIT_OF_REFUSAL: Readonly<Record<string, LimitName>> = {
	password_hashing: "hashing",
	incorrect_passwords_address: "incorrect-passwords-address",
	incorrect_passwords_user: "incorrect-passwords-user",
	password_reset_requests: "reset-requests-user",
	email_verification_requests: "email-requests-user",
	email_update_requests: "email-requests-user",
	code_requests_address: "code-requests-address",
	email_sign_ins_email: "email-sign-ins-email",
	totp_lockout: "second-factor",
	recovery_code_lockout: "second-factor",
};

export interface LimitRefusalReport {
	/** A call refused by `limit` (a rule's name, or `totp_lockout`, `recovery_code_lockout`). */
	refused(limit: string): void;
}

export function createLimitRefusalReport(metrics: Metrics, log: Logger, now: () => number, settings: LimitSettings): LimitRefusalReport {
	const lastLoggedAt = new Map<LimitName, number>();
	const sinceLast = new Map<LimitName, number>();
	return {
		refused(limit) {
			metrics.refused(limit);
			const name = LIMIT_OF_REFUSAL[limit];
			if (name === undefined) return;
			const refusals = (sinceLast.get(name) ?? 0) + 1;
			const at = now();
			if (at - (lastLoggedAt.get(name) ?? -Infinity) < LOG_INTERVAL_MS) {
				sinceLast.set(name, refusals);
				return;
			}
			lastLoggedAt.set(name, at);
			sinceLast.set(name, 0);
			log.info(REFUSAL_MESSAGE, {
				limit: name,
				value: formatLimit(settings[name]),
				meaning: LIMIT_MEANINGS[name],
				change_with: `--limit ${name}=COUNT/WINDOW`,
				refusals,
				help: "docs/limits.md#in-development-and-in-test-suites",
			});
		},
	};
}
