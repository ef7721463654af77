// Webhook delivery (API.md section 11): every stored event of the chosen types waits in the
// database's queue (written in the event's own transaction), and this loop claims due deliveries,
// POSTs them, and records each outcome. At least once: a delivery leaves the queue only after a
// 2xx, or once it is given up; a claim is a lease, so one instance at a time holds a delivery, and
// one that dies mid-delivery leaves it to be claimed again when the lease ends. Never on a
// request's path: API calls only write the queue row.
import { Counter, Gauge, type Registry } from "prom-client";
import { eventAnswer } from "../features/events/schemas.ts";
import type { WebhookDelivery, WebhookQueue } from "../features/events/store.ts";
import type { Logger } from "../log.ts";
import { signWebhook } from "./signature.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after each failed attempt; after the last, the delivery is given up (7 attempts in all). */
export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR];
/** A 2xx within this time delivers. */
const DELIVERY_TIMEOUT_MS = 10 * SECOND;
// A claimed batch's lease. An attempt is started only while it can end, and its outcome be recorded,
// within the lease (RECORD_MARGIN_MS): a batch slowed by stalled writes leaves its last deliveries to
// be claimed again when the lease ends rather than attempting them while another instance may hold
// them.
const LEASE_MS = 60 * SECOND;
// Time to record an attempt's outcome: a write that stalls is cut off by the database (a statement
// timeout of 5 s on PostgreSQL, a busy timeout of 5 s on SQLite), and the batch's removal follows.
const RECORD_MARGIN_MS = 15 * SECOND;
const BATCH = 256;
const CONCURRENCY = 64;
/** How often an idle instance looks for due deliveries (other instances' events, retries). */
const POLL_MS = 1000;

interface WebhookDelivererOptions {
	queue: WebhookQueue;
	url: string;
	key: Uint8Array;
	/** Milliseconds since the Unix epoch (injected: tests move through the retry delays). */
	now: () => number;
	fetch: typeof fetch;
	log: Logger;
	registry: Registry;
	timeoutMs?: number;
	pollMs?: number;
}

export interface WebhookDeliverer {
	/** Looks for due deliveries now (an event was just stored) rather than at the next poll. */
	wake(): void;
	/** Stops claiming and cancels the attempts in flight (made again once their lease ends). */
	stop(): Promise<void>;
}

type Outcome = "delivered" | "failed" | "given_up";

