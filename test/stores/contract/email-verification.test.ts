// The EmailVerificationStore contract (src/features/email-verification/store.ts) beyond the code
// request verbs (code-requests.test.ts), on SQLite and PostgreSQL alike: one request per user, a
// new one replacing the old with its code and its count of attempts, and a correct code verifying
// the email and using the request up with its event.
import { expect, test } from "bun:test";
import { generateId } from "../../../src/lib/ids.ts";
import { at, contract, event, eventsOf, insertUser, together, withEventsRefused } from "./harness.ts";

contract("EmailVerificationStore", {}, (under) => {
	test("replace: NO_USER for a user who is gone", async () => {
		const userId = generateId();
		expect(await under.stores.emailVerifications.replace({ userId, code: "ABCDEFGH" }, 600)).toBe("NO_USER");
		expect(await under.stores.emailVerifications.get(userId)).toBeNull();
	});

	test("replace: a new request takes the place of the old one, code and attempts included", async () => {
		const user = await insertUser(under);
		const now = under.seconds();
		expect(await under.stores.emailVerifications.replace({ userId: user.id, code: "AAAAAAAA" }, 600)).not.toBe("NO_USER");
		await under.stores.emailVerifications.takeCodeAttempt(user.id, 5);
		await under.stores.emailVerifications.takeCodeAttempt(user.id, 5);
		expect(await at(under, now + 1, () => under.stores.emailVerifications.replace({ userId: user.id, code: "BBBBBBBB" }, 600))).toEqual({ createdAt: now + 1, expiresAt: now + 601 });
		expect(await under.stores.emailVerifications.get(user.id)).toEqual({ userId: user.id, createdAt: now + 1, expiresAt: now + 601, code: "BBBBBBBB" });
		expect(await under.stores.emailVerifications.takeCodeAttempt(user.id, 5)).toEqual({ code: "BBBBBBBB", attempts: 1, userId: user.id });
		expect(await under.stores.emailVerifications.listForUser(user.id)).toHaveLength(1);
	});

	test("replace: parallel requests leave one, with one of their codes", async () => {
		const user = await insertUser(under);
		const codes = ["CODE0000", "CODE1111", "CODE2222", "CODE3333", "CODE4444"];
		await together(codes.length, (i) => under.stores.emailVerifications.replace({ userId: user.id, code: codes[i]! }, 600));
		const kept = await under.stores.emailVerifications.listForUser(user.id);
		expect(kept).toHaveLength(1);
		expect(codes).toContain(kept[0]!.code);
	});

	test("verifyEmail verifies the user's email, uses the request up and stores email_verified", async () => {
		const user = await insertUser(under);
		await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
		const verified = event(under, "email_verified", user.id, { email: user.email });
		await under.stores.emailVerifications.verifyEmail(user.id, verified);
		expect((await under.stores.users.get(user.id))!.emailVerified).toBe(true);
		expect(await under.stores.emailVerifications.get(user.id)).toBeNull();
		expect((await eventsOf(under, user.id)).at(-1)).toEqual(verified);
	});

	test("a verification whose event cannot be stored verifies nothing and keeps the request", async () => {
		const user = await insertUser(under);
		await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
		await withEventsRefused(under, "email_verified", () => under.stores.emailVerifications.verifyEmail(user.id, event(under, "email_verified", user.id)));
		expect((await under.stores.users.get(user.id))!.emailVerified).toBe(false);
		expect(await under.stores.emailVerifications.get(user.id)).not.toBeNull();
	});
});
