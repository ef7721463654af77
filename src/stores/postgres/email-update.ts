// Email update requests on PostgreSQL. Expiry is judged by the database's clock (clock.ts), not by
// the `now` the features pass (this instance's); the sweep gives deleteExpired the database's time.
import type { SQL } from "bun";
import { withData } from "../../features/events/store.ts";
import type { PostgresEventLog } from "./events.ts";
import type { ApplyEmailUpdateOutcome, EmailUpdateRequest, EmailUpdateStore } from "../../features/email-update/store.ts";
import { isUniqueViolation, writeForUser } from "./errors.ts";
import type { DatabaseClock } from "./clock.ts";
import { transaction } from "./connection.ts";
import { endSessionsWithin } from "./sessions.ts";

function toRequest(row: any): EmailUpdateRequest {
	return {
		id: row.id,
		userId: row.user_id,
		createdAt: Number(row.created_at),
		expiresAt: Number(row.expires_at),
		email: row.email,
		code: row.code,
	};
}

export function createPostgresEmailUpdateStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): EmailUpdateStore {
	return {
		async insert(request) {
			return writeForUser(() => sql`INSERT INTO email_update_request (id, user_id, created_at, expires_at, email, code)
				VALUES (${request.id}, ${request.userId}, ${request.createdAt}, ${request.expiresAt}, ${request.email}, ${request.code})`);
		},
		async get(id) {
			const rows = await sql`SELECT id, user_id, created_at, expires_at, email, code FROM email_update_request
				WHERE id = ${id} AND expires_at > ${clock.seconds(sql)}`;
			return rows.length === 0 ? null : toRequest(rows[0]);
		},
		async listForUser(userId) {
			const rows = await sql`SELECT id, user_id, created_at, expires_at, email, code FROM email_update_request
				WHERE user_id = ${userId} AND expires_at > ${clock.seconds(sql)} ORDER BY created_at, id`;
			return rows.map(toRequest);
		},
		async delete(id) {
			const result = await sql`DELETE FROM email_update_request WHERE id = ${id} AND expires_at > ${clock.seconds(sql)}`;
			return result.count > 0;
		},
		async deleteForUser(userId) {
			await sql`DELETE FROM email_update_request WHERE user_id = ${userId}`;
		},
		async takeCodeAttempt(id, _instanceNow, maxAttempts) {
			const rows = await sql`UPDATE email_update_request SET failed_attempts = failed_attempts + 1
				WHERE id = ${id} AND expires_at > ${clock.seconds(sql)} AND failed_attempts < ${maxAttempts}
				RETURNING code, failed_attempts, user_id`;
			return rows.length === 0 ? null : { code: rows[0].code, attempts: rows[0].failed_attempts, userId: rows[0].user_id };
		},
		async deleteAfterLastAttempt(id, event) {
			await events.around(sql, event, (q) => q`DELETE FROM email_update_request WHERE id = ${id}`, () => true);
		},
		async applyUpdate(id, _now, event, ending): Promise<ApplyEmailUpdateOutcome> {
			const found = await sql`SELECT user_id, email FROM email_update_request WHERE id = ${id} AND expires_at > ${clock.seconds(sql)}`;
			if (found.length === 0) return { outcome: "INVALID_REQUEST" };
			const { user_id: userId, email } = found[0] as { user_id: string; email: string };
			return transaction(sql, async (tx) => {
				// Locks in one order: the address (so two users taking it go one after the other, and
				// the loser then finds its request deleted), the user, then the request, checked again.
				await tx`SELECT pg_advisory_xact_lock(hashtextextended(${email}, 0))`;
				const [user] = await tx`SELECT email FROM "user" WHERE id = ${userId} FOR UPDATE`;
				const previousEmail: string | null = user?.email ?? null;
				const rows = await tx`SELECT 1 FROM email_update_request WHERE id = ${id} AND expires_at > ${clock.seconds(tx)} FOR UPDATE`;
				if (rows.length === 0) return { outcome: "INVALID_REQUEST" };
				try {
					// A savepoint, so that the unique violation undoes this statement and not the transaction.
					await tx.savepoint((sp) => sp`UPDATE "user" SET email = ${email}, email_verified = true WHERE id = ${userId}`);
				} catch (error) {
					if (!isUniqueViolation(error)) throw error;
					await tx`UPDATE email_update_request SET failed_attempts = failed_attempts - 1 WHERE id = ${id}`;
					return { outcome: "EMAIL_ALREADY_USED" };
				}
				await tx`DELETE FROM email_update_request WHERE email = ${email}`;
				await tx`DELETE FROM password_reset_request WHERE user_id = ${userId}`;
				await tx`DELETE FROM email_verification_request WHERE user_id = ${userId}`;
				await endSessionsWithin(tx, events, userId, ending);
				await events.write(tx, withData({ ...event, userId }, { previous_email: previousEmail, email }));
				return { outcome: "UPDATED", userId, email, previousEmail };
			});
		},
		async deleteExpired(now) {
			await sql`DELETE FROM email_update_request WHERE expires_at <= ${now}`;
		},
	};
}
