// Sessions on SQLite. Creation, the cap and every ending run in one synchronous transaction on the
// writer, so parallel creations for one user are taken one at a time; validation reads the session
// and its user in one statement on the snapshot reader and writes nothing unless last_used_at is
// a minute stale.
import type { Database } from "bun:sqlite";
import { withData, type HolmEvent } from "../../features/events/store.ts";
import { DEVICE_MEMORY_SECONDS, type SessionSettings } from "../../features/sessions/settings.ts";
import { endedEvent, type Session, type SessionEnding, type SessionStore } from "../../features/sessions/store.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import { isForeignKeyViolation } from "./errors.ts";
import { disabledState, type User } from "../../features/users/store.ts";
import { writeTransaction } from "./db/write-transaction.ts";

interface SessionRow {
	id: string;
	user_id: string;
	digest: Uint8Array;
	created_at: number;
	last_used_at: number;
	client_ip: string | null;
	user_agent: string | null;
	second_factor_verified_at: number | null;
	new_device: number;
}

/** A session and its user, read together for a validation (the user's id is the session's
 *  user_id: not read twice). */
interface ValidationRow extends SessionRow {
	u_created_at: number;
	u_email: string | null;
	u_email_verified: number;
	u_recovery_code: string;
	u_password_leaked: number;
	u_totp_registered: number;
	u_password_set: number;
	u_disabled_until: number | null;
	u_disabled_reason: string | null;
}

/** The user of a validation row, built straight from its columns (no intermediate row object), read
 *  at `now` (whether a disable is in force). */
function userOf(row: ValidationRow, now: number): User {
	// Its three fields one by one: a spread copies them by a slower path (about 0.1 µs a user).
	const state = disabledState(row.u_disabled_until, row.u_disabled_reason, now);
	return {
		id: row.user_id,
		createdAt: row.u_created_at,
		email: row.u_email,
		emailVerified: row.u_email_verified === 1,
		totpRegistered: row.u_totp_registered === 1,
		recoveryCode: row.u_recovery_code,
		passwordLeaked: row.u_password_leaked === 1,
		passwordSet: row.u_password_set === 1,
		disabled: state.disabled,
		disabledUntil: state.disabledUntil,
		disabledReason: state.disabledReason,
	};
}

const SESSION_COLUMNS = `id, user_id, digest, created_at, last_used_at, client_ip, user_agent, second_factor_verified_at, new_device`;

/** The marker digest of "this user has had a session": never swept. */
const EVER_HAD_A_SESSION = new Uint8Array(0);

/** The model, without the digest (which a validation takes beside it). */
function sessionOf(row: SessionRow): Session {
	return {
		id: row.id,
		userId: row.user_id,
		createdAt: row.created_at,
		lastUsedAt: row.last_used_at,
		clientIp: row.client_ip,
		userAgent: row.user_agent,
		secondFactorVerifiedAt: row.second_factor_verified_at,
		newDevice: row.new_device === 1,
	};
}

/** Where a session is live at ?now under the settings ?idle and ?lifetime. */
const LIVE = `last_used_at > ?2 - ?3 AND created_at > ?2 - ?4`;

/** Every caller runs inside a transaction on the writer, whose start has already ended the read
 *  snapshot, so db.query's own statement cache serves: a credential change takes milliseconds, and
 *  a cache of its own here would save it nothing that counts. */
const END_SESSIONS = `DELETE FROM session WHERE user_id = ?1 AND (?2 IS NULL OR id <> ?2) RETURNING id, created_at, last_used_at`;

/**
 * Ends the user's sessions but `ending.keep` inside the caller's transaction (a credential change),
 * and writes its sessions_ended event when a live one ended.
 */
export function endSessionsWithin(db: Database, events: SqliteEventLog, userId: string, ending: SessionEnding): HolmEvent | null {
	const ended = db.query<{ id: string; created_at: number; last_used_at: number }, [string, string | null]>(END_SESSIONS).all(userId, ending.keep);
	return writeEnded(events, { ...ending, event: { ...ending.event, userId } }, ended);
}

/** Writes the sessions_ended event of the live ones among `rows`; the event, or null when none was live. */
function writeEnded(events: SqliteEventLog, ending: SessionEnding, rows: readonly { id: string; created_at: number; last_used_at: number }[]): HolmEvent | null {
	const written = endedEvent(ending, rows);
	if (written !== null) events.write(written);
	return written;
}

