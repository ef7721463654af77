// What the password reset flow needs from a database; src/stores/<database>/password-reset.ts
// implements it. A request is live while now < expires_at; expired ones are invisible. "Now" is the
// store's clock, given when it is built (the database's on PostgreSQL).
import type { AccountClaim } from "../account-claims/claim.ts";
import type { CodeRequestStore, StoredTimes, Unstamped } from "../code-requests-store.ts";
import type { HolmEvent } from "../events/store.ts";

export interface PasswordResetRequest {
	id: string;
	userId: string;
	createdAt: number;
	expiresAt: number;
	emailVerified: boolean;
}

/** Reset codes are kept only as their SHA-256: the code is shown once and never needed again. */
export interface PasswordResetStore extends CodeRequestStore<PasswordResetRequest, Uint8Array> {
	/** Stores the request, made now and expiring `lifetimeSeconds` later; NO_USER when the user is gone. */
	insert(request: Unstamped<PasswordResetRequest> & { codeHash: Uint8Array }, lifetimeSeconds: number): Promise<StoredTimes | "NO_USER">;
	/** After a correct code: the request's email is verified, and the code's attempt is given back. */
	markEmailVerified(id: string): Promise<void>;
	/**
	 * Sets the password of a live, verified request's user, marks their email verified, and deletes
	 * all of their reset requests and email update requests, in one step; re-checks the request, since
	 * a parallel reset may have used it while the password was hashed; ends every session of the user
	 * (`claim.ending`); writes `event` (password_reset). When the user's email was not verified, the
	 * reset proves the address and carries out `claim` instead (API.md section 17), whose password is
	 * the new one. The user's id, whether the reset claimed the account, and the events stored in
	 * order; null when the request was not there to use.
	 */
	resetPassword(id: string, event: HolmEvent, claim: AccountClaim): Promise<{ userId: string; claimed: boolean; written: HolmEvent[] } | null>;
}
