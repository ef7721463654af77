// How the request pool sends its statements (src/stores/postgres/connection.ts): prepared only on
// a connection that keeps them. A named statement on a transaction-mode pooler's server connection
// can meet another client's statement of the same name (Bun names each connection's statements
// P0, P1, …) and run it with this one's values, so a probe that saw nothing wrong is not enough:
// the server must answer where Holm dialled. Run directly and through PgBouncer.
import { afterAll, expect, test } from "bun:test";
import { SQL } from "bun";
import { connectRequestPool, fellBackFrom, statementModeOf, transaction } from "../../src/stores/postgres/connection.ts";
import { countRoundTrips, type RoundTripCounter } from "../support/round-trips.ts";
import { createTestDatabase } from "../support/postgres.ts";

const pooled = process.env.HOLM_TEST_POOLER === "pgbouncer";
const relays: RoundTripCounter[] = [];
afterAll(() => relays.forEach((relay) => relay.stop()));

test(pooled ? "through PgBouncer, probes of eight instances starting at once all send their statements unnamed" : "directly, probes of eight instances starting at once all prepare", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const found = await Promise.all(Array.from({ length: 8 }, () => statementModeOf(database)));
	for (const mode of found) expect(mode.mode).toBe(pooled ? "unnamed" : "prepared");
	if (!pooled) expect(new Set(found.map((mode) => mode.description))).toEqual(new Set(["prepared"]));
});

test("through a relay that answers at another port than PostgreSQL's, statements go unnamed, and the start line says where each answers", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const relay = await countRoundTrips(database);
	relays.push(relay);
	const found = await statementModeOf(relay.url);
	expect(found.mode).toBe("unnamed");
	// Through PgBouncer the probe may meet another client's statement first, and say that instead.
	if (!pooled) expect(found.description).toMatch(new RegExp(`^unnamed \\(PostgreSQL answers at .+, not at 127\\.0\\.0\\.1:${new URL(relay.url).port}: a pooler or a proxy in between\\)$`));
});

test("a pool told to prepare through a pooler that does not keep them goes unnamed at the first statement that meets another client's, never runs another's, and says so once", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	// Another client (another instance, say) prepares its own first statement, P0, on every server
	// connection the pooler has for this database: 20 transactions at once, each on a server
	// connection of its own. Directly, each was a server session of its own and is gone with it.
	const neighbour = new SQL(database, { max: 20, prepare: true });
	const held = await Promise.all(Array.from({ length: 20 }, () => neighbour.reserve()));
	// All in a transaction first, so that each holds a server connection of its own while it prepares.
	await Promise.all(held.map((connection) => connection.unsafe("BEGIN")));
	await Promise.all(held.map((connection) => connection.unsafe("SELECT $1::text AS t, 0 AS other", ["theirs"])));
	await Promise.all(held.map((connection) => connection.unsafe("COMMIT")));
	held.forEach((connection) => connection.release());
	let told = 0;
	const sql = connectRequestPool(database, { mode: "prepared", description: "prepared" }, () => told++);
	try {
		const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => sql.unsafe("SELECT $1::int AS n", [i])));
		// What the request's answer does with a failure (the storage's timeoutReason): a pooler's
		// refusal of the named statement turns the pool unnamed, and answers 503.
		const refused = results.filter((result) => result.status === "rejected" && fellBackFrom(sql, result.reason)).length;
		expect(results.filter((result) => result.status === "rejected").length).toBe(refused);
		// Directly nothing is refused and nothing falls back; through the pooler the statements in flight
		// when it fell back are refused (each would answer its request 503), and none ran another's.
		if (pooled) expect({ fellBack: told, refusedSome: refused > 0 }).toEqual({ fellBack: 1, refusedSome: true });
		else expect({ refused, told }).toEqual({ refused: 0, told: 0 });
		results.forEach((result, i) => {
			if (result.status === "fulfilled") expect([...result.value]).toEqual([{ n: i }]);
		});
		// From then on every statement answers, a transaction's too.
		const after = await Promise.all(Array.from({ length: 50 }, (_, i) => sql.unsafe("SELECT $1::int AS n", [i])));
		expect(after.map((rows) => rows[0].n)).toEqual(Array.from({ length: 50 }, (_, i) => i));
		expect(await transaction(sql, (tx) => tx.unsafe("SELECT $1::int AS n", [7]).then((rows) => rows[0].n))).toBe(7);
		expect(told).toBe(pooled ? 1 : 0);
	} finally {
		await Promise.all([sql.close({ timeout: 0 }), neighbour.close({ timeout: 0 })]);
	}
});
