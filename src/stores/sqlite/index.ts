// Every feature's store on one SQLite database, statements prepared once.
import type { Database } from "bun:sqlite";
import { createMemoryLimitStore } from "../../limits.ts";
import { deleteExpiredRows, NO_WEBHOOK_EVENTS, type EventSettings, type Storage, type Stores } from "../index.ts";
import { CONNECTION_PRAGMAS, openAndMigrate } from "./db/open.ts";
import { openSnapshotReads, type SnapshotReads } from "./db/snapshot-reads.ts";
import { createSqliteConsoleStore } from "./console.ts";
import { createSqliteEmailSignInStore } from "./email-sign-in.ts";
import { createSqliteEmailUpdateStore } from "./email-update.ts";
import { createSqliteEmailVerificationStore } from "./email-verification.ts";
import { createSqliteEventLog } from "./events.ts";
import { createSqlitePasskeyStore } from "./passkeys.ts";
import { createSqliteWebhookQueue } from "./webhook-queue.ts";
import { createSqlitePasswordResetStore } from "./password-reset.ts";
import { createSqlitePasswordStore } from "./passwords.ts";
import { createSqliteSessionStore } from "./sessions.ts";
import { createSqliteTwoFactorStore } from "./two-factor.ts";
import { createSqliteUserImportStore } from "./user-imports.ts";
import { createSqliteUserStore } from "./users.ts";

function createStores(db: Database, reads: SnapshotReads, settings: EventSettings, now: () => number): Stores {
	const events = createSqliteEventLog(db, reads, settings);
	const seconds = (): number => Math.floor(now() / 1000);
	return {
		users: createSqliteUserStore(db, reads, events),
		passwords: createSqlitePasswordStore(db, events),
		passwordResets: createSqlitePasswordResetStore(db, reads, events, seconds),
		emailSignIns: createSqliteEmailSignInStore(db, reads, events, seconds),
		emailVerifications: createSqliteEmailVerificationStore(db, reads, events, seconds),
		emailUpdates: createSqliteEmailUpdateStore(db, reads, events, seconds),
		twoFactor: createSqliteTwoFactorStore(db, reads, events, seconds),
		passkeys: createSqlitePasskeyStore(db, reads, events),
		events: events.store,
		userImports: createSqliteUserImportStore(db),
		console: createSqliteConsoleStore(db, seconds),
		sessions: createSqliteSessionStore(db, reads, events, seconds),
	};
}

// SQLite's own checkpoint runs inside the commit that takes the WAL past wal_autocheckpoint
// pages (1,000 by default), and a checkpoint syncs the WAL and the database file to disk: that
// commit's request waits for two fsyncs. A commit that writes more pages (a change and its event:
// the row's page, the event's, its index's, the AUTOINCREMENT counter's) reaches the mark sooner,
// so every write that stores an event paid for 4 to 5 times as many of those waits as the same
// write without one (POST /users/{id}/regenerate-recovery-code: a third of its rate and more on a
// busy disk; docs/benchmarks.md). Here the writer checkpoints once a second instead, whatever each
// commit writes; the automatic one stays as a bound on the WAL (about 40 MB) for a second of
// writes faster than that.
const CHECKPOINT_EVERY_MS = 1000;
const WAL_BOUND_PAGES = 10_000;

function checkpointOnATimer(db: Database): ReturnType<typeof setInterval> {
	db.run(`PRAGMA wal_autocheckpoint = ${WAL_BOUND_PAGES}`);
	// PASSIVE: copies what no reader still needs and never waits for a lock, so a backup or a
	// long read delays it to the next second instead of blocking this process.
	const timer = setInterval(function checkpoint() {
		try {
			db.run("PRAGMA wal_checkpoint(PASSIVE)");
		} catch {
			// A disk that fails here fails the next write too, which answers for it; this one
			// is tried again next second, and the automatic checkpoint still bounds the WAL.
		}
	}, CHECKPOINT_EVERY_MS);
	timer.unref();
	return timer;
}

/** Opens (creating) the database file and brings its schema up to date. Limits live in memory:
 *  one SQLite file serves one instance, whose clock (`now`, in milliseconds) judges expiry. */
export function openSqliteStorage(path: string, limiterCapacity?: number, events: EventSettings = NO_WEBHOOK_EVENTS, now: () => number = Date.now): Storage {
	const { db, migrated } = openAndMigrate(path);
	const reads = openSnapshotReads(path, db, CONNECTION_PRAGMAS);
	const checkpoints = checkpointOnATimer(db);
	const stores = createStores(db, reads, events, now);
	return {
		kind: "sqlite",
		migrated,
		stores,
		limitStore: createMemoryLimitStore(limiterCapacity, now),
		webhookQueue: createSqliteWebhookQueue(db),
		async ping() {
			// Reads the schema version: unlike `SELECT 1`, that takes a read transaction on the file.
			db.query("PRAGMA user_version").get();
		},
		async size() {
			const row = db.query<{ bytes: number }, []>("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()").get();
			return row?.bytes ?? 0;
		},
		async sweep(nowMs) {
			await deleteExpiredRows(stores, Math.floor(nowMs / 1000), events);
		},
		// One process, one clock: the injected one judges everything.
		clockSkewMs: async () => null,
		timeoutReason: () => null,
		async close() {
			clearInterval(checkpoints);
			reads.close();
			db.close();
		},
	};
}
