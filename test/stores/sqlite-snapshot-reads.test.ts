// The read-only connection that keeps its read transaction open (src/stores/sqlite/db/snapshot-reads.ts)
// must never show a state older than what this process has committed, and must never hold the
// WAL back beyond the turn of the event loop it was opened in.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { CONNECTION_PRAGMAS, openDatabase } from "../../src/stores/sqlite/db/open.ts";
import { openSnapshotReads } from "../../src/stores/sqlite/db/snapshot-reads.ts";
import { tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const opened: { close(): void }[] = [];
afterAll(() => {
	for (const connection of opened.reverse()) connection.close();
});

function open(): { writer: Database; reads: ReturnType<typeof openSnapshotReads> } {
	const path = join(newDir(), "holm.db");
	const writer = openDatabase(path);
	const reads = openSnapshotReads(path, writer, CONNECTION_PRAGMAS);
	opened.push(writer, reads);
	return { writer, reads };
}

test("a read right after a write, in the same turn, sees the write", () => {
	const { writer, reads } = open();
	const count = reads.prepare<{ n: number }>("SELECT count(*) AS n FROM user");
	expect(count.get()!.n).toBe(0); // opens the snapshot
	writer.run("INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES ('a', 1, NULL, 'h', 'R')");
	expect(count.get()!.n).toBe(1);
	writer.transaction(() => {
		writer.run("INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES ('b', 2, NULL, 'h', 'R')");
		writer.run("DELETE FROM user WHERE id = 'a'");
	})();
	expect(reads.prepare<{ id: string }>("SELECT id FROM user").all().map((row) => row.id)).toEqual(["b"]);
});

test("the snapshot ends with the turn, so a checkpoint can take the whole WAL", async () => {
	const { writer, reads } = open();
	const count = reads.prepare<{ n: number }>("SELECT count(*) AS n FROM user");
	count.get();
	writer.run("INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES ('a', 1, NULL, 'h', 'R')");
	count.get(); // a snapshot that includes the insert, still open
	await new Promise((resolve) => setImmediate(resolve));
	await new Promise((resolve) => setImmediate(resolve));
	const checkpoint = writer.query<{ busy: number; log: number; checkpointed: number }, []>("PRAGMA wal_checkpoint(TRUNCATE)").get()!;
	expect(checkpoint.busy).toBe(0);
});

test("reads between writes, in one turn, do not keep the WAL from being checkpointed and restarted", () => {
	const { writer, reads } = open();
	const count = reads.prepare<{ n: number }>("SELECT count(*) AS n FROM user");
	const insert = writer.prepare<void, [string]>("INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES (?, 1, NULL, ?1, 'R')");
	for (let i = 0; i < 3000; i++) {
		count.get();
		insert.run(`user-${i}-${"x".repeat(200)}`);
	}
	// Without the snapshot ending before each write, every commit happened under an open snapshot,
	// no checkpoint could restart the WAL, and it held every page ever written (tens of MB).
	const wal = Bun.file(`${writer.filename}-wal`).size;
	expect(wal).toBeLessThan(8 * 1024 * 1024);
	expect(count.get()!.n).toBe(3000);
});

test("the reader cannot write", () => {
	const { reads } = open();
	expect(() => reads.prepare("DELETE FROM user").all()).toThrow();
});
