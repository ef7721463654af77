// The event table has no AUTOINCREMENT since schema step 12 (its counter was one more WAL page per
// commit that stores an event): a seq, the feed's cursor, must still never be reused, even once the
// sweep has deleted the newest events and the process has restarted, and a database made before
// step 12 must keep its events, their webhook deliveries and its counter.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { HolmEvent } from "../../src/features/events/store.ts";
import { openSqliteStorage } from "../../src/stores/sqlite/index.ts";
import { tempDirsForThisFile } from "../support/server.ts";
import { databaseBeforeStep } from "./schema-before.ts";

const newDir = tempDirsForThisFile();
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
	for (const close of closing) await close();
});

const T0 = 1_700_000_000;

function event(i: number): HolmEvent {
	return { id: `event${i}`.padEnd(24, "x"), time: T0 + i, type: "user_unblocked", userId: `user${i}`.padEnd(24, "x"), clientIp: null, data: {} };
}

function open(path: string) {
	const storage = openSqliteStorage(path, undefined, { retentionDays: 30, webhook: null });
	closing.push(() => storage.close());
	return storage;
}

async function ids(storage: ReturnType<typeof open>, after: string | null): Promise<{ ids: string[]; next: string }> {
	const page = await storage.stores.events.list({ after, userId: null, types: [], limit: 1000 });
	if (page === "INVALID_CURSOR") throw new Error("INVALID_CURSOR");
	return { ids: page.events.map((e) => e.id), next: page.next };
}

test("a reader's cursor neither skips nor re-reads events after the sweep deletes the newest ones and Holm restarts (a seq is never reused)", async () => {
	const path = join(newDir(), "holm.db");
	let storage = open(path);
	for (let i = 0; i < 5; i++) await storage.stores.events.append([event(i)]);
	const caughtUp = (await ids(storage, null)).next; // a reader that has read all five
	const midway = (await storage.stores.events.list({ after: null, userId: null, types: [], limit: 2 })) as { next: string }; // one that read two
	// Every event expires: the sweep deletes all of them, the newest too.
	await storage.stores.events.deleteOlderThan(T0 + 1000);
	expect((await ids(storage, null)).ids).toEqual([]);
	await storage.close();

	storage = open(path);
	for (let i = 5; i < 12; i++) await storage.stores.events.append([event(i)]);
	const fresh = Array.from({ length: 7 }, (_, k) => event(5 + k).id);
	// With positions counted again from 1, the caught-up reader would skip the first five new events
	// and the other would skip two; each must read exactly the new ones, in order.
	expect((await ids(storage, caughtUp)).ids).toEqual(fresh);
	expect((await ids(storage, midway.next)).ids).toEqual(fresh);
	expect(Number((await ids(storage, null)).next)).toBe(12);
});

test("schema step 12 keeps an existing database's events, webhook deliveries and counter, without AUTOINCREMENT", async () => {
	const path = join(newDir(), "holm.db");
	// A database as step 10 left it, with events whose newest were swept: the counter is ahead of the rows.
	const old = databaseBeforeStep(path, "CREATE TABLE event_seq_floor");
	const insert = old.prepare("INSERT INTO event (id, time, type, user_id, client_ip, data) VALUES (?, ?, 'user_unblocked', ?, NULL, '{}')");
	for (let i = 0; i < 8; i++) insert.run(event(i).id, T0 + i, event(i).userId);
	old.run("INSERT INTO webhook_delivery (event_seq, due_at, attempts, claim) VALUES (3, 123, 2, NULL), (4, 456, 0, 'claimtoken')");
	old.run("DELETE FROM event WHERE seq > 5"); // the newest three swept: the counter stays at 8
	expect(old.query("SELECT seq FROM sqlite_sequence WHERE name = 'event'").get()).toEqual({ seq: 8 });
	old.close();

	const storage = open(path);
	const db = new Database(path, { readonly: true });
	try {
		const { sql } = db.query<{ sql: string }, []>("SELECT sql FROM sqlite_master WHERE name = 'event'").get()!;
		expect(sql).not.toContain("AUTOINCREMENT");
		// (event_user_id, made again by step 12, is replaced by the table event_user in step 13.)
		expect(db.query("SELECT name FROM sqlite_master WHERE name IN ('event_user', 'webhook_delivery_due_at') ORDER BY name").all()).toEqual([
			{ name: "event_user" },
			{ name: "webhook_delivery_due_at" },
		]);
		expect(db.query("SELECT seq, id FROM event ORDER BY seq").all()).toEqual(Array.from({ length: 5 }, (_, i) => ({ seq: i + 1, id: event(i).id })));
		expect(db.query("SELECT event_seq, due_at, attempts, claim FROM webhook_delivery ORDER BY event_seq").all()).toEqual([
			{ event_seq: 3, due_at: 123, attempts: 2, claim: null },
			{ event_seq: 4, due_at: 456, attempts: 0, claim: "claimtoken" },
		]);
		expect(db.query("PRAGMA foreign_key_check").all()).toEqual([]);
	} finally {
		db.close();
	}
	// The next event takes the seq after AUTOINCREMENT's counter, not after the newest row left.
	await storage.stores.events.append([event(8)]);
	const after5 = await ids(storage, "5");
	expect(after5.ids).toEqual([event(8).id]);
	expect(after5.next).toBe("9");
	// Deleting an event still takes its webhook delivery with it.
	await storage.stores.events.deleteOlderThan(T0 + 3); // seqs 1 to 3 (times T0 to T0 + 2)
	const check = new Database(path, { readonly: true });
	try {
		expect(check.query("SELECT event_seq FROM webhook_delivery").all()).toEqual([{ event_seq: 4 }]);
	} finally {
		check.close();
	}
});
