// Email sign-in requests on SQLite. One writer: a transaction's reads and writes see no other
// writer between them, so the request is used up once.
import type { Database } from "bun:sqlite";
import type { EmailSignInOutcome, EmailSignInPlan, EmailSignInRequest, EmailSignInStore } from "../../features/email-sign-in/store.ts";
import { stampedAt } from "../../features/code-requests-store.ts";
import type { HolmEvent } from "../../features/events/store.ts";
import { EMAIL_SIGN_IN_REQUESTS, type EmailSignInRow } from "../code-request-rows.ts";
import { codeRequestVerbs } from "./code-requests.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import { claimAccountWithin } from "./account-claims.ts";
import type { SqliteEventLog } from "./events.ts";
import { toUser, USER_COLUMNS, type UserRow } from "./users.ts";
import { writeTransaction } from "./db/write-transaction.ts";

function withUser(event: HolmEvent, userId: string): HolmEvent {
	return { ...event, userId };
}

/** `now`: the time in seconds that judges expiry. */
export function createSqliteEmailSignInStore(db: Database, reads: SnapshotReads, events: SqliteEventLog, now: () => number): EmailSignInStore {
	const requests = codeRequestVerbs<EmailSignInRow, EmailSignInRequest, Uint8Array>(db, reads, events, EMAIL_SIGN_IN_REQUESTS, now);
	// The email is unique: a new request takes the row of the earlier one, id and code included.
	const upsert = db.prepare<void, [string, string | null, string, number, number, Uint8Array]>(
		`INSERT INTO email_sign_in_request (id, user_id, email, created_at, expires_at, code_hash) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (email) DO UPDATE SET id = excluded.id, user_id = excluded.user_id, created_at = excluded.created_at,
			expires_at = excluded.expires_at, code_hash = excluded.code_hash, failed_attempts = 0`,
	);
	const claim = db.prepare<{ user_id: string | null; email: string }, [string, number]>(
		`DELETE FROM email_sign_in_request WHERE id = ? AND expires_at > ? RETURNING user_id, email`,
	);
	const selectUserByEmail = db.prepare<UserRow, [string]>(`SELECT ${USER_COLUMNS} FROM user WHERE email = ?`);
	const insertUser = db.prepare<void, [string, number, string | null, string, string]>(
		`INSERT INTO user (id, created_at, email, email_verified, password_hash, recovery_code) VALUES (?, ?, ?, 1, ?, ?)`,
	);

	const signIn = writeTransaction(db, (id: string, plan: EmailSignInPlan): EmailSignInOutcome => {
		const request = claim.get(id, plan.now);
		if (request === null) return { result: "INVALID_REQUEST" };
		const row = selectUserByEmail.get(request.email);
		const written: HolmEvent[] = [];
		const write = (event: HolmEvent, userId: string) => {
			const stored = withUser(event, userId);
			events.write(stored);
			written.push(stored);
		};
		if (row !== null) {
			// A user who took the email after a request that named nobody did not get it from this
			// code: signing the visitor in to that account would hand it to whoever made the request.
			if (request.user_id === null) return { result: "EMAIL_ALREADY_USED" };
			if (row.id !== request.user_id) return { result: "INVALID_REQUEST" };
			const holder = toUser(row, plan.now);
			// Disabled (API.md section 18): the code is used up, and nothing else happens (no claim,
			// no verified email, no sign-in) but the refusal's event.
			if (holder.disabled) {
				write(plan.events.refused, row.id);
				return { result: "USER_DISABLED", events: written };
			}
			// The first proof of the address takes the account from whoever made it (API.md section 17).
			const claimed = !holder.emailVerified;
			if (claimed) {
				written.push(...claimAccountWithin(db, events, row.id, plan.claim).events);
				write(plan.events.emailVerified, row.id);
			}
			write(plan.events.signIn, row.id);
			return { result: "SIGNED_IN", user: claimed ? toUser(selectUserByEmail.get(request.email)!, plan.now) : holder, created: false, claimed, events: written };
		}
		// The user the request named no longer holds the email (changed or deleted).
		if (request.user_id !== null) return { result: "INVALID_REQUEST" };
		if (plan.newUser === null) return { result: "SIGNED_IN", user: null, created: false, claimed: false, events: written };
		const user = plan.newUser;
		insertUser.run(user.id, user.createdAt, request.email, user.passwordHash, user.recoveryCode);
		write(plan.events.userCreated, user.id);
		write(plan.events.signIn, user.id);
		return { result: "SIGNED_IN", user: toUser(selectUserByEmail.get(request.email)!, plan.now), created: true, claimed: false, events: written };
	});

	return {
		...requests,
		async replace(request, lifetimeSeconds) {
			const times = stampedAt(now(), lifetimeSeconds);
			upsert.run(request.id, request.userId, request.email, times.createdAt, times.expiresAt, request.codeHash);
			return times;
		},
		async signIn(id, plan) {
			return signIn(id, plan);
		},
	};
}
