// SQL for the user table.
import type { Database } from "bun:sqlite";

export interface User {
	id: string;
	createdAt: number;
	email: string | null;
	emailVerified: boolean;
	totpRegistered: boolean;
	recoveryCode: string;
}

interface UserRow {
	id: string;
	created_at: number;
	email: string | null;
	email_verified: number;
	totp_registered: number;
	recovery_code: string;
}

export type UserSortBy = "created_at" | "id";
export type SortOrder = "ascending" | "descending";

export interface UserListQuery {
	sortBy: UserSortBy;
	sortOrder: SortOrder;
	limit: number;
	offset: number;
	/** Already lower-cased; "" matches every user. */
	emailQuery: string;
}

const USER_COLUMNS = `id, created_at, email, email_verified, recovery_code,
	EXISTS (SELECT 1 FROM totp_credential WHERE totp_credential.user_id = user.id) AS totp_registered`;

// An email query filters by substring; instr avoids LIKE's wildcards in user input. Without one,
// the statements carry no filter at all, so SQLite can count and page through an index.
const EMAIL_FILTER = `WHERE instr(email, ?) > 0`;

function toUser(row: UserRow): User {
	return {
		id: row.id,
		createdAt: row.created_at,
		email: row.email,
		emailVerified: row.email_verified === 1,
		totpRegistered: row.totp_registered === 1,
		recoveryCode: row.recovery_code,
	};
}

export function createUserStore(db: Database) {
	const insertUser = db.prepare<void, [string, number, string | null, string, string]>(
		`INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES (?, ?, ?, ?, ?)`,
	);
	const selectById = db.prepare<UserRow, [string]>(`SELECT ${USER_COLUMNS} FROM user WHERE id = ?`);
	const selectByEmail = db.prepare<UserRow, [string]>(`SELECT ${USER_COLUMNS} FROM user WHERE email = ?`);
	const selectPasswordHash = db.prepare<{ password_hash: string }, [string]>(`SELECT password_hash FROM user WHERE id = ?`);
	const selectEmailTaken = db.prepare<{ taken: number }, [string]>(`SELECT EXISTS (SELECT 1 FROM user WHERE email = ?) AS taken`);
	const countAll = db.prepare<{ total: number }, []>(`SELECT count(*) AS total FROM user`);
	const countMatching = db.prepare<{ total: number }, [string]>(`SELECT count(*) AS total FROM user ${EMAIL_FILTER}`);
	const deleteById = db.prepare<void, [string]>(`DELETE FROM user WHERE id = ?`);
	// Only a fixed set of orderings exists, so each gets its own prepared statements.
	type ListStatement = ReturnType<typeof db.prepare<UserRow, [number, number]>>;
	type FilteredListStatement = ReturnType<typeof db.prepare<UserRow, [string, number, number]>>;
	const listAll = new Map<string, ListStatement>();
	const listMatching = new Map<string, FilteredListStatement>();
	for (const sortBy of ["created_at", "id"] as const) {
		for (const [sortOrder, direction] of [["ascending", "ASC"], ["descending", "DESC"]] as const) {
			const orderBy = sortBy === "id" ? `id ${direction}` : `created_at ${direction}, id ${direction}`;
			const key = `${sortBy} ${sortOrder}`;
			listAll.set(key, db.prepare(`SELECT ${USER_COLUMNS} FROM user ORDER BY ${orderBy} LIMIT ? OFFSET ?`));
			listMatching.set(key, db.prepare(`SELECT ${USER_COLUMNS} FROM user ${EMAIL_FILTER} ORDER BY ${orderBy} LIMIT ? OFFSET ?`));
		}
	}

	return {
		insert(user: { id: string; createdAt: number; email: string | null; passwordHash: string; recoveryCode: string }): void {
			insertUser.run(user.id, user.createdAt, user.email, user.passwordHash, user.recoveryCode);
		},
		get(id: string): User | null {
			const row = selectById.get(id);
			return row === null ? null : toUser(row);
		},
		getByEmail(email: string): User | null {
			const row = selectByEmail.get(email);
			return row === null ? null : toUser(row);
		},
		getPasswordHash(id: string): string | null {
			return selectPasswordHash.get(id)?.password_hash ?? null;
		},
		isEmailTaken(email: string): boolean {
			return selectEmailTaken.get(email)!.taken === 1;
		},
		list(query: UserListQuery): { users: User[]; total: number } {
			const key = `${query.sortBy} ${query.sortOrder}`;
			if (query.emailQuery === "") {
				const rows = listAll.get(key)!.all(query.limit, query.offset);
				return { users: rows.map(toUser), total: countAll.get()!.total };
			}
			const rows = listMatching.get(key)!.all(query.emailQuery, query.limit, query.offset);
			return { users: rows.map(toUser), total: countMatching.get(query.emailQuery)!.total };
		},
		/** Everything the user owns goes with them (ON DELETE CASCADE). False when there was no such user. */
		delete(id: string): boolean {
			return deleteById.run(id).changes > 0;
		},
	};
}

export type UserStore = ReturnType<typeof createUserStore>;

/** The user model of API.md section 2. */
export function userJSON(user: User) {
	return {
		id: user.id,
		created_at: user.createdAt,
		email: user.email,
		email_verified: user.emailVerified,
		registered_totp: user.totpRegistered,
		totp_registered: user.totpRegistered,
		recovery_code: user.recoveryCode,
	};
}
