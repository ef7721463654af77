// Attack on the event feed's promise (or an accident): a change stored without its event (a
// recovery code replaced that no webhook or feed reader ever hears of), or an event without its
// change. On PostgreSQL a change of one statement and its event are one statement
// (events.withChange, src/stores/postgres/events.ts): they commit together or not at all, in one
// round trip, as the change alone takes without events. Run by `npm test` only on PostgreSQL,
// directly and through PgBouncer (test/runner/postgres-suite.ts).
import type { SQL } from "bun";
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { HolmEvent } from "../../src/features/events/store.ts";
import type { EventSettings } from "../../src/stores/index.ts";
import { connectPostgres } from "../../src/stores/postgres/connection.ts";
import { createPostgresEventLog } from "../../src/stores/postgres/events.ts";
import { openPostgresStorage } from "../../src/stores/postgres/index.ts";
import { createPostgresTwoFactorStore } from "../../src/stores/postgres/two-factor.ts";
import { databaseClock } from "../../src/stores/postgres/clock.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { countRoundTrips } from "../support/round-trips.ts";

let database: string;
let sql: SQL;
const EVENTS: EventSettings = { retentionDays: 30, webhook: null };
const WEBHOOK: EventSettings = { retentionDays: 30, webhook: { types: null } };

beforeAll(async () => {
	database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	await (await openPostgresStorage(database)).close();
	sql = connectPostgres(database, 2);
});
afterAll(async () => {
	await sql.close();
});

let n = 0;
async function newUser(): Promise<string> {
	const id = `user${++n}`.padEnd(24, "x");
	await sql`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code) VALUES (${id}, 0, NULL, 'hash', 'OLDCODE1')`;
	return id;
}

function regenerated(userId: string, id: string): HolmEvent {
	return { id: id.padEnd(24, "e"), time: 1_700_000_000, type: "recovery_code_regenerated", userId, clientIp: null, data: {} };
}

function recoveryCodes(sql: SQL, settings: EventSettings) {
	return createPostgresTwoFactorStore(sql, databaseClock(), createPostgresEventLog(sql, settings));
}

async function storedFor(userId: string) {
	const [{ events, deliveries, code }] = await sql`SELECT
		(SELECT count(*)::int FROM event WHERE user_id = ${userId}) AS events,
		(SELECT count(*)::int FROM webhook_delivery JOIN event ON event.seq = event_seq WHERE user_id = ${userId}) AS deliveries,
		(SELECT recovery_code FROM "user" WHERE id = ${userId}) AS code`;
	return { events, deliveries, code };
}

test("a recovery code whose event cannot be stored is not replaced (no change without its event)", async () => {
	const userId = await newUser();
	await sql.unsafe(`ALTER TABLE event ADD CONSTRAINT refuse_one CHECK (id <> '${"refused".padEnd(24, "e")}') NOT VALID`);
	try {
		await expect(recoveryCodes(sql, EVENTS).setRecoveryCode(userId, "NEWCODE1", regenerated(userId, "refused"))).rejects.toThrow();
	} finally {
		await sql`ALTER TABLE event DROP CONSTRAINT refuse_one`;
	}
	expect(await storedFor(userId)).toEqual({ events: 0, deliveries: 0, code: "OLDCODE1" });
});

test("a recovery code whose webhook delivery cannot be queued is not replaced, and its event is not stored", async () => {
	const userId = await newUser();
	await sql`ALTER TABLE webhook_delivery ADD CONSTRAINT refuse_all CHECK (due_at < 0) NOT VALID`;
	try {
		await expect(recoveryCodes(sql, WEBHOOK).setRecoveryCode(userId, "NEWCODE1", regenerated(userId, "undelivered"))).rejects.toThrow();
	} finally {
		await sql`ALTER TABLE webhook_delivery DROP CONSTRAINT refuse_all`;
	}
	expect(await storedFor(userId)).toEqual({ events: 0, deliveries: 0, code: "OLDCODE1" });
});

test("a recovery code for a user who is not there stores no event (no event without its change)", async () => {
	expect(await recoveryCodes(sql, WEBHOOK).setRecoveryCode("nobody".padEnd(24, "x"), "NEWCODE1", regenerated("nobody".padEnd(24, "x"), "nobody"))).toBe(false);
	expect(await storedFor("nobody".padEnd(24, "x"))).toEqual({ events: 0, deliveries: 0, code: null });
});

test("a recovery code and its event (and its webhook delivery) are one round trip, as the change alone is without events", async () => {
	const userId = await newUser();
	const counter = await countRoundTrips(database);
	const through = connectPostgres(counter.url, 1);
	try {
		const roundTrips = async (settings: EventSettings, code: string, id: string) => {
			await through`SELECT 1`; // the connection is open
			const before = counter.count;
			expect(await recoveryCodes(through, settings).setRecoveryCode(userId, code, regenerated(userId, id))).toBe(true);
			return counter.count - before;
		};
		const alone = await roundTrips({ retentionDays: 0, webhook: null }, "NEWCODE1", "alone");
		expect(alone).toBe(1);
		expect(await roundTrips(EVENTS, "NEWCODE2", "stored")).toBe(alone);
		expect(await roundTrips(WEBHOOK, "NEWCODE3", "delivered")).toBe(alone);
	} finally {
		await through.close();
		counter.stop();
	}
	expect(await storedFor(userId)).toEqual({ events: 2, deliveries: 1, code: "NEWCODE3" });
});
