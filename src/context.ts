// What the features' work functions get: the clock, the stores, the limits, the leak check and the
// log. Nothing in it is HTTP, so the same functions serve any caller.
import type { ClientIpReport } from "./client-ip-report.ts";
import type { PasskeyConfig } from "./config.ts";
import type { LeakCheck } from "./leak-check/index.ts";
import type { LimitRefusalReport } from "./limit-refusal-report.ts";
import type { Hasher } from "./lib/password-hash.ts";
import type { Limits } from "./limits.ts";
import type { Logger } from "./log.ts";
import type { Metrics } from "./metrics.ts";
import type { SessionSettings } from "./features/sessions/settings.ts";
import type { Storage, Stores } from "./stores/index.ts";
import type { IdentityProviders } from "./features/identity-providers/protocol.ts";

export interface AppContext {
	/** The database behind the stores (SQLite or PostgreSQL): for the health check. */
	storage: Storage;
	/** Milliseconds since the Unix epoch; injected so tests can move time. */
	now: () => number;
	stores: Stores;
	limits: Limits;
	leakCheck: LeakCheck;
	/** Argon2id, through a gate as wide as the cores. */
	hasher: Hasher;
	log: Logger;
	metrics: Metrics;
	/** Hears about each client_ip that is no IP address. */
	clientIpReport: ClientIpReport;
	/** Hears about each TOO_MANY_REQUESTS of a limit: counts it, and tells the log which limit. */
	limitRefusals: LimitRefusalReport;
	/** The relying party and its origins; null when passkeys are off (no --passkey-rp-id). */
	passkeys: PasskeyConfig | null;
	/** The identity providers the operator configured (--identity-providers; none when absent). */
	identityProviders: IdentityProviders;
	/** Session timeouts and the per-user cap (API.md section 13); the defaults when absent. */
	sessions?: SessionSettings;
	/** The webhook deliverer, told when an event is stored (with --webhook-url). */
	webhooks?: { wake(): void };
}
