// Password reset requests on PostgreSQL. Expiry is judged by the database's clock (clock.ts), not by
// the `now` the features pass (this instance's); the sweep gives deleteExpired the database's time.
import type { SQL } from "bun";
import type { PasswordResetRequest, PasswordResetStore } from "../../features/password-reset/store.ts";
import { writeForUser } from "./errors.ts";
import type { DatabaseClock } from "./clock.ts";
import { transaction } from "./connection.ts";
import type { PostgresEventLog } from "./events.ts";

function toRequest(row: any): PasswordResetRequest {
	return {
		id: row.id,
		userId: row.user_id,
		createdAt: Number(row.created_at),
		expiresAt: Number(row.expires_at),
		emailVerified: row.email_verified,
	};
}

export function createPostgresPasswordResetStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): PasswordResetStore {
	return {
		async insert(request) {
			return writeForUser(() => sql`INSERT INTO password_reset_request (id, user_id, created_at, expires_at, code_hash)
				VALUES (${request.id}, ${request.userId}, ${request.createdAt}, ${request.expiresAt}, ${request.codeHash})`);
		},
		async get(id) {
			const rows = await sql`SELECT id, user_id, created_at, expires_at, email_verified FROM password_reset_request
				WHERE id = ${id} AND expires_at > ${clock.seconds(sql)}`;
			return rows.length === 0 ? null : toRequest(rows[0]);
		},
		async listForUser(userId) {
			const rows = await sql`SELECT id, user_id, created_at, expires_at, email_verified FROM password_reset_request
				WHERE user_id = ${userId} AND expires_at > ${clock.seconds(sql)} ORDER BY created_at, id`;
			return rows.map(toRequest);
		},
		async delete(id) {
			const result = await sql`DELETE FROM password_reset_request WHERE id = ${id} AND expires_at > ${clock.seconds(sql)}`;
			return result.count > 0;
		},
		async deleteForUser(userId) {
			await sql`DELETE FROM password_reset_request WHERE user_id = ${userId}`;
		},
		async takeCodeAttempt(id, _instanceNow, maxAttempts) {
			// Count first, in one statement: parallel attempts queue on the row lock, and each sees the
			// count the one before it left, so at most maxAttempts ever get a row.
			const rows = await sql`UPDATE password_reset_request SET failed_attempts = failed_attempts + 1
				WHERE id = ${id} AND expires_at > ${clock.seconds(sql)} AND failed_attempts < ${maxAttempts}
				RETURNING code_hash, failed_attempts, user_id`;
			return rows.length === 0 ? null : { code: rows[0].code_hash, attempts: rows[0].failed_attempts, userId: rows[0].user_id };
		},
		async deleteAfterLastAttempt(id, event) {
			await events.around(sql, event, (q) => q`DELETE FROM password_reset_request WHERE id = ${id}`, () => true);
		},
		async markEmailVerified(id) {
			await sql`UPDATE password_reset_request SET email_verified = true, failed_attempts = failed_attempts - 1 WHERE id = ${id}`;
		},
		async resetPassword(id, passwordHash, _now, event) {
			const found = await sql`SELECT user_id FROM password_reset_request WHERE id = ${id}`;
			if (found.length === 0) return null;
			const userId: string = found[0].user_id;
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
				await events.write(tx, event);
				return userId;
			});
		},
		async deleteExpired(now) {
			await sql`DELETE FROM password_reset_request WHERE expires_at <= ${now}`;
		},
	};
}
