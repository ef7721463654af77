// The sweep: what expired is already invisible (API.md section 1); this deletes it, on either
// database, at the time the storage gives (the database's own where several instances share it).
import { CONSOLE_IDLE_SECONDS, CONSOLE_SESSION_SECONDS } from "../features/console/sessions.ts";
import { DEFAULT_SESSION_SETTINGS } from "../features/sessions/settings.ts";
import { NO_WEBHOOK_EVENTS, type EventSettings, type Stores } from "./index.ts";

/** Removes requests that are already invisible because they expired. Second-factor lockouts are
 *  kept: an ended lock still makes the next one longer (at most two rows per user). */
export async function deleteExpiredRows(stores: Stores, nowSeconds: number, events: EventSettings = NO_WEBHOOK_EVENTS): Promise<void> {
	await stores.events.deleteOlderThan(nowSeconds - events.retentionDays * 24 * 60 * 60);
	await stores.passwordResets.deleteExpired(nowSeconds);
	await stores.emailSignIns.deleteExpired(nowSeconds);
	await stores.emailVerifications.deleteExpired(nowSeconds);
	await stores.emailUpdates.deleteExpired(nowSeconds);
	await stores.passkeys.deleteExpiredCeremonies(nowSeconds);
	await stores.identities.deleteExpired(nowSeconds);
	await stores.console.deleteExpired(nowSeconds, CONSOLE_IDLE_SECONDS, CONSOLE_SESSION_SECONDS);
	await stores.sessions.deleteExpired(nowSeconds, events.sessions ?? DEFAULT_SESSION_SETTINGS);
}
