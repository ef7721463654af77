// Email verification requests on PostgreSQL: the code request verbs (code-requests.ts), keyed by
// the user, and what only a verification does. Expiry is judged by the database's clock (clock.ts).
import type { SQL } from "bun";
import type { EmailVerificationRequest, EmailVerificationStore } from "../../features/email-verification/store.ts";
import { EMAIL_VERIFICATION_REQUESTS, type EmailVerificationRow } from "../code-request-rows.ts";
import { stampedTimes, storedTimes, type DatabaseClock } from "./clock.ts";
import { codeRequestVerbs } from "./code-requests.ts";
import { forUser } from "./errors.ts";
import { change, type PostgresEventLog } from "./events.ts";

export function createPostgresEmailVerificationStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): EmailVerificationStore {
	const requests = codeRequestVerbs<EmailVerificationRow, EmailVerificationRequest, string>(sql, clock, events, EMAIL_VERIFICATION_REQUESTS);
	return {
		...requests,
		async replace(request, lifetimeSeconds) {
			const { stamp, values } = stampedTimes(sql, clock, lifetimeSeconds);
			return forUser(async () =>
				storedTimes(await sql`${stamp} INSERT INTO email_verification_request (user_id, created_at, expires_at, code)
					VALUES (${request.userId}, ${values}, ${request.code})
					ON CONFLICT (user_id) DO UPDATE SET
						created_at = excluded.created_at, expires_at = excluded.expires_at, code = excluded.code, failed_attempts = 0
					RETURNING created_at, expires_at`),
			);
		},
		async verifyEmail(userId, event) {
			// One statement: the user's row first, as every change of a user's rows takes it.
			await events.withChange(change(`UPDATE "user" SET email_verified = true WHERE id = $1`, userId), event, "always", [
				change(`DELETE FROM email_verification_request WHERE user_id = $1`, userId),
			]);
		},
	};
}
