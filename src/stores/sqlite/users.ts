// The user table on SQLite.
import type { Database } from "bun:sqlite";
import { type HolmEvent, written } from "../../features/events/store.ts";
import {
	DISABLED_UNTIL_ENABLED,
	disabledState,
	type Disable,
	type DisableOutcome,
	type NewUser,
	type User,
	type UserListQuery,
	type UserStore,
} from "../../features/users/store.ts";
import type { SnapshotReads, SnapshotStatement } from "./db/snapshot-reads.ts";
import { isUniqueViolation } from "./errors.ts";
import type { SqliteEventLog } from "./events.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { endSessionsWithin } from "./sessions.ts";
import type { SqliteTurnCommits } from "./db/turn-commits.ts";
import { UserPages, type UserOrder } from "./user-pages.ts";
import { writeTransaction } from "./db/write-transaction.ts";

export interface UserRow {
	id: string;
	created_at: number;
	email: string | null;
	email_verified: number;
	totp_registered: number;
	recovery_code: string;
	password_leaked: number;
	disabled_until: number | null;
	disabled_reason: string | null;
	password_set: number;
}

// totp_registered is a column kept by triggers on totp_credential (see its schema step).
// password_set is read as a comparison: the hash itself is never read with a user.
export const USER_COLUMNS = `id, created_at, email, email_verified, recovery_code, password_leaked, totp_registered, password_hash <> '' AS password_set, disabled_until, disabled_reason`;

// An email query filters by substring; instr avoids LIKE's wildcards in user input.
const EMAIL_FILTER = `WHERE instr(email, ?) > 0`;

// A query of 3 characters or more goes through the case-sensitive trigram index (migration 10),
// which counts its exact matches without reading a user. The page then comes one of two ways,
// whichever reads fewer rows: a walk of the ordering's index that keeps the matching users, when
// the matches are common enough that the page's are near the start (the first page of a substring
// a hundredth of the users hold: about 2,000 rows); or the matches' entries in the index, sorted by
// the key they carry (a rare substring, or a page deep in a common one). The walk is bounded: if
// the matches are not spread as the count suggests, it stops and the sort answers. Up to
// FEW_MATCHES matches skip the count: one query reads them with their keys. A shorter query has
// no trigram, and scans.
const MIN_INDEXED_QUERY = 3;
/** The most user rows a walk for an indexed page may read, per match of the query. */
const WALK_PER_MATCH = 3;
/** Up to this many matches are read with their keys in one evaluation of the index and sorted
 *  here: a rare substring then costs one phrase query, not a count and a page. */
const FEW_MATCHES = 256;

/** The FTS5 phrase that matches `text` literally. */
function phrase(text: string): string {
	return `"${text.replaceAll('"', '""')}"`;
}

/** Matches in the ordering asked for. Ids are ASCII, so JavaScript's string order is SQLite's
 *  BINARY order. */
function sortedHere(rows: { created_at: number; id: string }[], sortBy: UserListQuery["sortBy"], sortOrder: UserListQuery["sortOrder"]): { id: string }[] {
	const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
	const ascending = rows.sort(sortBy === "id" ? byId : (a, b) => a.created_at - b.created_at || byId(a, b));
	return sortOrder === "ascending" ? ascending : ascending.reverse();
}

/** The user of a row, read at `now` (the instance's clock in whole seconds: the store's), which
 *  judges whether a disable is in force. */
export function toUser(row: UserRow, now: number): User {
	// Its three fields one by one: a spread copies them by a slower path, 20 times a page.
	const state = disabledState(row.disabled_until, row.disabled_reason, now);
	return {
		id: row.id,
		createdAt: row.created_at,
		email: row.email,
		emailVerified: row.email_verified === 1,
		totpRegistered: row.totp_registered === 1,
		recoveryCode: row.recovery_code,
		passwordLeaked: row.password_leaked === 1,
		passwordSet: row.password_set === 1,
		disabled: state.disabled,
		disabledUntil: state.disabledUntil,
		disabledReason: state.disabledReason,
	};
}

