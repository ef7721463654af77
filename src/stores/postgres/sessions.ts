// Sessions on PostgreSQL. Creation and the cap lock the user's row first (as every transaction
// that changes a user's rows does, so none can deadlock with another), so parallel creations for
// one user are taken one at a time on every instance. Validation is one indexed read of the session
// and its user, with the database's time; expiry is judged by the database's clock (clock.ts), and
// the times it judges (created_at, last_used_at) are stamped by it too.
import type { SQL } from "bun";
import { withData, written, type HolmEvent } from "../../features/events/store.ts";
import { DEVICE_MEMORY_SECONDS, type SessionSettings } from "../../features/sessions/settings.ts";
import { endedEvent, type Session, type SessionEnding, type SessionStore, type StoredSession } from "../../features/sessions/store.ts";
import type { DatabaseClock } from "./clock.ts";
import { transaction, type Transaction } from "./connection.ts";
import { eventParts, once, type Int8, type PostgresEventLog } from "./events.ts";
import { disabledState } from "../../features/users/store.ts";
import { batchedLookup } from "./batched-reads.ts";
import { listedUserColumns, toUser, type UserRow } from "./user-rows.ts";

const EVER_HAD_A_SESSION = new Uint8Array(0);

const SESSION_COLUMNS = `id, user_id, digest, created_at, last_used_at, client_ip, user_agent, second_factor_verified_at, new_device`;

interface SessionRow {
	id: string;
	user_id: string;
	digest: Uint8Array;
	created_at: Int8;
	last_used_at: Int8;
	client_ip: string | null;
	user_agent: string | null;
	second_factor_verified_at: Int8 | null;
	new_device: boolean;
}

/** A session validation's row: the session's columns prefixed, its user's, the database's time. */
type ValidationRow = UserRow & {
	n: number;
	s_id: string;
	s_user_id: string;
	s_digest: Uint8Array;
	s_created_at: Int8;
	s_last_used_at: Int8;
	s_client_ip: string | null;
	s_user_agent: string | null;
	s_second_factor_verified_at: Int8 | null;
	s_new_device: boolean;
	s_now: Int8;
};

/** The columns of a session that say whether it was live when it ended. */
type EndedRow = Pick<SessionRow, "id" | "created_at" | "last_used_at">;

function toStoredSession(row: SessionRow): StoredSession {
	return {
		id: row.id,
		userId: row.user_id,
		digest: new Uint8Array(row.digest),
		createdAt: Number(row.created_at),
		lastUsedAt: Number(row.last_used_at),
		clientIp: row.client_ip,
		userAgent: row.user_agent,
		secondFactorVerifiedAt: row.second_factor_verified_at === null ? null : Number(row.second_factor_verified_at),
		newDevice: row.new_device,
	};
}

function withoutDigest(stored: StoredSession): Session {
	const { digest: _digest, ...session } = stored;
	return session;
}

/** Writes the sessions_ended event of the live ones among `rows`; the event, or null when none was live. */
async function writeEnded(tx: Transaction, events: PostgresEventLog, ending: SessionEnding, rows: readonly EndedRow[]): Promise<HolmEvent | null> {
	const written = endedEvent(ending, rows);
	if (written !== null) await events.write(tx, written);
	return written;
}

/** Ends the user's sessions but `ending.keep` inside the caller's transaction (a credential change),
 *  which holds the user's row; writes the sessions_ended event when a live one ended. */
export async function endSessionsWithin(tx: Transaction, events: PostgresEventLog, userId: string, ending: SessionEnding): Promise<HolmEvent | null> {
	const rows = await tx<EndedRow[]>`DELETE FROM session WHERE user_id = ${userId} AND (${ending.keep}::text IS NULL OR id <> ${ending.keep})
		RETURNING id, created_at, last_used_at`;
	return writeEnded(tx, events, { ...ending, event: { ...ending.event, userId } }, rows);
}

/** Deletes the user's credential `id` (a passkey, an identity) and ends the user's sessions but
 *  the kept one, with `event`, in one transaction under the user's row; what it stored, or null
 *  when the user holds no such credential. */
