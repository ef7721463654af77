// Every feature's store, as the features see them: one interface per feature, implemented once per
// database (src/stores/sqlite/, src/stores/postgres/). Features never learn which one they talk to.
import type { ConsoleStore } from "../features/console/store.ts";
import type { EmailSignInStore } from "../features/email-sign-in/store.ts";
import type { EmailUpdateStore } from "../features/email-update/store.ts";
import type { EmailVerificationStore } from "../features/email-verification/store.ts";
import type { EventStore, WebhookQueue } from "../features/events/store.ts";
import type { ExternalSignInStore } from "../features/identity-providers/store.ts";
import type { PasskeyStore } from "../features/passkeys/store.ts";
import type { PasswordResetStore } from "../features/password-reset/store.ts";
import type { PasswordStore } from "../features/passwords/store.ts";
import type { SessionStore } from "../features/sessions/store.ts";
import type { SessionSettings } from "../features/sessions/settings.ts";
import type { TwoFactorStore } from "../features/two-factor/store.ts";
import type { UserImportStore } from "../features/user-imports/store.ts";
import type { UserStore } from "../features/users/store.ts";
import type { LimitStore } from "../limits.ts";

export interface Stores {
	users: UserStore;
	passwords: PasswordStore;
	passwordResets: PasswordResetStore;
	emailSignIns: EmailSignInStore;
	emailVerifications: EmailVerificationStore;
	emailUpdates: EmailUpdateStore;
	twoFactor: TwoFactorStore;
	events: EventStore;
	passkeys: PasskeyStore;
	userImports: UserImportStore;
	console: ConsoleStore;
	sessions: SessionStore;
	identities: ExternalSignInStore;
}

/** How events are kept (API.md section 11). */
export interface EventSettings {
	/** Days an event is kept; 0 stores none. */
	retentionDays: number;
	/** With --webhook-url: each stored event of these types (null: every type) is queued for delivery. */
	webhook: { types: ReadonlySet<string> | null } | null;
	/** The session timeouts the sweep judges by (API.md section 13); the defaults when absent. */
	sessions?: SessionSettings;
}

export const NO_WEBHOOK_EVENTS: EventSettings = { retentionDays: 30, webhook: null };

/** A busy turn's writes in one transaction (SQLite): grouped from group() until commit(), which
 *  says why not, in words safe to log, when the group's writes could not be committed. */
export interface TurnCommits {
	group(): void;
	commit(): string | null;
}

/** One database with everything Holm keeps: the stores, the limit state, and their upkeep. */
export interface Storage {
	readonly kind: "sqlite" | "postgres";
	/** The schema steps this open applied: from+1 … to (none when equal; from 0, a new database). */
	readonly migrated: { from: number; to: number };
	/** What an operator should hear about at start (a missing index, say). */
	readonly startWarnings?: readonly string[];
	/** How the database connection is carried, for the start line (PostgreSQL: TLS or not). */
	readonly transport?: string;
	/** How statements are sent, for the start line (PostgreSQL: prepared, or unnamed behind a pooler
	 *  that does not keep prepared statements). */
	readonly statements?: string;
	readonly stores: Stores;
	/** Where the rate limits of API.md section 4 keep their state (memory for SQLite). */
	readonly limitStore: LimitStore;
	/** The webhook deliveries waiting (API.md section 11). */
	readonly webhookQueue: WebhookQueue;
	/** SQLite: a busy turn's writes in one transaction, committed before its answers leave
	 *  (sqlite/db/turn-commits.ts). PostgreSQL has none: its commits are its server's. */
	readonly turnCommits?: TurnCommits;
	/** Resolves once the database answers; rejects while it does not. */
	ping(): Promise<void>;
	/** Bytes the database takes, for the metrics. */
	size(): Promise<number>;
	/** Deletes what expired: requests, and limit state kept in the database. `nowMs` is this
	 *  instance's clock; a database that several instances share judges by its own instead. */
	sweep(nowMs: number): Promise<void>;
	/** How far this instance's clock is ahead of the database's, in milliseconds (negative when
	 *  behind); null where the instance's clock is the only one (SQLite). */
	clockSkewMs(instanceNow: () => number): Promise<number | null>;
	/** When a failure is the database not answering in time (a lock or statement timeout, no
	 *  connection in time), why, in words safe to log: answered 503 UNAVAILABLE, not 500. Null for
	 *  any other failure. */
	timeoutReason(error: unknown): string | null;
	close(): Promise<void>;
}
