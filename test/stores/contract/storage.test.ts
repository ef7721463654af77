// The Storage contract (src/stores/index.ts), on SQLite and PostgreSQL alike: the schema is brought
// up to date once and found so by the next open; the sweep deletes whatever expired in every store,
// at the store's time, and nothing live; the store says how far an instance's clock is off its
// own, and which failures are the database not answering in time.
import { SQL } from "bun";
import { expect, test } from "bun:test";
import { CONSOLE_IDLE_SECONDS, CONSOLE_SESSION_SECONDS } from "../../../src/features/console/sessions.ts";
import { DEFAULT_SESSION_SETTINGS } from "../../../src/features/sessions/settings.ts";
import { generateId } from "../../../src/lib/ids.ts";
import { openSqliteStorage } from "../../../src/stores/sqlite/index.ts";
import { contract, DAY, event, insertUser, KIND, MINUTE, randomBytes, SECOND, signIn, type Under } from "./harness.ts";

/** One live and one expiring row in every store that expires rows; their keys. */
async function rowsOfEveryKind(under: Under, expiresIn: number) {
	const user = await insertUser(under);
	const now = under.seconds();
	const reset = generateId();
	await under.stores.passwordResets.insert({ id: reset, userId: user.id, emailVerified: false, codeHash: randomBytes() }, expiresIn);
	await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, expiresIn);
	const update = generateId();
	await under.stores.emailUpdates.insert({ id: update, userId: user.id, email: `new-${user.email}`, code: "ABCDEFGH" }, expiresIn);
	const signInRequest = generateId();
	await under.stores.emailSignIns.replace({ id: signInRequest, userId: user.id, email: user.email!, codeHash: randomBytes() }, expiresIn);
	const ceremony = generateId();
	await under.stores.passkeys.insertCeremony({ id: ceremony, kind: "registration", userId: user.id, challenge: randomBytes() }, expiresIn);
	const consoleToken = randomBytes();
	await under.stores.console.insertToken(consoleToken, expiresIn);
	const session = await signIn(under, user.id, { lastUsedAt: now - DEFAULT_SESSION_SETTINGS.idleTimeoutSeconds + expiresIn });
	return { user, reset, update, signInRequest, ceremony, consoleToken, session };
}

/** Which of them are still stored (looked at with the store's clock set back to when they were made). */
async function stillThere(under: Under, rows: Awaited<ReturnType<typeof rowsOfEveryKind>>, madeAt: number) {
	const now = under.clock.now;
	under.clock.now = madeAt;
	try {
		return {
			reset: (await under.stores.passwordResets.get(rows.reset)) !== null,
			verification: (await under.stores.emailVerifications.get(rows.user.id)) !== null,
			update: (await under.stores.emailUpdates.get(rows.update)) !== null,
			signIn: (await under.stores.emailSignIns.get(rows.signInRequest)) !== null,
			session: (await under.stores.sessions.findForValidation(rows.session)) !== null,
			ceremony: (await under.rows(`SELECT 1 FROM passkey_ceremony WHERE id = ?`, rows.ceremony)).length > 0,
		};
	} finally {
		under.clock.now = now;
	}
}

contract("Storage", {}, (under) => {
	test("a new database is brought up to date from nothing; the next open finds it so", async () => {
		expect(under.storage.kind).toBe(KIND);
		expect(under.storage.migrated.from).toBe(0);
		expect(under.storage.migrated.to).toBeGreaterThan(0);
		const again = KIND === "sqlite" ? openSqliteStorage(under.location) : (await under.another()).storage;
		try {
			expect(again.migrated).toEqual({ from: under.storage.migrated.to, to: under.storage.migrated.to });
		} finally {
			await again.close();
		}
	});

	test("ping answers, and size counts the database's bytes", async () => {
		await under.storage.ping();
		expect(await under.storage.size()).toBeGreaterThan(10_000);
	});

	test("the sweep deletes what expired in every store at the store's time, and nothing live", async () => {
		const madeAt = under.clock.now;
		const expiring = await rowsOfEveryKind(under, 60);
		const lasting = await rowsOfEveryKind(under, 600);
		const consoleSession = randomBytes();
		await under.stores.console.insertSession(consoleSession);
		under.clock.advance(60 * SECOND);
		await under.storage.sweep(under.clock.now);
		expect(await stillThere(under, expiring, madeAt)).toEqual({ reset: false, verification: false, update: false, signIn: false, session: false, ceremony: false });
		expect(await stillThere(under, lasting, madeAt)).toEqual({ reset: true, verification: true, update: true, signIn: true, session: true, ceremony: true });
		expect(await under.stores.console.consumeToken(expiring.consoleToken)).toBe(false);
		expect(await under.stores.console.touchSession(consoleSession, CONSOLE_IDLE_SECONDS, CONSOLE_SESSION_SECONDS)).not.toBeNull();
		under.clock.advance(CONSOLE_IDLE_SECONDS * SECOND);
		await under.storage.sweep(under.clock.now);
		under.clock.now = madeAt + 60 * SECOND;
		expect(await under.stores.console.touchSession(consoleSession, CONSOLE_IDLE_SECONDS, CONSOLE_SESSION_SECONDS)).toBeNull();
		expect(await under.stores.console.consumeToken(lasting.consoleToken)).toBe(false); // gone with its hour
		// Second-factor lockouts are kept: an ended lock still makes the next one longer.
		expect(await under.stores.users.get(lasting.user.id)).not.toBeNull();
	});

	test("clockSkewMs: how far the instance's clock is ahead of the store's (none on SQLite: one clock)", async () => {
		if (KIND === "sqlite") {
			expect(await under.storage.clockSkewMs(() => under.clock.now + DAY)).toBeNull();
			return;
		}
		expect(Math.abs((await under.storage.clockSkewMs(() => under.clock.now))!)).toBeLessThan(1);
		const real = await under.another({ clock: "database" });
		const ahead = await real.storage.clockSkewMs(() => Date.now() + 10 * MINUTE);
		expect(Math.abs(ahead! - 10 * MINUTE)).toBeLessThan(5 * SECOND);
		const behind = await real.storage.clockSkewMs(() => Date.now() - 3 * SECOND);
		expect(Math.abs(behind! + 3 * SECOND)).toBeLessThan(2 * SECOND);
	});

	test("timeoutReason: a failure that is the database not answering in time, and nothing else", async () => {
		expect(under.storage.timeoutReason(new Error("some other failure"))).toBeNull();
		expect(under.storage.timeoutReason("not an error")).toBeNull();
		if (KIND === "sqlite") return;
		// A row another connection holds: the store's statement waits lock_timeout (2 s), then fails.
		const user = await insertUser(under);
		const holder = new SQL(under.location, { max: 1, prepare: false });
		const held = Promise.withResolvers<void>();
		const locked = Promise.withResolvers<void>();
		const holding = holder
			.begin(async (tx) => {
				await tx`SELECT 1 FROM "user" WHERE id = ${user.id} FOR UPDATE`;
				locked.resolve();
				await held.promise;
			})
			.finally(() => holder.close());
		await locked.promise;
		try {
			const failure = await under.stores.twoFactor.clearLockouts(user.id, event(under, "user_unblocked", user.id)).then(
				() => null,
				(error: unknown) => error,
			);
			expect(failure).not.toBeNull();
			expect(under.storage.timeoutReason(failure)).toContain("lock timeout");
		} finally {
			held.resolve();
			await holding;
		}
	});
});
