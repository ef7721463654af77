// The user table on PostgreSQL.
import type { SQL } from "bun";
import { type HolmEvent, written } from "../../features/events/store.ts";
import { DISABLED_UNTIL_ENABLED, type NewUser, type User, type UserListQuery, type UserStore } from "../../features/users/store.ts";
import { databaseClock, type DatabaseClock } from "./clock.ts";
import { listedUserColumns, toUser, userColumns, type UserRow } from "./user-rows.ts";
import { batchedLookup } from "./batched-reads.ts";
import { isUniqueViolation } from "./errors.ts";
import { transaction } from "./connection.ts";
import { createEmailMatches } from "./email-search.ts";
import { change, type PostgresEventLog } from "./events.ts";
import { endSessionsWithin } from "./sessions.ts";

// Only a fixed set of orderings exists; each is a constant string, never built from input.
export const ORDER_BY = {
	"created_at ascending": `created_at ASC, id ASC`,
	"created_at descending": `created_at DESC, id DESC`,
	"id ascending": `id ASC`,
	"id descending": `id DESC`,
} as const;

// Pages without an email query. A page is a run of positions in the ascending ordering (a
// descending page is the same run counted from the end), read in one snapshot together with the
// number of users and the slices of schema step 7:
// - near either end, OFFSET from that end, through the index;
// - elsewhere, from the start of the slice that holds the run's first position, so OFFSET steps
//   over the users of one slice at most, not over every user before the page.
const NEAR_AN_END = 2000;
/** Up to this many rows from the start, a page reads every row it steps over, which costs less
 *  than finding its rows again by id while they are few: in the id order the rows stepped over
 *  lie anywhere in the table, each a page of it to read when it is not in memory. */
const READ_STRAIGHT = 100;

const ASCENDING = { created_at: ORDER_BY["created_at ascending"], id: ORDER_BY["id ascending"] } as const;
const DESCENDING = { created_at: ORDER_BY["created_at descending"], id: ORDER_BY["id descending"] } as const;

type OrderBy = (typeof ORDER_BY)[keyof typeof ORDER_BY];
type SortBy = keyof typeof ASCENDING;

// The last slice that starts at or before the page's start (read from the statement's CTE r), with
// the users before it, and the key at which it starts in the ordering; `gate` keeps it unread
// unless the page needs it. Then the rows from that key on.
const SLICE = {
	id: (gate: string) => `SELECT prefix AS start, before FROM (SELECT prefix, sum(n) OVER (ORDER BY prefix) - n AS before FROM user_id_slice) x
		WHERE before <= (SELECT start FROM r) AND ${gate} ORDER BY prefix DESC LIMIT 1`,
	created_at: (gate: string) => `SELECT slot << 12 AS start, before FROM (SELECT slot, sum(n) OVER (ORDER BY slot) - n AS before FROM user_time_slice) x
		WHERE before <= (SELECT start FROM r) AND ${gate} ORDER BY slot DESC LIMIT 1`,
} as const;
const FROM_SLICE = {
	id: `id >= (SELECT start FROM s)`,
	created_at: `(created_at, id) >= ((SELECT start FROM s), '')`,
} as const;

/** The user columns of production's statements (the database's own clock), for the plans' test. */
const PRODUCTION_COLUMNS = listedUserColumns(databaseClock());

/** The statements that read a page's rows (exported for the test of their plans); `columns` are
 *  listedUserColumns of the store's clock. */
