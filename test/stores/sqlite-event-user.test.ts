// One user's events on SQLite are found through event_user (schema steps 13 and 14), filled in
// batches of USER_INDEX_BATCH writes and at each sweep, not through an index written with every
// event (one more WAL page a commit), and keyed by part (seq / USER_INDEX_PART) first, so that a
// batch writes the newest part's pages only. A read of a user's events takes the rows up to the batch's mark from
// event_user and the newer ones from the event table: it must still see every event of the user
// once, in order, the one just written too, in the feed and in the console; the sweep must take
// expired events' entries with them; and a database made before step 13 or 14 must keep its users'
// events.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { EventType, HolmEvent } from "../../src/features/events/store.ts";
import { USER_INDEX_BATCH, USER_INDEX_PART } from "../../src/stores/sqlite/events.ts";
import { openSqliteStorage } from "../../src/stores/sqlite/index.ts";
import { tempDirsForThisFile } from "../support/server.ts";
import { databaseBeforeStep } from "./schema-before.ts";

const newDir = tempDirsForThisFile();
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
	for (const close of closing) await close();
});

const T0 = 1_700_000_000;
const USERS = ["alice", "bob", "carol"].map((name) => name.padEnd(24, "x"));

/** Event i: a user's (or, every 5th, nobody's), of one of two types. */
function event(i: number): HolmEvent {
	const type: EventType = i % 3 === 0 ? "sign_in_failed" : "sign_in";
	return { id: `event${i}`.padEnd(24, "x"), time: T0 + i, type, userId: i % 5 === 4 ? null : USERS[i % USERS.length]!, clientIp: null, data: {} };
}

function open(path: string) {
	const storage = openSqliteStorage(path, undefined, { retentionDays: 30, webhook: null });
	closing.push(() => storage.close());
	return storage;
}

/** A user's events through the feed, `limit` at a time, from the start. */
async function feedOfUser(storage: ReturnType<typeof open>, userId: string, types: EventType[], limit: number): Promise<string[]> {
	const seen: string[] = [];
	let after: string | null = null;
	for (;;) {
		const page = await storage.stores.events.list({ after, userId, types, limit });
		if (page === "INVALID_CURSOR") throw new Error("INVALID_CURSOR");
		if (page.events.length === 0) return seen;
		seen.push(...page.events.map((e) => e.id));
		after = page.next;
	}
}

/** A user's events through the console, newest first, `limit` at a time. */
async function consoleOfUser(storage: ReturnType<typeof open>, userId: string, type: string | null, limit: number): Promise<string[]> {
	const seen: string[] = [];
	let before: number | null = null;
	for (;;) {
		const page = await storage.stores.console.recentEvents({ userId, type, since: null, before, limit });
		if (page.length === 0) return seen;
		seen.push(...page.map((row) => row.event.id));
		before = page.at(-1)!.seq;
	}
}

function expected(written: HolmEvent[], userId: string, types: EventType[] = []): string[] {
	return written.filter((e) => e.userId === userId && (types.length === 0 || types.includes(e.type))).map((e) => e.id);
}

test("a user's events are read once each, in order, on both sides of a batch of event_user, the newest (not in a batch yet) too", async () => {
	const storage = open(join(newDir(), "holm.db"));
	const written: HolmEvent[] = [];
	// Checked before the first batch, right after it, and midway through the next.
	for (const upTo of [USER_INDEX_BATCH - 10, USER_INDEX_BATCH, USER_INDEX_BATCH + 1, USER_INDEX_BATCH + 337]) {
		while (written.length < upTo) {
			const next = event(written.length);
			await storage.stores.events.append([next]);
			written.push(next);
		}
		for (const userId of USERS) {
			expect(await feedOfUser(storage, userId, [], 7)).toEqual(expected(written, userId));
			expect(await feedOfUser(storage, userId, ["sign_in_failed"], 50)).toEqual(expected(written, userId, ["sign_in_failed"]));
			expect(await consoleOfUser(storage, userId, null, 9)).toEqual(expected(written, userId).reverse());
			expect(await consoleOfUser(storage, userId, "sign_in", 100)).toEqual(expected(written, userId, ["sign_in"]).reverse());
		}
	}
	// The whole feed is untouched by the batches.
	const all = await storage.stores.events.list({ after: null, userId: null, types: [], limit: 5000 });
	if (all === "INVALID_CURSOR") throw new Error("INVALID_CURSOR");
	expect(all.events.map((e) => e.id)).toEqual(written.map((e) => e.id));
});

