// Security events: their own log lines ("security event"), so that an operator can alert on them
// and keep them longer than request lines. Each names the user and the canonical client_ip (the
// limit key: one address, or one IPv6 /64) where there is one; never a password, code, key, hash,
// secret or request id.
import type { Logger } from "./log.ts";

export type SecurityEvent =
	/** An address reached a limit of API.md section 4 and is refused for the rest of the window;
	 *  user_id is the user the blocking call named (the password guessed at), null for none. */
	| { event: "address_blocked"; limit: string; client_ip: string; user_id: string | null }
	/** A user reached a limit: 10 incorrect passwords in 15 minutes (password checks refused), or
	 *  too many code requests; client_ip is the address of the call that blocked it, null when unsent. */
	| { event: "user_blocked"; limit: string; user_id: string; client_ip: string | null }
	/** The 5th incorrect code deleted a request; client_ip is that code's, null when unsent. */
	| {
			event: "request_deleted_after_incorrect_codes";
			request: "password_reset" | "email_verification" | "email_update";
			user_id: string;
			client_ip: string | null;
	  }
	/** 5 incorrect second-factor codes in a row locked the check. */
	| { event: "second_factor_locked"; check: "totp" | "recovery_code"; user_id: string; lock_seconds: number }
	| { event: "password_reset"; user_id: string; client_ip: string | null }
	| { event: "password_changed"; user_id: string; client_ip: string | null }
	| { event: "second_factor_reset"; user_id: string }
	| { event: "passkey_registered"; user_id: string; passkey_id: string; client_ip: string | null }
	| { event: "passkey_deleted"; user_id: string; passkey_id: string }
	/** A correctly signed assertion whose signature counter did not go up: the authenticator's key
	 *  has probably been copied. The sign-in was refused; the passkey is kept (the app may delete it). */
	| { event: "passkey_counter_regressed"; user_id: string; passkey_id: string; client_ip: string | null }
	| { event: "user_deleted"; user_id: string };

// Blocks and locks are what an attack looks like; the rest is what a user (or whoever holds their
// password, reset code or recovery code) did.
const WARNINGS = new Set<SecurityEvent["event"]>(["address_blocked", "user_blocked", "request_deleted_after_incorrect_codes", "second_factor_locked", "passkey_counter_regressed"]);

export function logSecurityEvent(log: Logger, event: SecurityEvent): void {
	if (WARNINGS.has(event.event)) log.warn("security event", event);
	else log.info("security event", event);
}
