// On SQLite, a user's totp_registered is a column kept by triggers on totp_credential (the schema
// step that adds it), so that a page of users reads no credential. A database made before that
// step must come out of the upgrade with the column right for every user, and every way a
// credential comes and goes must keep it right.
import { DEFAULT_SESSION_SETTINGS } from "../../src/features/sessions/settings.ts";
import type { SessionEnding } from "../../src/features/sessions/store.ts";
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { UserStore } from "../../src/features/users/store.ts";
import { generateId } from "../../src/lib/ids.ts";
import { MIGRATIONS } from "../../src/stores/sqlite/db/migrations.ts";
import { openSqliteStorage } from "../../src/stores/sqlite/index.ts";
import { tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const noEvent = { id: generateId(), time: 0, type: "user_created", userId: null, clientIp: null, data: {} } as const;
const noSessionsEnded: SessionEnding = { keep: null, event: { ...noEvent, type: "sessions_ended" }, now: 0, settings: DEFAULT_SESSION_SETTINGS };
const STEP = MIGRATIONS.findIndex((step) => step.includes("CREATE TRIGGER user_totp_registered_insert"));

/** Every user's totp_registered as the store answers it, by id, from a page of all of them. */
async function registered(users: UserStore): Promise<Record<string, boolean>> {
	const page = await users.list({ sortBy: "id", sortOrder: "ascending", limit: 100, offset: 0, emailQuery: "" });
	return Object.fromEntries(page.users.map((user) => [user.id, user.totpRegistered]));
}

/** What totp_credential says, on a connection of its own. */
function credentialHolders(path: string, ids: string[]): Record<string, boolean> {
	const db = new Database(path, { readonly: true });
	try {
		const held = new Set(db.query<{ user_id: string }, []>(`SELECT user_id FROM totp_credential`).all().map((row) => row.user_id));
		return Object.fromEntries(ids.map((id) => [id, held.has(id)]));
	} finally {
		db.close();
	}
}

test("a database from before the column comes out of the upgrade with it right for every user, and the count unchanged", async () => {
	expect(STEP).toBeGreaterThan(0);
	const path = join(newDir(), "holm.db");
	const ids = Array.from({ length: 9 }, () => generateId());
	const db = new Database(path);
	try {
		for (const step of MIGRATIONS.slice(0, STEP)) db.run(step);
		db.run(`PRAGMA user_version = ${STEP}`);
		const insertUser = db.prepare(`INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES (?, ?, ?, 'h', 'AAAAAAAA')`);
		const insertCredential = db.prepare(`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES (?, 0, x'00', 0)`);
		ids.forEach((id, i) => {
			insertUser.run(id, 1_700_000_000 + i, `u${i}@example.com`);
			if (i % 3 === 0) insertCredential.run(id);
		});
	} finally {
		db.close();
	}
	const storage = openSqliteStorage(path, undefined, { retentionDays: 0, webhook: null });
	try {
		expect(storage.migrated.from).toBe(STEP);
		expect(await registered(storage.stores.users)).toEqual(credentialHolders(path, ids));
		expect(Object.values(await registered(storage.stores.users)).filter(Boolean)).toHaveLength(3);
		const page = await storage.stores.users.list({ sortBy: "created_at", sortOrder: "ascending", limit: 20, offset: 0, emailQuery: "" });
		expect(page.total).toBe(ids.length);
		expect((await storage.stores.users.get(ids[0]!))!.totpRegistered).toBe(true);
		expect((await storage.stores.users.get(ids[1]!))!.totpRegistered).toBe(false);
	} finally {
		storage.close();
	}
});

test("registering, registering again, removing and deleting a user keep the column what totp_credential says", async () => {
	const path = join(newDir(), "holm.db");
	const storage = openSqliteStorage(path, undefined, { retentionDays: 0, webhook: null });
	try {
		const { users } = storage.stores;
		const ids = Array.from({ length: 4 }, () => generateId());
		for (const [i, id] of ids.entries()) {
			expect(await users.insert({ id, createdAt: 1_700_000_000 + i, email: null, passwordHash: "h", recoveryCode: "AAAAAAAA" }, noEvent)).toBe("CREATED");
		}
		const writer = new Database(path);
		try {
			const upsert = writer.prepare(`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES (?, 0, ?, 0)
				ON CONFLICT (user_id) DO UPDATE SET key = excluded.key`);
			upsert.run(ids[0]!, new Uint8Array([1]));
			upsert.run(ids[1]!, new Uint8Array([1]));
			upsert.run(ids[1]!, new Uint8Array([2])); // a new key over the old one
			upsert.run(ids[2]!, new Uint8Array([1]));
			writer.run(`DELETE FROM totp_credential WHERE user_id = ?`, [ids[2]!]);
			writer.run(`UPDATE totp_credential SET last_used_step = 7 WHERE user_id = ?`, [ids[0]!]);
		} finally {
			writer.close();
		}
		expect(await registered(users)).toEqual({ [ids[0]!]: true, [ids[1]!]: true, [ids[2]!]: false, [ids[3]!]: false });
		expect(await registered(users)).toEqual(credentialHolders(path, ids));

		expect(await users.delete(ids[0]!, { ...noEvent, type: "user_deleted" }, noSessionsEnded)).not.toBeNull();
		expect(await registered(users)).toEqual({ [ids[1]!]: true, [ids[2]!]: false, [ids[3]!]: false });
	} finally {
		storage.close();
	}
});
