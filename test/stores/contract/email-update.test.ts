// The EmailUpdateStore contract (src/features/email-update/store.ts) beyond the code request verbs
// (code-requests.test.ts), on SQLite and PostgreSQL alike: a correct code gives the user the new
// address, verified, in one step that drops every other request for that address and the user's
// requests whose codes went to the old one, and ends the user's other sessions; the unique index
// decides which of two users racing for one address gets it.
import { expect, test } from "bun:test";
import { generateId } from "../../../src/lib/ids.ts";
import { contract, endedIn, ending, event, eventsOf, insertUser, randomBytes, signIn, together, withEventsRefused, type Under } from "./harness.ts";

async function request(under: Under, userId: string, email: string, expiresIn = 600): Promise<string> {
	const id = generateId();
	expect(await under.stores.emailUpdates.insert({ id, userId, email, code: "ABCDEFGH" }, expiresIn)).not.toBe("NO_USER");
	return id;
}

const address = () => `updated-${generateId().toLowerCase()}@example.com`;

contract("EmailUpdateStore", {}, (under) => {
	test("insert: NO_USER for a user who is gone", async () => {
		const id = generateId();
		expect(await under.stores.emailUpdates.insert({ id, userId: generateId(), email: address(), code: "ABCDEFGH" }, 600)).toBe("NO_USER");
		expect(await under.stores.emailUpdates.get(id)).toBeNull();
	});

	test("applyUpdate gives the user the address, verified, drops the requests it makes moot, ends the other sessions, with email_changed", async () => {
		const user = await insertUser(under);
		const other = await insertUser(under);
		const kept = await signIn(under, user.id);
		const ended = await signIn(under, user.id);
		const email = address();
		const id = await request(under, user.id, email);
		const sameAddressOtherUser = await request(under, other.id, email);
		const otherAddress = await request(under, user.id, address());
		const reset = generateId();
		await under.stores.passwordResets.insert({ id: reset, userId: user.id, emailVerified: false, codeHash: randomBytes() }, 600);
		await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
		const sessionsEnded = ending(under, user.id, "email_changed", kept);
		const changed = event(under, "email_changed", null);
		const applied = await under.stores.emailUpdates.applyUpdate(id, changed, sessionsEnded);
		expect(applied).toMatchObject({ outcome: "UPDATED", userId: user.id, email, previousEmail: user.email });
		if (applied.outcome !== "UPDATED") throw new Error(applied.outcome);
		expect(await under.stores.users.get(user.id)).toMatchObject({ email, emailVerified: true });
		expect(await under.stores.users.getByEmail(user.email!)).toBeNull();
		expect(await under.stores.emailUpdates.get(id)).toBeNull();
		expect(await under.stores.emailUpdates.get(sameAddressOtherUser)).toBeNull();
		expect(await under.stores.emailUpdates.get(otherAddress)).not.toBeNull(); // another address: its code is the user's still
		expect(await under.stores.passwordResets.get(reset)).toBeNull();
		expect(await under.stores.emailVerifications.get(user.id)).toBeNull();
		expect(await under.stores.sessions.findForValidation(kept)).not.toBeNull();
		expect(await under.stores.sessions.findForValidation(ended)).toBeNull();
		expect(endedIn(applied.written)!.data).toEqual({ reason: "email_changed", session_ids: [ended] });
		const stored = (await eventsOf(under, user.id)).slice(-2);
		expect(stored).toEqual([endedIn(applied.written)!, { ...changed, userId: user.id, data: { previous_email: user.email, email } }]);
		expect(applied.written).toEqual(stored);
	});

	test("applyUpdate: INVALID_REQUEST for a request that is unknown, expired or used", async () => {
		const user = await insertUser(under);
		expect(await under.stores.emailUpdates.applyUpdate(generateId(), event(under, "email_changed", user.id), ending(under, user.id, "email_changed"))).toEqual({ outcome: "INVALID_REQUEST" });
		const expiring = await request(under, user.id, address(), 60);
		under.clock.advance(60_000);
		expect(await under.stores.emailUpdates.applyUpdate(expiring, event(under, "email_changed", user.id), ending(under, user.id, "email_changed"))).toEqual({ outcome: "INVALID_REQUEST" });
		const id = await request(under, user.id, address());
		expect((await under.stores.emailUpdates.applyUpdate(id, event(under, "email_changed", user.id), ending(under, user.id, "email_changed"))).outcome).toBe("UPDATED");
		expect(await under.stores.emailUpdates.applyUpdate(id, event(under, "email_changed", user.id), ending(under, user.id, "email_changed"))).toEqual({ outcome: "INVALID_REQUEST" });
	});

	test("applyUpdate: EMAIL_ALREADY_USED when another user holds the address; the request stays and gets its attempt back, and nothing else changes", async () => {
		const holder = await insertUser(under);
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		const id = await request(under, user.id, holder.email!);
		expect((await under.stores.emailUpdates.takeCodeAttempt(id, 5))!.attempts).toBe(1);
		const sessionsEnded = ending(under, user.id, "email_changed");
		expect(await under.stores.emailUpdates.applyUpdate(id, event(under, "email_changed", user.id), sessionsEnded)).toEqual({ outcome: "EMAIL_ALREADY_USED" });
		expect((await under.stores.users.get(user.id))!.email).toBe(user.email);
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		expect(await under.stores.emailUpdates.get(id)).not.toBeNull();
		expect((await under.stores.emailUpdates.takeCodeAttempt(id, 5))!.attempts).toBe(1);
		expect((await eventsOf(under, user.id)).map((e) => e.type)).toEqual(["user_created", "session_created"]);
		// Once the address is free, the same request works.
		await under.stores.users.delete(holder.id, event(under, "user_deleted", holder.id), ending(under, holder.id, "user_deleted"));
		expect((await under.stores.emailUpdates.applyUpdate(id, event(under, "email_changed", user.id), ending(under, user.id, "email_changed"))).outcome).toBe("UPDATED");
	});

	test("applyUpdate: of two users racing for one address exactly one gets it", async () => {
		for (let round = 0; round < 4; round++) {
			const email = address();
			const users = await together(3, () => insertUser(under));
			const ids = await Promise.all(users.map((user) => request(under, user.id, email)));
			const outcomes = await together(users.length, (i) => under.stores.emailUpdates.applyUpdate(ids[i]!, event(under, "email_changed", users[i]!.id), ending(under, users[i]!.id, "email_changed")));
			const winners = outcomes.filter((o) => o.outcome === "UPDATED");
			expect(winners).toHaveLength(1);
			for (const outcome of outcomes) expect(["UPDATED", "EMAIL_ALREADY_USED", "INVALID_REQUEST"]).toContain(outcome.outcome);
			expect((await under.stores.users.getByEmail(email))!.id).toBe((winners[0] as { userId: string }).userId);
		}
	});

	test("applyUpdate: of parallel uses of one request one updates", async () => {
		const user = await insertUser(under);
		const id = await request(under, user.id, address());
		const outcomes = await together(5, () => under.stores.emailUpdates.applyUpdate(id, event(under, "email_changed", user.id), ending(under, user.id, "email_changed")));
		expect(outcomes.filter((o) => o.outcome === "UPDATED")).toHaveLength(1);
		expect(outcomes.filter((o) => o.outcome === "INVALID_REQUEST")).toHaveLength(4);
		expect((await eventsOf(under, user.id)).filter((e) => e.type === "email_changed")).toHaveLength(1);
	});

	test("an update whose event cannot be stored changes nothing and keeps the request", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		const email = address();
		const id = await request(under, user.id, email);
		await withEventsRefused(under, "email_changed", () => under.stores.emailUpdates.applyUpdate(id, event(under, "email_changed", user.id), ending(under, user.id, "email_changed")));
		expect((await under.stores.users.get(user.id))!.email).toBe(user.email);
		expect(await under.stores.users.isEmailTaken(email)).toBe(false);
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		expect(await under.stores.emailUpdates.get(id)).not.toBeNull();
	});
});
