// email_query on PostgreSQL goes through pg_trgm's GIN index; a database where the index could not
// be made still answers (a scan), and every start says so. Run by `npm test` only on PostgreSQL.
import { expect, test } from "bun:test";
import { SQL } from "bun";
import { createTestDatabase } from "../postgres.ts";
import { recordingLogger, startTestServer, tempDirsForThisFile } from "../support.ts";

const newDir = tempDirsForThisFile();

test("the trigram index serves email_query", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const server = await startTestServer({ database, dir: newDir() });
	const sql = new SQL(database, { max: 1 });
	try {
		const [{ indexed }] = await sql`SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'user_email_trgm') AS indexed`;
		expect(indexed).toBe(true);
		await sql`SET enable_seqscan = off`; // an empty table would be scanned anyway; ask whether the index can serve
		const plan = (await sql.unsafe(`EXPLAIN SELECT id FROM "user" WHERE email LIKE '%seed99%'`)).map((row: Record<string, string>) => Object.values(row)[0]).join("\n");
		expect(plan).toContain("user_email_trgm");
	} finally {
		await sql.close();
		await server.stop();
	}
});

test("without the index, email_query still answers and every start warns", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const dir = newDir();
	const first = await startTestServer({ database, dir });
	await first.request("POST", "/user-imports", { users: [{ email: "findme@search.example" }] });
	await first.stop();
	const sql = new SQL(database, { max: 1 });
	await sql`DROP INDEX user_email_trgm`;
	await sql.close();

	const recorded = recordingLogger();
	const server = await startTestServer({ database, dir, log: recorded.log });
	try {
		expect(recorded.entries().some(({ level, message: line }) => level === "warn" && line.includes("email_query= reads every user") && line.includes("CREATE INDEX CONCURRENTLY user_email_trgm"))).toBe(true);
		const found = await server.request("GET", "/users?email_query=findme");
		expect(found.body.map((user: { email: string }) => user.email)).toEqual(["findme@search.example"]);
	} finally {
		await server.stop();
	}
});
