// The console's sign-in tokens and sessions on PostgreSQL: each check is one statement, so any
// instance may be asked, and two asking at once cannot both use a token.
import type { SQL } from "bun";
import { toLock, type ConsoleStore } from "../../features/console/store.ts";

export function createPostgresConsoleStore(sql: SQL): ConsoleStore {
	return {
		async insertToken(digest, expiresAt) {
			await sql`INSERT INTO console_token (digest, expires_at) VALUES (${digest}, ${expiresAt})`;
		},
		async consumeToken(digest, now) {
			const rows = await sql`DELETE FROM console_token WHERE digest = ${digest} RETURNING expires_at`;
			return rows.length > 0 && Number(rows[0].expires_at) > now;
		},
		async insertSession(digest, now) {
			await sql`INSERT INTO console_session (digest, created_at, last_seen_at) VALUES (${digest}, ${now}, ${now})`;
		},
		async touchSession(digest, now, idleSince, startedAfter) {
			const rows = await sql`UPDATE console_session SET last_seen_at = ${now}
				WHERE digest = ${digest} AND last_seen_at > ${idleSince} AND created_at > ${startedAfter}
				RETURNING created_at, last_seen_at`;
			return rows.length === 0 ? null : { createdAt: Number(rows[0].created_at), lastSeenAt: Number(rows[0].last_seen_at) };
		},
		async deleteSession(digest) {
			await sql`DELETE FROM console_session WHERE digest = ${digest}`;
		},
		async deleteAllSessions() {
			return sql.begin(async (tx) => {
				const ended = await tx`DELETE FROM console_session`;
				await tx`DELETE FROM console_token`;
				return ended.count;
			});
		},
		async secondFactorLocks(userId, now) {
			const rows = await sql`SELECT check_name, failed_attempts, locked_until, lock_count FROM second_factor_lockout
				WHERE user_id = ${userId} ORDER BY check_name`;
			return rows.map((row: any) => toLock(row, now));
		},
		async deleteExpired(now, idleSince, startedAfter) {
			await sql`DELETE FROM console_token WHERE expires_at <= ${now}`;
			await sql`DELETE FROM console_session WHERE last_seen_at <= ${idleSince} OR created_at <= ${startedAfter}`;
		},
	};
}