export async function deleteCredential(
	sql: SQL,
	events: PostgresEventLog,
	table: "passkey" | "identity",
	id: string,
	userId: string,
	event: HolmEvent,
	ending: SessionEnding,
): Promise<HolmEvent[] | null> {
	return transaction(sql, async (tx) => {
		// The user's row first, as every transaction that changes a user's rows does.
		await tx`SELECT 1 FROM "user" WHERE id = ${userId} FOR UPDATE`;
		const deleted = await tx.unsafe(`DELETE FROM ${table} WHERE id = $1 AND user_id = $2`, [id, userId]);
		if (deleted.count === 0) return null;
		const ended = await endSessionsWithin(tx, events, userId, ending);
		await events.write(tx, event);
		return written(ended, event);
	});
}

/**
 * A session's creation once its user's row is locked and judged, in one statement (one round trip,
 * where it took nine to eleven): whether the device is new, the device rows, the user's expired sessions
 * deleted, the oldest live ones deleted past the cap, the session inserted, and its events. Every
 * part reads the snapshot the statement started with, after the lock: the device rows as they were
 * before this sign-in touched them, and the user's sessions before either delete (the two delete
 * disjoint rows: the expired ones, then of the rest). $1 user, $2 now, $3 the "ever had a session"
 * digest, $4 and $5 the device's digests (user agent, network; null when not given), $6 the device
 * memory's start, $7 and $8 the idle and lifetime bounds, $9 the cap, $10 to $14 the session's id,
 * digest, address, user agent and second factor time; then, when events are stored, the
 * session_created event's values (its new_device added here) and the session_limit one's (stored
 * only when the cap ended sessions, their ids added here, oldest first). It answers new_device and
 * those ids.
 */
function createSessionText(events: { created: { delivered: boolean }; ended: { delivered: boolean } } | null): string {
	let text = `WITH flags AS (
		SELECT EXISTS (SELECT FROM session_device WHERE user_id = $1 AND digest = $3::bytea) AND $4::bytea IS NOT NULL
			AND NOT EXISTS (SELECT FROM session_device WHERE user_id = $1 AND last_seen_at > $6::bigint AND digest IN ($4::bytea, coalesce($5::bytea, $4::bytea)))
			AS new_device
	), devices AS (
		INSERT INTO session_device (user_id, digest, last_seen_at)
		SELECT DISTINCT $1::text, d, $2::bigint FROM (VALUES ($3::bytea), ($4::bytea), ($5::bytea)) AS given (d) WHERE d IS NOT NULL
		ON CONFLICT (user_id, digest) DO UPDATE SET last_seen_at = GREATEST(session_device.last_seen_at, excluded.last_seen_at)
	), expired AS (
		DELETE FROM session WHERE user_id = $1 AND NOT (last_used_at > $7::bigint AND created_at > $8::bigint) RETURNING id
	), live AS (
		-- What the expired part did not delete: a session a validation touched meanwhile, after the
		-- snapshot, is found live again by that delete and kept, so it counts against the cap too.
		SELECT id, last_used_at, created_at FROM session WHERE user_id = $1 AND id NOT IN (SELECT id FROM expired)
	), over AS (
		DELETE FROM session WHERE id IN (
			SELECT id FROM live ORDER BY last_used_at, created_at, id LIMIT greatest(0, (SELECT count(*) FROM live) + 1 - $9::bigint))
		RETURNING id, last_used_at, created_at
	), stored AS (
		INSERT INTO session (id, user_id, digest, created_at, last_used_at, client_ip, user_agent, second_factor_verified_at, new_device)
		SELECT $10::text, $1::text, $11::bytea, $2::bigint, $2::bigint, $12::text, $13::text, $14::bigint, new_device FROM flags
	)`;
	if (events !== null) {
		const endedFrom = 15 + (events.created.delivered ? 7 : 6);
		text += `, ${eventParts(15, { tag: "_created", delivered: events.created.delivered, data: (jsonb) => `${jsonb} || jsonb_build_object('new_device', (SELECT new_device FROM flags))` })}`;
		text += `, ${eventParts(endedFrom, {
			tag: "_ended",
			delivered: events.ended.delivered,
			// After the session_created row, as on SQLite (the WITH parts run in no set order; reading
			// stored_created makes that INSERT run first, so the feed gives created, then ended).
			where: "EXISTS (SELECT FROM over) AND EXISTS (SELECT FROM stored_created)",
			data: (jsonb) => `${jsonb} || jsonb_build_object('session_ids', (SELECT jsonb_agg(id ORDER BY last_used_at, created_at, id) FROM over))`,
		})}`;
	}
	return `${text}
	SELECT (SELECT new_device FROM flags) AS new_device, ARRAY(SELECT id FROM over ORDER BY last_used_at, created_at, id) AS ended_ids`;
}