export const PAGE_STATEMENTS = {
	/** The first READ_STRAIGHT rows of an ordering, straight down its index, numbered, and of them
	 *  the page's, the count beside each: $1 LIMIT, $2 OFFSET. The inner LIMIT is written out, so the
	 *  plan does not depend on $1 and $2 and PostgreSQL keeps one for the prepared statement: with
	 *  `LIMIT $1 OFFSET $2` its custom plan always looked the cheaper, and every run was planned
	 *  again (about a third of its CPU; docs/benchmarks.md). The page is the rows whose position
	 *  lies in it, whatever order they come in (readPage puts them in order), and the outer LIMIT,
	 *  which can cut none of them, stops the scan at the page's end. */
	straight: (orderBy: OrderBy, columns = PRODUCTION_COLUMNS) => `SELECT page.*, (SELECT n FROM user_count) AS total FROM (
		SELECT ${columns}, row_number() OVER (ORDER BY ${orderBy}) AS position FROM "user" ORDER BY ${orderBy} LIMIT ${READ_STRAIGHT}
	) page WHERE position > $2 AND position <= $2 + $1 LIMIT $1`,
	/** OFFSET over the ids, then their rows, and the count row even for an empty page: $1 LIMIT, $2 OFFSET. */
	nearAnEnd: (orderBy: OrderBy, columns = PRODUCTION_COLUMNS) => `WITH page AS MATERIALIZED (SELECT id FROM "user" ORDER BY ${orderBy} LIMIT $1 OFFSET $2)
		SELECT c.n AS total, u.* FROM user_count c LEFT JOIN LATERAL (SELECT ${columns} FROM "user" WHERE id = ANY (ARRAY(SELECT id FROM page))) u ON true
		ORDER BY ${orderBy}`,
	/** Any page, in one statement (one snapshot, no transaction): the count, the page as positions
	 *  [start, start + length) of the ascending ordering, its ids by whichever way steps over fewer
	 *  rows (from the start, from the end, or from the slice that holds `start`; each branch is
	 *  gated by a one-time filter, so only one runs, and the slices are read only for the third),
	 *  then their rows by id. The count row even for an empty page: $1 LIMIT, $2 OFFSET. (Every
	 *  branch's LIMIT and OFFSET are worked out whether it runs or not, hence greatest(0, …) on a
	 *  page past either end.) */
	anyDepth: (sortBy: SortBy, descending: boolean, columns = PRODUCTION_COLUMNS) => {
		const orderBy = descending ? DESCENDING[sortBy] : ASCENDING[sortBy];
		const deep = `(SELECT length > 0 AND start >= ${NEAR_AN_END} AND total - start - length >= ${NEAR_AN_END} FROM r)`;
		return `WITH r AS MATERIALIZED (
			SELECT total, length, ${descending ? "total - $2::bigint - length" : "$2::bigint"} AS start
			FROM (SELECT n AS total, greatest(0, least($1::bigint, n - $2::bigint)) AS length FROM user_count) c
		), s AS MATERIALIZED (${SLICE[sortBy](deep)}),
		page AS MATERIALIZED (
			(SELECT id FROM "user" WHERE (SELECT length > 0 AND start < ${NEAR_AN_END} FROM r)
				ORDER BY ${ASCENDING[sortBy]} LIMIT (SELECT length FROM r) OFFSET (SELECT greatest(0, start) FROM r))
			UNION ALL
			(SELECT id FROM "user" WHERE (SELECT length > 0 AND start >= ${NEAR_AN_END} AND total - start - length < ${NEAR_AN_END} FROM r)
				ORDER BY ${DESCENDING[sortBy]} LIMIT (SELECT length FROM r) OFFSET (SELECT greatest(0, total - start - length) FROM r))
			UNION ALL
			(SELECT id FROM "user" WHERE ${deep} AND ${FROM_SLICE[sortBy]}
				ORDER BY ${ASCENDING[sortBy]} LIMIT (SELECT length FROM r) OFFSET (SELECT greatest(0, r.start - s.before) FROM r, s))
		)
		SELECT r.total, u.* FROM r LEFT JOIN LATERAL (SELECT ${columns} FROM "user" WHERE id = ANY (ARRAY(SELECT id FROM page))) u ON true
		ORDER BY ${orderBy}`;
	},
};

