// The user table on PostgreSQL.
import type { SQL } from "bun";
import type { NewUser, User, UserListQuery, UserStore } from "../../features/users/store.ts";
import { isUniqueViolation } from "./errors.ts";
import type { PostgresEventLog } from "./events.ts";

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

export function createPostgresUserStore(sql: SQL, events: PostgresEventLog): UserStore {
	return {
		async insert(user: NewUser, event) {
			try {
				await events.around(
					sql,
					event,
					(q) => q`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code)
						VALUES (${user.id}, ${user.createdAt}, ${user.email}, ${user.passwordHash}, ${user.recoveryCode})`,
					() => true,
				);
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
		async getByEmailForSignIn(email) {
			const rows = await sql.unsafe(`SELECT ${USER_COLUMNS}, password_hash FROM "user" WHERE email = $1`, [email]);
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
			const orderBy = ORDER_BY[`${query.sortBy} ${query.sortOrder}`];
			if (query.emailQuery === "") {
				// The page's ids first, then their rows: OFFSET skips index entries, and the columns (the
				// TOTP subquery included) are made for the page's rows only.
				const rows = await sql.unsafe(
					`SELECT ${USER_COLUMNS} FROM "user" WHERE id IN (SELECT id FROM "user" ORDER BY ${orderBy} LIMIT $1 OFFSET $2) ORDER BY ${orderBy}`,
					[query.limit, query.offset],
				);
				const [{ total }] = await sql`SELECT n AS total FROM user_count`;
				return { users: rows.map(toUser), total: Number(total) };
			}
			// strpos, not LIKE: no wildcards from user input.
			const rows = await sql.unsafe(
				`SELECT ${USER_COLUMNS} FROM "user" WHERE id IN (SELECT id FROM "user" WHERE strpos(email, $1) > 0 ORDER BY ${orderBy} LIMIT $2 OFFSET $3) ORDER BY ${orderBy}`,
				[query.emailQuery, query.limit, query.offset],
			);
			const [{ total }] = await sql`SELECT count(*) AS total FROM "user" WHERE strpos(email, ${query.emailQuery}) > 0`;
			return { users: rows.map(toUser), total: Number(total) };
		},
		async delete(id, event) {
			// ON DELETE CASCADE takes everything the user owns; the user's events stay.
			const result = await events.around(sql, event, (q) => q`DELETE FROM "user" WHERE id = ${id}`, (deleted) => deleted.count > 0);
			return result.count > 0;
		},
	};
}
