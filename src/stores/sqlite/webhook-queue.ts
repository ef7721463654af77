// The webhook delivery queue on SQLite: one instance, so a claim is only a lease against its own
// overlapping passes (and a restart: a claim left by a process that died ends with its lease).
import type { Database } from "bun:sqlite";
import type { WebhookDelivery, WebhookQueue } from "../../features/events/store.ts";
import { generateId } from "../../lib/ids.ts";
import { eventOfRow, type EventRow } from "./events.ts";
import type { SqliteTurnCommits } from "./db/turn-commits.ts";
import { writeTransaction } from "./db/write-transaction.ts";

type DueRow = Omit<EventRow, "seq"> & { event_seq: number; attempts: number };

export function createSqliteWebhookQueue(db: Database, turns: Pick<SqliteTurnCommits, "settled"> | null = null): WebhookQueue {
	const selectDue = db.prepare<DueRow, [number, number]>(
		`SELECT d.event_seq, d.attempts, e.id, e.time, e.type, e.user_id, e.client_ip, e.data
		FROM webhook_delivery d JOIN event e ON e.seq = d.event_seq
		WHERE d.due_at <= ? ORDER BY d.due_at, d.event_seq LIMIT +?`,
	);
	const lease = db.prepare<void, [number, string, number]>(`UPDATE webhook_delivery SET due_at = ?, claim = ? WHERE event_seq = ?`);
	const remove = db.prepare<void, [number, string]>(`DELETE FROM webhook_delivery WHERE event_seq = ? AND claim = ?`);
	const retry = db.prepare<void, [number, number, string]>(
		`UPDATE webhook_delivery SET due_at = ?, attempts = attempts + 1, claim = NULL WHERE event_seq = ? AND claim = ?`,
	);
	const stats = db.prepare<{ depth: number; oldest: number | null }, []>(
		`SELECT count(*) AS depth, min(e.time) AS oldest FROM webhook_delivery d JOIN event e ON e.seq = d.event_seq`,
	);
	// Which claim holds which event, so remove() and retry() find the row by the event's seq.
	const seqOf = new WeakMap<WebhookDelivery, number>();

	const removeAll = writeTransaction(db, (deliveries: readonly WebhookDelivery[]) => {
		for (const delivery of deliveries) remove.run(seqOf.get(delivery)!, delivery.claim);
	});
	const claim = writeTransaction(db, (nowMs: number, limit: number, leaseMs: number): WebhookDelivery[] => {
		const token = generateId();
		return selectDue.all(nowMs, limit).map((row) => {
			lease.run(nowMs + leaseMs, token, row.event_seq);
			const delivery: WebhookDelivery = {
				claim: token,
				attempts: row.attempts,
				event: eventOfRow(row),
			};
			seqOf.set(delivery, row.event_seq);
			return delivery;
		});
	});

	return {
		async claim(nowMs, limit, leaseMs) {
			// A delivery goes out only for an event that is committed: while a busy turn's writes
			// are open (db/turn-commits.ts), its events could still be lost, so the claim waits.
			await turns?.settled();
			return claim(nowMs, limit, leaseMs);
		},
		async remove(deliveries) {
			if (deliveries.length > 0) removeAll(deliveries);
		},
		async retry(delivery, dueAtMs) {
			retry.run(dueAtMs, seqOf.get(delivery)!, delivery.claim);
		},
		async stats() {
			const row = stats.get()!;
			return { depth: row.depth, oldestEventTime: row.oldest };
		},
	};
}
