// The attack: flood the console's sign-in with made-up tokens. Each one used to be a write: the
// DELETE … RETURNING that uses a token up ran for tokens that are not there too (on SQLite it takes
// the database's one write lock), and the per-address limit counted each failure after it, which on
// PostgreSQL is an upsert of a rate_limit row. So the limit kept nothing off the database; the flood
// queued with the API's writes. A token that is not there is now one read of an index, and only a
// token that is there is used up by a write: the test holds every write off the tables the sign-in
// touches, and bad tokens still answer at once.
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { join } from "node:path";
import type { TestServer } from "../support.ts";
import { consoleCall, signInToken, startConsoleServer } from "../console/support.ts";

let server: TestServer;
beforeEach(async () => {
	server = await startConsoleServer();
});
afterEach(() => server.stop());

/** Runs `during` while another connection holds off every write to the sign-in's tables (SQLite:
 *  the write lock; PostgreSQL: locks that let reads through and no write). */
async function whileWritesWait(during: () => Promise<void>): Promise<void> {
	if (server.databaseUrl === null) {
		const other = new Database(join(server.dir, "holm.db"));
		other.run("BEGIN IMMEDIATE");
		try {
			await during();
		} finally {
			other.run("ROLLBACK");
			other.close();
		}
		return;
	}
	const sql = new SQL(server.databaseUrl, { max: 1 });
	const other = await sql.reserve();
	await other`BEGIN`;
	try {
		await other`LOCK TABLE console_token, console_session, rate_limit IN EXCLUSIVE MODE`;
		await during();
	} finally {
		await other`ROLLBACK`;
		other.release();
		await sql.close();
	}
}

/** A made-up token's answer, or a failed test (not a hang) when it has none within 2 s. */
async function guess(): Promise<number> {
	const made = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
	const answer = await Promise.race([
		consoleCall(server, "POST", "/console/api/session", { body: { token: made } }),
		Bun.sleep(2_000).then(() => null),
	]);
	return answer?.status ?? 0;
}

test("a flood of made-up console tokens answers while every write waits: a bad token is a read", async () => {
	await whileWritesWait(async () => {
		for (let i = 0; i < 3; i++) expect(await guess()).toBe(401);
	});
	// and a valid link still signs in, once
	const token = await signInToken(server);
	expect((await consoleCall(server, "POST", "/console/api/session", { body: { token } })).status).toBe(204);
	expect((await consoleCall(server, "POST", "/console/api/session", { body: { token } })).status).toBe(401);
});

test("failed console sign-ins leave no limit state behind", async () => {
	for (let i = 0; i < 12; i++) expect(await guess()).toBe(401);
	if (server.databaseUrl !== null) expect(await server.rows("SELECT rule FROM rate_limit")).toEqual([]);
});
