// What email update needs from a database; src/stores/<database>/email-update.ts implements it.
// A request is live while now < expires_at, by the store's clock (the database's on PostgreSQL). The code is kept as it is, because GET shows it again
// (API.md section 2).
import type { CodeRequestStore, StoredTimes, Unstamped } from "../code-requests-store.ts";
import type { HolmEvent } from "../events/store.ts";
import type { SessionEnding } from "../sessions/store.ts";

export interface EmailUpdateRequest {
	id: string;
	userId: string;
	createdAt: number;
	expiresAt: number;
	/** The new address, as stored (NFC, lower-cased). */
	email: string;
	code: string;
}

export type ApplyEmailUpdateOutcome =
	/** `written`: the events stored (sessions_ended when a session ended, then email_changed). */
	| { outcome: "UPDATED"; userId: string; email: string; previousEmail: string | null; written: HolmEvent[] }
	| { outcome: "EMAIL_ALREADY_USED" | "INVALID_REQUEST" };

export interface EmailUpdateStore extends CodeRequestStore<EmailUpdateRequest, string> {
	/** Stores the request, made now and expiring `lifetimeSeconds` later; NO_USER when the user is gone. */
	insert(request: Unstamped<EmailUpdateRequest>, lifetimeSeconds: number): Promise<StoredTimes | "NO_USER">;
	/**
	 * After a correct code, in one step: the user's email becomes the request's address, verified;
	 * every request for that address (of any user), and the user's reset and verification requests
	 * (whose codes went to the old address), are deleted. The unique index decides which user gets
	 * an address two of them race for: the loser answers EMAIL_ALREADY_USED, keeps its request and
	 * gets its attempt back. INVALID_REQUEST when the request is gone. On success `event`
	 * (email_changed) is written with the user, and `previous_email` and `email` added to its data.
	 */
	applyUpdate(id: string, event: HolmEvent, ending: SessionEnding): Promise<ApplyEmailUpdateOutcome>;
}
