// The user table on PostgreSQL.
import type { SQL } from "bun";
import type { NewUser, User, UserListQuery, UserStore } from "../../features/users/store.ts";
import { isUniqueViolation } from "./errors.ts";

const USER_COLUMNS = `id, created_at, email, email_verified, recovery_code,
	EXISTS (SELECT 1 FROM totp_credential WHERE totp_credential.user_id = "user".id) AS totp_registered`;

function toUser(row: any): User {
	return {
		id: row.id,
		createdAt: Number(row.created_at),
		email: row.email,
		emailVerified: row.email_verified,
		totpRegistered: row.totp_registered,
		recoveryCode: row.recovery_code,
	};
}

// Only a fixed set of orderings exists; each is a constant string, never built from input.
const ORDER_BY = {
	"created_at ascending": `created_at ASC, id ASC`,
	"created_at descending": `created_at DESC, id DESC`,
	"id ascending": `id ASC`,
	"id descending": `id DESC`,
} as const;

const REVERSED = {
	"created_at ascending": ORDER_BY["created_at descending"],
	"created_at descending": ORDER_BY["created_at ascending"],
	"id ascending": ORDER_BY["id descending"],
	"id descending": ORDER_BY["id ascending"],
} as const;

export function createPostgresUserStore(sql: SQL): UserStore {
	return {
		async insert(user: NewUser) {
			try {
				await sql`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code)
					VALUES (${user.id}, ${user.createdAt}, ${user.email}, ${user.passwordHash}, ${user.recoveryCode})`;
				return "CREATED";
			} catch (error) {
				if (isUniqueViolation(error)) return "EMAIL_ALREADY_USED";
				throw error;
			}
		},
		async get(id) {
			const rows = await sql.unsafe(`SELECT ${USER_COLUMNS} FROM "user" WHERE id = $1`, [id]);
			return rows.length === 0 ? null : toUser(rows[0]);
		},
		async getByEmail(email) {
			const rows = await sql.unsafe(`SELECT ${USER_COLUMNS} FROM "user" WHERE email = $1`, [email]);
			return rows.length === 0 ? null : toUser(rows[0]);
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
			const orderBy = ORDER_BY[`${query.sortBy} ${query.sortOrder}`];
			if (query.emailQuery === "") {
				// The page's ids first, then their rows: OFFSET skips index entries, and the columns (the
				// TOTP subquery included) are made for the page's rows only.
				const [{ total }] = await sql`SELECT n AS total FROM user_count`;
				if (query.offset <= Number(total) / 2) {
					const rows = await sql.unsafe(
						`SELECT ${USER_COLUMNS} FROM "user" WHERE id IN (SELECT id FROM "user" ORDER BY ${orderBy} LIMIT $1 OFFSET $2) ORDER BY ${orderBy}`,
						[query.limit, query.offset],
					);
					return { users: rows.map(toUser), total: Number(total) };
				}
				// Past the middle, OFFSET counts from the other end, which is nearer: the last page costs
				// what the first does. The count that places the page and the page are read in one
				// snapshot, so a user added meanwhile cannot shift it. (LIMIT and OFFSET go as values:
				// computed in SQL, the planner cannot see them and sorts the whole table.)
				const reversed = REVERSED[`${query.sortBy} ${query.sortOrder}`];
				return sql.begin(async (tx) => {
					await tx`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
					const [{ total: inSnapshot }] = await tx`SELECT n AS total FROM user_count`;
					const count = Number(inSnapshot);
					const limit = Math.min(query.limit, Math.max(0, count - query.offset));
					if (limit === 0) return { users: [], total: count };
					const rows = await tx.unsafe(
						`SELECT ${USER_COLUMNS} FROM "user" WHERE id IN (SELECT id FROM "user" ORDER BY ${reversed} LIMIT $1 OFFSET $2) ORDER BY ${orderBy}`,
						[limit, Math.max(0, count - query.offset - query.limit)],
					);
					return { users: rows.map(toUser), total: count };
				});
			}
			// LIKE, which the trigram index (schema step 4) serves, with the query's own wildcards
			// escaped, so it matches literally. The page's ids and the number of matches come from one
			// evaluation of the index, then the page's rows by id.
			const pattern = `%${query.emailQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
			// MATERIALIZED: the matches are found through the index first, then sorted; left to itself,
			// the planner walked the sort key's index past every user to fill the count.
			const page = await sql.unsafe(
				`WITH matches AS MATERIALIZED (SELECT id, created_at FROM "user" WHERE email LIKE $1)
				SELECT id, (SELECT count(*) FROM matches) AS total FROM matches ORDER BY ${orderBy} LIMIT $2 OFFSET $3`,
				[pattern, query.limit, query.offset],
			);
			if (page.length === 0) {
				// A page past the last match has no row to carry the count.
				if (query.offset === 0) return { users: [], total: 0 };
				const [{ total }] = await sql`SELECT count(*) AS total FROM "user" WHERE email LIKE ${pattern}`;
				return { users: [], total: Number(total) };
			}
			const rows = await sql.unsafe(`SELECT ${USER_COLUMNS} FROM "user" WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY ${orderBy}`, [
				page.map((row: { id: string }) => row.id),
			]);
			return { users: rows.map(toUser), total: Number(page[0].total) };
		},
		async delete(id) {
			// ON DELETE CASCADE takes everything the user owns.
			const result = await sql`DELETE FROM "user" WHERE id = ${id}`;
			return result.count > 0;
		},
	};
}
