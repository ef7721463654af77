// On PostgreSQL, a page of GET /users reads its rows through an index, never the whole user table.
// The planner answered `id IN (SELECT id FROM page)` and `id IN (SELECT jsonb_array_elements_text
// ($1))` with a hash join over a scan of every user: a millisecond a page at 2,000 users, 7 to 18
// at 10,000, growing with the table until the planner changed its mind. Run by `npm test` only on
// PostgreSQL.
import { expect, test } from "bun:test";
import { SQL } from "bun";
import { generateId } from "../../src/lib/ids.ts";
import { ORDER_BY, PAGE_STATEMENTS } from "../../src/stores/postgres/users.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { startTestServer, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();

test("no statement of a page scans the whole user table, at 2,000 users with fresh statistics", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const server = await startTestServer({ database, dir: newDir() });
	const sql = new SQL(database, { max: 1 });
	try {
		const rows = Array.from({ length: 2000 }, (_, i) => ({ id: generateId(), created_at: 1_600_000_000 + i }));
		for (let at = 0; at < rows.length; at += 1000) {
			expect((await server.request("POST", "/user-imports", { users: rows.slice(at, at + 1000) })).body.created).toBe(1000);
		}
		await sql`ANALYZE "user"`;
		for (const [order, orderBy] of Object.entries(ORDER_BY)) {
			const [sortBy, sortOrder] = order.split(" ") as ["created_at" | "id", string];
			// EXPLAIN shows every branch of a page at any depth (from the start, from the end, from a
			// slice), whichever one the values would run.
			const statements = [
				{ name: "the first page", statement: PAGE_STATEMENTS.straight(orderBy), args: "20, 0" },
				{ name: "a page 1,000 from the start", statement: PAGE_STATEMENTS.nearAnEnd(orderBy), args: "20, 1000" },
				{ name: "a page at any depth", statement: PAGE_STATEMENTS.anyDepth(sortBy, sortOrder === "descending"), args: "20, 1000" },
			];
			for (const { name, statement, args } of statements) {
				await sql.unsafe(`PREPARE page AS ${statement}`);
				const plan = (await sql.unsafe(`EXPLAIN EXECUTE page(${args})`)).map((row: Record<string, string>) => Object.values(row)[0]).join("\n");
				await sql.unsafe(`DEALLOCATE page`);
				expect(plan, `${name}, ORDER BY ${orderBy}`).not.toContain(`Seq Scan on "user"`);
			}
		}
	} finally {
		await sql.close();
		await server.stop();
	}
});
