// Pages of GET /users?email_query= on SQLite come either from a bounded walk of the ordering's
// index or from the matches sorted out of the search index, and the count from the index alone
// (src/stores/sqlite/users.ts). Whichever way a page comes, it must be exactly the page a scan
// gives, and the count exact: for matches spread evenly (the walk answers), gathered at one end
// of the ordering (the walk gives up and the sort answers), rare ones, and on a database whose
// users were there before the index was rebuilt (schema step 10).
import { DEFAULT_SESSION_SETTINGS } from "../../src/features/sessions/settings.ts";
import type { SessionEnding } from "../../src/features/sessions/store.ts";
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { SortOrder, UserSortBy, UserStore } from "../../src/features/users/store.ts";
import { generateId } from "../../src/lib/ids.ts";
import { MIGRATIONS } from "../../src/stores/sqlite/db/migrations.ts";
import { openSqliteStorage } from "../../src/stores/sqlite/index.ts";
import { tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const noEvent = { id: generateId(), time: 0, type: "user_created", userId: null, clientIp: null, data: {} } as const;
const noSessionsEnded: SessionEnding = { keep: null, event: { ...noEvent, type: "sessions_ended" }, now: 0, settings: DEFAULT_SESSION_SETTINGS };
const ORDERS: [UserSortBy, SortOrder][] = [
	["created_at", "ascending"],
	["created_at", "descending"],
	["id", "ascending"],
	["id", "descending"],
];
const USERS = 2000;

/** User n's email: every 5th holds "spread" (400, more than the store sorts itself), the last
 *  400 by created_at hold "late", every 50th "few" (40), one "rare". */
function email(n: number): string {
	return `u${n}${n % 5 === 0 ? ".spread" : ""}${n >= USERS - 400 ? ".late" : ""}${n % 50 === 7 ? ".few" : ""}${n === 617 ? ".rare" : ""}@example.com`;
}

/** 0 … USERS - 1 in another order (7919 is a prime that does not divide USERS). */
function shuffled(): number[] {
	return Array.from({ length: USERS }, (_, i) => (i * 7919) % USERS);
}

/** The ids and count of a page as a scan gives them, on a connection of its own. */
function scan(path: string, text: string, sortBy: UserSortBy, sortOrder: SortOrder, limit: number, offset: number): { ids: string[]; total: number } {
	const direction = sortOrder === "ascending" ? "ASC" : "DESC";
	const order = sortBy === "id" ? `id ${direction}` : `created_at ${direction}, id ${direction}`;
	const db = new Database(path, { readonly: true });
	try {
		const ids = db
			.query<{ id: string }, [string, number, number]>(`SELECT id FROM user WHERE instr(email, ?) > 0 ORDER BY ${order} LIMIT ? OFFSET ?`)
			.all(text, limit, offset)
			.map((row) => row.id);
		const total = db.query<{ total: number }, [string]>(`SELECT count(*) AS total FROM user WHERE instr(email, ?) > 0`).get(text)!.total;
		return { ids, total };
	} finally {
		db.close();
	}
}

async function expectPagesAsScan(path: string, users: UserStore, texts: string[]): Promise<void> {
	for (const text of texts) {
		for (const [sortBy, sortOrder] of ORDERS) {
			for (const offset of [0, 1, 20, 39, 100, 200, 380, 399, 400, 420]) {
				const page = await users.list({ sortBy, sortOrder, limit: 20, offset, emailQuery: text });
				expect({ text, sortBy, sortOrder, offset, ids: page.users.map((user) => user.id), total: page.total }).toEqual({
					text,
					sortBy,
					sortOrder,
					offset,
					...scan(path, text, sortBy, sortOrder, 20, offset),
				});
			}
		}
	}
}

test("every page of a search, walked or sorted, is the page a scan gives, with the exact count", async () => {
	const path = join(newDir(), "holm.db");
	const storage = openSqliteStorage(path, undefined, { retentionDays: 0, webhook: null });
	try {
		const users = storage.stores.users;
		// Inserted out of n's order, created_at in n's order: the two orderings differ.
		for (const n of shuffled()) {
			const user = { id: generateId(), createdAt: 1_700_000_000 + n, email: email(n), passwordHash: "not a real hash", recoveryCode: "AAAAAAAA" };
			expect(await users.insert(user, noEvent)).toBe("CREATED");
		}
		await expectPagesAsScan(path, users, ["spread", "late", "few", "rare", ".spread.late", "example", "nobody"]);

		// Deleted users leave the index; a changed email and created_at are found as they are now.
		const db = new Database(path);
		try {
			const lateIds = db.query<{ id: string }, []>(`SELECT id FROM user WHERE instr(email, 'late') > 0 ORDER BY created_at LIMIT 30`).all();
			for (const { id } of lateIds.slice(0, 15)) expect(await users.delete(id, { ...noEvent, type: "user_deleted" }, noSessionsEnded)).not.toBeNull();
			for (const { id } of lateIds.slice(15)) db.run(`UPDATE user SET email = 'moved.' || email, created_at = created_at - 5000 WHERE id = ?`, [id]);
		} finally {
			db.close();
		}
		await expectPagesAsScan(path, users, ["spread", "late", "moved", "late@"]);
	} finally {
		storage.close();
	}
});

test("users that were there before schema step 10 are found, and a common query walks to the same pages", async () => {
	const path = join(newDir(), "holm.db");
	const db = new Database(path);
	try {
		for (const step of MIGRATIONS.slice(0, 9)) db.run(step);
		db.run(`PRAGMA user_version = 9`);
		const insert = db.prepare(`INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES (?, ?, ?, 'h', 'AAAAAAAA')`);
		db.transaction(() => {
			for (const n of shuffled()) insert.run(generateId(), 1_700_000_000 + n, email(n));
		})();
	} finally {
		db.close();
	}
	const storage = openSqliteStorage(path, undefined, { retentionDays: 0, webhook: null });
	try {
		await expectPagesAsScan(path, storage.stores.users, ["spread", "late", "few", "rare", "example"]);
	} finally {
		storage.close();
	}
});
