// Events on PostgreSQL, and why the feed is exactly-once with any number of instances writing.
//
// A sequence alone is not enough: transaction A takes seq 7, transaction B takes seq 8 and commits,
// a reader reads 8 and moves its cursor past 7, then A commits, and 7 is never read. So each event
// also records its transaction's id (`xid`, pg_current_xact_id(): 64 bits, never wraps), and the
// feed serves only events whose transaction is older than every transaction still running:
// `xid < pg_snapshot_xmin(pg_current_snapshot())`, ordered by (xid, seq).
//
// Why that is exactly-once and in order:
// - pg_current_snapshot() is the snapshot the reading statement itself runs with, and its xmin is
//   the oldest transaction id still running when it was taken. Every transaction with a smaller id
//   has ended: committed (and visible to this very statement) or rolled back (and never visible).
//   Transaction ids are handed out in increasing order, so no transaction that starts writing later
//   can get an id below xmin. The set of events with xid < xmin is therefore final: no event can
//   ever join it.
// - A page is a prefix, in (xid, seq) order, of that final set beyond the cursor, and the cursor
//   becomes the (xid, seq) of the last event served. Every event at or before the cursor was either
//   served or can never exist; every event after it has a larger (xid, seq) and is served by a later
//   page once its transaction is older than every running one. Within one transaction, all its
//   events appear at once (they commit together), so a page may stop in the middle of them.
// - What it costs: an event becomes readable only once every transaction that started before its own
//   has ended, so a long-running transaction on the database holds the feed back (never an event
//   lost). Holm's own transactions are short.
// - Through a pooler in transaction mode (PgBouncer), it holds the same: the pooler lends a server
//   connection for one transaction at a time, and everything above is about one transaction. An
//   event's xid is its writing transaction's own (pg_current_xact_id() in that transaction), and a
//   page is read by one statement, hence one transaction, whose pg_current_snapshot() covers the
//   whole database, whichever server connection runs it: no value is carried from one transaction
//   to the next but the cursor, which the client holds. (Two statements, each in a transaction of
//   its own, would each be exact too, but could see different snapshots.)
import type { SQL } from "bun";
import type { EventQuery, EventStore, EventType, FeedEvent, HolmEvent } from "../../features/events/store.ts";
import type { EventSettings } from "../index.ts";
import { transaction } from "./connection.ts";

/** A bigint column, which the driver hands over as a decimal string. */
export type Int8 = string | number;

/** An event row's columns, as the feed, the console and the webhook queue read them. */
export interface EventRow {
	id: string;
	time: Int8;
	type: string;
	user_id: string | null;
	client_ip: string | null;
	/** jsonb: parsed by the driver, or its text. */
	data: string | Record<string, unknown>;
}

/** An event row's columns (from the feed or the webhook queue) as the event. */
export function eventOfRow(row: EventRow): HolmEvent {
	return {
		id: row.id,
		time: Number(row.time),
		type: row.type as EventType,
		userId: row.user_id,
		clientIp: row.client_ip,
		data: typeof row.data === "string" ? JSON.parse(row.data) : row.data,
	};
}

function toFeedEvent(row: EventRow & { seq: Int8; xid: string }): FeedEvent {
	return { cursor: `${row.xid}.${row.seq}`, ...eventOfRow(row) };
}

/** A statement not yet run (a tagged template of the connection), to be a part of another. */
export type Fragment = SQL.Query<any>;

/** When a change's event is stored: when the change touched a row, or whatever it touched. */
export type StoreEvent = "if changed" | "always";

/** Writes events inside the caller's transaction (the outbox), with their webhook deliveries. */
export interface PostgresEventLog {
	/** Whether events are stored at all (--event-retention above 0). */
	readonly enabled: boolean;
	write(q: SQL, event: HolmEvent): Promise<void>;
	/**
	 * Runs `change` (one INSERT, UPDATE or DELETE, without RETURNING) and stores `event` with it, in
	 * one statement: one round trip, as the change alone, and no transaction of Holm's around it.
	 * The statement is its own transaction, so the event's xid is that of the change (the feed's
	 * argument above holds as for any transaction), and the change and its event commit together
	 * or not at all. `alongside` are further changes of the same statement (each one INSERT, UPDATE
	 * or DELETE, on other rows than `change`'s), run after it. Without events, the changes alone.
	 * The number of rows `change` touched.
	 */
	withChange(change: Fragment, event: HolmEvent, when: StoreEvent, alongside?: readonly Fragment[]): Promise<number>;
	readonly store: EventStore;
}

// xid8 and bigint, both decimal, short enough that neither cast can overflow (a 500).
const CURSOR = /^(0|[1-9][0-9]{0,18})\.(0|[1-9][0-9]{0,17})$/;

