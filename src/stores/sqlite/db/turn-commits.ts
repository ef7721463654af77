// Under load, the writes of one turn of the event loop commit together.
//
// A commit that stores one change writes each page it touched to the WAL: the changed row's page,
// and for a change with its event (the outbox) the event table's last page too, about 1.2 frames
// more, each two `pwrite`s. A busy turn's writes in one transaction write each shared page once
// (the event table's last page for all of them), and take and drop SQLite's locks once. The
// listener's answers of a busy turn already wait for its end (src/http/answers-together.ts), so
// the commit comes before any of them leaves: an answer never says a write happened that is not
// committed. (docs/decisions.md, "A busy turn's writes commit together on SQLite"; the
// measurements are in docs/benchmarks.md.)
//
// While a turn is grouped, its first write (any use of the writer) begins BEGIN IMMEDIATE, and the
// stores' own transactions inside it are savepoints (bun:sqlite nests them so): a write that fails
// rolls back alone, as before. Reads that would go to the snapshot reader go to the writer while
// the group is open (db/snapshot-reads.ts), so a request reads what it wrote. At the turn's end
// the group commits. If it cannot (the disk is full, an I/O error), or SQLite has rolled the whole
// transaction back after an error inside it, none of the turn's writes happened: commit() says so,
// and the in-memory mirrors of stored rows are forgotten; the listener then answers every request
// in flight with a 500 (answers-together.ts).
import type { Database } from "bun:sqlite";
import type { TurnCommits } from "../../index.ts";

/** group(): from now until commit(), the writer's writes share one transaction, begun at the
 *  first. commit(): commits it, if a write began one; null when every write of the group is
 *  committed (or there was none), otherwise why not. */
export interface SqliteTurnCommits extends TurnCommits {
	/** Whether a group's transaction is open now: reads must go to the writer to see its writes. */
	readonly open: boolean;
	/** `forget` runs after a group's writes were lost: for what mirrors rows in memory. */
	onLost(forget: () => void): void;
	/** Resolves once no group's transaction is open: at once, or when the open one is committed or
	 *  lost. For what acts outside a request on what it reads (a webhook delivery), which must not
	 *  act on a write that may yet be lost. */
	settled(): Promise<void>;
}

/** Turn commits on `writer`; `beforeUse` must run before every use of it (db/snapshot-reads.ts
 *  wraps the writer so). Prepared before that wrapping, so that beginning is not itself a use. */
export function createTurnCommits(writer: Database): SqliteTurnCommits & { beforeUse(): void } {
	const begin = writer.prepare("BEGIN IMMEDIATE");
	const commit = writer.prepare("COMMIT");
	const rollback = writer.prepare("ROLLBACK");
	const forgetters: (() => void)[] = [];
	let waiting: (() => void)[] = [];
	let grouping = false;
	let open = false;

	function settle(): void {
		const ready = waiting;
		waiting = [];
		for (const resolve of ready) resolve();
	}

	function lost(reason: string): string {
		for (const forget of forgetters) forget();
		return reason;
	}

	return {
		beforeUse() {
			if (!grouping || open) return;
			// Only a transaction begun without this module could be open here (a store's own begins
			// after this call, and nests in ours): it is left alone, never nested in a BEGIN.
			if (writer.inTransaction) return;
			begin.run();
			open = true;
		},
		group() {
			grouping = true;
		},
		commit() {
			grouping = false;
			if (!open) return null;
			open = false;
			try {
				if (!writer.inTransaction) return lost("SQLite rolled the turn's transaction back after an error within it");
				try {
					commit.run();
					return null;
				} catch (error) {
					try {
						if (writer.inTransaction) rollback.run();
					} catch {
						// Already rolled back; nothing of the group is kept either way.
					}
					return lost(`the turn's commit failed: ${error instanceof Error ? error.message : String(error)}`);
				}
			} finally {
				settle();
			}
		},
		get open() {
			return open;
		},
		onLost(forget) {
			forgetters.push(forget);
		},
		settled() {
			return open ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve();
		},
	};
}