/** `seconds`: the instance's clock in whole seconds, which judges whether a disable has ended. */
export function createSqliteUserStore(
	db: Database,
	reads: SnapshotReads,
	events: SqliteEventLog,
	seconds: () => number,
	turns: Pick<SqliteTurnCommits, "onLost"> | null = null,
): UserStore {
	const insertUser = db.prepare<void, [string, number, string | null, string, string]>(
		`INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES (?, ?, ?, ?, ?)`,
	);
	const selectById = reads.prepare<UserRow, [string]>(`SELECT ${USER_COLUMNS} FROM user WHERE id = ?`);
	const selectByEmail = reads.prepare<UserRow, [string]>(`SELECT ${USER_COLUMNS} FROM user WHERE email = ?`);
	const selectForSignIn = reads.prepare<UserRow & { password_hash: string }, [string]>(`SELECT ${USER_COLUMNS}, password_hash FROM user WHERE email = ?`);
	const selectByIdForSignIn = reads.prepare<UserRow & { password_hash: string }, [string]>(`SELECT ${USER_COLUMNS}, password_hash FROM user WHERE id = ?`);
	const selectOnWriter = db.prepare<UserRow, [string]>(`SELECT ${USER_COLUMNS} FROM user WHERE id = ?`);
	const setDisabled = db.prepare<void, [number | null, string | null, string]>(`UPDATE user SET disabled_until = ?, disabled_reason = ? WHERE id = ?`);
	const selectPasswordHash = reads.prepare<{ password_hash: string }, [string]>(`SELECT password_hash FROM user WHERE id = ?`);
	const selectEmailTaken = reads.prepare<{ taken: number }, [string]>(`SELECT EXISTS (SELECT 1 FROM user WHERE email = ?) AS taken`);
	const countAll = reads.prepare<{ total: number; version: number }, []>(`SELECT n AS total, version FROM user_count`);
	const usersVersion = db.prepare<{ version: number }, []>(`SELECT version FROM user_count`);
	const countMatching = reads.prepare<{ total: number }, [string]>(`SELECT count(*) AS total FROM user ${EMAIL_FILTER}`);
	const countIndexed = reads.prepare<{ total: number }, [string]>(`SELECT count(*) AS total FROM user_email_match WHERE user_email_match MATCH ?`);
	const fewMatches = reads.prepare<{ created_at: number; id: string }, [string]>(
		`SELECT created_at, id FROM user_email_match WHERE user_email_match MATCH ? LIMIT ${FEW_MATCHES + 1}`,
	);
	const leakedPage = {
		ascending: reads.prepare<UserRow, [number, number]>(`SELECT ${USER_COLUMNS} FROM user WHERE password_leaked = 1 ORDER BY created_at, id LIMIT +? OFFSET +?`),
		descending: reads.prepare<UserRow, [number, number]>(`SELECT ${USER_COLUMNS} FROM user WHERE password_leaked = 1 ORDER BY created_at DESC, id DESC LIMIT +? OFFSET +?`),
	};
	const countLeaked = reads.prepare<{ total: number }, []>(`SELECT count(*) AS total FROM user WHERE password_leaked = 1`);
	const deleteById = db.prepare<{ created_at: number }, [string]>(`DELETE FROM user WHERE id = ? RETURNING created_at`);
	// Without an email query, pages come through the anchors of user-pages.ts, ascending or mirrored.
	const orderBy: Record<UserOrder, string> = { created_at: "created_at, id", id: "id" };
	const keyFilter: Record<UserOrder, string> = { created_at: "(created_at, id) >= (?1, ?2)", id: "id >= ?2" };
	const pages = new UserPages<UserRow>(reads, {
		created_at: {
			fromStart: reads.prepare(`SELECT ${USER_COLUMNS} FROM user ORDER BY ${orderBy.created_at} LIMIT +? OFFSET +?`),
			fromKey: reads.prepare(`SELECT ${USER_COLUMNS} FROM user WHERE ${keyFilter.created_at} ORDER BY ${orderBy.created_at} LIMIT +?3 OFFSET +?4`),
		},
		id: {
			fromStart: reads.prepare(`SELECT ${USER_COLUMNS} FROM user ORDER BY ${orderBy.id} LIMIT +? OFFSET +?`),
			fromKey: reads.prepare(`SELECT ${USER_COLUMNS} FROM user WHERE ${keyFilter.id} ORDER BY ${orderBy.id} LIMIT +?3 OFFSET +?4`),
		},
	});
	// Writes lost with their turn (db/turn-commits.ts) may have moved the anchors.
	turns?.onLost(() => pages.forget());
	// With one, the page's ids come first through the covering index, then their rows: OFFSET then
	// skips index entries only, and the columns are read for 20 rows.
	type FilteredListStatement = SnapshotStatement<UserRow, [string, number, number]>;
	const listMatching = new Map<string, FilteredListStatement>();
	// Indexed, the number of matches comes from the index, then the page's ids (walked or sorted),
	// then their rows by id.
	const pageWalked = new Map<string, SnapshotStatement<{ id: string }, [string, number, number, number]>>();
	const pageSorted = new Map<string, SnapshotStatement<{ id: string }, [string, number, number]>>();
	const rowsByIds = new Map<string, SnapshotStatement<UserRow, [string]>>();
	for (const sortBy of ["created_at", "id"] as const) {
		for (const [sortOrder, direction] of [["ascending", "ASC"], ["descending", "DESC"]] as const) {
			const order = sortBy === "id" ? `id ${direction}` : `created_at ${direction}, id ${direction}`;
			listMatching.set(
				`${sortBy} ${sortOrder}`,
				reads.prepare(`SELECT ${USER_COLUMNS} FROM user WHERE id IN (SELECT id FROM user ${EMAIL_FILTER} ORDER BY ${order} LIMIT +? OFFSET +?) ORDER BY ${order}`),
			);
			pageWalked.set(
				`${sortBy} ${sortOrder}`,
				reads.prepare(`SELECT id FROM (SELECT id, email FROM user ORDER BY ${order} LIMIT +?4) WHERE instr(email, ?1) > 0 LIMIT +?2 OFFSET +?3`),
			);
			pageSorted.set(
				`${sortBy} ${sortOrder}`,
				reads.prepare(`SELECT id FROM user_email_match WHERE user_email_match MATCH ?1 ORDER BY ${order} LIMIT +?2 OFFSET +?3`),
			);
			rowsByIds.set(`${sortBy} ${sortOrder}`, reads.prepare(`SELECT ${USER_COLUMNS} FROM user WHERE id IN (SELECT value FROM json_each(?)) ORDER BY ${order}`));
		}
	}

	/** The ids of `wanted` matches (all present) from position `offset` of `total`. */
	function indexedPage(ordering: string, text: string, match: string, wanted: number, offset: number, total: number): { id: string }[] {
		const users = countAll.get()!.total;
		// Rows a walk should read if the matches are spread evenly, and the most it may read: a walked
		// row costs about a quarter of a sorted match (0.15 against 0.5 µs, measured at a million
		// users), so walking up to WALK_PER_MATCH rows a match is never much worse than sorting them.
		const expected = ((offset + wanted) * users) / total;
		const budget = Math.min(users, WALK_PER_MATCH * total);
		if (expected * 2 <= budget) {
			const walked = pageWalked.get(ordering)!.all(text, wanted, offset, budget);
			if (walked.length === wanted) return walked;
		}
		return pageSorted.get(ordering)!.all(match, wanted, offset);
	}

	const insertWithEvent = writeTransaction(db, (user: NewUser, event: HolmEvent) => {
		insertUser.run(user.id, user.createdAt, user.email, user.passwordHash, user.recoveryCode);
		events.write(event);
	});
	const deleteWithEvent = writeTransaction(db, (id: string, event: HolmEvent, ending: SessionEnding) => {
		// The sessions first, so that their end is recorded (the cascade would take them silently).
		const ended = endSessionsWithin(db, events, id, ending);
		const deleted = deleteById.get(id);
		if (deleted === null) return null;
		events.write(event);
		return { deleted, written: written(ended, event) };
	});

	const disableWithEvent = writeTransaction(db, (id: string, disable: Disable, event: HolmEvent, ending: SessionEnding): DisableOutcome => {
		const now = seconds();
		if (selectOnWriter.get(id) === null) return { outcome: "NOT_FOUND" };
		if (disable.until !== null && disable.until <= now) return { outcome: "UNTIL_PASSED" };
		setDisabled.run(disable.until ?? DISABLED_UNTIL_ENABLED, disable.reason, id);
		const ended = endSessionsWithin(db, events, id, ending);
		events.write(event);
		return { outcome: "DISABLED", user: toUser(selectOnWriter.get(id)!, now), written: written(ended, event) };
	});
	const enableWithEvent = writeTransaction(db, (id: string, event: HolmEvent): { user: User; written: HolmEvent[] } | null => {
		const now = seconds();
		const row = selectOnWriter.get(id);
		if (row === null) return null;
		// A stored disable whose end has passed is cleared too, silently: it was no longer in force.
		if (row.disabled_until === null) return { user: toUser(row, now), written: [] };
		setDisabled.run(null, null, id);
		const wasInForce = toUser(row, now).disabled;
		if (wasInForce) events.write(event);
		return { user: toUser(selectOnWriter.get(id)!, now), written: wasInForce ? [event] : [] };
	});

	return {
		async insert(user: NewUser, event) {
			try {
				insertWithEvent(user, event);
				pages.inserted({ createdAt: user.createdAt, id: user.id }, usersVersion.get()!.version);
				return "CREATED";
			} catch (error) {
				if (isUniqueViolation(error)) return "EMAIL_ALREADY_USED";
				throw error;
			}
		},
		async get(id) {
			const row = selectById.get(id);
			return row === null ? null : toUser(row, seconds());
		},
		async getByEmail(email) {
			const row = selectByEmail.get(email);
			return row === null ? null : toUser(row, seconds());
		},
		async getPasswordHash(id) {
			return selectPasswordHash.get(id)?.password_hash ?? null;
		},
		async getByEmailForSignIn(email) {
			const row = selectForSignIn.get(email);
			return row === null ? null : { user: toUser(row, seconds()), passwordHash: row.password_hash };
		},
		async getForSignIn(id) {
			const row = selectByIdForSignIn.get(id);
			return row === null ? null : { user: toUser(row, seconds()), passwordHash: row.password_hash };
		},
		async isEmailTaken(email) {
			return selectEmailTaken.get(email)!.taken === 1;
		},
		async list(query: UserListQuery) {
			if (query.emailQuery === "") {
				const count = countAll.get()!;
				const rows =
					query.sortOrder === "ascending"
						? pages.ascending(query.sortBy, query.limit, query.offset, count)
						: pages.descending(query.sortBy, query.limit, query.offset, count);
				const now = seconds();
				return { users: rows.map((row) => toUser(row, now)), total: count.total };
			}
			const ordering = `${query.sortBy} ${query.sortOrder}`;
			if ([...query.emailQuery].length >= MIN_INDEXED_QUERY) {
				const match = phrase(query.emailQuery);
				const few = fewMatches.all(match);
				const total = few.length <= FEW_MATCHES ? few.length : countIndexed.get(match)!.total;
				const wanted = Math.min(query.limit, total - query.offset);
				if (wanted <= 0) return { users: [], total };
				const page =
					few.length <= FEW_MATCHES
						? sortedHere(few, query.sortBy, query.sortOrder).slice(query.offset, query.offset + wanted)
						: indexedPage(ordering, query.emailQuery, match, wanted, query.offset, total);
				const rows = rowsByIds.get(ordering)!.all(JSON.stringify(page.map((row) => row.id)));
				const now = seconds();
				return { users: rows.map((row) => toUser(row, now)), total };
			}
			const rows = listMatching.get(ordering)!.all(query.emailQuery, query.limit, query.offset);
			const now = seconds();
			return { users: rows.map((row) => toUser(row, now)), total: countMatching.get(query.emailQuery)!.total };
		},
		async listPasswordLeaked(query) {
			const now = seconds();
			return { users: leakedPage[query.sortOrder].all(query.limit, query.offset).map((row) => toUser(row, now)), total: countLeaked.get()!.total };
		},
		async delete(id, event, ending) {
			// ON DELETE CASCADE takes everything the user owns; the user's events stay.
			const outcome = deleteWithEvent(id, event, ending);
			if (outcome === null) return null;
			pages.deleted({ createdAt: outcome.deleted.created_at, id }, usersVersion.get()!.version);
			return outcome.written;
		},
		async disable(id, disable, event, ending) {
			return disableWithEvent(id, disable, event, ending);
		},
		async enable(id, event) {
			return enableWithEvent(id, event);
		},
	};
}
