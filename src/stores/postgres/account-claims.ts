// A claim of an account by the first proof of its address (API.md section 17), on PostgreSQL: run
// by the proof's own transaction (an email sign-in, a reset), which holds the user's row, so
// nothing the maker set survives a proof that has answered, on any instance. Whether a request was
// live is judged by the database's clock, as its expiry is.
import type { AccountClaim, ClaimedKind, ClaimOutcome } from "../../features/account-claims/claim.ts";
import { withData, type HolmEvent } from "../../features/events/store.ts";
import { NO_PASSWORD_HASH } from "../../lib/password-hash.ts";
import type { DatabaseClock } from "./clock.ts";
import type { Transaction } from "./connection.ts";
import type { PostgresEventLog } from "./events.ts";
import { endSessionsWithin } from "./sessions.ts";

/**
 * Inside the caller's transaction, which holds the user's row: removes the password (setting
 * `claim.passwordHash`), the TOTP credential and its lockouts, the passkeys, the identities, the
 * remembered devices, every session and pending request of the user; replaces the recovery code; marks the
 * email verified; writes sessions_ended (when a live session ended) and account_claimed.
 */
export async function claimAccountWithin(tx: Transaction, clock: DatabaseClock, events: PostgresEventLog, userId: string, claim: AccountClaim): Promise<ClaimOutcome> {
	const removed: ClaimedKind[] = [];
	// One statement: what was there is read from its snapshot, before its deletions.
	const now = clock.seconds(tx);
	const [had] = await tx<{ password: boolean; totp: boolean; passkeys: boolean; identities: boolean; requests: boolean }[]>`
		WITH old AS (SELECT password_hash <> ${NO_PASSWORD_HASH} AS password, totp_registered AS totp,
				EXISTS (SELECT 1 FROM passkey WHERE user_id = ${userId}) AS passkeys,
				EXISTS (SELECT 1 FROM identity WHERE user_id = ${userId}) AS identities FROM "user" WHERE id = ${userId}),
			lockouts AS (DELETE FROM second_factor_lockout WHERE user_id = ${userId}),
			passkeys AS (DELETE FROM passkey WHERE user_id = ${userId}),
			identities AS (DELETE FROM identity WHERE user_id = ${userId}),
			devices AS (DELETE FROM session_device WHERE user_id = ${userId}),
			resets AS (DELETE FROM password_reset_request WHERE user_id = ${userId} RETURNING expires_at > ${now} AS live),
			verifications AS (DELETE FROM email_verification_request WHERE user_id = ${userId} RETURNING expires_at > ${now} AS live),
			updates AS (DELETE FROM email_update_request WHERE user_id = ${userId} RETURNING expires_at > ${now} AS live),
			ceremonies AS (DELETE FROM passkey_ceremony WHERE user_id = ${userId} RETURNING expires_at > ${now} AS live),
			external AS (DELETE FROM external_sign_in_request WHERE user_id = ${userId} RETURNING expires_at > ${now} AS live)
		SELECT old.password, old.totp, old.passkeys, old.identities, EXISTS (
			SELECT 1 FROM (SELECT live FROM resets UNION ALL SELECT live FROM verifications UNION ALL SELECT live FROM updates
				UNION ALL SELECT live FROM ceremonies UNION ALL SELECT live FROM external) AS deleted WHERE live) AS requests
		FROM old`;
	if (had?.password) removed.push("password");
	if (had?.totp) removed.push("totp");
	if (had?.passkeys) removed.push("passkeys");
	if (had?.identities) removed.push("identities");
	// A statement of its own: its trigger clears the user's totp_registered, which the update below
	// of the same row must come after.
	await tx`DELETE FROM totp_credential WHERE user_id = ${userId}`;

	const written: HolmEvent[] = [];
	const ended = await endSessionsWithin(tx, events, userId, claim.ending);
	if (ended !== null) {
		removed.push("sessions");
		written.push(ended);
	}
	if (had?.requests) removed.push("requests");

	await tx`UPDATE "user" SET password_hash = ${claim.passwordHash}, password_leaked = false, password_leak_checked_online_at = NULL,
		recovery_code = ${claim.recoveryCode}, email_verified = true WHERE id = ${userId}`;
	const event = withData({ ...claim.event, userId }, { removed });
	await events.write(tx, event);
	written.push(event);
	return { removed, events: written };
}
