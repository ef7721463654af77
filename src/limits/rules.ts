// The rules of API.md section 4 that are kept in a LimitStore, one each, with the figures in force,
// and the console's sign-in rule (section 12), which has fixed figures.
import { FailureWindow, TokenBucket } from "../lib/rate-limit.ts";
import { slidingWindow } from "../lib/sliding-window.ts";
import { DEFAULT_LIMITS, MINUTE, type LimitName, type LimitSettings } from "./settings.ts";

/** Failed console sign-ins per address: 10 in 15 minutes block the address for the rest of the
 *  window. Only tokens that fail count: a valid one signs in whatever the count (see
 *  docs/security.md, "Console sign-in"). */
const CONSOLE_SIGN_IN_FAILURES = { count: 10, windowMs: 15 * MINUTE };

export function createRules(settings: LimitSettings = DEFAULT_LIMITS) {
	const windowOf = (name: LimitName): number => settings[name].windowMs!;
	return {
		passwordHashing: new TokenBucket("password_hashing", settings.hashing.count, windowOf("hashing")),
		incorrectPasswordsPerAddress: new FailureWindow("incorrect_passwords_address", settings["incorrect-passwords-address"].count, windowOf("incorrect-passwords-address")),
		incorrectPasswordsPerUser: new FailureWindow("incorrect_passwords_user", settings["incorrect-passwords-user"].count, windowOf("incorrect-passwords-user")),
		passwordResetRequests: slidingWindow("password_reset_requests", settings["reset-requests-user"].count, windowOf("reset-requests-user")),
		emailVerificationRequests: slidingWindow("email_verification_requests", settings["email-requests-user"].count, windowOf("email-requests-user")),
		emailUpdateRequests: slidingWindow("email_update_requests", settings["email-requests-user"].count, windowOf("email-requests-user")),
		codeRequestsPerAddress: slidingWindow("code_requests_address", settings["code-requests-address"].count, windowOf("code-requests-address")),
		emailSignInsPerEmail: slidingWindow("email_sign_ins_email", settings["email-sign-ins-email"].count, windowOf("email-sign-ins-email")),
		consoleSignInFailures: new FailureWindow("console_sign_in_address", CONSOLE_SIGN_IN_FAILURES.count, CONSOLE_SIGN_IN_FAILURES.windowMs),
	} as const;
}

type Rules = ReturnType<typeof createRules>;

/** The rules with the contract's figures. */
export const RULES: Rules = createRules();

/** The rules keyed by user id; the others are keyed by the canonical client_ip (or, for the
 *  console, the peer's address). */
export const PER_USER_RULES: ReadonlySet<string> = new Set(
	[RULES.incorrectPasswordsPerUser, RULES.passwordResetRequests, RULES.emailVerificationRequests, RULES.emailUpdateRequests].map((rule) => rule.name),
);
