// Email verification requests on PostgreSQL.
import type { SQL } from "bun";
import type { EmailVerificationRequest, EmailVerificationStore } from "../../features/email-verification/store.ts";
import { MAX_CODE_ATTEMPTS } from "../../limits.ts";
import { writeForUser } from "./errors.ts";

function toRequest(row: any): EmailVerificationRequest {
	return { userId: row.user_id, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at), code: row.code };
}

export function createPostgresEmailVerificationStore(sql: SQL): EmailVerificationStore {
	return {
		async replace(request) {
			return writeForUser(() => sql`INSERT INTO email_verification_request (user_id, created_at, expires_at, code)
				VALUES (${request.userId}, ${request.createdAt}, ${request.expiresAt}, ${request.code})
				ON CONFLICT (user_id) DO UPDATE SET
					created_at = excluded.created_at, expires_at = excluded.expires_at, code = excluded.code, failed_attempts = 0`);
		},
		async get(userId, now) {
			const rows = await sql`SELECT user_id, created_at, expires_at, code FROM email_verification_request
				WHERE user_id = ${userId} AND expires_at > ${now}`;
			return rows.length === 0 ? null : toRequest(rows[0]);
		},
		async delete(userId, now) {
			const result = await sql`DELETE FROM email_verification_request WHERE user_id = ${userId} AND expires_at > ${now}`;
			return result.count > 0;
		},
		async takeCodeAttempt(userId, now) {
			const rows = await sql`UPDATE email_verification_request SET failed_attempts = failed_attempts + 1
				WHERE user_id = ${userId} AND expires_at > ${now} AND failed_attempts < ${MAX_CODE_ATTEMPTS}
				RETURNING code, failed_attempts`;
			return rows.length === 0 ? null : { code: rows[0].code, attempts: rows[0].failed_attempts, userId };
		},
		async deleteAfterLastAttempt(userId) {
			await sql`DELETE FROM email_verification_request WHERE user_id = ${userId}`;
		},
		async verifyEmail(userId) {
			await sql.begin(async (tx) => {
				await tx`UPDATE "user" SET email_verified = true WHERE id = ${userId}`;
				await tx`DELETE FROM email_verification_request WHERE user_id = ${userId}`;
			});
		},
		async deleteExpired(now) {
			await sql`DELETE FROM email_verification_request WHERE expires_at <= ${now}`;
		},
	};
}
