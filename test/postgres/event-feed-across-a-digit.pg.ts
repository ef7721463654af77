// Attack on the feed's order, not on a user: the feed's cursor is (transaction id, sequence), and
// the transaction id was once sorted as text by mistake (`xid::text AS xid … ORDER BY xid` sorts by
// the text alias), so when transaction ids gained a digit (999 → 1000) a page ended on the wrong
// event and the next page served events again and skipped others. Here the database's transaction
// ids are pushed to just below a power of ten, events are written across it, and a reader with small
// pages must see each once, in the order of the ids.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { createTestDatabase } from "../support/postgres.ts";
import { createUser, startTestServer, type TestServer } from "../support/server.ts";

const adminUrl = process.env.HOLM_TEST_DATABASE_URL ?? "";
let server: TestServer;
let database: string;

beforeAll(async () => {
	if (adminUrl === "") throw new Error("the multi-instance tests need HOLM_TEST_DATABASE_URL (run them through npm test)");
	database = await createTestDatabase(adminUrl);
	server = await startTestServer({ database });
});
afterAll(async () => {
	await server.stop();
});

/** Spends transaction ids (one committed transaction each) until the next one is `target`. */
async function spendTransactionIdsUntil(target: bigint): Promise<void> {
	const sql = new SQL(database, { max: 1 });
	try {
		const [row] = await sql`SELECT pg_current_xact_id()::text AS xid`;
		const count = target - BigInt(row.xid) - 1n;
		if (count > 0n) await sql.unsafe(`DO $$ BEGIN FOR i IN 1..${count} LOOP PERFORM pg_current_xact_id(); COMMIT; END LOOP; END $$`);
	} finally {
		await sql.close();
	}
}

test("events written while transaction ids gain a digit are read once each, in order", async () => {
	const user = await createUser(server);
	const [row] = await server.rows("SELECT pg_current_xact_id()::text AS xid");
	const now = BigInt(row!.xid as string);
	let power = 10n;
	while (power <= now + 50n) power *= 10n;
	// Well within reach on a fresh or a busy server: at most a few hundred thousand ids.
	expect(power - now).toBeLessThan(2_000_000n);
	await spendTransactionIdsUntil(power - 10n);
	for (let i = 0; i < 20; i++) {
		const answer = await server.request("POST", `/users/${user.id}/regenerate-recovery-code`);
		expect(answer.status).toBe(200);
	}
	const stored = await server.rows("SELECT id, xid::text AS xid FROM event ORDER BY event.xid, event.seq");
	expect(stored.some((event) => BigInt(event.xid as string) < power)).toBe(true);
	expect(stored.some((event) => BigInt(event.xid as string) >= power)).toBe(true);

	const seen: string[] = [];
	let after = "0.0";
	// The feed holds events back while an older transaction runs (the server's own background work
	// may be one, for a moment): an empty page before every event is seen is asked again shortly.
	const deadline = Date.now() + 10_000;
	while (seen.length < stored.length && Date.now() < deadline) {
		const page = await server.request("GET", `/events?limit=3&after=${after}`);
		expect(page.status).toBe(200);
		if (page.body.events.length === 0) {
			await Bun.sleep(20);
			continue;
		}
		seen.push(...page.body.events.map((event: { id: string }) => event.id));
		after = page.body.next;
	}
	// Nothing more after the last: no event is served twice.
	expect((await server.request("GET", `/events?limit=3&after=${after}`)).body.events).toEqual([]);
	expect(seen).toEqual(stored.map((event) => event.id as string));
});