/**
 * A sign-out of one session, in one statement: the session deleted and, when it was live by the
 * database's time as it was deleted, its sessions_ended event stored with it. $1 the session, $2
 * and $3 the idle timeout and the lifetime, then the event's values (its session_ids given). It
 * answers whether a live session ended.
 */
function endSessionText(clock: DatabaseClock, event: { delivered: boolean } | null): string {
	let text = `WITH ended AS (DELETE FROM session WHERE id = $1 RETURNING last_used_at, created_at, ${clock.secondsText()} AS now),
		live AS (SELECT FROM ended WHERE last_used_at > now - $2::bigint AND created_at > now - $3::bigint)`;
	if (event !== null) text += `, ${eventParts(4, { delivered: event.delivered, where: "EXISTS (SELECT FROM live)" })}`;
	return `${text} SELECT EXISTS (SELECT FROM live) AS live`;
}

export function createPostgresSessionStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): SessionStore {
	// Each statement's text once per shape (production's clock text never changes; a test's fixed
	// clock writes its time into the text, and the few it makes are kept too).
	const texts = new Map<string, string>();
	/** The live condition at the database's time. */
	function live(q: SQL, settings: SessionSettings) {
		return q`last_used_at > ${clock.seconds(q)} - ${settings.idleTimeoutSeconds} AND created_at > ${clock.seconds(q)} - ${settings.lifetimeSeconds}`;
	}

	// Batched with the validations asked for at the same time (batched-reads.ts), each key by the
	// same reads as alone.
	const sessionForValidation = batchedLookup<ValidationRow>(
		sql,
		() => `SELECT k.n, s.id AS s_id, s.user_id AS s_user_id, s.digest AS s_digest, s.created_at AS s_created_at,
				s.last_used_at AS s_last_used_at, s.client_ip AS s_client_ip, s.user_agent AS s_user_agent,
				s.second_factor_verified_at AS s_second_factor_verified_at, s.new_device AS s_new_device,
				(SELECT ${clock.secondsText()}) AS s_now, u.*
			FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n)
			CROSS JOIN LATERAL (
				(SELECT ${SESSION_COLUMNS} FROM session WHERE id >= k.key ORDER BY id LIMIT 1)
				UNION ALL
				(SELECT ${SESSION_COLUMNS} FROM session ORDER BY id LIMIT 1)
				LIMIT 1
			) s CROSS JOIN LATERAL (SELECT ${listedUserColumns(clock)} FROM "user" WHERE "user".id = s.user_id) u`,
	);

	return {
		async create(input, settings) {
			const { session } = input;
			return transaction(sql, async (tx) => {
				const [user] = await tx`SELECT ${clock.seconds(tx)} AS now, disabled_until FROM "user" WHERE id = ${session.userId} FOR UPDATE`;
				if (user === undefined) return "NO_USER" as const;
				const now = Number(user.now);
				// A disabled user gets no session (API.md section 18), judged under the user's row, which a
				// disable locks too: a disable that committed first is seen.
				if (disabledState(user.disabled_until === null ? null : Number(user.disabled_until), null, now).disabled) return "USER_DISABLED" as const;
				const first = input.devices[0] ?? null;
				const shape = events.enabled ? { created: { delivered: events.delivers(input.created) }, ended: { delivered: events.delivers(input.limitEnded) } } : null;
				const values: unknown[] = [
					session.userId,
					now,
					EVER_HAD_A_SESSION,
					first,
					input.devices[1] ?? null,
					now - DEVICE_MEMORY_SECONDS,
					now - settings.idleTimeoutSeconds,
					now - settings.lifetimeSeconds,
					settings.perUser,
					session.id,
					session.digest,
					session.clientIp,
					session.userAgent,
					input.secondFactorVerified ? now : null,
				];
				if (shape !== null) values.push(...events.valuesOf(input.created), ...events.valuesOf(input.limitEnded));
				const text = once(texts, `create ${shape === null ? "" : `${shape.created.delivered} ${shape.ended.delivered}`}`, () => createSessionText(shape));
				const [row] = await tx.unsafe<{ new_device: boolean; ended_ids: string[] }[]>(text, values);
				const newDevice = row!.new_device;
				const endedIds = row!.ended_ids;
				// The database's time read above: it is what judges them.
				const { digest: _digest, ...fields } = session;
				const stored: Session = { ...fields, createdAt: now, lastUsedAt: now, secondFactorVerifiedAt: input.secondFactorVerified ? now : null, newDevice };
				// As stored with the session: its new_device and the cap's session ids added by the statement.
				const created = withData(input.created, { new_device: newDevice });
				const ended = endedIds.length === 0 ? null : withData(input.limitEnded, { session_ids: endedIds });
				return { session: stored, created, ended };
			});
		},
		async findForValidation(id) {
			// One statement that returns a real session and its user whatever the id, as on SQLite
			// (src/stores/sqlite/sessions.ts): the first session at or after the id in the key's order
			// (the session itself when it exists), and when the id sorts after every session, the first
			// one. A known id and an unknown one thus make the same reads, send the same row and decode
			// it alike, and cannot be told apart by time; the id comparison below says which it was.
			// (Selected by `s.id = $1`, an unknown id sent no row, and answered measurably sooner.)
			const row = await sessionForValidation(id);
			// No row only when there is no session at all: nothing to tell apart then.
			if (row === undefined) return null;
			// Both built whatever was found, so that a miss costs what a hit does.
			const { digest, ...session } = toStoredSession({
				id: row.s_id,
				user_id: row.s_user_id,
				digest: row.s_digest,
				created_at: row.s_created_at,
				last_used_at: row.s_last_used_at,
				client_ip: row.s_client_ip,
				user_agent: row.s_user_agent,
				second_factor_verified_at: row.s_second_factor_verified_at,
				new_device: row.s_new_device,
			});
			const user = toUser(row);
			if (session.id !== id) return null;
			return { session, digest, user, now: Number(row.s_now) };
		},
		async touch(id, intervalSeconds) {
			await sql`UPDATE session SET last_used_at = ${clock.seconds(sql)} WHERE id = ${id} AND last_used_at <= ${clock.seconds(sql)} - ${intervalSeconds}`;
		},
		async get(id, settings) {
			const rows = await sql`SELECT * FROM session WHERE id = ${id} AND ${live(sql, settings)}`;
			return rows.length === 0 ? null : withoutDigest(toStoredSession(rows[0]));
		},
		async listForUser(userId, settings) {
			const rows = await sql<SessionRow[]>`SELECT * FROM session WHERE user_id = ${userId} AND ${live(sql, settings)}
				ORDER BY last_used_at DESC, created_at DESC, id`;
			return rows.map((row) => withoutDigest(toStoredSession(row)));
		},
		async end(id, settings, event) {
			// The database's time is read as the row is deleted (none deleted: no event, whatever the time).
			const ended = withData(event, { session_ids: [id] });
			const shape = events.enabled ? { delivered: events.delivers(ended) } : null;
			const text = once(texts, `end ${shape?.delivered ?? ""} ${clock.secondsText()}`, () => endSessionText(clock, shape));
			const values: unknown[] = [id, settings.idleTimeoutSeconds, settings.lifetimeSeconds];
			if (shape !== null) values.push(...events.valuesOf(ended));
			const [row] = await sql.unsafe<{ live: boolean }[]>(text, values);
			return row!.live ? ended : null;
		},
		async endForUser(userId, except, settings, event) {
			return transaction(sql, async (tx) => {
				const [user] = await tx`SELECT ${clock.seconds(tx)} AS now FROM "user" WHERE id = ${userId} FOR UPDATE`;
				if (user === undefined) return "NOT_FOUND" as const;
				if (except !== null) {
					const kept = await tx`SELECT 1 FROM session WHERE id = ${except} AND user_id = ${userId} AND ${live(tx, settings)}`;
					if (kept.length === 0) return "NOT_FOUND" as const;
				}
				return endSessionsWithin(tx, events, userId, { keep: except, event, now: Number(user.now), settings });
			});
		},
		async markSecondFactor(id, userId, settings) {
			const updated = await sql`UPDATE session SET second_factor_verified_at = ${clock.seconds(sql)}
				WHERE id = ${id} AND user_id = ${userId} AND ${live(sql, settings)}`;
			return updated.count > 0;
		},
		async countLive(settings) {
			const [{ n }] = await sql`SELECT count(*)::int AS n FROM session WHERE ${live(sql, settings)}`;
			return n;
		},
		async deleteExpired(now, settings) {
			await sql`DELETE FROM session WHERE last_used_at <= ${now - settings.idleTimeoutSeconds} OR created_at <= ${now - settings.lifetimeSeconds}`;
			await sql`DELETE FROM session_device WHERE last_seen_at <= ${now - DEVICE_MEMORY_SECONDS} AND digest <> ${EVER_HAD_A_SESSION}`;
		},
	};
}
