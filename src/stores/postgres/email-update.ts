// Email update requests on PostgreSQL: the code request verbs (code-requests.ts), and what only an
// update does. Expiry is judged by the database's clock (clock.ts).
import type { SQL } from "bun";
import type { ApplyEmailUpdateOutcome, EmailUpdateRequest, EmailUpdateStore } from "../../features/email-update/store.ts";
import { withData, written } from "../../features/events/store.ts";
import { EMAIL_UPDATE_REQUESTS, type EmailUpdateRow } from "../code-request-rows.ts";
import { stampedTimes, storedTimes, type DatabaseClock } from "./clock.ts";
import { codeRequestVerbs } from "./code-requests.ts";
import { transaction } from "./connection.ts";
import { forUser, isUniqueViolation } from "./errors.ts";
import type { PostgresEventLog } from "./events.ts";
import { endSessionsWithin } from "./sessions.ts";

export function createPostgresEmailUpdateStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): EmailUpdateStore {
	const requests = codeRequestVerbs<EmailUpdateRow, EmailUpdateRequest, string>(sql, clock, events, EMAIL_UPDATE_REQUESTS);
	return {
		...requests,
		async insert(request, lifetimeSeconds) {
			const { stamp, values } = stampedTimes(sql, clock, lifetimeSeconds);
			return forUser(async () =>
				storedTimes(await sql`${stamp} INSERT INTO email_update_request (id, user_id, created_at, expires_at, email, code)
					VALUES (${request.id}, ${request.userId}, ${values}, ${request.email}, ${request.code}) RETURNING created_at, expires_at`),
			);
		},
		async applyUpdate(id, event, ending): Promise<ApplyEmailUpdateOutcome> {
			const [found] = await sql<{ user_id: string; email: string }[]>`SELECT user_id, email FROM email_update_request
				WHERE id = ${id} AND expires_at > ${clock.seconds(sql)}`;
			if (found === undefined) return { outcome: "INVALID_REQUEST" };
			const { user_id: userId, email } = found;
			return transaction(sql, async (tx) => {
				// Locks in one order: the address (so two users taking it go one after the other, and
				// the loser then finds its request deleted), the user, then the request, checked again.
				await tx`SELECT pg_advisory_xact_lock(hashtextextended(${email}, 0))`;
				const [user] = await tx<{ email: string | null }[]>`SELECT email FROM "user" WHERE id = ${userId} FOR UPDATE`;
				const previousEmail = user?.email ?? null;
				const rows = await tx`SELECT 1 FROM email_update_request WHERE id = ${id} AND expires_at > ${clock.seconds(tx)} FOR UPDATE`;
				if (rows.length === 0) return { outcome: "INVALID_REQUEST" };
				// A savepoint, so that the unique violation undoes this statement and not the transaction.
				await tx`SAVEPOINT email_taken`;
				try {
					await tx`UPDATE "user" SET email = ${email}, email_verified = true WHERE id = ${userId}`;
				} catch (error) {
					if (!isUniqueViolation(error)) throw error;
					await tx`ROLLBACK TO SAVEPOINT email_taken`;
					await tx`UPDATE email_update_request SET failed_attempts = failed_attempts - 1 WHERE id = ${id}`;
					return { outcome: "EMAIL_ALREADY_USED" };
				}
				await tx`DELETE FROM email_update_request WHERE email = ${email}`;
				await tx`DELETE FROM password_reset_request WHERE user_id = ${userId}`;
				await tx`DELETE FROM email_verification_request WHERE user_id = ${userId}`;
				const ended = await endSessionsWithin(tx, events, userId, ending);
				const changed = withData({ ...event, userId }, { previous_email: previousEmail, email });
				await events.write(tx, changed);
				return { outcome: "UPDATED", userId, email, previousEmail, written: written(ended, changed) };
			});
		},
	};
}
