// Security events: their own log lines ("security event"), so that an operator can alert on them
// and keep them longer than request lines. Each names the user and the canonical client_ip (the
// limit key: one address, or one IPv6 /64) where there is one; never a password, code, key, hash,
// secret or request id. The same events are stored and served (src/features/events/).
import type { HolmEvent } from "./features/events/store.ts";
import type { Logger } from "./log.ts";

// Blocks and locks are what an attack looks like; the rest is what a user (or whoever holds their
// password, reset code or recovery code) did.
const WARNINGS = new Set<HolmEvent["type"]>(["address_blocked", "user_blocked", "request_deleted_after_incorrect_codes", "second_factor_locked", "passkey_counter_regressed"]);

export function logSecurityEvent(log: Logger, event: HolmEvent): void {
	const fields = { event: event.type, ...event.data, user_id: event.userId, client_ip: event.clientIp };
	if (WARNINGS.has(event.type)) log.warn("security event", fields);
	else log.info("security event", fields);
}
