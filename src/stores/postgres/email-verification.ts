// Email verification requests on PostgreSQL. Expiry is judged by the database's clock (clock.ts), not by
// the `now` the features pass (this instance's); the sweep gives deleteExpired the database's time.
import type { SQL } from "bun";
import type { PostgresEventLog } from "./events.ts";
import type { EmailVerificationRequest, EmailVerificationStore } from "../../features/email-verification/store.ts";
import { writeForUser } from "./errors.ts";
import type { DatabaseClock } from "./clock.ts";
import { transaction } from "./connection.ts";

function toRequest(row: any): EmailVerificationRequest {
	return { userId: row.user_id, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at), code: row.code };
}

export function createPostgresEmailVerificationStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): EmailVerificationStore {
	return {
		async replace(request) {
			return writeForUser(() => sql`INSERT INTO email_verification_request (user_id, created_at, expires_at, code)
				VALUES (${request.userId}, ${request.createdAt}, ${request.expiresAt}, ${request.code})
				ON CONFLICT (user_id) DO UPDATE SET
					created_at = excluded.created_at, expires_at = excluded.expires_at, code = excluded.code, failed_attempts = 0`);
		},
		async get(userId) {
			const rows = await sql`SELECT user_id, created_at, expires_at, code FROM email_verification_request
				WHERE user_id = ${userId} AND expires_at > ${clock.seconds(sql)}`;
			return rows.length === 0 ? null : toRequest(rows[0]);
		},
		async delete(userId) {
			const result = await sql`DELETE FROM email_verification_request WHERE user_id = ${userId} AND expires_at > ${clock.seconds(sql)}`;
			return result.count > 0;
		},
		async takeCodeAttempt(userId, _instanceNow, maxAttempts) {
			const rows = await sql`UPDATE email_verification_request SET failed_attempts = failed_attempts + 1
				WHERE user_id = ${userId} AND expires_at > ${clock.seconds(sql)} AND failed_attempts < ${maxAttempts}
				RETURNING code, failed_attempts`;
			return rows.length === 0 ? null : { code: rows[0].code, attempts: rows[0].failed_attempts, userId };
		},
		async deleteAfterLastAttempt(userId, event) {
			await events.around(sql, event, (q) => q`DELETE FROM email_verification_request WHERE user_id = ${userId}`, () => true);
		},
		async verifyEmail(userId, event) {
			await transaction(sql, async (tx) => {
				await tx`UPDATE "user" SET email_verified = true WHERE id = ${userId}`;
				await tx`DELETE FROM email_verification_request WHERE user_id = ${userId}`;
				await events.write(tx, event);
			});
		},
		async deleteExpired(now) {
			await sql`DELETE FROM email_verification_request WHERE expires_at <= ${now}`;
		},
	};
}