test("the sweep deletes expired events' event_user entries with them, and a user's feed goes on from there", async () => {
	const path = join(newDir(), "holm.db");
	const storage = open(path);
	const written = Array.from({ length: USER_INDEX_BATCH + 100 }, (_, i) => event(i));
	for (const e of written) await storage.stores.events.append([e]);
	const cut = 700; // events 0 to 699 expire
	await storage.stores.events.deleteOlderThan(T0 + cut);
	const kept = written.slice(cut);
	const db = new Database(path, { readonly: true });
	try {
		// The sweep also took every event written so far into event_user, and none is left without its event.
		expect(db.query("SELECT seq FROM event_user_upto").get()).toEqual({ seq: written.length });
		expect(db.query("SELECT count(*) AS n FROM event_user").get()).toEqual({ n: kept.filter((e) => e.userId !== null).length });
		expect(db.query("SELECT count(*) AS n FROM event_user u LEFT JOIN event e ON e.seq = u.seq WHERE e.seq IS NULL").get()).toEqual({ n: 0 });
	} finally {
		db.close();
	}
	for (const userId of USERS) expect(await feedOfUser(storage, userId, [], 13)).toEqual(expected(kept, userId));
	const more = Array.from({ length: 5 }, (_, i) => event(written.length + i));
	for (const e of more) await storage.stores.events.append([e]);
	for (const userId of USERS) expect(await feedOfUser(storage, userId, [], 13)).toEqual(expected([...kept, ...more], userId));
});

test("schema step 13 moves a database's users' events from the index event_user_id into event_user", async () => {
	const path = join(newDir(), "holm.db");
	// A database as step 12 left it, with events of several users and of nobody.
	const old = databaseBeforeStep(path, "CREATE TABLE event_user ");
	expect(old.query("SELECT name FROM sqlite_master WHERE name = 'event_user_id'").get()).toEqual({ name: "event_user_id" });
	const insert = old.prepare("INSERT INTO event (seq, id, time, type, user_id, client_ip, data) VALUES (?, ?, ?, ?, ?, NULL, '{}')");
	const written = Array.from({ length: 40 }, (_, i) => event(i));
	written.forEach((e, i) => insert.run(i + 1, e.id, e.time, e.type, e.userId));
	old.close();

	const storage = open(path);
	const db = new Database(path, { readonly: true });
	try {
		expect(db.query("SELECT name FROM sqlite_master WHERE name = 'event_user_id'").get()).toBeNull();
		expect(db.query("SELECT seq FROM event_user_upto").get()).toEqual({ seq: 40 });
		expect(db.query("SELECT user_id, seq FROM event_user ORDER BY seq").all()).toEqual(
			written.flatMap((e, i) => (e.userId === null ? [] : [{ user_id: e.userId, seq: i + 1 }])),
		);
	} finally {
		db.close();
	}
	const next = event(40);
	await storage.stores.events.append([next]);
	for (const userId of USERS) {
		expect(await feedOfUser(storage, userId, [], 4)).toEqual(expected([...written, next], userId));
		expect(await consoleOfUser(storage, userId, null, 4)).toEqual(expected([...written, next], userId).reverse());
	}
});

/** Event i of a run that spans parts: most are the three USERS', a few a rare user's, far apart. */
const RARE = "dave".padEnd(24, "x");
function spreadEvent(i: number, rareAt: ReadonlySet<number>): HolmEvent {
	return { ...event(i), userId: rareAt.has(i) ? RARE : event(i).userId };
}

