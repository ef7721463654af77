// Every feature's store, as the features see them: one interface per feature, implemented once per
// database (src/stores/sqlite/, src/stores/postgres/). Features never learn which one they talk to.
import type { ConsoleStore } from "../features/console/store.ts";
import type { EmailUpdateStore } from "../features/email-update/store.ts";
import type { EmailVerificationStore } from "../features/email-verification/store.ts";
import type { PasswordResetStore } from "../features/password-reset/store.ts";
import type { PasswordStore } from "../features/passwords/store.ts";
import type { TwoFactorStore } from "../features/two-factor/store.ts";
import type { UserStore } from "../features/users/store.ts";
import type { LimitStore } from "../limits.ts";
import { CONSOLE_IDLE_SECONDS, CONSOLE_SESSION_SECONDS } from "../features/console/sessions.ts";

export interface Stores {
	users: UserStore;
	passwords: PasswordStore;
	passwordResets: PasswordResetStore;
	emailVerifications: EmailVerificationStore;
	emailUpdates: EmailUpdateStore;
	twoFactor: TwoFactorStore;
	console: ConsoleStore;
}

/** Removes requests that are already invisible because they expired. Second-factor lockouts are
 *  kept: an ended lock still makes the next one longer (at most two rows per user). */
export async function deleteExpiredRows(stores: Stores, nowSeconds: number): Promise<void> {
	await stores.passwordResets.deleteExpired(nowSeconds);
	await stores.emailVerifications.deleteExpired(nowSeconds);
	await stores.emailUpdates.deleteExpired(nowSeconds);
	await stores.console.deleteExpired(nowSeconds, nowSeconds - CONSOLE_IDLE_SECONDS, nowSeconds - CONSOLE_SESSION_SECONDS);
}

/** One database with everything Holm keeps: the stores, the limit state, and their upkeep. */
export interface Storage {
	readonly kind: "sqlite" | "postgres";
	readonly stores: Stores;
	/** Where the rate limits of API.md section 4 keep their state (memory for SQLite). */
	readonly limitStore: LimitStore;
	/** Resolves once the database answers; rejects while it does not. */
	ping(): Promise<void>;
	/** Bytes the database takes, for the metrics. */
	size(): Promise<number>;
	/** Deletes what expired: requests, and limit state kept in the database. */
	sweep(nowMs: number): Promise<void>;
	close(): Promise<void>;
}
