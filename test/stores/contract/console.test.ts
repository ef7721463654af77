// The ConsoleStore contract (src/features/console/store.ts), on SQLite and PostgreSQL alike: a
// sign-in token signs in once, whichever of parallel uses gets there; a console session lives by
// the store's clock, idle and in all; the reads behind the console's pages (locks, user facts,
// emails, recent events, counts) say the same on both.
import { expect, test } from "bun:test";
import { TOUCH_EVERY_SECONDS } from "../../../src/features/console/store.ts";
import { DEFAULT_LIMITS, secondFactorLockout } from "../../../src/limits.ts";
import { generateId } from "../../../src/lib/ids.ts";
import { contract, event, insertUser, KIND, passkeyOf, randomBytes, SECOND, together, type Under } from "./harness.ts";

const IDLE = 3600;
const LIFETIME = 8 * 3600;

async function lockTotp(under: Under, userId: string): Promise<void> {
	const lockout = secondFactorLockout(DEFAULT_LIMITS);
	await under.stores.twoFactor.replaceCredential({ userId, createdAt: under.seconds(), key: randomBytes(20) }, 1, event(under, "totp_registered", userId));
	for (let i = 0; i < lockout.maxIncorrectCodes; i++) await under.stores.twoFactor.verifyTotp(userId, () => null, lockout, event(under, "second_factor_locked", userId));
}

