// The webhook delivery queue on PostgreSQL, shared by every instance: a claim takes due rows with
// FOR UPDATE SKIP LOCKED (instances claiming at once take different rows, without waiting for each
// other) and leases them by moving due_at past the lease, so each delivery is in the hands of one
// instance at a time; one that dies mid-delivery leaves it to be claimed again once the lease ends.
import type { SQL } from "bun";
import type { WebhookDelivery, WebhookQueue } from "../../features/events/store.ts";
import { generateId } from "../../lib/ids.ts";
import { eventOfRow, type EventRow, type Int8 } from "./events.ts";

export function createPostgresWebhookQueue(sql: SQL): WebhookQueue {
	const seqOf = new WeakMap<WebhookDelivery, string>();
	return {
		async claim(nowMs, limit, leaseMs) {
			const token = generateId();
			const rows = await sql<(EventRow & { event_seq: Int8; was_due: Int8; attempts: number })[]>`WITH due AS (
					SELECT event_seq, due_at FROM webhook_delivery WHERE due_at <= ${nowMs} ORDER BY due_at, event_seq LIMIT ${limit} FOR UPDATE SKIP LOCKED
				)
				UPDATE webhook_delivery d SET due_at = ${nowMs + leaseMs}, claim = ${token}
				FROM due JOIN event e ON e.seq = due.event_seq
				WHERE d.event_seq = due.event_seq
				RETURNING d.event_seq, due.due_at AS was_due, d.attempts, e.id, e.time, e.type, e.user_id, e.client_ip, e.data`;
			// In the order they were due, then stored, as on SQLite: RETURNING gives the rows in no set order.
			const ordered = [...rows].sort((a, b) => Number(a.was_due) - Number(b.was_due) || Number(a.event_seq) - Number(b.event_seq));
			return ordered.map((row) => {
				const delivery: WebhookDelivery = {
					claim: token,
					attempts: Number(row.attempts),
					event: eventOfRow(row),
				};
				seqOf.set(delivery, String(row.event_seq));
				return delivery;
			});
		},
		async remove(deliveries) {
			if (deliveries.length === 0) return;
			const seqs = deliveries.map((delivery) => seqOf.get(delivery)!);
			const claims = deliveries.map((delivery) => delivery.claim);
			await sql`DELETE FROM webhook_delivery WHERE (event_seq, claim) IN (
				SELECT * FROM unnest(${seqs}::bigint[], ${claims}::text[]))`;
		},
		async retry(delivery, dueAtMs) {
			await sql`UPDATE webhook_delivery SET due_at = ${dueAtMs}, attempts = attempts + 1, claim = NULL
				WHERE event_seq = ${seqOf.get(delivery)!} AND claim = ${delivery.claim}`;
		},
		async stats() {
			const [row] = await sql<{ depth: Int8; oldest: Int8 | null }[]>`SELECT count(*) AS depth, min(e.time) AS oldest FROM webhook_delivery d JOIN event e ON e.seq = d.event_seq`;
			return { depth: Number(row!.depth), oldestEventTime: row!.oldest === null ? null : Number(row!.oldest) };
		},
	};
}
