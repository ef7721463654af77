// The console's sign-in tokens and sessions on PostgreSQL: each check is one statement, so any
// instance may be asked, and two asking at once cannot both use a token. Expiry and idleness are
// judged by the database's clock (clock.ts), never by an instance's.
import type { SQL } from "bun";
import { TOUCH_EVERY_SECONDS, toListedUserFacts, toLock, type ConsoleStore, type ListedUserRow, type LockRow } from "../../features/console/store.ts";
import type { DatabaseClock } from "./clock.ts";
import { transaction } from "./connection.ts";
import { eventOfRow, type EventRow, type Int8 } from "./events.ts";

export function createPostgresConsoleStore(sql: SQL, clock: DatabaseClock): ConsoleStore {
	return {
		async insertToken(digest, ttlSeconds) {
			await sql`INSERT INTO console_token (digest, expires_at) VALUES (${digest}, ${clock.seconds(sql)} + ${ttlSeconds})`;
		},
		async consumeToken(digest) {
			const [token] = await sql<{ live: boolean }[]>`DELETE FROM console_token WHERE digest = ${digest} RETURNING expires_at > ${clock.seconds(sql)} AS live`;
			return token?.live === true;
		},
		async insertSession(digest) {
			await sql`INSERT INTO console_session (digest, created_at, last_seen_at) VALUES (${digest}, ${clock.seconds(sql)}, ${clock.seconds(sql)})`;
		},
		async touchSession(digest, idleSeconds, lifetimeSeconds) {
			const [live] = await sql<{ created_at: Int8; last_seen_at: Int8; fresh: boolean }[]>`SELECT created_at, last_seen_at, last_seen_at > ${clock.seconds(sql)} - ${TOUCH_EVERY_SECONDS} AS fresh FROM console_session
				WHERE digest = ${digest} AND last_seen_at > ${clock.seconds(sql)} - ${idleSeconds} AND created_at > ${clock.seconds(sql)} - ${lifetimeSeconds}`;
			if (live === undefined) return null;
			if (live.fresh === true) return { createdAt: Number(live.created_at), lastSeenAt: Number(live.last_seen_at) };
			const [touched] = await sql<{ created_at: Int8; last_seen_at: Int8 }[]>`UPDATE console_session SET last_seen_at = ${clock.seconds(sql)}
				WHERE digest = ${digest} AND last_seen_at > ${clock.seconds(sql)} - ${idleSeconds} AND created_at > ${clock.seconds(sql)} - ${lifetimeSeconds}
				RETURNING created_at, last_seen_at`;
			return touched === undefined ? null : { createdAt: Number(touched.created_at), lastSeenAt: Number(touched.last_seen_at) };
		},
		async deleteSession(digest) {
			await sql`DELETE FROM console_session WHERE digest = ${digest}`;
		},
		async deleteAllSessions() {
			return transaction(sql, async (tx) => {
				const ended = await tx`DELETE FROM console_session`;
				await tx`DELETE FROM console_token`;
				return ended.count;
			});
		},
		async secondFactorLocks(userId) {
			const rows = await sql<(LockRow & { now: Int8 })[]>`SELECT check_name, failed_attempts, locked_until, lock_count, ${clock.seconds(sql)} AS now
				FROM second_factor_lockout WHERE user_id = ${userId} ORDER BY check_name`;
			return rows.map((row) => toLock(row, Number(row.now)));
		},
		async listedUserFacts(userIds) {
			if (userIds.length === 0) return new Map();
			// The page's users in one statement, each by the passkey and lockout indexes on user_id.
			const rows = await sql<ListedUserRow[]>`SELECT u.id AS user_id,
					(SELECT count(*) FROM passkey p WHERE p.user_id = u.id) AS passkeys,
					EXISTS (SELECT 1 FROM second_factor_lockout l WHERE l.user_id = u.id AND l.locked_until > ${clock.seconds(sql)}) AS locked
				FROM unnest(${sql.array([...userIds], "text")}::text[]) AS u (id)`;
			return toListedUserFacts(rows);
		},
		async userEmails(userIds) {
			if (userIds.length === 0) return new Map();
			const rows = await sql<{ id: string; email: string | null }[]>`SELECT id, email FROM "user" WHERE id = ANY (${sql.array([...userIds], "text")}::text[])`;
			return new Map(rows.map((row) => [row.id, row.email]));
		},
		async recentEvents(query) {
			const before = query.before ?? Number.MAX_SAFE_INTEGER;
			const since = query.since ?? 0;
			const rows =
				query.userId === null
					? await sql<(EventRow & { seq: Int8 })[]>`SELECT seq, id, time, type, user_id, client_ip, data FROM event
						WHERE seq < ${before} AND (${query.type}::text IS NULL OR type = ${query.type}) AND time >= ${since}
						ORDER BY seq DESC LIMIT ${query.limit}`
					: await sql<(EventRow & { seq: Int8 })[]>`SELECT seq, id, time, type, user_id, client_ip, data FROM event
						WHERE user_id = ${query.userId} AND seq < ${before} AND (${query.type}::text IS NULL OR type = ${query.type}) AND time >= ${since}
						ORDER BY seq DESC LIMIT ${query.limit}`;
			return rows.map((row) => ({ seq: Number(row.seq), event: eventOfRow(row) }));
		},
		async eventCounts(since) {
			const rows = await sql<{ type: string; n: Int8 }[]>`SELECT type, count(*) AS n FROM event
				WHERE seq > coalesce((SELECT seq FROM event WHERE time < ${since} ORDER BY seq DESC LIMIT 1), 0) AND time >= ${since}
				GROUP BY type ORDER BY type`;
			return Object.fromEntries(rows.map((row) => [row.type, Number(row.n)]));
		},
		async deleteExpired(now, idleSeconds, lifetimeSeconds) {
			await sql`DELETE FROM console_token WHERE expires_at <= ${now}`;
			await sql`DELETE FROM console_session WHERE last_seen_at <= ${now - idleSeconds} OR created_at <= ${now - lifetimeSeconds}`;
		},
	};
}
