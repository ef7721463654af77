// Every feature's store on one SQLite database, statements prepared once.
import type { Database } from "bun:sqlite";
import { createMemoryLimitStore } from "../../limits.ts";
import type { Logger } from "../../log.ts";
import { NO_WEBHOOK_EVENTS, type EventSettings, type Storage, type Stores } from "../index.ts";
import { deleteExpiredRows } from "../sweep.ts";
import { startCheckpointer, type Checkpointer } from "./checkpointer.ts";
import { CONNECTION_PRAGMAS, openAndMigrate } from "./db/open.ts";
import { openSnapshotReads, type SnapshotReads } from "./db/snapshot-reads.ts";
import { createTurnCommits, type SqliteTurnCommits } from "./db/turn-commits.ts";
import { createSqliteConsoleStore } from "./console.ts";
import { createSqliteEmailSignInStore } from "./email-sign-in.ts";
import { createSqliteEmailUpdateStore } from "./email-update.ts";
import { createSqliteEmailVerificationStore } from "./email-verification.ts";
import { createSqliteEventLog } from "./events.ts";
import { createSqliteIdentityStore } from "./identities.ts";
import { createSqlitePasskeyStore } from "./passkeys.ts";
import { createSqliteWebhookQueue } from "./webhook-queue.ts";
import { createSqlitePasswordResetStore } from "./password-reset.ts";
import { createSqlitePasswordStore } from "./passwords.ts";
import { createSqliteSessionStore } from "./sessions.ts";
import { createSqliteTwoFactorStore } from "./two-factor.ts";
import { createSqliteUserImportStore } from "./user-imports.ts";
import { createSqliteUserStore } from "./users.ts";

function createStores(db: Database, reads: SnapshotReads, settings: EventSettings, now: () => number, turns: SqliteTurnCommits): Stores {
	const events = createSqliteEventLog(db, reads, settings);
	const seconds = (): number => Math.floor(now() / 1000);
	return {
		users: createSqliteUserStore(db, reads, events, seconds, turns),
		passwords: createSqlitePasswordStore(db, events, seconds),
		passwordResets: createSqlitePasswordResetStore(db, reads, events, seconds),
		emailSignIns: createSqliteEmailSignInStore(db, reads, events, seconds),
		emailVerifications: createSqliteEmailVerificationStore(db, reads, events, seconds),
		emailUpdates: createSqliteEmailUpdateStore(db, reads, events, seconds),
		twoFactor: createSqliteTwoFactorStore(db, reads, events, seconds),
		passkeys: createSqlitePasskeyStore(db, reads, events, seconds),
		events: events.store,
		userImports: createSqliteUserImportStore(db),
		console: createSqliteConsoleStore(db, seconds),
		sessions: createSqliteSessionStore(db, reads, events, seconds),
		identities: createSqliteIdentityStore(db, reads, events, seconds),
	};
}

// SQLite's own checkpoint runs inside the commit that takes the WAL past wal_autocheckpoint
// pages (1,000 by default), and a checkpoint syncs the WAL and the database file to disk: that
// commit's request waits for two fsyncs. A commit that writes more pages (a change and its event:
// the row's page, the event's, its index's) reaches the mark sooner, so every write that stores
// an event paid for 3 times as many of those waits as the same write without one
// (POST /users/{id}/regenerate-recovery-code; docs/benchmarks.md). A timer on this thread moved
// the wait out of most commits but still blocked the event loop for the copy and its fsyncs.
// Now a worker thread with its own connection checkpoints (checkpointer.ts): PASSIVE every
// CHECKPOINT_EVERY_MS, which never holds up a commit, and a RESTART when the WAL has grown past
// RESTART_AT_PAGES under a steady stream of commits (checkpointer-worker.ts). The writer's
// automatic checkpoint stays, far above that, as the bound should the worker be held back or
// lost; and when the WAL starts over, the writer cuts the file back to WAL_FILE_LIMIT_BYTES.
const CHECKPOINT_EVERY_MS = 250;
const RESTART_AT_PAGES = 4096; // 16 MB of 4 KB pages
const WAL_BOUND_PAGES = 100_000;
const WAL_FILE_LIMIT_BYTES = 64 * 1024 * 1024;
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

/** Who checkpoints the WAL: a worker thread, for a server that runs for long; or SQLite itself
 *  within the commit that crosses its mark, for a command that opens the database and exits (a
 *  thread would only cost its start-up there). `warn` is told, once, when the thread cannot start
 *  or fails, and SQLite takes the checkpoints back. */
export type Checkpoints = { by: "worker"; warn: Logger["warn"] } | { by: "sqlite" };

function checkpointFromAWorker(path: string, db: Database, warn: Logger["warn"]): Checkpointer {
	db.run(`PRAGMA wal_autocheckpoint = ${WAL_BOUND_PAGES}`);
	db.run(`PRAGMA journal_size_limit = ${WAL_FILE_LIMIT_BYTES}`);
	return startCheckpointer(path, {
		everyMs: CHECKPOINT_EVERY_MS,
		restartAtPages: RESTART_AT_PAGES,
		onLost(reason) {
			// Without the worker, SQLite's own checkpoint keeps the WAL small, as it would anywhere.
			try {
				db.run(`PRAGMA wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
			} catch {
				return; // closed meanwhile: nothing left to bound, nobody to tell
			}
			warn("the WAL checkpoint thread failed or could not start; SQLite checkpoints within commits from now on, so some writes wait for its fsyncs", { reason });
		},
	});
}

/** Opens (creating) the database file and brings its schema up to date. Limits live in memory:
 *  one SQLite file serves one instance, whose clock (`now`, in milliseconds) judges expiry. */
export function openSqliteStorage(
	path: string,
	limiterCapacity?: number,
	events: EventSettings = NO_WEBHOOK_EVENTS,
	now: () => number = Date.now,
	checkpoints: Checkpoints = { by: "sqlite" },
): Storage {
	const { db, migrated } = openAndMigrate(path);
	const turnCommits = createTurnCommits(db);
	const reads = openSnapshotReads(path, db, CONNECTION_PRAGMAS, turnCommits);
	const stores = createStores(db, reads, events, now, turnCommits);
	const limitStore = createMemoryLimitStore(limiterCapacity, now);
	const webhookQueue = createSqliteWebhookQueue(db, turnCommits);
	// Last, once nothing left can throw and leave the thread running.
	const checkpointer = checkpoints.by === "worker" ? checkpointFromAWorker(path, db, checkpoints.warn) : null;
	return {
		kind: "sqlite",
		migrated,
		stores,
		limitStore,
		webhookQueue,
		turnCommits,
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
			// A group still open has no answer waiting on it that could be told otherwise.
			turnCommits.commit();
			await checkpointer?.stop(); // before the writer closes, so its close can checkpoint the rest and remove the WAL
			reads.close();
			db.close();
		},
	};
}
