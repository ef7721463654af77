// What email verification needs from a database; src/stores/<database>/email-verification.ts
// implements it. At most one request per user (the user id is its key); a request is live while
// now < expires_at, by the store's clock (the database's on PostgreSQL). The code is kept as it is, because GET shows it again (API.md section 2).
import type { CodeRequestStore, StoredTimes, Unstamped } from "../code-requests-store.ts";
import type { HolmEvent } from "../events/store.ts";

export interface EmailVerificationRequest {
	userId: string;
	createdAt: number;
	expiresAt: number;
	code: string;
}

/** Keyed by the user id. */
export interface EmailVerificationStore extends CodeRequestStore<EmailVerificationRequest, string> {
	/** A new request, made now and expiring `lifetimeSeconds` later, replaces the old one, code and
	 *  attempt count included; NO_USER when the user is gone. */
	replace(request: Unstamped<EmailVerificationRequest>, lifetimeSeconds: number): Promise<StoredTimes | "NO_USER">;
	/** After a correct code: the user's email becomes verified and the request is consumed. */
	verifyEmail(userId: string, event: HolmEvent): Promise<void>;
}
