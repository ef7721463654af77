// Attack: flood a user with password guesses. Each guess's limit update holds the user's rate_limit
// row locked while it decides, one after another. A look at whether the user is blocked (the
// console's user list and user page, the start of a passkey sign-in) used to take the same lock,
// by the upsert that reads and locks a row, and wrote the row back or deleted it: the flood held
// the looks up, and every look was a write on the shared database. A look is now a plain read of
// the committed state: it waits for no guess and writes nothing. Run by `npm test` only on
// PostgreSQL (test/runner/postgres-suite.ts).
import { SQL } from "bun";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createLimits, RULES } from "../../src/limits.ts";
import { databaseClock } from "../../src/stores/postgres/clock.ts";
import { createPostgresLimitStore } from "../../src/stores/postgres/limits.ts";
import { migratePostgres } from "../../src/stores/postgres/schema.ts";
import { createTestDatabase } from "../support/postgres.ts";

let sql: SQL;

beforeAll(async () => {
	sql = new SQL(await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? ""), { max: 4 });
	await migratePostgres(sql);
});
afterAll(() => sql.close());

const now = 10 * 24 * 60 * 60 * 1000;
const limits = () => createLimits(createPostgresLimitStore(sql, databaseClock(() => now)));

/** `look`'s answer, or "waited" when it has none within 2 s. */
async function within2s<T>(look: Promise<T>): Promise<T | "waited"> {
	return Promise.race([look, Bun.sleep(2_000).then(() => "waited" as const)]);
}

/** Runs `during` while another transaction holds the user's row as a guess's update does. */
async function whileAGuessHoldsTheRow(userId: string, during: () => Promise<void>): Promise<void> {
	const guess = await sql.reserve();
	await guess`BEGIN`;
	try {
		await guess`INSERT INTO rate_limit (rule, key, state, expires_at) VALUES (${RULES.incorrectPasswordsPerUser.name}, ${userId}, NULL, 0)
			ON CONFLICT (rule, key) DO UPDATE SET state = rate_limit.state`;
		await during();
	} finally {
		await guess`ROLLBACK`;
		guess.release();
	}
}

test("a look at a blocked user answers at once while a guess holds the user's row, and writes nothing", async () => {
	const blocked = limits();
	const userId = "blockeduser000000000000001";
	for (let i = 0; i < blocked.settings["incorrect-passwords-user"].count; i++) {
		const guess = { clientIp: undefined, userId };
		expect((await blocked.admitPasswordGuess(guess)).allowed).toBe(true);
		await blocked.settlePasswordGuess(guess, "incorrect");
	}
	const [before] = await sql`SELECT state FROM rate_limit WHERE key = ${userId}`;

	await whileAGuessHoldsTheRow(userId, async () => {
		const looked = await within2s(blocked.checkGuessesBlocked({ clientIp: undefined, userId }));
		expect(looked).not.toBe("waited");
		expect(looked).toMatchObject({ allowed: false, limit: "incorrect_passwords_user" });
		const until = await within2s(blocked.usersPasswordBlockedUntil([userId, "neverseen00000000000000001"]));
		expect(until).toEqual(new Map([[userId, now + 15 * 60_000]]));
	});
	const [after] = await sql`SELECT state FROM rate_limit WHERE key = ${userId}`;
	expect(after).toEqual(before);
});

test("a look at a user never guessed at waits for no first guess, and leaves no row", async () => {
	const userId = "freshuser00000000000000001";
	await whileAGuessHoldsTheRow(userId, async () => {
		expect(await within2s(limits().checkGuessesBlocked({ clientIp: "203.0.113.9", userId }))).toEqual({ allowed: true });
		expect(await within2s(limits().usersPasswordBlockedUntil([userId]))).toEqual(new Map());
	});
	expect(await sql`SELECT rule FROM rate_limit WHERE key IN (${userId}, '203.0.113.9')`).toEqual([]);
});
