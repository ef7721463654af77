// What sign-in by email code (API.md section 14) needs from a database; src/stores/<database>/
// email-sign-in.ts implements it. A request is live while now < expires_at; expired ones are
// invisible. There is at most one request per email: a new one replaces the row, so only the
// latest code works.
import type { AccountClaim } from "../account-claims/claim.ts";
import type { CodeAttemptStore, StoredTimes, Unstamped } from "../code-requests-store.ts";
import type { HolmEvent } from "../events/store.ts";
import type { NewUser, User } from "../users/store.ts";

export interface EmailSignInRequest {
	id: string;
	/** The user who held the email when the request was made; null when nobody did. */
	userId: string | null;
	email: string;
	createdAt: number;
	expiresAt: number;
}

/** What a correct code leads to, decided with the request's use in one transaction. */
export interface EmailSignInPlan {
	now: number;
	/** With create_user: the passwordless user to create when nobody holds the email (the
	 *  request's, which the store reads as it uses the request up). */
	newUser: Omit<NewUser, "email"> | null;
	/** Written with the sign-in: `sign_in`, and `user_created` / `email_verified` when they happen;
	 *  or, instead of all of them, `refused` (sign_in_failed) when the user is disabled. Their
	 *  user_id is filled in by the store once it knows the user. */
	events: { signIn: HolmEvent; userCreated: HolmEvent; emailVerified: HolmEvent; refused: HolmEvent };
	/** Carried out when the request's user has not verified the email: the code proves it, and the
	 *  account is the prover's (API.md section 17). */
	claim: AccountClaim;
}

export type EmailSignInOutcome =
	/** The request was used up; `user` is null when nobody holds the email and none was created;
	 *  `claimed` when the user's email was not verified (the claim's events are among `events`). */
	| { result: "SIGNED_IN"; user: User | null; created: boolean; claimed: boolean; events: HolmEvent[] }
	/** Absent, expired, superseded, or used by a parallel verify. */
	| { result: "INVALID_REQUEST" }
	/** The user the request names is disabled (API.md section 18), judged in the transaction: the
	 *  request was used up, nothing was claimed or marked verified; `events` holds the refusal's. */
	| { result: "USER_DISABLED"; events: HolmEvent[] }
	/** The request named nobody, and a user took the email since (the request is used up). */
	| { result: "EMAIL_ALREADY_USED" };

/** Codes are kept only as their SHA-256: the code is shown once and never needed again. */
export interface EmailSignInStore extends CodeAttemptStore<Uint8Array> {
	/** Stores the request in place of any earlier one for the same email, in one statement, so two
	 *  parallel requests for one email leave one live code. Made now, expiring `lifetimeSeconds` later. */
	replace(request: Unstamped<EmailSignInRequest> & { codeHash: Uint8Array }, lifetimeSeconds: number): Promise<StoredTimes>;
	get(id: string): Promise<EmailSignInRequest | null>;
	delete(id: string): Promise<boolean>;
	/**
	 * After a correct code, in one transaction: deletes the live request (only one of two parallel
	 * verifies finds it), then signs in whoever the request names (the user who held the email when
	 * it was made, if they still hold it), claims their account when their email is not verified
	 * (`plan.claim`, which marks it verified), or creates `plan.newUser`
	 * when the request named nobody and nobody holds the email now; writes the events. A disabled
	 * user is signed in to nothing: the request is used up all the same, and only the refusal written.
	 */
	signIn(id: string, plan: EmailSignInPlan): Promise<EmailSignInOutcome>;
	deleteExpired(now: number): Promise<void>;
}
