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

/** One INSERT, UPDATE or DELETE for withChange, without RETURNING: its text, with $1, $2, … for
 *  its values. Given as text rather than as a sql`…` fragment: Bun's client spent 5 to 15 µs of CPU
 *  putting the fragments of a write and its event together at every call, against a text that is
 *  put together once (docs/benchmarks.md). */
export interface Change {
	readonly text: string;
	readonly values: readonly unknown[];
}

/** `text` with $1, $2, … standing for `values`, in order. */
export function change(text: string, ...values: unknown[]): Change {
	return { text, values };
}

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
	withChange(change: Change, event: HolmEvent, when: StoreEvent, alongside?: readonly Change[]): Promise<number>;
	/** Whether a webhook receives `event`: its INSERT then has a delivery (eventParts' `delivered`). */
	delivers(event: HolmEvent): boolean;
	/** The values of `event`'s INSERT, in eventParts' order (and the delivery's due time, when a
	 *  webhook receives it). */
	valuesOf(event: HolmEvent): unknown[];
	readonly store: EventStore;
}

// The event's INSERT alone, in a caller's transaction: its six columns (`data` as its JSON text,
// cast by PostgreSQL), then the delivery's due time when a webhook receives it.
const EVENT_COLUMNS = "id, time, type, user_id, client_ip, data";
const INSERT = `INSERT INTO event (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6::text::jsonb)`;
const INSERT_DELIVERED = `WITH stored AS (${INSERT} RETURNING seq) INSERT INTO webhook_delivery (event_seq, due_at) SELECT seq, $7::bigint FROM stored`;

/** `text` with each $n moved up by `by`. */
function shifted(text: string, by: number): string {
	return by === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);
}

/**
 * An event's INSERT as parts of a WITH, for a statement that stores its event with its change:
 * `stored${tag}` and, when a webhook receives the event, `delivered${tag}`. Its values are
 * PostgresEventLog.valuesOf's, from $`from` on. It is stored only where `where` holds (SQL; empty:
 * always), and `data` may add to the data's jsonb what the statement itself computed. The columns
 * are cast: in INSERT … SELECT a parameter does not take the column's type.
 */
export function eventParts(from: number, options: { delivered: boolean; tag?: string; where?: string; data?: (jsonb: string) => string }): string {
	const tag = options.tag ?? "";
	const data = (options.data ?? ((jsonb: string) => jsonb))(`$${from + 5}::text::jsonb`);
	let text = `stored${tag} AS (INSERT INTO event (${EVENT_COLUMNS})
			SELECT $${from}::text, $${from + 1}::bigint, $${from + 2}::text, $${from + 3}::text, $${from + 4}::text, ${data}
			${options.where ? `WHERE ${options.where}` : ""} RETURNING seq)`;
	if (options.delivered) text += `, delivered${tag} AS (INSERT INTO webhook_delivery (event_seq, due_at) SELECT seq, $${from + 6}::bigint FROM stored${tag})`;
	return text;
}

/** The text `texts` holds for `key`, made by `make` the first time: a statement put together from
 *  parts is put together once per shape, not at every call. */
export function once(texts: Map<string, string>, key: string, make: () => string): string {
	let text = texts.get(key);
	if (text === undefined) {
		text = make();
		texts.set(key, text);
	}
	return text;
}

// The statements withChange put together, by their parts: the parts are the stores' own texts, a
// few dozen at most, so each is put together once.
const COMPOSED = new Map<string, string>();

/**
 * One statement of `change`, `alongside` and, unless `event` is null, the event's INSERT (only if
 * `change` touched a row, for "if changed") and its delivery: their values follow one another in
 * that order. It answers the number of rows `change` touched, as `n`. Data-modifying WITH parts
 * each run once, to the end, whether read or not; the count read at the end runs `change` first.
 */
function composed(change: Change, alongside: readonly Change[], event: { when: StoreEvent; delivered: boolean } | null): string {
	const key = [event === null ? "" : `${event.when}${event.delivered}`, change.text, ...alongside.map((other) => other.text)].join("\u0000");
	return once(COMPOSED, key, () => {
		let next = change.values.length;
		let text = `WITH changed AS (${change.text} RETURNING 1)`;
		alongside.forEach((other, index) => {
			text += `, alongside${index} AS (${shifted(other.text, next)})`;
			next += other.values.length;
		});
		if (event !== null) {
			text += `, ${eventParts(next + 1, { delivered: event.delivered, where: event.when === "if changed" ? "EXISTS (SELECT FROM changed)" : "" })}`;
		}
		return `${text} SELECT count(*)::int AS n FROM changed`;
	});
}

// xid8 and bigint, both decimal, short enough that neither cast can overflow (a 500).
const CURSOR = /^(0|[1-9][0-9]{0,18})\.(0|[1-9][0-9]{0,17})$/;

export function createPostgresEventLog(sql: SQL, settings: EventSettings): PostgresEventLog {
	const enabled = settings.retentionDays > 0;
	const webhookTypes = settings.webhook?.types ?? null;

	const delivers = (event: HolmEvent) => settings.webhook !== null && (webhookTypes === null || webhookTypes.has(event.type));

	/** The event's columns as values, and the delivery's due time when a webhook receives it. */
	function eventValues(event: HolmEvent): unknown[] {
		const values: unknown[] = [event.id, event.time, event.type, event.userId, event.clientIp, JSON.stringify(event.data)];
		if (delivers(event)) values.push(event.time * 1000);
		return values;
	}

	async function write(q: SQL, event: HolmEvent): Promise<void> {
		if (!enabled) return;
		await q.unsafe(delivers(event) ? INSERT_DELIVERED : INSERT, eventValues(event));
	}

	async function withChange(change: Change, event: HolmEvent, when: StoreEvent, alongside: readonly Change[] = []): Promise<number> {
		if (!enabled && alongside.length === 0) return (await sql.unsafe(change.text, [...change.values])).count;
		const values = [...change.values, ...alongside.flatMap((other) => other.values)];
		if (!enabled) {
			const [row] = await sql.unsafe(composed(change, alongside, null), values);
			return row.n;
		}
		values.push(...eventValues(event));
		const [row] = await sql.unsafe(composed(change, alongside, { when, delivered: delivers(event) }), values);
		return row.n;
	}

	return {
		enabled,
		write,
		withChange,
		delivers,
		valuesOf: eventValues,
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
