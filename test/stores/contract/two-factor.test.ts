// The TwoFactorStore contract (src/features/two-factor/store.ts), on SQLite and PostgreSQL alike:
// each check and its lockout are one step, so parallel guesses never get more than the limit
// between them and one accepted code is accepted once; locks are set and judged by the store's
// clock and each lock of a run lasts twice as long; removing a second factor ends the user's other
// sessions in its own transaction.
import { expect, test } from "bun:test";
import { DEFAULT_LIMITS, secondFactorLockout } from "../../../src/limits.ts";
import { generateId } from "../../../src/lib/ids.ts";
import { bytes, contract, endedIn, ending, event, eventsOf, eventTypesOf, insertUser, KIND, randomBytes, SECOND, signIn, together, withEventsRefused, type Under } from "./harness.ts";

const LOCKOUT = secondFactorLockout(DEFAULT_LIMITS); // 5 codes, 15 minutes first
const FIRST_LOCK = LOCKOUT.firstLockSeconds;

/** findStep for a code that matches `step` (and nothing for a replayed or wrong one). */
const matches = (step: number) => (_key: Uint8Array, last: number) => (step > last ? step : null);
const wrong = () => null;

async function withTotp(under: Under, step = 100) {
	const user = await insertUser(under);
	const key = randomBytes(20);
	expect(await under.stores.twoFactor.replaceCredential({ userId: user.id, createdAt: under.seconds(), key }, step, event(under, "totp_registered", user.id))).not.toBe("NO_USER");
	return { user, key };
}

const verify = (under: Under, userId: string, findStep: (key: Uint8Array, last: number) => number | null) =>
	under.stores.twoFactor.verifyTotp(userId, findStep, LOCKOUT, event(under, "second_factor_locked", userId, { check: "totp" }));

const reset = (under: Under, userId: string, isCorrect: (code: string) => boolean, newCode = "NEWCODE1", keep: string | null = null) =>
	under.stores.twoFactor.resetWithRecoveryCode(
		userId,
		isCorrect,
		newCode,
		LOCKOUT,
		{ reset: event(under, "second_factor_reset", userId), locked: event(under, "second_factor_locked", userId, { check: "recovery_code" }) },
		ending(under, userId, "second_factor_removed", keep),
	);

