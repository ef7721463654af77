// Events on SQLite. Writes are serialised (one writer connection, synchronous transactions), so an
// event's seq is also the order in which events commit, and "every event with a larger seq" misses
// nothing: the cursor is the seq. A seq is never reused, even once the sweep has deleted the newest
// events: the insert counts from the larger of the newest seq and event_seq_floor, which the sweep
// raises to the newest seq before it deletes (one page read, no page written, where AUTOINCREMENT
// wrote its counter's page on every commit; schema step 12).
//
// One user's events are found through event_user (schema steps 13 and 14), which holds (part,
// user_id, seq) for the events up to event_user_upto.seq and is filled in batches: every
// USER_INDEX_BATCH writes, and at each sweep, in the transaction running then. An index on the event
// table wrote its entry, at a random place, as one more WAL page in every commit that stores an
// event. A batch keyed by user alone still wrote one page per entry once the table outgrew the
// batch (a user's entries fill about a page of their own); keyed by part first (USER_INDEX_PART
// seqs each), a batch's entries all go to the newest part's few pages. A read of one user's events
// makes one search per part, and takes the newer events (at most about a batch) from the event
// table, in the same snapshot, so it sees every event once, the one just written too.
import type { Database } from "bun:sqlite";
import type { EventQuery, EventStore, EventType, FeedEvent, HolmEvent } from "../../features/events/store.ts";
import type { EventSettings } from "../index.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import { writeTransaction } from "./db/write-transaction.ts";

/** An event row, as the feed, the console and the webhook queue read it. */
export interface EventRow {
	seq: number;
	id: string;
	time: number;
	type: string;
	user_id: string | null;
	client_ip: string | null;
	data: string;
}

/** An event row's columns (from the feed or the webhook queue) as the event. */
export function eventOfRow(row: Omit<EventRow, "seq">): HolmEvent {
	return {
		id: row.id,
		time: row.time,
		type: row.type as EventType,
		userId: row.user_id,
		clientIp: row.client_ip,
		data: JSON.parse(row.data),
	};
}

function toFeedEvent(row: EventRow): FeedEvent {
	return { cursor: String(row.seq), ...eventOfRow(row) };
}

/** Writes events inside the caller's transaction (the outbox), with their webhook deliveries. */
export interface SqliteEventLog {
	/** Writes the event in the transaction running now, or alone; nothing with --event-retention 0. */
	write(event: HolmEvent): void;
	readonly store: EventStore;
}

const CURSOR = /^(0|[1-9][0-9]{0,15})$/;

/** Events written between two batches of event_user: the most rows a read of one user's events scans. */
export const USER_INDEX_BATCH = 1024;

/** The seqs of one part of event_user: an entry's part is seq / USER_INDEX_PART (schema step 14
 *  writes the number in its SQL). */
export const USER_INDEX_PART = 8192;

/** How a read of one user's events reaches its rows, past its cursor, in its order. */
export interface UserEventScan {
	/** The lowest part holding entries (null: none) and the seq up to which events have theirs. */
	bounds(): { low: number | null; upto: number };
	/** The user's rows indexed in `part`, `limit` at most. */
	part(part: number, limit: number): EventRow[];
	/** The user's rows after `upto`, read from the event table, `limit` at most. */
	newest(upto: number, limit: number): EventRow[];
}

/** One user's event rows after (ascending: the feed) or before (descending: the console) `cursor`,
 *  `limit` at most: part by part from the cursor's, and the events newer than the mark. */
export function scanUserEvents(scan: UserEventScan, cursor: number, ascending: boolean, limit: number): EventRow[] {
	const { low, upto } = scan.bounds();
	const rows: EventRow[] = [];
	const take = (more: EventRow[]) => {
		for (const row of more) rows.push(row);
	};
	const fromParts = () => {
		if (low === null) return;
		const high = Math.floor(upto / USER_INDEX_PART);
		if (ascending) {
			for (let part = Math.max(low, Math.floor(cursor / USER_INDEX_PART)); part <= high && rows.length < limit; part++) take(scan.part(part, limit - rows.length));
		} else {
			for (let part = Math.min(high, Math.floor((cursor - 1) / USER_INDEX_PART)); part >= low && rows.length < limit; part--) take(scan.part(part, limit - rows.length));
		}
	};
	if (ascending) {
		fromParts();
		if (rows.length < limit) take(scan.newest(upto, limit - rows.length));
	} else {
		take(scan.newest(upto, limit));
		fromParts();
	}
	return rows;
}

/** The bounds of a UserEventScan, on either connection. */
export const USER_INDEX_BOUNDS = `SELECT (SELECT min(part) FROM event_user) AS low, (SELECT seq FROM event_user_upto) AS upto`;

/** An event's row. Its seq is its rowid, which run() reports: no RETURNING clause to step through.
 *  Parameters: id, time, type, user_id, client_ip, data. */
export const INSERT_EVENT = `INSERT INTO event (seq, id, time, type, user_id, client_ip, data)
	VALUES (max(coalesce((SELECT max(seq) FROM event), 0), (SELECT seq FROM event_seq_floor)) + 1, ?, ?, ?, ?, ?, ?)`;

/** A batch of event_user: the events written since the last batch, in key order (so the batch's
 *  entries go to each page together). OR IGNORE: a batch never fails on an entry it has. Then the
 *  mark is moved past them (RAISE_USER_INDEX_UPTO), in the same transaction. */
export const INDEX_USERS = `INSERT OR IGNORE INTO event_user (part, user_id, seq)
	SELECT seq / ${USER_INDEX_PART}, user_id, seq FROM event WHERE seq > (SELECT seq FROM event_user_upto) AND user_id IS NOT NULL ORDER BY 1, 2, 3`;
