// Password reset requests on PostgreSQL: the code request verbs (code-requests.ts), and what only a
// reset does. Expiry is judged by the database's clock (clock.ts).
import type { SQL } from "bun";
import { written } from "../../features/events/store.ts";
import type { PasswordResetRequest, PasswordResetStore } from "../../features/password-reset/store.ts";
import { PASSWORD_RESET_REQUESTS, type PasswordResetRow } from "../code-request-rows.ts";
import { claimAccountWithin } from "./account-claims.ts";
import { stampedTimes, storedTimes, type DatabaseClock } from "./clock.ts";
import { codeRequestVerbs } from "./code-requests.ts";
import { transaction } from "./connection.ts";
import { forUser } from "./errors.ts";
import type { PostgresEventLog } from "./events.ts";
import { endSessionsWithin } from "./sessions.ts";

export function createPostgresPasswordResetStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): PasswordResetStore {
	const requests = codeRequestVerbs<PasswordResetRow, PasswordResetRequest, Uint8Array>(sql, clock, events, PASSWORD_RESET_REQUESTS);
	return {
		...requests,
		async insert(request, lifetimeSeconds) {
			const { stamp, values } = stampedTimes(sql, clock, lifetimeSeconds);
			return forUser(async () =>
				storedTimes(await sql`${stamp} INSERT INTO password_reset_request (id, user_id, created_at, expires_at, code_hash)
					VALUES (${request.id}, ${request.userId}, ${values}, ${request.codeHash}) RETURNING created_at, expires_at`),
			);
		},
		async markEmailVerified(id) {
			await sql`UPDATE password_reset_request SET email_verified = true, failed_attempts = failed_attempts - 1 WHERE id = ${id}`;
		},
		async resetPassword(id, event, claim) {
			const [found] = await sql<{ user_id: string }[]>`SELECT user_id FROM password_reset_request WHERE id = ${id}`;
			if (found === undefined) return null;
			const userId = found.user_id;
			return transaction(sql, async (tx) => {
				// The user's row first, as every transaction that changes a user's rows does, so that two
				// of them cannot each hold what the other waits for.
				const [user] = await tx<{ email_verified: boolean }[]>`SELECT email_verified FROM "user" WHERE id = ${userId} FOR UPDATE`;
				// Deleting the request uses it up: a parallel reset with the same request finds nothing.
				const used = await tx`DELETE FROM password_reset_request
					WHERE id = ${id} AND expires_at > ${clock.seconds(tx)} AND email_verified RETURNING user_id`;
				if (used.length === 0 || user === undefined) return null;
				// The reset is the first proof of an unverified address: the account is the prover's.
				if (!user.email_verified) {
					const claimed = await claimAccountWithin(tx, clock, events, userId, claim);
					await events.write(tx, event);
					return { userId, claimed: true, written: [...claimed.events, event] };
				}
				await tx`UPDATE "user" SET password_hash = ${claim.passwordHash}, password_leaked = false,
					password_leak_checked_online_at = NULL WHERE id = ${userId}`;
				await tx`DELETE FROM password_reset_request WHERE user_id = ${userId}`;
				await tx`DELETE FROM email_update_request WHERE user_id = ${userId}`;
				const ended = await endSessionsWithin(tx, events, userId, claim.ending);
				await events.write(tx, event);
				return { userId, claimed: false, written: written(ended, event) };
			});
		},
	};
}