contract("TwoFactorStore", {}, (under) => {
	test("replaceCredential stores the key with totp_registered and marks the user; NO_USER for a user who is gone", async () => {
		const { user, key } = await withTotp(under);
		expect(await under.stores.twoFactor.getCredential(user.id)).toEqual({ userId: user.id, createdAt: under.seconds(), key });
		expect((await under.stores.users.get(user.id))!.totpRegistered).toBe(true);
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "totp_registered"]);
		const nobody = generateId();
		expect(await under.stores.twoFactor.replaceCredential({ userId: nobody, createdAt: under.seconds(), key }, 1, event(under, "totp_registered", nobody))).toBe("NO_USER");
		expect(await under.stores.twoFactor.getCredential(nobody)).toBeNull();
		expect(await eventsOf(under, nobody)).toEqual([]);
	});

	test("verifyTotp accepts a code once: the step only moves forward, and a replay is an incorrect code", async () => {
		const { user, key } = await withTotp(under, 100);
		let seen: { key: Uint8Array; last: number } | null = null;
		expect(await verify(under, user.id, (k, last) => ((seen = { key: bytes(k), last }), 101))).toEqual({ outcome: "VERIFIED" });
		expect(seen as unknown).toEqual({ key, last: 100 });
		expect(await verify(under, user.id, (_k, last) => ((seen = { key: bytes(_k), last }), null))).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: null });
		expect(seen!.last).toBe(101);
		// A step the store has already passed is refused even if the caller names it.
		expect(await verify(under, user.id, () => 101)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: null });
		expect(await verify(under, user.id, () => 100)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: null });
		expect(await verify(under, user.id, matches(102))).toEqual({ outcome: "VERIFIED" });
	});

	test("verifyTotp: of parallel uses of one correct code exactly one is accepted", async () => {
		const { user } = await withTotp(under, 100);
		const outcomes = await together(8, () => verify(under, user.id, matches(101)));
		expect(outcomes.filter((o) => o.outcome === "VERIFIED")).toHaveLength(1);
		// The replays are incorrect codes, and count towards the lock like any other.
		expect(outcomes.filter((o) => o.outcome === "INCORRECT_CODE")).toHaveLength(LOCKOUT.maxIncorrectCodes);
		expect(outcomes.filter((o) => o.outcome === "LOCKED")).toHaveLength(7 - LOCKOUT.maxIncorrectCodes);
	});

	test("verifyTotp: NOT_ALLOWED without a credential or a user", async () => {
		const user = await insertUser(under);
		expect(await verify(under, user.id, matches(1))).toEqual({ outcome: "NOT_ALLOWED" });
		expect(await verify(under, generateId(), matches(1))).toEqual({ outcome: "NOT_ALLOWED" });
	});

	test("registering the same key again keeps the last used step; a new key starts from its own", async () => {
		const { user, key } = await withTotp(under, 100);
		expect(await verify(under, user.id, matches(150))).toEqual({ outcome: "VERIFIED" });
		await under.stores.twoFactor.replaceCredential({ userId: user.id, createdAt: under.seconds(), key }, 120, event(under, "totp_registered", user.id));
		expect(await verify(under, user.id, matches(150))).toMatchObject({ outcome: "INCORRECT_CODE" }); // replayed after re-registering
		const other = randomBytes(20);
		await under.stores.twoFactor.replaceCredential({ userId: user.id, createdAt: under.seconds(), key: other }, 120, event(under, "totp_registered", user.id));
		expect((await under.stores.twoFactor.getCredential(user.id))!.key).toEqual(other);
		expect(await verify(under, user.id, matches(121))).toEqual({ outcome: "VERIFIED" });
	});

	test("5 incorrect codes in a row lock the check by the store's clock, with second_factor_locked; each further lock lasts twice as long", async () => {
		const { user } = await withTotp(under);
		for (let i = 1; i < LOCKOUT.maxIncorrectCodes; i++) expect(await verify(under, user.id, wrong)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: null });
		expect(await verify(under, user.id, wrong)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: FIRST_LOCK });
		expect((await eventsOf(under, user.id)).at(-1)).toMatchObject({ type: "second_factor_locked", data: { check: "totp", lock_seconds: FIRST_LOCK } });
		// Locked: even the right code is refused, and the time left counts down by the store's clock.
		expect(await verify(under, user.id, matches(500))).toEqual({ outcome: "LOCKED", retryAfterSeconds: FIRST_LOCK });
		under.clock.advance(100 * SECOND);
		expect(await verify(under, user.id, matches(500))).toEqual({ outcome: "LOCKED", retryAfterSeconds: FIRST_LOCK - 100 });
		under.clock.advance((FIRST_LOCK - 100) * SECOND);
		// The lock has ended; the count starts over and the next lock is twice as long.
		for (let i = 1; i < LOCKOUT.maxIncorrectCodes; i++) expect(await verify(under, user.id, wrong)).toMatchObject({ lockedForSeconds: null });
		expect(await verify(under, user.id, wrong)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: 2 * FIRST_LOCK });
		expect(await under.stores.console.secondFactorLocks(user.id)).toEqual([{ check: "totp", failedAttempts: 0, lockedUntil: under.seconds() + 2 * FIRST_LOCK, lockCount: 2 }]);
	});

	test("a correct code ends the run of incorrect ones", async () => {
		const { user } = await withTotp(under, 100);
		for (let i = 1; i < LOCKOUT.maxIncorrectCodes; i++) await verify(under, user.id, wrong);
		expect(await verify(under, user.id, matches(101))).toEqual({ outcome: "VERIFIED" });
		for (let i = 1; i < LOCKOUT.maxIncorrectCodes; i++) expect(await verify(under, user.id, wrong)).toMatchObject({ lockedForSeconds: null });
	});

	test("verifyTotp: parallel guesses get no more than the limit before the lock, and the lock is set once", async () => {
		const { user } = await withTotp(under);
		const outcomes = await together(16, () => verify(under, user.id, wrong));
		expect(outcomes.filter((o) => o.outcome === "INCORRECT_CODE")).toHaveLength(LOCKOUT.maxIncorrectCodes);
		expect(outcomes.filter((o) => o.outcome === "INCORRECT_CODE" && o.lockedForSeconds !== null)).toHaveLength(1);
		expect(outcomes.filter((o) => o.outcome === "LOCKED")).toHaveLength(16 - LOCKOUT.maxIncorrectCodes);
		expect((await eventTypesOf(under, user.id)).filter((t) => t === "second_factor_locked")).toHaveLength(1);
	});

	test("deleteCredential ends the user's sessions but the kept one, with totp_deleted, and returns what it stored; null when there was none", async () => {
		const { user } = await withTotp(under);
		const kept = await signIn(under, user.id);
		const ended = await signIn(under, user.id);
		const sessionsEnded = ending(under, user.id, "second_factor_removed", kept);
		const deleted = await under.stores.twoFactor.deleteCredential(user.id, event(under, "totp_deleted", user.id), sessionsEnded);
		expect(deleted).not.toBeNull();
		expect(await under.stores.twoFactor.getCredential(user.id)).toBeNull();
		expect((await under.stores.users.get(user.id))!.totpRegistered).toBe(false);
		expect(endedIn(deleted)!.data).toEqual({ reason: "second_factor_removed", session_ids: [ended] });
		expect(deleted).toEqual((await eventsOf(under, user.id)).slice(-2));
		expect(await under.stores.sessions.findForValidation(kept)).not.toBeNull();
		expect((await eventTypesOf(under, user.id)).slice(-2)).toEqual(["sessions_ended", "totp_deleted"]);
		const again = ending(under, user.id, "second_factor_removed");
		const before = (await eventsOf(under, user.id)).length;
		expect(await under.stores.twoFactor.deleteCredential(user.id, event(under, "totp_deleted", user.id), again)).toBeNull();
		expect(await eventsOf(under, user.id)).toHaveLength(before);
		expect(await under.stores.sessions.findForValidation(kept)).not.toBeNull();
		expect(await under.stores.twoFactor.deleteCredential(generateId(), event(under, "totp_deleted", null), ending(under, generateId(), "second_factor_removed"))).toBeNull();
	});

	test("a removal whose event cannot be stored removes nothing and ends no session", async () => {
		const { user } = await withTotp(under);
		const session = await signIn(under, user.id);
		await withEventsRefused(under, "totp_deleted", () => under.stores.twoFactor.deleteCredential(user.id, event(under, "totp_deleted", user.id), ending(under, user.id, "second_factor_removed")));
		expect(await under.stores.twoFactor.getCredential(user.id)).not.toBeNull();
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
	});

	test("setRecoveryCode replaces the code with its event; false for a user who is gone", async () => {
		const user = await insertUser(under);
		expect(await under.stores.twoFactor.setRecoveryCode(user.id, "REPLACED", event(under, "recovery_code_regenerated", user.id))).toBe(true);
		expect((await under.stores.users.get(user.id))!.recoveryCode).toBe("REPLACED");
		expect((await eventTypesOf(under, user.id)).at(-1)).toBe("recovery_code_regenerated");
		const nobody = generateId();
		expect(await under.stores.twoFactor.setRecoveryCode(nobody, "REPLACED", event(under, "recovery_code_regenerated", nobody))).toBe(false);
		expect(await eventsOf(under, nobody)).toEqual([]);
	});

	test("resetWithRecoveryCode: the correct code is swapped for the new one, the TOTP credential and both lockouts go, sessions but the kept one end", async () => {
		const { user } = await withTotp(under);
		for (let i = 1; i < LOCKOUT.maxIncorrectCodes; i++) await verify(under, user.id, wrong);
		await reset(under, user.id, () => false);
		const kept = await signIn(under, user.id);
		const ended = await signIn(under, user.id);
		let offered: string | null = null;
		const outcome = await reset(under, user.id, (code) => ((offered = code), code === user.recoveryCode), "NEWCODE1", kept);
		if (outcome.outcome !== "RESET") throw new Error(outcome.outcome);
		expect(offered as unknown).toBe(user.recoveryCode);
		expect((await under.stores.users.get(user.id))!).toMatchObject({ recoveryCode: "NEWCODE1", totpRegistered: false });
		expect(await under.stores.twoFactor.getCredential(user.id)).toBeNull();
		expect(await under.stores.console.secondFactorLocks(user.id)).toEqual([]);
		expect(await under.stores.sessions.findForValidation(ended)).toBeNull();
		expect(await under.stores.sessions.findForValidation(kept)).not.toBeNull();
		expect((await eventTypesOf(under, user.id)).slice(-2)).toEqual(["sessions_ended", "second_factor_reset"]);
		expect(outcome.written).toEqual((await eventsOf(under, user.id)).slice(-2));
		expect(endedIn(outcome.written)!.data.session_ids).toEqual([ended]);
		// The old code is spent.
		expect(await reset(under, user.id, (code) => code === user.recoveryCode)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: null });
	});

	test("resetWithRecoveryCode: of parallel resets with one code exactly one resets; NOT_FOUND for nobody", async () => {
		const { user } = await withTotp(under);
		const outcomes = await together(6, (i) => reset(under, user.id, (code) => code === user.recoveryCode, `NEWCODE${i}`));
		expect(outcomes.filter((o) => o.outcome === "RESET")).toHaveLength(1);
		expect((await under.stores.users.get(user.id))!.recoveryCode).toBe(`NEWCODE${outcomes.findIndex((o) => o.outcome === "RESET")}`);
		expect(await reset(under, generateId(), () => true)).toEqual({ outcome: "NOT_FOUND" });
	});

	test("resetWithRecoveryCode has a lockout of its own, apart from TOTP's", async () => {
		const { user } = await withTotp(under, 100);
		for (let i = 1; i < LOCKOUT.maxIncorrectCodes; i++) expect(await reset(under, user.id, () => false)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: null });
		expect(await reset(under, user.id, () => false)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: FIRST_LOCK });
		expect(await reset(under, user.id, () => true)).toEqual({ outcome: "LOCKED", retryAfterSeconds: FIRST_LOCK });
		expect(await verify(under, user.id, matches(101))).toEqual({ outcome: "VERIFIED" });
		expect((await eventsOf(under, user.id)).at(-1)).toMatchObject({ type: "second_factor_locked", data: { check: "recovery_code", lock_seconds: FIRST_LOCK } });
	});

	test("clearLockouts ends both locks and their escalation, with its event; false for a user who is gone", async () => {
		const { user } = await withTotp(under);
		for (let i = 0; i < LOCKOUT.maxIncorrectCodes; i++) await verify(under, user.id, wrong);
		for (let i = 0; i < LOCKOUT.maxIncorrectCodes; i++) await reset(under, user.id, () => false);
		expect((await under.stores.console.secondFactorLocks(user.id)).map((l) => l.check)).toEqual(["recovery_code", "totp"]);
		expect(await under.stores.twoFactor.clearLockouts(user.id, event(under, "user_unblocked", user.id))).toBe(true);
		expect(await under.stores.console.secondFactorLocks(user.id)).toEqual([]);
		expect((await eventTypesOf(under, user.id)).at(-1)).toBe("user_unblocked");
		// The next lock is the first of a new run.
		for (let i = 1; i < LOCKOUT.maxIncorrectCodes; i++) await verify(under, user.id, wrong);
		expect(await verify(under, user.id, wrong)).toEqual({ outcome: "INCORRECT_CODE", lockedForSeconds: FIRST_LOCK });
		const nobody = generateId();
		expect(await under.stores.twoFactor.clearLockouts(nobody, event(under, "user_unblocked", nobody))).toBe(false);
		expect(await eventsOf(under, nobody)).toEqual([]);
	});

	if (KIND === "postgres") {
		test("PostgreSQL: a lock is set and judged by the database server's clock, whatever an instance's", async () => {
			const real = await under.another({ clock: "database" });
			const { user } = await withTotp(under);
			for (let i = 0; i < LOCKOUT.maxIncorrectCodes; i++) await real.stores.twoFactor.verifyTotp(user.id, wrong, LOCKOUT, event(under, "second_factor_locked", user.id));
			const [lock] = await real.stores.console.secondFactorLocks(user.id);
			expect(Math.abs(lock!.lockedUntil! - (Math.floor(Date.now() / 1000) + FIRST_LOCK))).toBeLessThanOrEqual(5);
			const locked = await real.stores.twoFactor.verifyTotp(user.id, matches(1_000), LOCKOUT, event(under, "second_factor_locked", user.id));
			expect(locked.outcome).toBe("LOCKED");
			expect(Math.abs((locked as { retryAfterSeconds: number }).retryAfterSeconds - FIRST_LOCK)).toBeLessThanOrEqual(5);
		});
	}
});
