// A claim of an account by the first proof of its address (API.md section 17), on SQLite: run by
// the proof's own write transaction (an email sign-in, a reset), so nothing the maker set survives
// a proof that has answered.
import type { Database } from "bun:sqlite";
import type { AccountClaim, ClaimedKind, ClaimOutcome } from "../../features/account-claims/claim.ts";
import { withData, type HolmEvent } from "../../features/events/store.ts";
import { NO_PASSWORD_HASH } from "../../lib/password-hash.ts";
import type { SqliteEventLog } from "./events.ts";
import { endSessionsWithin } from "./sessions.ts";

/** The user's pending requests and ceremonies; each statement answers whether it deleted a live one
 *  (an expired one is invisible, so it was not there to remove). */
const DELETE_REQUESTS = [
	`DELETE FROM password_reset_request WHERE user_id = ?1 RETURNING expires_at > ?2 AS live`,
	`DELETE FROM email_verification_request WHERE user_id = ?1 RETURNING expires_at > ?2 AS live`,
	`DELETE FROM email_update_request WHERE user_id = ?1 RETURNING expires_at > ?2 AS live`,
	`DELETE FROM passkey_ceremony WHERE user_id = ?1 RETURNING expires_at > ?2 AS live`,
	`DELETE FROM external_sign_in_request WHERE user_id = ?1 RETURNING expires_at > ?2 AS live`,
];

/**
 * Inside the caller's transaction: removes the password (setting `claim.passwordHash`), the TOTP
 * credential and its lockouts, the passkeys, the identities, the remembered devices, every session and pending
 * request of the user; replaces the recovery code; marks the email verified; writes sessions_ended
 * (when a live session ended) and account_claimed.
 */
export function claimAccountWithin(db: Database, events: SqliteEventLog, userId: string, claim: AccountClaim): ClaimOutcome {
	const removed: ClaimedKind[] = [];
	const had = db
		.query<{ password: number; totp: number; passkeys: number; identities: number }, [string, string]>(
			`SELECT password_hash <> ?2 AS password, totp_registered AS totp, EXISTS (SELECT 1 FROM passkey WHERE user_id = ?1) AS passkeys,
				EXISTS (SELECT 1 FROM identity WHERE user_id = ?1) AS identities FROM user WHERE id = ?1`,
		)
		.get(userId, NO_PASSWORD_HASH);
	if (had?.password === 1) removed.push("password");
	if (had?.totp === 1) removed.push("totp");
	if (had?.passkeys === 1) removed.push("passkeys");
	if (had?.identities === 1) removed.push("identities");
	db.query(`DELETE FROM totp_credential WHERE user_id = ?`).run(userId);
	db.query(`DELETE FROM second_factor_lockout WHERE user_id = ?`).run(userId);
	db.query(`DELETE FROM passkey WHERE user_id = ?`).run(userId);
	// An identity the maker linked would sign the maker in again (API.md section 17).
	db.query(`DELETE FROM identity WHERE user_id = ?`).run(userId);
	db.query(`DELETE FROM session_device WHERE user_id = ?`).run(userId);

	const written: HolmEvent[] = [];
	const ended = endSessionsWithin(db, events, userId, claim.ending);
	if (ended !== null) {
		removed.push("sessions");
		written.push(ended);
	}
	let requests = false;
	for (const statement of DELETE_REQUESTS) {
		for (const row of db.query<{ live: number }, [string, number]>(statement).all(userId, claim.ending.now)) requests ||= row.live === 1;
	}
	if (requests) removed.push("requests");

	db.query<void, [string, string, string]>(
		`UPDATE user SET password_hash = ?1, password_leaked = 0, password_leak_checked_online_at = NULL, recovery_code = ?2, email_verified = 1 WHERE id = ?3`,
	).run(claim.passwordHash, claim.recoveryCode, userId);
	const event = withData({ ...claim.event, userId }, { removed });
	events.write(event);
	written.push(event);
	return { removed, events: written };
}