async function readPage(sql: SQL, clock: DatabaseClock, query: UserListQuery): Promise<{ users: User[]; total: number }> {
	const columns = listedUserColumns(clock);
	const orderBy = ORDER_BY[`${query.sortBy} ${query.sortOrder}`];
	// Near the start of its own ordering (the first pages: most of what is asked), the page and the
	// count are one statement, so one snapshot without a transaction's round trips (reserve, BEGIN,
	// its bounds, COMMIT).
	// - The first rows: straight down the ordering's index, each row read as it comes, the count
	//   beside them (0.1 ms for the first page of 10,000 users, against 0.7 ms by the ids).
	// - Further on: OFFSET over the ids (an index-only scan, which reads no row it steps over), then
	//   the page's rows by their ids, given as an array: with `id IN (SELECT id FROM page)` the
	//   planner read the whole table into a hash join at a few thousand users (1.2 ms for 2,000).
	//   An empty page still gives the count.
	if (query.offset + query.limit <= READ_STRAIGHT) {
		const rows = await sql.unsafe(PAGE_STATEMENTS.straight(orderBy, columns), [query.limit, query.offset]);
		// An empty page has no row to carry the count: the statement below reads both again.
		if (rows.length > 0) {
			const users = [...rows].sort((a, b) => Number(a.position) - Number(b.position)).map(toUser);
			return { users, total: Number(rows[0].total) };
		}
	} else if (query.offset < NEAR_AN_END) {
		const rows = await sql.unsafe(PAGE_STATEMENTS.nearAnEnd(orderBy, columns), [query.limit, query.offset]);
		return { users: rows[0].id === null ? [] : [...rows].map(toUser), total: Number(rows[0].total) };
	}
	// Anywhere else (and an empty first page), one statement too: see PAGE_STATEMENTS.anyDepth.
	const rows = await sql.unsafe(PAGE_STATEMENTS.anyDepth(query.sortBy, query.sortOrder === "descending", columns), [query.limit, query.offset]);
	return { users: rows[0].id === null ? [] : [...rows].map(toUser), total: Number(rows[0].total) };
}

/** Reads the user's row under its lock, in `tx`: the database's time comes with it. */
async function lockedUser(tx: SQL, clock: DatabaseClock, id: string): Promise<UserRow | undefined> {
	const [row] = await tx.unsafe<UserRow[]>(`SELECT ${userColumns(clock)} FROM "user" WHERE id = $1 FOR UPDATE`, [id]);
	return row;
}

