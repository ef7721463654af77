// Every transaction of the writer connection begins with BEGIN IMMEDIATE, which takes SQLite's
// write lock at once and, when another connection holds it (the checkpoint thread's RESTART while
// it copies the WAL back, a backup, a `holm` command in another process), waits for it up to the
// busy timeout. A deferred BEGIN reads first and asks for the lock at its first write; SQLite does
// not wait there (a read turning into a write could deadlock), so it failed at once with
// "database is locked", a 500. Nested calls are savepoints, as with db.transaction.
import type { Database } from "bun:sqlite";

export function writeTransaction<A extends unknown[], T>(db: Database, work: (...args: A) => T): (...args: A) => T {
	return db.transaction(work).immediate;
}
