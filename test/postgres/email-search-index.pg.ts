// email_query on PostgreSQL goes through pg_trgm's GIN index; a database where the index could not
// be made still answers (a scan), and every start says so. Run by `npm test` only on PostgreSQL.
import { expect, test } from "bun:test";
import { SQL } from "bun";
import { createTestDatabase } from "../support/postgres.ts";
import { recordingLogger, startTestServer, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();

test("the trigram index serves email_query", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const server = await startTestServer({ database, dir: newDir() });
	const sql = new SQL(database, { max: 1 });
	try {
		const [{ indexed }] = await sql`SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'user_email_trgm') AS indexed`;
		expect(indexed).toBe(true);
		// A short pending list, which every search reads whole (schema step 9).
		const [{ options }] = await sql`SELECT array_to_string(reloptions, ',') AS options FROM pg_class WHERE relname = 'user_email_trgm'`;
		expect(options).toBe("gin_pending_list_limit=64");
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

test("a query whose trigrams most emails share finds exactly what a scan finds, with an exact total", async () => {
	// The index is asked only for the uncommon parts of a query (src/stores/postgres/email-search.ts);
	// "see", "eed" and "exa" are in every email here, so most queries lose some of their trigrams to
	// the recheck, which must still keep exactly the matches.
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const server = await startTestServer({ database, dir: newDir() });
	try {
		const emails = Array.from({ length: 600 }, (_, i) => `seed${i}@example.com`);
		for (let i = 0; i < emails.length; i += 200) {
			expect((await server.request("POST", "/user-imports", { users: emails.slice(i, i + 200).map((email) => ({ email })) })).body.created).toBe(200);
		}
		for (const query of ["seed599@", "seed59", "d59", "eed1", "seed", "9@example.com", "seed12@example.co", "99", "5@", "nothing"]) {
			const answer = await server.request("GET", `/users?per_page=5&email_query=${encodeURIComponent(query)}`);
			const expected = emails.filter((email) => email.includes(query));
			expect({ query, total: Number(answer.headers.get("X-Pagination-Total")) }).toEqual({ query, total: expected.length });
			for (const user of answer.body) expect(user.email).toContain(query);
		}
	} finally {
		await server.stop();
	}
});
