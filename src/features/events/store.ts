// Events (API.md section 11): what happened to an account, kept for --event-retention days and
// served as a feed. Features make an event with newEvent() and hand it to the store verb that makes
// the change it records, which writes it in the same transaction (the outbox); events that record
// no change of their own (a sign-in, a block of the limits in memory) go through recordEvent().

export const EVENT_TYPES = [
	// The security events of the log (README, "Logs").
	"address_blocked",
	"user_blocked",
	"request_deleted_after_incorrect_codes",
	"second_factor_locked",
	"password_reset",
	"password_changed",
	"second_factor_reset",
	"user_deleted",
	// Account history.
	"user_created",
	"users_imported",
	"sign_in",
	"sign_in_failed",
	"email_verified",
	"email_changed",
	"totp_registered",
	"totp_deleted",
	"recovery_code_regenerated",
	"passkey_registered",
	"passkey_deleted",
	"passkey_counter_regressed",
	"user_unblocked",
	// An operator disabled or enabled the user (API.md section 18).
	"user_disabled",
	"user_enabled",
	// The console's "delete pending requests" (API.md section 12); data.actor is "console".
	"requests_deleted",
	// Sessions (API.md section 13).
	"session_created",
	"sessions_ended",
	// The first proof of an unverified address took the account from whoever made it (API.md section 17).
	"account_claimed",
	// Sign-in with an identity provider (API.md section 16).
	"identity_linked",
	"identity_unlinked",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What `data` may hold: plain values, never a password, code, key, hash, secret or request id. */
export type EventData = Record<string, string | number | boolean | null | readonly string[]>;

export interface HolmEvent {
	/** 24 characters from the identifier alphabet; also the webhook-id of its delivery. */
	id: string;
	/** Whole Unix seconds. */
	time: number;
	type: EventType;
	userId: string | null;
	/** The canonical client_ip (the limit key), or null when the call sent none. */
	clientIp: string | null;
	data: EventData;
}

/** A stored event and where it stands in the feed. */
export interface FeedEvent extends HolmEvent {
	cursor: string;
}

export interface EventQuery {
	/** The `next` of an earlier page, or null to start at the oldest event kept. */
	after: string | null;
	userId: string | null;
	/** Empty: every type. */
	types: readonly EventType[];
	limit: number;
}

export interface EventStore {
	/** Stores events that record no change of their own, each in its own transaction. */
	append(events: readonly HolmEvent[]): Promise<void>;
	/** A page of the feed, oldest first; INVALID_CURSOR for an `after` this database never gave. */
	list(query: EventQuery): Promise<{ events: FeedEvent[]; next: string } | "INVALID_CURSOR">;
	/** Deletes events older than `before` (Unix seconds). */
	deleteOlderThan(before: number): Promise<void>;
}

/** The same event with more data, for a detail only the store learns (the seconds of a lock). */
/** The events a change stored, in order, from its parts (null: a part that wrote none). */
export function written(...events: (HolmEvent | null)[]): HolmEvent[] {
	return events.filter((event): event is HolmEvent => event !== null);
}

export function withData(event: HolmEvent, data: EventData): HolmEvent {
	return { ...event, data: { ...event.data, ...data } };
}

/** A webhook delivery claimed by this instance until its lease ends. */
export interface WebhookDelivery {
	/** The claim this instance holds; a result is recorded only while it still holds it. */
	claim: string;
	/** Failed attempts so far. */
	attempts: number;
	event: HolmEvent;
}

/** The queue of webhook deliveries, in the database beside the events (written with them). */
export interface WebhookQueue {
	/** Claims up to `limit` deliveries due at `nowMs`, for `leaseMs`: until then no instance claims
	 *  them again; after it (an instance that died mid-delivery), any instance may. */
	claim(nowMs: number, limit: number, leaseMs: number): Promise<WebhookDelivery[]>;
	/** Delivered, or given up: the deliveries leave the queue (in one statement: a batch is
	 *  recorded at once). */
	remove(deliveries: readonly WebhookDelivery[]): Promise<void>;
	/** Failed: tried again at `dueAtMs`, with one more failed attempt counted. */
	retry(delivery: WebhookDelivery, dueAtMs: number): Promise<void>;
	/** Deliveries waiting, and the time (Unix seconds) of the oldest one's event, for the metrics. */
	stats(): Promise<{ depth: number; oldestEventTime: number | null }>;
}