export function startWebhookDeliverer(options: WebhookDelivererOptions): WebhookDeliverer {
	const { queue, url, key, now, log } = options;
	const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
	const pollMs = options.pollMs ?? POLL_MS;
	const deliveries = new Counter({
		name: "holm_webhook_deliveries_total",
		help: "Webhook delivery attempts by outcome: delivered (a 2xx in time), failed (retried later), given_up (the last attempt failed).",
		labelNames: ["outcome"],
		registers: [options.registry],
	});
	for (const outcome of ["delivered", "failed", "given_up"]) deliveries.inc({ outcome }, 0);
	let lastStats: { depth: number; oldestEventTime: number | null } = { depth: 0, oldestEventTime: null };
	async function stats() {
		try {
			lastStats = await queue.stats();
		} catch {} // a scrape must still answer while the database is down: the last figures stand
		return lastStats;
	}
	new Gauge({
		name: "holm_webhook_queue_depth",
		help: "Webhook deliveries waiting (due now, waiting for a retry, or being attempted).",
		registers: [options.registry],
		async collect() {
			this.set((await stats()).depth);
		},
	});
	new Gauge({
		name: "holm_webhook_oldest_undelivered_age_seconds",
		help: "Age of the oldest event whose webhook delivery is still waiting; 0 when none is.",
		registers: [options.registry],
		async collect() {
			const oldest = (await stats()).oldestEventTime;
			this.set(oldest === null ? 0 : Math.max(0, Math.floor(now() / 1000) - oldest));
		},
	});

	// A receiver that is down fails every delivery: the warning is written at most once a minute,
	// with how many failed since the last one, rather than once per event.
	let failuresUnreported = 0;
	let lastFailureLine = -Infinity;
	function reportFailure(delivery: WebhookDelivery, reason: string, delaySeconds: number): void {
		failuresUnreported++;
		const at = performance.now();
		if (at - lastFailureLine < 60_000) return;
		log.warn("webhook deliveries failing; they will be retried", {
			failures: failuresUnreported,
			last_event_id: delivery.event.id,
			reason,
			attempt: delivery.attempts + 1,
			retry_in_seconds: delaySeconds,
		});
		failuresUnreported = 0;
		lastFailureLine = at;
	}

	let stopped = false;
	// Stopping cancels the attempts in flight rather than waiting up to their timeout; their
	// outcome is not recorded, so their lease ends and they are made again (at least once).
	const stopping = new AbortController();
	let woken: (() => void) | null = null;
	let pendingWake = false;

	function sleep(): Promise<void> {
		if (pendingWake) {
			pendingWake = false;
			return Promise.resolve();
		}
		return new Promise((resolve) => {
			const timer = setTimeout(done, pollMs);
			function done() {
				clearTimeout(timer);
				woken = null;
				resolve();
			}
			woken = done;
		});
	}

	async function attempt(delivery: WebhookDelivery): Promise<{ ok: true } | { ok: false; reason: string }> {
		const body = JSON.stringify(eventAnswer.json(delivery.event));
		const timestamp = Math.floor(now() / 1000);
		try {
			const response = await options.fetch(url, {
				method: "POST",
				headers: {
					"Content-Type": "application/json",
					"User-Agent": "holm-webhooks",
					"webhook-id": delivery.event.id,
					"webhook-timestamp": String(timestamp),
					"webhook-signature": signWebhook(key, delivery.event.id, timestamp, body),
				},
				body,
				redirect: "manual",
				signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]),
			});
			await response.body?.cancel().catch(() => {});
			return response.status >= 200 && response.status < 300 ? { ok: true } : { ok: false, reason: `status ${response.status}` };
		} catch (error) {
			return { ok: false, reason: whyNoAnswer(error) };
		}
	}

	/** Attempts one delivery; a delivered one is added to `done`, removed with its batch. */
	async function deliver(delivery: WebhookDelivery, done: WebhookDelivery[]): Promise<void> {
		const result = await attempt(delivery);
		if (stopping.signal.aborted) return;
		let outcome: Outcome;
		if (result.ok) {
			outcome = "delivered";
			done.push(delivery);
		} else if (delivery.attempts < RETRY_DELAYS_MS.length) {
			outcome = "failed";
			const delay = RETRY_DELAYS_MS[delivery.attempts]!;
			await queue.retry(delivery, now() + delay);
			reportFailure(delivery, result.reason, delay / 1000);
		} else {
			outcome = "given_up";
			await queue.remove([delivery]);
			log.error("webhook delivery given up", { event_id: delivery.event.id, type: delivery.event.type, reason: result.reason, attempts: delivery.attempts + 1 });
		}
		deliveries.inc({ outcome });
	}

	async function deliverAll(claimed: WebhookDelivery[], leaseEndsAt: number): Promise<void> {
		const done: WebhookDelivery[] = [];
		let next = 0;
		async function worker(): Promise<void> {
			while (next < claimed.length) {
				// Too late to attempt and record within the lease: left for the next claim.
				if (now() + timeoutMs + RECORD_MARGIN_MS > leaseEndsAt) return;
				const delivery = claimed[next++]!;
				try {
					await deliver(delivery, done);
				} catch (error) {
					// Recording the outcome failed (the database is down): the lease ends and it is tried again.
					log.error("failed to record a webhook delivery", { event_id: delivery.event.id, reason: error instanceof Error ? error.message : String(error) });
				}
			}
		}
		await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
		// One statement for the batch's deliveries; should it fail, their leases end and they are
		// sent again (at least once).
		try {
			await queue.remove(done);
		} catch (error) {
			log.error("failed to record webhook deliveries", { deliveries: done.length, reason: error instanceof Error ? error.message : String(error) });
		}
	}

	async function run(): Promise<void> {
		while (!stopped) {
			let claimed: WebhookDelivery[] = [];
			const claimedAt = now();
			try {
				claimed = await queue.claim(claimedAt, BATCH, LEASE_MS);
			} catch (error) {
				log.error("failed to claim webhook deliveries", { reason: error instanceof Error ? error.message : String(error) });
			}
			if (claimed.length === 0) await sleep();
			else await deliverAll(claimed, claimedAt + LEASE_MS);
		}
	}

	const running = run();
	return {
		wake() {
			if (woken !== null) woken();
			else pendingWake = true;
		},
		async stop() {
			stopped = true;
			stopping.abort();
			woken?.();
			await running;
		},
	};
}

/** What the operator of a receiver must fix, by fetch's error code; never the message, which may
 *  quote the URL and a token in it. */
const NO_ANSWER: Record<string, string> = {
	ECONNREFUSED: "connection refused",
	ConnectionRefused: "connection refused",
	ECONNRESET: "connection reset",
	ENOTFOUND: "host not found",
	EAI_AGAIN: "host not found (DNS did not answer)",
	EHOSTUNREACH: "host unreachable",
	ENETUNREACH: "network unreachable",
	ETIMEDOUT: "connection timed out",
};

/** Why a delivery got no answer: "connection refused", "timed out", a TLS error's code. */
function whyNoAnswer(error: unknown): string {
	if (!(error instanceof Error)) return "error";
	if (error.name === "TimeoutError") return "timed out";
	const code = "code" in error && typeof error.code === "string" ? error.code : null;
	if (code === null) return error.name;
	return NO_ANSWER[code] ?? code;
}