contract("ConsoleStore", {}, (under) => {
	test("a token signs in once while it lives, by the store's clock; whichever of parallel uses gets there", async () => {
		const token = randomBytes();
		await under.stores.console.insertToken(token, 60);
		const uses = await together(6, () => under.stores.console.consumeToken(token));
		expect(uses.filter(Boolean)).toHaveLength(1);
		expect(await under.stores.console.consumeToken(token)).toBe(false);
		expect(await under.stores.console.consumeToken(randomBytes())).toBe(false);
		const expiring = randomBytes();
		await under.stores.console.insertToken(expiring, 60);
		under.clock.advance(60 * SECOND);
		expect(await under.stores.console.consumeToken(expiring)).toBe(false);
		const live = randomBytes();
		await under.stores.console.insertToken(live, 60);
		under.clock.advance(59 * SECOND);
		expect(await under.stores.console.consumeToken(live)).toBe(true);
	});

	test("a session lives while used within the idle time and begun within the lifetime; its last use is written once a minute at most", async () => {
		const session = randomBytes();
		const started = under.seconds();
		await under.stores.console.insertSession(session);
		expect(await under.stores.console.touchSession(session, IDLE, LIFETIME)).toEqual({ createdAt: started, lastSeenAt: started });
		under.clock.advance((TOUCH_EVERY_SECONDS - 1) * SECOND);
		expect(await under.stores.console.touchSession(session, IDLE, LIFETIME)).toEqual({ createdAt: started, lastSeenAt: started });
		under.clock.advance(SECOND);
		const touched = await together(4, () => under.stores.console.touchSession(session, IDLE, LIFETIME));
		for (const seen of touched) expect(seen).toEqual({ createdAt: started, lastSeenAt: under.seconds() });
		under.clock.advance((IDLE - 1) * SECOND);
		expect((await under.stores.console.touchSession(session, IDLE, LIFETIME))!.lastSeenAt).toBe(under.seconds());
		under.clock.advance(IDLE * SECOND);
		expect(await under.stores.console.touchSession(session, IDLE, LIFETIME)).toBeNull(); // idle for the whole idle time
		// Kept busy, it ends at its lifetime all the same.
		const busy = randomBytes();
		await under.stores.console.insertSession(busy);
		for (let t = 0; t < LIFETIME - IDLE / 2; t += IDLE / 2) {
			under.clock.advance((IDLE / 2) * SECOND);
			expect(await under.stores.console.touchSession(busy, IDLE, LIFETIME)).not.toBeNull();
		}
		under.clock.advance((IDLE / 2) * SECOND);
		expect(await under.stores.console.touchSession(busy, IDLE, LIFETIME)).toBeNull();
		expect(await under.stores.console.touchSession(randomBytes(), IDLE, LIFETIME)).toBeNull();
	});

	test("deleteSession ends one session; deleteAllSessions ends every session and unused token, and says how many sessions", async () => {
		await under.stores.console.deleteAllSessions();
		const [a, b, c] = [randomBytes(), randomBytes(), randomBytes()];
		for (const session of [a, b, c]) await under.stores.console.insertSession(session);
		const token = randomBytes();
		await under.stores.console.insertToken(token, 600);
		await under.stores.console.deleteSession(a);
		expect(await under.stores.console.touchSession(a, IDLE, LIFETIME)).toBeNull();
		expect(await under.stores.console.touchSession(b, IDLE, LIFETIME)).not.toBeNull();
		expect(await under.stores.console.deleteAllSessions()).toBe(2);
		expect(await under.stores.console.touchSession(b, IDLE, LIFETIME)).toBeNull();
		expect(await under.stores.console.consumeToken(token)).toBe(false);
		expect(await under.stores.console.deleteAllSessions()).toBe(0);
	});

	test("deleteExpired drops the tokens and sessions that can no longer be used at the time given, and nothing else", async () => {
		const t0 = under.clock.now;
		const [token, lasting, idle, fresh] = [randomBytes(), randomBytes(), randomBytes(), randomBytes()];
		await under.stores.console.insertToken(token, 60);
		await under.stores.console.insertToken(lasting, 2 * IDLE);
		await under.stores.console.insertSession(idle);
		under.clock.advance((IDLE - 10) * SECOND);
		await under.stores.console.insertSession(fresh);
		await under.stores.console.deleteExpired(Math.floor(t0 / 1000) + IDLE, IDLE, LIFETIME);
		// Back at the start, when all of them were live: the expired ones are gone, not merely expired.
		under.clock.now = t0;
		expect(await under.stores.console.touchSession(idle, IDLE, LIFETIME)).toBeNull();
		expect(await under.stores.console.consumeToken(token)).toBe(false);
		under.clock.now = t0 + (IDLE - 10) * SECOND;
		expect(await under.stores.console.touchSession(fresh, IDLE, LIFETIME)).not.toBeNull();
		expect(await under.stores.console.consumeToken(lasting)).toBe(true);
	});

	test("secondFactorLocks: the user's lock rows, an ended lock shown as not locked but still counted", async () => {
		const user = await insertUser(under);
		expect(await under.stores.console.secondFactorLocks(user.id)).toEqual([]);
		await lockTotp(under, user.id);
		const lockSeconds = secondFactorLockout(DEFAULT_LIMITS).firstLockSeconds;
		expect(await under.stores.console.secondFactorLocks(user.id)).toEqual([{ check: "totp", failedAttempts: 0, lockedUntil: under.seconds() + lockSeconds, lockCount: 1 }]);
		under.clock.advance(lockSeconds * SECOND);
		expect(await under.stores.console.secondFactorLocks(user.id)).toEqual([{ check: "totp", failedAttempts: 0, lockedUntil: null, lockCount: 1 }]);
	});

	test("listedUserFacts and userEmails: for the users given that exist, in one read", async () => {
		const [plain, locked, keyed] = [await insertUser(under), await insertUser(under), await insertUser(under, { email: null })];
		await lockTotp(under, locked.id);
		for (let i = 0; i < 3; i++) await under.stores.passkeys.insertPasskey(passkeyOf(under, keyed.id), event(under, "passkey_registered", keyed.id));
		const gone = generateId();
		const facts = await under.stores.console.listedUserFacts([plain.id, locked.id, keyed.id, gone]);
		// A user who is gone has no passkey and no lock (both stores answer a row of zeros for one,
		// where the interface says they leave it out: the console asks only for a page it has read).
		expect(facts.get(gone) ?? { passkeys: 0, secondFactorLocked: false }).toEqual({ passkeys: 0, secondFactorLocked: false });
		facts.delete(gone);
		expect(facts).toEqual(
			new Map([
				[plain.id, { passkeys: 0, secondFactorLocked: false }],
				[locked.id, { passkeys: 0, secondFactorLocked: true }],
				[keyed.id, { passkeys: 3, secondFactorLocked: false }],
			]),
		);
		expect(await under.stores.console.listedUserFacts([])).toEqual(new Map());
		expect(await under.stores.console.userEmails([plain.id, keyed.id, gone])).toEqual(new Map([[plain.id, plain.email], [keyed.id, null]]));
		expect(await under.stores.console.userEmails([])).toEqual(new Map());
		// A lock that has ended is not "locked".
		under.clock.advance(secondFactorLockout(DEFAULT_LIMITS).firstLockSeconds * SECOND);
		expect((await under.stores.console.listedUserFacts([locked.id])).get(locked.id)!.secondFactorLocked).toBe(false);
	});

	test("recentEvents: newest first, by user, type, since and position, a page at a time; eventCounts by type since a time", async () => {
		under.clock.advance(86_400 * SECOND);
		const since = under.seconds();
		const user = await insertUser(under);
		const written = [];
		for (let i = 0; i < 9; i++) {
			const e = event(under, i % 3 === 0 ? "sign_in_failed" : "sign_in", i % 2 === 0 ? user.id : null);
			written.push(e);
			await under.stores.events.append([e]);
			under.clock.advance(SECOND);
		}
		const newest = await under.stores.console.recentEvents({ userId: null, type: null, since, before: null, limit: 4 });
		expect(newest.map((r) => r.event.id)).toEqual(written.slice(-4).reverse().map((e) => e.id));
		expect(newest[0]!.event).toEqual(written.at(-1)!);
		const older = await under.stores.console.recentEvents({ userId: null, type: null, since, before: newest.at(-1)!.seq, limit: 100 });
		// The rest since `since`: the first five, and the user's creation before them.
		expect(older.map((r) => r.event.id).slice(0, 5)).toEqual(written.slice(0, 5).reverse().map((e) => e.id));
		expect(older.slice(5).map((r) => [r.event.type, r.event.userId])).toEqual([["user_created", user.id]]);
		expect(older.map((r) => r.seq)).toEqual([...older.map((r) => r.seq)].sort((a, b) => b - a));
		const mine = await under.stores.console.recentEvents({ userId: user.id, type: "sign_in", since: null, before: null, limit: 100 });
		expect(mine.map((r) => r.event.id)).toEqual(written.filter((e) => e.userId === user.id && e.type === "sign_in").reverse().map((e) => e.id));
		const later = await under.stores.console.recentEvents({ userId: null, type: null, since: since + 7, before: null, limit: 100 });
		expect(later.map((r) => r.event.id)).toEqual(written.slice(7).reverse().map((e) => e.id));
		expect(await under.stores.console.eventCounts(since)).toEqual({ sign_in: 6, sign_in_failed: 3, user_created: 1 });
		expect(await under.stores.console.eventCounts(since + 7)).toEqual({ sign_in: 2 });
		expect(await under.stores.console.eventCounts(under.seconds() + 1)).toEqual({});
	});

	if (KIND === "postgres") {
		test("PostgreSQL: tokens and sessions live by the database server's clock, whatever an instance's", async () => {
			const real = await under.another({ clock: "database" });
			// The test's clock a month ahead of the server's: by it, all of these would have expired.
			under.clock.advance(Date.now() + 30 * 86_400 * SECOND - under.clock.now);
			const token = randomBytes();
			await real.stores.console.insertToken(token, 60);
			expect(await real.stores.console.consumeToken(token)).toBe(true);
			const session = randomBytes();
			await real.stores.console.insertSession(session);
			const seen = await real.stores.console.touchSession(session, IDLE, LIFETIME);
			expect(Math.abs(seen!.createdAt - Math.floor(Date.now() / 1000))).toBeLessThanOrEqual(5);
			expect(await under.stores.console.touchSession(session, IDLE, LIFETIME)).toBeNull();
		});
	}
});
