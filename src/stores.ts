// Every feature's SQL, prepared once per database.
import type { Database } from "bun:sqlite";
import { createEmailUpdateStore } from "./features/email-update/store.ts";
import { createEmailVerificationStore } from "./features/email-verification/store.ts";
import { createPasswordResetStore } from "./features/password-reset/store.ts";
import { createPasswordStore } from "./features/passwords/store.ts";
import { createTwoFactorStore } from "./features/two-factor/store.ts";
import { createUserStore } from "./features/users/store.ts";

export function createStores(db: Database) {
	return {
		users: createUserStore(db),
		passwords: createPasswordStore(db),
		passwordResets: createPasswordResetStore(db),
		emailVerifications: createEmailVerificationStore(db),
		emailUpdates: createEmailUpdateStore(db),
		twoFactor: createTwoFactorStore(db),
	};
}

export type Stores = ReturnType<typeof createStores>;

/** Removes rows that are already invisible because they expired. */
export function deleteExpiredRows(stores: Stores, nowSeconds: number): void {
	stores.passwordResets.deleteExpired(nowSeconds);
	stores.emailVerifications.deleteExpired(nowSeconds);
	stores.emailUpdates.deleteExpired(nowSeconds);
	stores.twoFactor.deleteExpired(nowSeconds);
}