export function createPostgresEventLog(sql: SQL, settings: EventSettings): PostgresEventLog {
	const enabled = settings.retentionDays > 0;
	const webhookTypes = settings.webhook?.types ?? null;

	const delivers = (event: HolmEvent) => settings.webhook !== null && (webhookTypes === null || webhookTypes.has(event.type));

	async function write(q: SQL, event: HolmEvent): Promise<void> {
		if (!enabled) return;
		const data = JSON.stringify(event.data);
		if (delivers(event)) {
			await q`WITH stored AS (
				INSERT INTO event (id, time, type, user_id, client_ip, data)
				VALUES (${event.id}, ${event.time}, ${event.type}, ${event.userId}, ${event.clientIp}, ${data}::text::jsonb) RETURNING seq
			) INSERT INTO webhook_delivery (event_seq, due_at) SELECT seq, ${event.time * 1000} FROM stored`;
		} else {
			await q`INSERT INTO event (id, time, type, user_id, client_ip, data)
				VALUES (${event.id}, ${event.time}, ${event.type}, ${event.userId}, ${event.clientIp}, ${data}::text::jsonb)`;
		}
	}

	async function withChange(change: Fragment, event: HolmEvent, when: StoreEvent, alongside: readonly Fragment[] = []): Promise<number> {
		if (!enabled) {
			if (alongside.length === 0) return (await change).count;
			const [row] = await sql`WITH changed AS (${change} RETURNING 1)${others(alongside)} SELECT count(*)::int AS n FROM changed`;
			return row.n;
		}
		const data = JSON.stringify(event.data);
		// Data-modifying WITH parts each run once, to the end, whether read or not; the count read
		// below runs `change` first. The event's columns are cast: in INSERT … SELECT a parameter
		// does not take the column's type.
		const [row] = await sql`WITH changed AS (${change} RETURNING 1)${others(alongside)},
			stored AS (INSERT INTO event (id, time, type, user_id, client_ip, data)
				SELECT ${event.id}::text, ${event.time}::bigint, ${event.type}::text, ${event.userId}::text, ${event.clientIp}::text, ${data}::text::jsonb
				${when === "if changed" ? sql`WHERE EXISTS (SELECT FROM changed)` : sql``} RETURNING seq)
			${delivers(event) ? sql`, delivered AS (INSERT INTO webhook_delivery (event_seq, due_at) SELECT seq, ${event.time * 1000}::bigint FROM stored)` : sql``}
			SELECT count(*)::int AS n FROM changed`;
		return row.n;
	}

	function others(alongside: readonly Fragment[]): Fragment {
		return alongside.reduce((joined, change, index) => sql`${joined}, ${sql(`alongside${index}`)} AS (${change})`, sql``);
	}

	return {
		enabled,
		write,
		withChange,
		store: {
			async append(events) {
				if (!enabled || events.length === 0) return;
				if (events.length === 1) return write(sql, events[0]!);
				await transaction(sql, async (tx) => {
					for (const event of events) await write(tx, event);
				});
			},
			async list(query: EventQuery) {
				const after = query.after ?? "0.0";
				const match = CURSOR.exec(after);
				if (match === null) return "INVALID_CURSOR";
				const [, xid, seq] = match;
				const types = query.types.length === 0 ? null : [...query.types];
				// ORDER BY names the column (event.xid), not the text alias of the select list, which
				// would sort 1000 before 999 and make a page end on the wrong event.
				type FeedRow = EventRow & { seq: Int8; xid: string };
				const rows =
					query.userId === null
						? await sql<FeedRow[]>`SELECT seq, xid::text AS xid, id, time, type, user_id, client_ip, data FROM event
							WHERE (xid, seq) > (${xid}::xid8, ${seq}::bigint) AND xid < pg_snapshot_xmin(pg_current_snapshot())
								AND (${types}::text[] IS NULL OR type = ANY(${types}::text[]))
							ORDER BY event.xid, event.seq LIMIT ${query.limit}`
						: await sql<FeedRow[]>`SELECT seq, xid::text AS xid, id, time, type, user_id, client_ip, data FROM event
							WHERE user_id = ${query.userId} AND (xid, seq) > (${xid}::xid8, ${seq}::bigint)
								AND xid < pg_snapshot_xmin(pg_current_snapshot())
								AND (${types}::text[] IS NULL OR type = ANY(${types}::text[]))
							ORDER BY event.xid, event.seq LIMIT ${query.limit}`;
				const events = [...rows].map(toFeedEvent);
				return { events, next: events.at(-1)?.cursor ?? after };
			},
			async deleteOlderThan(before) {
				// Events are stored in (nearly: instances' clocks differ a little) time order, so the
				// expired ones are those before the first that is not, found by walking the primary key
				// from the oldest; an event a skewed clock dated late goes with the ones after it.
				await sql`DELETE FROM event WHERE seq < coalesce(
					(SELECT seq FROM event WHERE time >= ${before} ORDER BY seq LIMIT 1), (SELECT max(seq) + 1 FROM event))`;
			},
		},
	};
}
