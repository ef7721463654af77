// The PasswordStore contract (src/features/passwords/store.ts), on SQLite and PostgreSQL alike:
// every change of a password hash is a compare-and-swap, so of parallel changes from one hash one
// wins; a change ends the user's other sessions and drops their reset and email update requests in
// its own transaction; the leak flags follow the hash they were found for.
import { expect, test } from "bun:test";
import { generateId } from "../../../src/lib/ids.ts";
import { at, contract, signIn, endedIn, ending, event, eventTypesOf, insertUser, randomBytes, SECOND, together, type Under, withEventsRefused } from "./harness.ts";


async function withRequests(under: Under, userId: string, email: string) {
	const reset = generateId();
	const update = generateId();
	await under.stores.passwordResets.insert({ id: reset, userId, emailVerified: false, codeHash: randomBytes() }, 600);
	await under.stores.emailUpdates.insert({ id: update, userId, email: `new-${email}`, code: "ABCDEFGH" }, 600);
	await under.stores.emailVerifications.replace({ userId, code: "ABCDEFGH" }, 600);
	return { reset, update };
}

contract("PasswordStore", {}, (under) => {
	test("replacePasswordHash: from the expected hash, the new one is set, the flags cleared, reset and email update requests dropped, sessions but the kept one ended, all with password_changed", async () => {
		const user = await insertUser(under);
		const kept = await signIn(under, user.id);
		const other = await signIn(under, user.id);
		await under.stores.passwords.markPasswordLeaked(user.id, user.passwordHash);
		await under.stores.passwords.claimOnlineLeakCheck(user.id, user.passwordHash, 86_400);
		const requests = await withRequests(under, user.id, user.email!);
		const sessionsEnded = ending(under, user.id, "password_changed", kept);
		const replaced = await under.stores.passwords.replacePasswordHash(user.id, user.passwordHash, "new-hash", event(under, "password_changed", user.id), sessionsEnded);
		if (replaced.outcome !== "UPDATED") throw new Error(replaced.outcome);
		expect(await under.stores.users.getPasswordHash(user.id)).toBe("new-hash");
		expect((await under.stores.users.get(user.id))!.passwordLeaked).toBe(false);
		// The online check is due again for the new password.
		expect(await under.stores.passwords.claimOnlineLeakCheck(user.id, "new-hash", 86_400)).toBe(true);
		expect(await under.stores.passwordResets.get(requests.reset)).toBeNull();
		expect(await under.stores.emailUpdates.get(requests.update)).toBeNull();
		expect(await under.stores.emailVerifications.get(user.id)).not.toBeNull(); // its code went to the same address
		expect(endedIn(replaced.written)!.data).toEqual({ reason: "password_changed", session_ids: [other] });
		expect(replaced.written.map((e) => e.type)).toEqual(["sessions_ended", "password_changed"]);
		expect(await under.stores.sessions.findForValidation(other)).toBeNull();
		expect(await under.stores.sessions.findForValidation(kept)).not.toBeNull();
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "session_created", "session_created", "sessions_ended", "password_changed"]);
	});

	test("replacePasswordHash: CHANGED_MEANWHILE from any other hash and NOT_FOUND for nobody, each changing nothing", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		const requests = await withRequests(under, user.id, user.email!);
		const sessionsEnded = ending(under, user.id, "password_changed");
		expect(await under.stores.passwords.replacePasswordHash(user.id, "stale-hash", "new-hash", event(under, "password_changed", user.id), sessionsEnded)).toEqual({ outcome: "CHANGED_MEANWHILE" });
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(user.passwordHash);
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		expect(await under.stores.passwordResets.get(requests.reset)).not.toBeNull();
		const nobody = generateId();
		expect(await under.stores.passwords.replacePasswordHash(nobody, "x", "y", event(under, "password_changed", nobody), ending(under, nobody, "password_changed"))).toEqual({ outcome: "NOT_FOUND" });
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "session_created"]);
	});

	test("replacePasswordHash: of parallel changes from one hash exactly one wins, and its hash is the one kept", async () => {
		const user = await insertUser(under);
		await signIn(under, user.id);
		const outcomes = await together(8, (i) =>
			under.stores.passwords.replacePasswordHash(user.id, user.passwordHash, `hash-${i}`, event(under, "password_changed", user.id), ending(under, user.id, "password_changed")),
		);
		expect(outcomes.filter((o) => o.outcome === "UPDATED")).toHaveLength(1);
		expect(outcomes.filter((o) => o.outcome === "CHANGED_MEANWHILE")).toHaveLength(7);
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(`hash-${outcomes.findIndex((o) => o.outcome === "UPDATED")}`);
		expect((await eventTypesOf(under, user.id)).filter((t) => t === "password_changed" || t === "sessions_ended")).toEqual(["sessions_ended", "password_changed"]);
	});

	test("replacePasswordHash racing upgradePasswordHash from the same hash: one of them wins, never both", async () => {
		for (let round = 0; round < 5; round++) {
			const user = await insertUser(under);
			const [replaced, upgraded] = await Promise.all([
				under.stores.passwords.replacePasswordHash(user.id, user.passwordHash, "changed", event(under, "password_changed", user.id), ending(under, user.id, "password_changed")),
				under.stores.passwords.upgradePasswordHash(user.id, user.passwordHash, "upgraded"),
			]);
			expect([replaced.outcome === "UPDATED", upgraded].filter(Boolean)).toHaveLength(1);
			expect(await under.stores.users.getPasswordHash(user.id)).toBe(upgraded ? "upgraded" : "changed");
		}
	});

	test("a password change whose event cannot be stored changes nothing and ends no session", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		await withEventsRefused(under, "password_changed", () =>
			under.stores.passwords.replacePasswordHash(user.id, user.passwordHash, "new-hash", event(under, "password_changed", user.id), ending(under, user.id, "password_changed")),
		);
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(user.passwordHash);
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "session_created"]);
	});

	test("upgradePasswordHash swaps only from the expected hash, and touches nothing else", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		const requests = await withRequests(under, user.id, user.email!);
		await under.stores.passwords.markPasswordLeaked(user.id, user.passwordHash);
		expect(await under.stores.passwords.upgradePasswordHash(user.id, "other-hash", "argon2")).toBe(false);
		expect(await under.stores.passwords.upgradePasswordHash(generateId(), user.passwordHash, "argon2")).toBe(false);
		expect(await under.stores.passwords.upgradePasswordHash(user.id, user.passwordHash, "argon2")).toBe(true);
		expect(await under.stores.passwords.upgradePasswordHash(user.id, user.passwordHash, "argon2-again")).toBe(false);
		expect(await under.stores.users.getPasswordHash(user.id)).toBe("argon2");
		expect((await under.stores.users.get(user.id))!.passwordLeaked).toBe(true); // the same password
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		expect(await under.stores.passwordResets.get(requests.reset)).not.toBeNull();
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "session_created"]);
		// Parallel upgrades: one.
		const outcomes = await together(6, (i) => under.stores.passwords.upgradePasswordHash(user.id, "argon2", `argon2-${i}`));
		expect(outcomes.filter(Boolean)).toHaveLength(1);
	});

	test("markPasswordLeaked: only while the hash is the one found leaked, and once; counted", async () => {
		const before = await under.stores.passwords.countLeakedPasswords();
		const user = await insertUser(under);
		expect(await under.stores.passwords.markPasswordLeaked(user.id, "another-hash")).toBe(false);
		expect(await under.stores.passwords.markPasswordLeaked(generateId(), user.passwordHash)).toBe(false);
		expect((await under.stores.users.get(user.id))!.passwordLeaked).toBe(false);
		const marks = await together(4, () => under.stores.passwords.markPasswordLeaked(user.id, user.passwordHash));
		expect(marks.filter(Boolean)).toHaveLength(1);
		expect((await under.stores.users.get(user.id))!.passwordLeaked).toBe(true);
		expect((await under.stores.users.getByEmailForSignIn(user.email!))!.user.passwordLeaked).toBe(true);
		expect(await under.stores.passwords.countLeakedPasswords()).toBe(before + 1);
	});

	test("claimOnlineLeakCheck: once per interval by the store's clock, for the current hash only, one of parallel claims", async () => {
		const user = await insertUser(under);
		const now = under.seconds();
		expect(await under.stores.passwords.claimOnlineLeakCheck(user.id, "another-hash", 86_400)).toBe(false);
		const claims = await together(6, () => under.stores.passwords.claimOnlineLeakCheck(user.id, user.passwordHash, 86_400));
		expect(claims.filter(Boolean)).toHaveLength(1);
		expect(await at(under, now + 86_399, () => under.stores.passwords.claimOnlineLeakCheck(user.id, user.passwordHash, 86_400))).toBe(false);
		expect(await at(under, now + 86_400, () => under.stores.passwords.claimOnlineLeakCheck(user.id, user.passwordHash, 86_400))).toBe(true);
		expect(await under.stores.passwords.claimOnlineLeakCheck(generateId(), user.passwordHash, 86_400)).toBe(false);
		under.clock.advance(SECOND);
	});
});