export const RAISE_USER_INDEX_UPTO = `UPDATE event_user_upto SET seq = (SELECT max(seq) FROM event) WHERE (SELECT max(seq) FROM event) > seq`;

export function createSqliteEventLog(db: Database, reads: SnapshotReads, settings: EventSettings): SqliteEventLog {
	const insertEvent = db.prepare<void, [string, number, string, string | null, string | null, string]>(INSERT_EVENT);
	const enqueue = db.prepare<void, [number, number]>(`INSERT INTO webhook_delivery (event_seq, due_at) VALUES (?, ?)`);
	const page = reads.prepare<EventRow, [number, string | null, number]>(
		`SELECT seq, id, time, type, user_id, client_ip, data FROM event
		WHERE seq > ?1 AND (?2 IS NULL OR type IN (SELECT value FROM json_each(?2))) ORDER BY seq LIMIT +?3`,
	);
	const userBounds = reads.prepare<{ low: number | null; upto: number }, []>(USER_INDEX_BOUNDS);
	const userPart = reads.prepare<EventRow, [number, string, number, string | null, number]>(
		`SELECT u.seq, e.id, e.time, e.type, e.user_id, e.client_ip, e.data FROM event_user u JOIN event e ON e.seq = u.seq
		WHERE u.part = +?1 AND u.user_id = +?2 AND u.seq > ?3 AND (?4 IS NULL OR e.type IN (SELECT value FROM json_each(?4)))
		ORDER BY u.seq LIMIT +?5`,
	);
	const userNewest = reads.prepare<EventRow, [number, string, string | null, number]>(
		`SELECT seq, id, time, type, user_id, client_ip, data FROM event
		WHERE seq > ?1 AND user_id = +?2 AND (?3 IS NULL OR type IN (SELECT value FROM json_each(?3))) ORDER BY seq LIMIT +?4`,
	);
	const indexUsers = db.prepare<void, []>(INDEX_USERS);
	const raiseUpto = db.prepare<void, []>(RAISE_USER_INDEX_UPTO);
	const indexBatch = writeTransaction(db, () => {
		indexUsers.run();
		raiseUpto.run();
	});
	let writtenSinceBatch = 0;
	// Events are stored in time order, so the expired ones are those before the first that is not:
	// found by walking the primary key from the oldest, which visits only the rows to delete.
	const firstKept = db.prepare<{ seq: number | null }, [number]>(
		`SELECT coalesce((SELECT seq FROM event WHERE time >= ?1 ORDER BY seq LIMIT 1), (SELECT max(seq) + 1 FROM event)) AS seq`,
	);
	// The entries below the first event kept: the parts before its part (a range of the key), and
	// those of its part before it.
	const deleteOlderParts = db.prepare<void, [number]>(`DELETE FROM event_user WHERE part < ?1`);
	const deleteOlderInPart = db.prepare<void, [number, number]>(`DELETE FROM event_user WHERE part = ?1 AND seq < ?2`);
	const deleteOlder = db.prepare<void, [number]>(`DELETE FROM event WHERE seq < ?1`);
	const raiseFloor = db.prepare<void, []>(`UPDATE event_seq_floor SET seq = (SELECT max(seq) FROM event) WHERE (SELECT max(seq) FROM event) > seq`);
	const sweep = writeTransaction(db, (before: number) => {
		raiseFloor.run();
		indexBatch();
		writtenSinceBatch = 0;
		const kept = firstKept.get(before)?.seq ?? null;
		if (kept === null) return; // no events
		const part = Math.floor(kept / USER_INDEX_PART);
		deleteOlderParts.run(part);
		deleteOlderInPart.run(part, kept);
		deleteOlder.run(kept);
	});
	const webhookTypes = settings.webhook?.types ?? null;

	function write(event: HolmEvent): void {
		if (settings.retentionDays === 0) return;
		const { lastInsertRowid } = insertEvent.run(event.id, event.time, event.type, event.userId, event.clientIp, JSON.stringify(event.data));
		if (settings.webhook !== null && (webhookTypes === null || webhookTypes.has(event.type))) enqueue.run(Number(lastInsertRowid), event.time * 1000);
		// A count of this process's writes, not of the rows: a batch after a rolled-back one only
		// comes a batch later, and the sweep takes the rest.
		if (++writtenSinceBatch >= USER_INDEX_BATCH) {
			writtenSinceBatch = 0;
			indexBatch();
		}
	}
	const writeAll = writeTransaction(db, (events: readonly HolmEvent[]) => {
		for (const event of events) write(event);
	});

	return {
		write,
		store: {
			async append(events) {
				if (settings.retentionDays === 0 || events.length === 0) return;
				writeAll(events);
			},
			async list(query: EventQuery) {
				const after = query.after ?? "0";
				if (!CURSOR.test(after)) return "INVALID_CURSOR";
				const types = query.types.length === 0 ? null : JSON.stringify(query.types);
				const from = Number(after);
				const userId = query.userId;
				const rows =
					userId === null
						? page.all(from, types, query.limit)
						: scanUserEvents(
								{
									bounds: () => userBounds.get() ?? { low: null, upto: 0 },
									part: (part, limit) => userPart.all(part, userId, from, types, limit),
									newest: (upto, limit) => userNewest.all(Math.max(from, upto), userId, types, limit),
								},
								from,
								true,
								query.limit,
							);
				const events = rows.map(toFeedEvent);
				return { events, next: events.at(-1)?.cursor ?? after };
			},
			async deleteOlderThan(before) {
				sweep(before);
			},
		},
	};
}