/** The ids of `rows` least recently used first, as the cap chose them (and as PostgreSQL reports them). */
function leastRecentlyUsedFirst(rows: { id: string; last_used_at: number; created_at: number }[]): string[] {
	rows.sort((a, b) => a.last_used_at - b.last_used_at || a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	return rows.map((row) => row.id);
}

/** `seconds` is the instance's clock in whole seconds: it judges expiry and stamps last_used_at. */
export function createSqliteSessionStore(db: Database, reads: SnapshotReads, events: SqliteEventLog, seconds: () => number): SessionStore {
	const insertSession = db.prepare<void, [string, string, Uint8Array, number, number, string | null, string | null, number | null, number]>(
		`INSERT INTO session (id, user_id, digest, created_at, last_used_at, client_ip, user_agent, second_factor_verified_at, new_device)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	const selectUser = db.prepare<{ disabled_until: number | null }, [string]>(`SELECT disabled_until FROM user WHERE id = ?`);
	const knownDevices = db.prepare<{ n: number }, [string, number, Uint8Array, Uint8Array]>(
		`SELECT count(*) AS n FROM session_device WHERE user_id = ?1 AND last_seen_at > ?2 AND digest IN (?3, ?4)`,
	);
	const everHad = db.prepare<{ n: number }, [string, Uint8Array]>(`SELECT count(*) AS n FROM session_device WHERE user_id = ? AND digest = ?`);
	const rememberDevice = db.prepare<void, [string, Uint8Array, number]>(
		`INSERT INTO session_device (user_id, digest, last_seen_at) VALUES (?1, ?2, ?3)
		ON CONFLICT (user_id, digest) DO UPDATE SET last_seen_at = max(last_seen_at, excluded.last_seen_at)`,
	);
	const deleteExpiredOfUser = db.prepare<void, [string, number, number, number]>(
		`DELETE FROM session WHERE user_id = ?1 AND NOT (${LIVE})`,
	);
	const countOfUser = db.prepare<{ n: number }, [string]>(`SELECT count(*) AS n FROM session WHERE user_id = ?`);
	// RETURNING gives the rows in no set order: they are put least recently used first below.
	const endLeastRecentlyUsed = db.prepare<{ id: string; last_used_at: number; created_at: number }, [string, number]>(
		`DELETE FROM session WHERE id IN (SELECT id FROM session WHERE user_id = +?1 ORDER BY last_used_at, created_at, id LIMIT +?2)
		RETURNING id, last_used_at, created_at`,
	);

	// One statement for the session and its user that reads a real session row and its real user
	// whatever the id: the first session at or after the id in the key's order (the session itself
	// when it exists), and when the id sorts after every session, the first one. A known id, an
	// unknown one, a wrong secret and a right one thus make the same reads and decode the same kind of
	// row, and cannot be told apart by time; the caller sees whether the row is the one asked for. (A
	// stand-in of NULLs from a LEFT JOIN that found nothing decodes less, so it answers sooner, which
	// test/security/session-guessing-tells-nothing.test.ts catches. The two lookups by the key,
	// rather than an inner join of session and user, keep the planner on the primary keys.)
	const selectForValidation = reads.prepare<ValidationRow, [string]>(
		`SELECT s.id, s.user_id, s.digest, s.created_at, s.last_used_at, s.client_ip, s.user_agent,
			s.second_factor_verified_at, s.new_device,
			u.created_at AS u_created_at, u.email AS u_email, u.email_verified AS u_email_verified,
			u.recovery_code AS u_recovery_code, u.password_leaked AS u_password_leaked, u.totp_registered AS u_totp_registered,
			u.password_hash <> '' AS u_password_set, u.disabled_until AS u_disabled_until, u.disabled_reason AS u_disabled_reason
		FROM (
			SELECT * FROM (SELECT ${SESSION_COLUMNS} FROM session WHERE id >= ?1 ORDER BY id LIMIT 1)
			UNION ALL
			SELECT * FROM (SELECT ${SESSION_COLUMNS} FROM session ORDER BY id LIMIT 1)
			LIMIT 1
		) AS s LEFT JOIN user AS u ON u.id = s.user_id`,
	);
	const touch = db.prepare<void, [number, string, number]>(`UPDATE session SET last_used_at = ?1 WHERE id = ?2 AND last_used_at <= ?1 - ?3`);
	const selectLive = reads.prepare<SessionRow, [string, number, number, number]>(`SELECT ${SESSION_COLUMNS} FROM session WHERE id = ?1 AND ${LIVE}`);
	const listLive = reads.prepare<SessionRow, [string, number, number, number]>(
		`SELECT ${SESSION_COLUMNS} FROM session WHERE user_id = +?1 AND ${LIVE} ORDER BY last_used_at DESC, created_at DESC, id`,
	);
	const deleteOne = db.prepare<{ id: string; created_at: number; last_used_at: number }, [string]>(
		`DELETE FROM session WHERE id = ? RETURNING id, created_at, last_used_at`,
	);
	const selectLiveOnWriter = db.prepare<{ user_id: string }, [string, number, number, number]>(`SELECT user_id FROM session WHERE id = ?1 AND ${LIVE}`);
	const markSecondFactor = db.prepare<void, [number, string, number, number, string, number]>(
		`UPDATE session SET second_factor_verified_at = ?1
		WHERE id = ?2 AND user_id = ?5 AND last_used_at > ?6 - ?3 AND created_at > ?6 - ?4`,
	);
	const countLive = reads.prepare<{ n: number }, [number, number, number]>(
		`SELECT count(*) AS n FROM session WHERE last_used_at > ?1 - ?2 AND created_at > ?1 - ?3`,
	);
	const sweepSessions = db.prepare<void, [number, number, number]>(
		`DELETE FROM session WHERE last_used_at <= ?1 - ?2 OR created_at <= ?1 - ?3`,
	);
	const sweepDevices = db.prepare<void, [number]>(`DELETE FROM session_device WHERE last_seen_at <= ? AND digest <> x''`);

	const create = writeTransaction(db, (input: Parameters<SessionStore["create"]>[0], settings: SessionSettings) => {
		const { session } = input;
		const user = selectUser.get(session.userId);
		if (user === null) return "NO_USER" as const;
		const now = seconds();
		// A disabled user gets no session (API.md section 18), judged here, in the transaction that
		// would insert it: a disable that committed first is seen.
		if (disabledState(user.disabled_until, null, now).disabled) return "USER_DISABLED" as const;
		const { digest: _digest, ...fields } = session;
		const hadOne = everHad.get(session.userId, EVER_HAD_A_SESSION)!.n > 0;
		const [first, second] = [input.devices[0], input.devices[1] ?? input.devices[0]];
		const known = first === undefined ? 0 : knownDevices.get(session.userId, now - DEVICE_MEMORY_SECONDS, first, second!)!.n;
		const newDevice = hadOne && first !== undefined && known === 0;
		for (const digest of [EVER_HAD_A_SESSION, ...input.devices]) rememberDevice.run(session.userId, digest, now);

		deleteExpiredOfUser.run(session.userId, now, settings.idleTimeoutSeconds, settings.lifetimeSeconds);
		const over = countOfUser.get(session.userId)!.n + 1 - settings.perUser;
		const endedIds = over > 0 ? leastRecentlyUsedFirst(endLeastRecentlyUsed.all(session.userId, over)) : [];
		const stored: Session = { ...fields, createdAt: now, lastUsedAt: now, secondFactorVerifiedAt: input.secondFactorVerified ? now : null, newDevice };
		insertSession.run(
			session.id,
			session.userId,
			session.digest,
			stored.createdAt,
			stored.lastUsedAt,
			session.clientIp,
			session.userAgent,
			stored.secondFactorVerifiedAt,
			newDevice ? 1 : 0,
		);
		const created = withData(input.created, { new_device: newDevice });
		events.write(created);
		const ended = endedIds.length === 0 ? null : withData(input.limitEnded, { session_ids: endedIds });
		if (ended !== null) events.write(ended);
		return { session: stored, created, ended };
	});

	const endOne = writeTransaction(db, (id: string, settings: SessionSettings, event: HolmEvent): HolmEvent | null => {
		return writeEnded(events, { keep: null, event, now: seconds(), settings }, deleteOne.all(id));
	});

	const endForUser = writeTransaction(db, 
		(userId: string, except: string | null, settings: SessionSettings, event: HolmEvent): "NOT_FOUND" | HolmEvent | null => {
			const now = seconds();
			if (except !== null && selectLiveOnWriter.get(except, now, settings.idleTimeoutSeconds, settings.lifetimeSeconds)?.user_id !== userId) {
				return "NOT_FOUND";
			}
			return endSessionsWithin(db, events, userId, { keep: except, event, now, settings });
		},
	);

	return {
		async create(input, settings) {
			try {
				return create(input, settings);
			} catch (error) {
				if (isForeignKeyViolation(error)) return "NO_USER";
				throw error;
			}
		},
		async findForValidation(id) {
			// No row only when there is no session at all: nothing to tell apart then.
			const row = selectForValidation.get(id);
			if (row === null) return null;
			// Both built whatever was found, so that a miss costs what a hit does.
			const session = sessionOf(row);
			const user = userOf(row, seconds());
			// Whether the row is the one asked for: a column fewer to decode than `s.id = ?1` (ids are
			// not secrets; the secret's digest is what is compared in constant time).
			if (row.id !== id) return null;
			return { session, digest: row.digest, user, now: null };
		},
		async touch(id, intervalSeconds) {
			touch.run(seconds(), id, intervalSeconds);
		},
		async get(id, settings) {
			const row = selectLive.get(id, seconds(), settings.idleTimeoutSeconds, settings.lifetimeSeconds);
			return row === null ? null : sessionOf(row);
		},
		async listForUser(userId, settings) {
			return listLive.all(userId, seconds(), settings.idleTimeoutSeconds, settings.lifetimeSeconds).map(sessionOf);
		},
		async end(id, settings, event) {
			return endOne(id, settings, event);
		},
		async endForUser(userId, except, settings, event) {
			return endForUser(userId, except, settings, event);
		},
		async markSecondFactor(id, userId, settings) {
			const now = seconds();
			return markSecondFactor.run(now, id, settings.idleTimeoutSeconds, settings.lifetimeSeconds, userId, now).changes > 0;
		},
		async countLive(settings) {
			return countLive.get(seconds(), settings.idleTimeoutSeconds, settings.lifetimeSeconds)!.n;
		},
		async deleteExpired(now, settings) {
			sweepSessions.run(now, settings.idleTimeoutSeconds, settings.lifetimeSeconds);
			sweepDevices.run(now - DEVICE_MEMORY_SECONDS);
		},
	};
}
