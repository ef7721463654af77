// Password reset requests on PostgreSQL: the code request verbs (code-requests.ts), and what only a
// reset does. Expiry is judged by the database's clock (clock.ts).
import type { SQL } from "bun";
import type { PasswordResetRequest, PasswordResetStore } from "../../features/password-reset/store.ts";
import { PASSWORD_RESET_REQUESTS, type PasswordResetRow } from "../code-request-rows.ts";
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
		async resetPassword(id, passwordHash, event, ending) {
			const [found] = await sql<{ user_id: string }[]>`SELECT user_id FROM password_reset_request WHERE id = ${id}`;
			if (found === undefined) return null;
			const userId = found.user_id;
			return transaction(sql, async (tx) => {
				// The user's row first, as every transaction that changes a user's rows does, so that two
				// of them cannot each hold what the other waits for.
				await tx`SELECT 1 FROM "user" WHERE id = ${userId} FOR UPDATE`;
				// Deleting the request claims it: a parallel reset with the same request finds nothing.
				const claimed = await tx`DELETE FROM password_reset_request
					WHERE id = ${id} AND expires_at > ${clock.seconds(tx)} AND email_verified RETURNING user_id`;
				if (claimed.length === 0) return null;
				await tx`UPDATE "user" SET password_hash = ${passwordHash}, email_verified = true, password_leaked = false,
					password_leak_checked_online_at = NULL WHERE id = ${userId}`;
				await tx`DELETE FROM password_reset_request WHERE user_id = ${userId}`;
				await tx`DELETE FROM email_update_request WHERE user_id = ${userId}`;
				await endSessionsWithin(tx, events, userId, ending);
				await events.write(tx, event);
				return userId;
			});
		},
	};
}
