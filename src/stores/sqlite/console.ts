// The console's sign-in tokens and sessions on SQLite, judged by `now` (whole seconds, this
// instance's clock: one process, one clock).
import type { Database } from "bun:sqlite";
import { TOUCH_EVERY_SECONDS, toListedUserFacts, toLock, type ConsoleStore, type ListedUserRow, type LockRow } from "../../features/console/store.ts";
import { eventOfRow, scanUserEvents, USER_INDEX_BOUNDS, type EventRow } from "./events.ts";
import { writeTransaction } from "./db/write-transaction.ts";


export function createSqliteConsoleStore(db: Database, now: () => number): ConsoleStore {
	const insertToken = db.prepare<void, [Uint8Array, number]>(`INSERT INTO console_token (digest, expires_at) VALUES (?, ?)`);
	const takeToken = db.prepare<{ expires_at: number }, [Uint8Array]>(`DELETE FROM console_token WHERE digest = ? RETURNING expires_at`);
	const insertSession = db.prepare<void, [Uint8Array, number, number]>(
		`INSERT INTO console_session (digest, created_at, last_seen_at) VALUES (?, ?, ?)`,
	);
	const selectSession = db.prepare<{ created_at: number; last_seen_at: number }, [Uint8Array, number, number]>(
		`SELECT created_at, last_seen_at FROM console_session WHERE digest = ? AND last_seen_at > ? AND created_at > ?`,
	);
	const touchSession = db.prepare<{ created_at: number; last_seen_at: number }, [number, Uint8Array, number, number]>(
		`UPDATE console_session SET last_seen_at = ? WHERE digest = ? AND last_seen_at > ? AND created_at > ? RETURNING created_at, last_seen_at`,
	);
	const deleteSession = db.prepare<void, [Uint8Array]>(`DELETE FROM console_session WHERE digest = ?`);
	const deleteSessions = db.prepare<void, []>(`DELETE FROM console_session`);
	const deleteTokens = db.prepare<void, []>(`DELETE FROM console_token`);
	const selectLocks = db.prepare<LockRow, [string]>(
		`SELECT check_name, failed_attempts, locked_until, lock_count FROM second_factor_lockout WHERE user_id = +? ORDER BY check_name`,
	);
	// The page's users in one statement, each by the passkey and lockout indexes on user_id.
	const selectListed = db.prepare<ListedUserRow, [string, number]>(
		`SELECT u.value AS user_id,
			(SELECT count(*) FROM passkey WHERE user_id = u.value) AS passkeys,
			EXISTS (SELECT 1 FROM second_factor_lockout WHERE user_id = u.value AND locked_until > ?2) AS locked
		FROM json_each(?1) AS u`,
	);
	const selectEmails = db.prepare<{ id: string; email: string | null }, [string]>(`SELECT id, email FROM user WHERE id IN (SELECT value FROM json_each(?))`);
	const deleteExpiredTokens = db.prepare<void, [number]>(`DELETE FROM console_token WHERE expires_at <= ?`);
	const deleteEndedSessions = db.prepare<void, [number, number]>(`DELETE FROM console_session WHERE last_seen_at <= ? OR created_at <= ?`);
	// Newest first, from the primary key (or event_user, with the events newer than its mark: events.ts)
	// backwards: a page reads its rows only.
	const recent = db.prepare<EventRow, [number, string | null, number, number]>(
		`SELECT seq, id, time, type, user_id, client_ip, data FROM event
		WHERE seq < ?1 AND (?2 IS NULL OR type = +?2) AND time >= ?3 ORDER BY seq DESC LIMIT +?4`,
	);
	const userBounds = db.prepare<{ low: number | null; upto: number }, []>(USER_INDEX_BOUNDS);
	const userPart = db.prepare<EventRow, [number, string, number, string | null, number, number]>(
		`SELECT u.seq, e.id, e.time, e.type, e.user_id, e.client_ip, e.data FROM event_user u JOIN event e ON e.seq = u.seq
		WHERE u.part = +?1 AND u.user_id = +?2 AND u.seq < ?3 AND (?4 IS NULL OR e.type = +?4) AND e.time >= ?5
		ORDER BY u.seq DESC LIMIT +?6`,
	);
	const userNewest = db.prepare<EventRow, [number, number, string, string | null, number, number]>(
		`SELECT seq, id, time, type, user_id, client_ip, data FROM event
		WHERE seq > ?1 AND seq < ?2 AND user_id = +?3 AND (?4 IS NULL OR type = +?4) AND time >= ?5 ORDER BY seq DESC LIMIT +?6`,
	);
	// Events are stored in time order: those since a time are the rows after the newest older one,
	// found by walking the primary key back from the newest.
	const counts = db.prepare<{ type: string; n: number }, [number]>(
		`SELECT type, count(*) AS n FROM event
		WHERE seq > coalesce((SELECT seq FROM event WHERE time < ?1 ORDER BY seq DESC LIMIT 1), 0) AND time >= ?1
		GROUP BY type ORDER BY type`,
	);
	const endAll = writeTransaction(db, (): number => {
		const ended = deleteSessions.run().changes;
		deleteTokens.run();
		return ended;
	});

	return {
		async insertToken(digest, ttlSeconds) {
			insertToken.run(digest, now() + ttlSeconds);
		},
		async consumeToken(digest) {
			const row = takeToken.get(digest);
			return row !== null && row.expires_at > now();
		},
		async insertSession(digest) {
			const at = now();
			insertSession.run(digest, at, at);
		},
		async touchSession(digest, idleSeconds, lifetimeSeconds) {
			const at = now();
			const live = selectSession.get(digest, at - idleSeconds, at - lifetimeSeconds);
			if (live === null || live.last_seen_at > at - TOUCH_EVERY_SECONDS) return live === null ? null : { createdAt: live.created_at, lastSeenAt: live.last_seen_at };
			const row = touchSession.get(at, digest, at - idleSeconds, at - lifetimeSeconds);
			return row === null ? null : { createdAt: row.created_at, lastSeenAt: row.last_seen_at };
		},
		async deleteSession(digest) {
			deleteSession.run(digest);
		},
		async deleteAllSessions() {
			return endAll();
		},
		async secondFactorLocks(userId) {
			const at = now();
			return selectLocks.all(userId).map((row) => toLock(row, at));
		},
		async listedUserFacts(userIds) {
			if (userIds.length === 0) return new Map();
			return toListedUserFacts(selectListed.all(JSON.stringify(userIds), now()));
		},
		async userEmails(userIds) {
			if (userIds.length === 0) return new Map();
			return new Map(selectEmails.all(JSON.stringify(userIds)).map((row) => [row.id, row.email]));
		},
		async recentEvents(query) {
			const before = query.before ?? Number.MAX_SAFE_INTEGER;
			const since = query.since ?? 0;
			const userId = query.userId;
			const rows =
				userId === null
					? recent.all(before, query.type, since, query.limit)
					: scanUserEvents(
							{
								bounds: () => userBounds.get() ?? { low: null, upto: 0 },
								part: (part, limit) => userPart.all(part, userId, before, query.type, since, limit),
								newest: (upto, limit) => userNewest.all(upto, before, userId, query.type, since, limit),
							},
							before,
							false,
							query.limit,
						);
			return rows.map((row) => ({ seq: row.seq, event: eventOfRow(row) }));
		},
		async eventCounts(since) {
			return Object.fromEntries(counts.all(since).map((row) => [row.type, row.n]));
		},
		async deleteExpired(now, idleSeconds, lifetimeSeconds) {
			deleteExpiredTokens.run(now);
			deleteEndedSessions.run(now - idleSeconds, now - lifetimeSeconds);
		},
	};
}