test("a user's events are read once each, in order, across the parts of event_user, past parts without theirs too", async () => {
	const path = join(newDir(), "holm.db");
	await open(path).close();
	closing.pop();
	// The first event's seq is 100 before the end of part 0: the run crosses into parts 1, 2 and 3.
	const db = new Database(path);
	db.run("UPDATE event_seq_floor SET seq = ?", [USER_INDEX_PART - 101]);
	db.close();
	const storage = open(path);
	const count = 3 * USER_INDEX_PART + 500;
	// The rare user's events: in part 0, twice in part 1, none in part 2, then part 3 and the newest
	// (after the last batch).
	const rareAt = new Set([3, 150, 5000, 2 * USER_INDEX_PART + 200, count - 2]);
	const written = Array.from({ length: count }, (_, i) => spreadEvent(i, rareAt));
	for (let i = 0; i < count; i += 2000) await storage.stores.events.append(written.slice(i, i + 2000));

	const check = async (events: HolmEvent[]) => {
		for (const limit of [1, 2, 100]) {
			expect(await feedOfUser(storage, RARE, [], limit)).toEqual(expected(events, RARE));
			expect(await consoleOfUser(storage, RARE, null, limit)).toEqual(expected(events, RARE).reverse());
		}
		expect(await feedOfUser(storage, RARE, ["sign_in_failed"], 1)).toEqual(expected(events, RARE, ["sign_in_failed"]));
		const bulk = USERS[1]!;
		expect(await feedOfUser(storage, bulk, [], 997)).toEqual(expected(events, bulk));
		expect(await feedOfUser(storage, bulk, ["sign_in"], 3000)).toEqual(expected(events, bulk, ["sign_in"]));
		expect(await consoleOfUser(storage, bulk, "sign_in_failed", 1201)).toEqual(expected(events, bulk, ["sign_in_failed"]).reverse());
	};
	await check(written);
	const reader = new Database(path, { readonly: true });
	try {
		expect(reader.query("SELECT DISTINCT part FROM event_user ORDER BY part").all()).toEqual([0, 1, 2, 3].map((part) => ({ part })));
		expect(reader.query("SELECT count(*) AS n FROM event_user WHERE part != seq / ?").get(USER_INDEX_PART)).toEqual({ n: 0 });
	} finally {
		reader.close();
	}

	// The sweep, cutting part 2 in two: parts 0 and 1 go whole, part 2's older entries with them.
	const cut = 2 * USER_INDEX_PART + 100 - (USER_INDEX_PART - 100); // the index of the event with seq 2 × PART + 100
	expect(written[cut]!.time).toBe(T0 + cut);
	await storage.stores.events.deleteOlderThan(T0 + cut);
	const kept = written.slice(cut);
	const after = new Database(path, { readonly: true });
	try {
		expect(after.query("SELECT min(seq) AS seq FROM event_user").get()).toEqual({ seq: 2 * USER_INDEX_PART + 100 });
		expect(after.query("SELECT count(*) AS n FROM event_user").get()).toEqual({ n: kept.filter((e) => e.userId !== null).length });
	} finally {
		after.close();
	}
	await check(kept);
});

test("schema step 14 keys a database's event_user entries by part, and its users' events read as before", async () => {
	const path = join(newDir(), "holm.db");
	// A database as step 13 left it: entries (user_id, seq), some past the first part.
	const old = databaseBeforeStep(path, "CREATE TABLE event_user_by_part ");
	const insert = old.prepare("INSERT INTO event (seq, id, time, type, user_id, client_ip, data) VALUES (?, ?, ?, ?, ?, NULL, '{}')");
	const entry = old.prepare("INSERT INTO event_user (user_id, seq) VALUES (?, ?)");
	const first = USER_INDEX_PART - 20;
	const written = Array.from({ length: 60 }, (_, i) => event(i));
	written.forEach((e, i) => {
		insert.run(first + i, e.id, e.time, e.type, e.userId);
		if (e.userId !== null && i < 50) entry.run(e.userId, first + i);
	});
	old.run("UPDATE event_user_upto SET seq = ?", [first + 49]);
	old.run("UPDATE event_seq_floor SET seq = ?", [first + 59]);
	old.close();

	const storage = open(path);
	const db = new Database(path, { readonly: true });
	try {
		expect(db.query("SELECT part, user_id, seq FROM event_user ORDER BY seq").all()).toEqual(
			written.flatMap((e, i) => (e.userId === null || i >= 50 ? [] : [{ part: Math.floor((first + i) / USER_INDEX_PART), user_id: e.userId, seq: first + i }])),
		);
	} finally {
		db.close();
	}
	for (const userId of USERS) {
		expect(await feedOfUser(storage, userId, [], 4)).toEqual(expected(written, userId));
		expect(await consoleOfUser(storage, userId, null, 4)).toEqual(expected(written, userId).reverse());
	}
});