export function createPostgresUserStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): UserStore {
	const matches = createEmailMatches(sql);
	const columns = () => userColumns(clock);
	const userById = batchedLookup<UserRow & { n: number }>(
		sql,
		() => `SELECT k.n, u.* FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n)
			CROSS JOIN LATERAL (SELECT ${listedUserColumns(clock)} FROM "user" WHERE "user".id = k.key) u`,
	);
	return {
		async insert(user: NewUser, event) {
			try {
				await events.withChange(
					change(
						`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code) VALUES ($1, $2, $3, $4, $5)`,
						user.id,
						user.createdAt,
						user.email,
						user.passwordHash,
						user.recoveryCode,
					),
					event,
					"always",
				);
				return "CREATED";
			} catch (error) {
				if (isUniqueViolation(error)) return "EMAIL_ALREADY_USED";
				throw error;
			}
		},
		async get(id) {
			const row = await userById(id);
			return row === undefined ? null : toUser(row);
		},
		async getByEmail(email) {
			const rows = await sql.unsafe(`SELECT ${columns()} FROM "user" WHERE email = $1`, [email]);
			return rows.length === 0 ? null : toUser(rows[0]);
		},
		async getByEmailForSignIn(email) {
			const rows = await sql.unsafe(`SELECT ${columns()}, password_hash FROM "user" WHERE email = $1`, [email]);
			return rows.length === 0 ? null : { user: toUser(rows[0]), passwordHash: rows[0].password_hash };
		},
		async getForSignIn(id) {
			const rows = await sql.unsafe(`SELECT ${columns()}, password_hash FROM "user" WHERE id = $1`, [id]);
			return rows.length === 0 ? null : { user: toUser(rows[0]), passwordHash: rows[0].password_hash };
		},
		async getPasswordHash(id) {
			const rows = await sql`SELECT password_hash FROM "user" WHERE id = ${id}`;
			return rows.length === 0 ? null : rows[0].password_hash;
		},
		async isEmailTaken(email) {
			const rows = await sql`SELECT 1 FROM "user" WHERE email = ${email}`;
			return rows.length > 0;
		},
		async list(query: UserListQuery) {
			if (query.emailQuery === "") return readPage(sql, clock, query);
			const orderBy = ORDER_BY[`${query.sortBy} ${query.sortOrder}`];
			const { rows, total } = await matches.page(query.emailQuery, listedUserColumns(clock), orderBy, query.limit, query.offset);
			return { users: rows.map(toUser), total };
		},
		async listPasswordLeaked(query) {
			const order = query.sortOrder === "ascending" ? ORDER_BY["created_at ascending"] : ORDER_BY["created_at descending"];
			const rows = await sql.unsafe(`SELECT ${listedUserColumns(clock)}, count(*) OVER () AS total FROM "user" WHERE password_leaked ORDER BY ${order} LIMIT $1 OFFSET $2`, [
				query.limit,
				query.offset,
			]);
			const total = rows.length > 0 ? Number(rows[0].total) : Number((await sql`SELECT count(*) AS n FROM "user" WHERE password_leaked`)[0].n);
			return { users: [...rows].map(toUser), total };
		},
		async delete(id, event, ending) {
			// ON DELETE CASCADE takes everything the user owns; the user's events stay. The user's row
			// is locked first, then the sessions are ended (so that their end is recorded).
			return transaction(sql, async (tx) => {
				const [user] = await tx`SELECT 1 AS found FROM "user" WHERE id = ${id} FOR UPDATE`;
				if (user === undefined) return null;
				const ended = await endSessionsWithin(tx, events, id, ending);
				await tx`DELETE FROM "user" WHERE id = ${id}`;
				await events.write(tx, event);
				return written(ended, event);
			});
		},
		async disable(id, disable, event, ending) {
			// The user's row first, as every transaction that changes a user's rows does; the database's
			// time read with it judges the end, and is the one the sessions' end is judged by.
			return transaction(sql, async (tx) => {
				const row = await lockedUser(tx, clock, id);
				if (row === undefined) return { outcome: "NOT_FOUND" as const };
				const now = Number(row.read_at);
				if (disable.until !== null && disable.until <= now) return { outcome: "UNTIL_PASSED" as const };
				await tx`UPDATE "user" SET disabled_until = ${disable.until ?? DISABLED_UNTIL_ENABLED}, disabled_reason = ${disable.reason} WHERE id = ${id}`;
				const ended = await endSessionsWithin(tx, events, id, { ...ending, now });
				await events.write(tx, event);
				const user = toUser({ ...row, disabled_until: disable.until ?? DISABLED_UNTIL_ENABLED, disabled_reason: disable.reason });
				return { outcome: "DISABLED" as const, user, written: written(ended, event) };
			});
		},
		async enable(id, event) {
			return transaction(sql, async (tx) => {
				const row = await lockedUser(tx, clock, id);
				if (row === undefined) return null;
				const user = toUser({ ...row, disabled_until: null, disabled_reason: null });
				// A stored disable whose end has passed is cleared too, silently: it was no longer in force.
				if (row.disabled_until === null) return { user, written: [] };
				await tx`UPDATE "user" SET disabled_until = NULL, disabled_reason = NULL WHERE id = ${id}`;
				if (!toUser(row).disabled) return { user, written: [] };
				await events.write(tx, event);
				return { user, written: [event] as HolmEvent[] };
			});
		},
	};
}
