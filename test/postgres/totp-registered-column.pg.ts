// On PostgreSQL, a user's totp_registered is a column kept by statement triggers on
// totp_credential (the schema step that adds it). A database made before that step must come out
// of the upgrade with the column right for every user, and every way a credential comes and goes
// (one at a time or many in one statement) must keep it right. Run by `npm test` only on
// PostgreSQL.
import { expect, test } from "bun:test";
import { SQL } from "bun";
import { POSTGRES_MIGRATIONS } from "../../src/stores/postgres/schema.ts";
import { generateId } from "../../src/lib/ids.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { startTestServer, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const STEP = POSTGRES_MIGRATIONS.findIndex((step) => step.includes("CREATE TRIGGER user_totp_registered_insert"));

/** The column, and what totp_credential says, for every user. */
async function columnAndCredentials(sql: SQL): Promise<{ column: Record<string, boolean>; credentials: Record<string, boolean> }> {
	const rows = await sql`SELECT id, totp_registered, EXISTS (SELECT 1 FROM totp_credential t WHERE t.user_id = u.id) AS held FROM "user" u`;
	return {
		column: Object.fromEntries(rows.map((row: { id: string; totp_registered: boolean }) => [row.id, row.totp_registered])),
		credentials: Object.fromEntries(rows.map((row: { id: string; held: boolean }) => [row.id, row.held])),
	};
}

test("a database from before the column comes out of the upgrade with it right for every user, and the count unchanged", async () => {
	expect(STEP).toBeGreaterThan(0);
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const ids = Array.from({ length: 9 }, () => generateId());
	const sql = new SQL(database, { max: 1 });
	try {
		await sql.begin(async (tx) => {
			for (const step of POSTGRES_MIGRATIONS.slice(0, STEP)) await tx.unsafe(step);
			await tx`CREATE TABLE holm_schema (version integer NOT NULL)`;
			await tx`INSERT INTO holm_schema (version) VALUES (${STEP})`;
			for (const [i, id] of ids.entries()) {
				await tx`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code) VALUES (${id}, ${1_700_000_000 + i}, ${`u${i}@example.com`}, 'h', 'AAAAAAAA')`;
			}
			// Many credentials in one statement, as an import writes them.
			const holders = ids.filter((_, i) => i % 3 === 0);
			await tx`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) SELECT unnest(${holders}::text[]), 0, '\\x00'::bytea, 0`;
		});
		const server = await startTestServer({ database, dir: newDir() });
		try {
			const { column, credentials } = await columnAndCredentials(sql);
			expect(column).toEqual(credentials);
			expect(Object.values(column).filter(Boolean)).toHaveLength(3);
			const page = await server.request("GET", "/users?sort_by=id&per_page=100");
			expect(page.headers.get("X-Pagination-Total")).toBe(String(ids.length));
			expect(Object.fromEntries(page.body.map((user: { id: string; totp_registered: boolean }) => [user.id, user.totp_registered]))).toEqual(credentials);
		} finally {
			await server.stop();
		}
	} finally {
		await sql.close();
	}
});

test("registering, registering again, removing, a statement of many and deleting a user keep the column what totp_credential says", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const server = await startTestServer({ database, dir: newDir() });
	const sql = new SQL(database, { max: 1 });
	try {
		const ids = Array.from({ length: 5 }, () => generateId());
		for (const [i, id] of ids.entries()) {
			await sql`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code) VALUES (${id}, ${1_700_000_000 + i}, null, 'h', 'AAAAAAAA')`;
		}
		const upsert = (id: string, key: string) =>
			sql`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES (${id}, 0, ${Buffer.from(key)}, 0)
				ON CONFLICT (user_id) DO UPDATE SET key = excluded.key`;
		await upsert(ids[0]!, "a");
		await upsert(ids[1]!, "a");
		await upsert(ids[1]!, "b"); // a new key over the old one
		await upsert(ids[2]!, "a");
		await sql`DELETE FROM totp_credential WHERE user_id = ${ids[2]!}`;
		await sql`UPDATE totp_credential SET last_used_step = 7 WHERE user_id = ${ids[0]!}`;
		await sql`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) SELECT unnest(${[ids[3]!, ids[4]!]}::text[]), 0, '\\x00'::bytea, 0`;
		await sql`DELETE FROM totp_credential WHERE user_id IN (${ids[3]!}, ${ids[1]!})`;
		let { column, credentials } = await columnAndCredentials(sql);
		expect(column).toEqual({ [ids[0]!]: true, [ids[1]!]: false, [ids[2]!]: false, [ids[3]!]: false, [ids[4]!]: true });
		expect(column).toEqual(credentials);

		expect((await server.request("DELETE", `/users/${ids[0]!}`)).status).toBe(204);
		({ column, credentials } = await columnAndCredentials(sql));
		expect(column).toEqual({ [ids[1]!]: false, [ids[2]!]: false, [ids[3]!]: false, [ids[4]!]: true });
		expect(column).toEqual(credentials);

		// An import writes the column with the user, in the statement that writes the credential.
		const imported = [generateId(), generateId()];
		const key = Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("base64");
		const answer = await server.request("POST", "/user-imports", { users: [{ id: imported[0], totp_key: key }, { id: imported[1] }] });
		expect(answer.body.created).toBe(2);
		({ column, credentials } = await columnAndCredentials(sql));
		expect(column[imported[0]!]).toBe(true);
		expect(column[imported[1]!]).toBe(false);
		expect(column).toEqual(credentials);
	} finally {
		await sql.close();
		await server.stop();
	}
});
