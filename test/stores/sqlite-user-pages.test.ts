// Deep pages of GET /users on SQLite start from anchors the store keeps in memory
// (src/stores/sqlite/user-pages.ts). Whatever happens to the users (inserts that sort first or
// last, deletes, a change made behind the store's back), every page must be exactly the page that
// ORDER BY … LIMIT … OFFSET gives.
import { DEFAULT_SESSION_SETTINGS } from "../../src/features/sessions/settings.ts";
import type { SessionEnding } from "../../src/features/sessions/store.ts";
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { SortOrder, UserSortBy } from "../../src/features/users/store.ts";
import { generateId } from "../../src/lib/ids.ts";
import { openSqliteStorage } from "../../src/stores/sqlite/index.ts";
import { tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const path = join(newDir(), "holm.db");
// Without events: this test is about the pages.
const storage = openSqliteStorage(path, undefined, { retentionDays: 0, webhook: null });
const noEvent = { id: generateId(), time: 0, type: "user_created", userId: null, clientIp: null, data: {} } as const;
const noSessionsEnded: SessionEnding = { keep: null, event: { ...noEvent, type: "sessions_ended" }, now: 0, settings: DEFAULT_SESSION_SETTINGS };
const users = storage.stores.users;
afterAll(() => storage.close());

async function insert(createdAt: number): Promise<string> {
	const id = generateId();
	expect(await users.insert({ id, createdAt, email: null, passwordHash: "not a real hash", recoveryCode: "AAAAAAAA" }, noEvent)).toBe("CREATED");
	return id;
}

/** The ids of a page as plain SQL gives them, on a connection of its own. */
function expectedPage(sortBy: UserSortBy, sortOrder: SortOrder, limit: number, offset: number): string[] {
	const direction = sortOrder === "ascending" ? "ASC" : "DESC";
	const order = sortBy === "id" ? `id ${direction}` : `created_at ${direction}, id ${direction}`;
	const db = new Database(path, { readonly: true });
	try {
		return db.query<{ id: string }, [number, number]>(`SELECT id FROM user ORDER BY ${order} LIMIT ? OFFSET ?`).all(limit, offset).map((row) => row.id);
	} finally {
		db.close();
	}
}

const ORDERS: [UserSortBy, SortOrder][] = [
	["created_at", "ascending"],
	["created_at", "descending"],
	["id", "ascending"],
	["id", "descending"],
];

/** Pages near the anchors' edges, deep ones and the last, in every ordering. */
async function expectEveryPageRight(total: number): Promise<void> {
	for (const [sortBy, sortOrder] of ORDERS) {
		for (const offset of [0, 500, 511, 512, 513, 1023, 1024, 1500, 2047, 2600, total - 20, total - 7, total, total + 5]) {
			const limit = 20;
			const page = await users.list({ sortBy, sortOrder, limit, offset, emailQuery: "" });
			expect({ sortBy, sortOrder, offset, ids: page.users.map((user) => user.id) }).toEqual({
				sortBy,
				sortOrder,
				offset,
				ids: expectedPage(sortBy, sortOrder, limit, offset),
			});
			expect(page.total).toBe(total);
		}
	}
}

test("deep pages match OFFSET through inserts, deletes and a change made behind the store's back", async () => {
	const ids: string[] = [];
	// Many users per second, so that created_at ties are broken by id.
	for (let i = 0; i < 3000; i++) ids.push(await insert(1_700_000_000 + Math.floor(i / 7)));
	await expectEveryPageRight(3000);

	// New users sort last by created_at, anywhere by id; and one that sorts first by created_at.
	for (let i = 0; i < 40; i++) ids.push(await insert(1_800_000_000 + i));
	ids.push(await insert(1_600_000_000));
	await expectEveryPageRight(3041);

	// Deletes before, at and after anchors.
	for (const index of [0, 5, 511, 512, 1024, 2000, 2999, 3010]) expect(await users.delete(ids[index]!, { ...noEvent, type: "user_deleted" }, noSessionsEnded)).not.toBeNull();
	await expectEveryPageRight(3033);

	// Another connection changes the users: the anchors must notice (through user_count's version).
	const other = new Database(path);
	other.run("PRAGMA busy_timeout = 5000");
	other.run(`DELETE FROM user WHERE id IN (SELECT id FROM user ORDER BY id LIMIT 300)`);
	other.run(`INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES ('${"2".repeat(24)}', 1, NULL, 'h', 'R')`);
	other.close();
	await Bun.sleep(0); // a new turn: the reader's snapshot of the last one has ended
	await new Promise((resolve) => setImmediate(resolve));
	await expectEveryPageRight(2734);
});
