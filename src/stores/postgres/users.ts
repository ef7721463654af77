// The user table on PostgreSQL.
import type { SQL } from "bun";
import { type HolmEvent, written } from "../../features/events/store.ts";
import { DISABLED_UNTIL_ENABLED, type NewUser, type User, type UserListQuery, type UserStore } from "../../features/users/store.ts";
import { databaseClock, type DatabaseClock } from "./clock.ts";
import { toUser, userColumns, type UserRow } from "./user-rows.ts";
import { isUniqueViolation } from "./errors.ts";
import { transaction } from "./connection.ts";
import { createEmailMatches } from "./email-search.ts";
import type { PostgresEventLog } from "./events.ts";
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

// The last slice that starts at or before a position, with the users before it, and the key at
// which it starts in the ordering.
const SLICE = {
	id: `SELECT prefix AS start, before FROM (SELECT prefix, sum(n) OVER (ORDER BY prefix) - n AS before FROM user_id_slice) s
		WHERE before <= $1 ORDER BY prefix DESC LIMIT 1`,
	created_at: `SELECT slot << 12 AS start, before FROM (SELECT slot, sum(n) OVER (ORDER BY slot) - n AS before FROM user_time_slice) s
		WHERE before <= $1 ORDER BY slot DESC LIMIT 1`,
} as const;
const FROM_SLICE = {
	id: `id >= $3`,
	created_at: `(created_at, id) >= ($3::bigint, '')`,
} as const;

type OrderBy = (typeof ORDER_BY)[keyof typeof ORDER_BY];

/** The user columns of production's statements (the database's own clock), for the plans' test. */
const PRODUCTION_COLUMNS = userColumns(databaseClock());

/** The statements that read a page's rows (exported for the test of their plans); `columns` are
 *  userColumns of the store's clock. */
export const PAGE_STATEMENTS = {
	/** The first rows of an ordering, straight down its index, the count beside each: $1 LIMIT, $2 OFFSET. */
	straight: (orderBy: OrderBy, columns = PRODUCTION_COLUMNS) => `SELECT ${columns}, (SELECT n FROM user_count) AS total FROM "user" ORDER BY ${orderBy} LIMIT $1 OFFSET $2`,
	/** OFFSET over the ids, then their rows, and the count row even for an empty page: $1 LIMIT, $2 OFFSET. */
	nearAnEnd: (orderBy: OrderBy, columns = PRODUCTION_COLUMNS) => `WITH page AS MATERIALIZED (SELECT id FROM "user" ORDER BY ${orderBy} LIMIT $1 OFFSET $2)
		SELECT c.n AS total, u.* FROM user_count c LEFT JOIN LATERAL (SELECT ${columns} FROM "user" WHERE id = ANY (ARRAY(SELECT id FROM page))) u ON true
		ORDER BY ${orderBy}`,
	/** The rows of the ids in $1, a JSON array. */
	byIds: (orderBy: OrderBy, columns = PRODUCTION_COLUMNS) => `SELECT ${columns} FROM "user" WHERE id = ANY (ARRAY(SELECT jsonb_array_elements_text($1::jsonb))) ORDER BY ${orderBy}`,
};

async function readPage(sql: SQL, clock: DatabaseClock, query: UserListQuery): Promise<{ users: User[]; total: number }> {
	const columns = userColumns(clock);
	const orderBy = ORDER_BY[`${query.sortBy} ${query.sortOrder}`];
	const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);
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
		// An empty page has no row to carry the count: the transaction below reads both again.
		if (rows.length > 0) return { users: [...rows].map(toUser), total: Number(rows[0].total) };
	} else if (query.offset < NEAR_AN_END) {
		const rows = await sql.unsafe(PAGE_STATEMENTS.nearAnEnd(orderBy, columns), [query.limit, query.offset]);
		return { users: rows[0].id === null ? [] : [...rows].map(toUser), total: Number(rows[0].total) };
	}
	return transaction(sql, async (tx) => {
		const [{ n }] = await tx`SELECT n FROM user_count`;
		const total = Number(n);
		// The page as positions [from, from + length) of the ascending ordering.
		const length = Math.min(query.limit, Math.max(0, total - query.offset));
		if (length === 0) return { users: [], total };
		const from = query.sortOrder === "ascending" ? query.offset : total - query.offset - length;
		let ids: string[];
		if (from < NEAR_AN_END) {
			ids = idsOf(await tx.unsafe(`SELECT id FROM "user" ORDER BY ${ASCENDING[query.sortBy]} LIMIT $1 OFFSET $2`, [length, from]));
		} else if (total - from - length < NEAR_AN_END) {
			ids = idsOf(await tx.unsafe(`SELECT id FROM "user" ORDER BY ${DESCENDING[query.sortBy]} LIMIT $1 OFFSET $2`, [length, total - from - length]));
		} else {
			const [slice] = await tx.unsafe(SLICE[query.sortBy], [from]);
			if (slice === undefined) throw new Error("the user slices do not cover the users: schema step 7 is missing");
			ids = idsOf(
				await tx.unsafe(`SELECT id FROM "user" WHERE ${FROM_SLICE[query.sortBy]} ORDER BY ${ASCENDING[query.sortBy]} LIMIT $1 OFFSET $2`, [
					length,
					from - Number(slice.before),
					query.sortBy === "id" ? slice.start : Number(slice.start),
				]),
			);
		}
		// The rows by their ids, given as values and made an array first, so that the primary key
		// index is probed for each: with the ids' subquery as such, the planner merged the whole index
		// up to the page (10 ms for the middle of a million users), or read the whole table into a
		// hash join at a few thousand (1 ms for 2,000).
		const rows = await tx.unsafe(PAGE_STATEMENTS.byIds(orderBy, columns), [ids]);
		return { users: rows.map(toUser), total };
	}, "ISOLATION LEVEL REPEATABLE READ READ ONLY");
}

/** Reads the user's row under its lock, in `tx`: the database's time comes with it. */
async function lockedUser(tx: SQL, clock: DatabaseClock, id: string): Promise<UserRow | undefined> {
	const [row] = await tx.unsafe<UserRow[]>(`SELECT ${userColumns(clock)} FROM "user" WHERE id = $1 FOR UPDATE`, [id]);
	return row;
}

export function createPostgresUserStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): UserStore {
	const matches = createEmailMatches(sql);
	const columns = () => userColumns(clock);
	return {
		async insert(user: NewUser, event) {
			try {
				await events.withChange(
					sql`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code)
						VALUES (${user.id}, ${user.createdAt}, ${user.email}, ${user.passwordHash}, ${user.recoveryCode})`,
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
			const rows = await sql.unsafe(`SELECT ${columns()} FROM "user" WHERE id = $1`, [id]);
			return rows.length === 0 ? null : toUser(rows[0]);
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
			const { rows, total } = await matches.page(query.emailQuery, columns(), orderBy, query.limit, query.offset);
			return { users: rows.map(toUser), total };
		},
		async listPasswordLeaked(query) {
			const order = query.sortOrder === "ascending" ? ORDER_BY["created_at ascending"] : ORDER_BY["created_at descending"];
			const rows = await sql.unsafe(`SELECT ${columns()}, count(*) OVER () AS total FROM "user" WHERE password_leaked ORDER BY ${order} LIMIT $1 OFFSET $2`, [
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
