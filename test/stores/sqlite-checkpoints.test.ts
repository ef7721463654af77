// The writer checkpoints the WAL on a timer (src/stores/sqlite/index.ts) rather than inside the
// commit that crosses wal_autocheckpoint pages, so no request waits for a checkpoint's fsyncs and
// writes that store an event do not pay for more of them. What was committed must still reach the
// database file within a second or two, and the WAL stay bounded.
import { afterAll, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import type { HolmEvent } from "../../src/features/events/store.ts";
import { openSqliteStorage } from "../../src/stores/sqlite/index.ts";
import { tempDirsForThisFile } from "../support.ts";

const newDir = tempDirsForThisFile();
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
	for (const close of closing) await close();
});

function event(i: number): HolmEvent {
	return { id: `event${i}`.padEnd(24, "x"), time: 1_700_000_000 + i, type: "user_unblocked", userId: `user${i}`.padEnd(24, "x"), clientIp: null, data: {} };
}

test("commits reach the database file within a second or two, with no commit checkpointing", async () => {
	const path = join(newDir(), "holm.db");
	const storage = openSqliteStorage(path, undefined, { retentionDays: 30, webhook: null });
	closing.push(() => storage.close());
	const before = statSync(path).size;
	// 500 commits of one event each: a few dozen new pages of the event table and its index, and
	// about 1,500 WAL frames, past the 1,000 at which SQLite would checkpoint by itself.
	for (let i = 0; i < 500; i++) await storage.stores.events.append([event(i)]);
	expect(statSync(path).size).toBe(before); // still only in the WAL: no commit checkpointed
	expect(statSync(`${path}-wal`).size).toBeGreaterThan(1000 * 4096);
	const deadline = Date.now() + 3000;
	while (statSync(path).size === before && Date.now() < deadline) await Bun.sleep(50);
	expect(statSync(path).size).toBeGreaterThan(before); // the timer's checkpoint copied them
});
