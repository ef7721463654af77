// The EmailSignInStore contract (src/features/email-sign-in/store.ts) beyond the code request verbs
// (code-requests.test.ts), on SQLite and PostgreSQL alike: one live request per email, the latest;
// a correct code is used up once, whichever of parallel verifies gets there; it signs in the user
// the request named only while that user holds the email, creates a user only while nobody does,
// and claims an account whose email was not verified (API.md section 17).
import { expect, test } from "bun:test";
import type { EmailSignInPlan } from "../../../src/features/email-sign-in/store.ts";
import { generateCode, generateId } from "../../../src/lib/ids.ts";
import { NO_PASSWORD_HASH } from "../../../src/lib/password-hash.ts";
import { claimOf, contract, endedIn, ending, event, eventsOf, insertUser, newUser, randomBytes, signIn, together, withEventsRefused, type Under } from "./harness.ts";

async function request(under: Under, email: string, userId: string | null, expiresIn = 600): Promise<string> {
	const id = generateId();
	const now = under.seconds();
	expect(await under.stores.emailSignIns.replace({ id, userId, email, codeHash: randomBytes() }, expiresIn)).toEqual({ createdAt: now, expiresAt: now + expiresIn });
	return id;
}

function plan(under: Under, options: { create?: boolean; userId?: string | null } = {}): EmailSignInPlan {
	return {
		now: under.seconds(),
		newUser: options.create === true ? { id: generateId(), createdAt: under.seconds(), passwordHash: NO_PASSWORD_HASH, recoveryCode: generateCode() } : null,
		events: { signIn: event(under, "sign_in", null, { method: "email_code" }), userCreated: event(under, "user_created", null), emailVerified: event(under, "email_verified", null), refused: event(under, "sign_in_failed", null, { method: "email_code", reason: "user_disabled" }) },
		claim: claimOf(under, options.userId ?? null, "account_claimed", NO_PASSWORD_HASH),
	};
}

async function verifiedUser(under: Under) {
	const user = await insertUser(under);
	await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
	await under.stores.emailVerifications.verifyEmail(user.id, event(under, "email_verified", user.id));
	return user;
}

const address = () => `sign-in-${generateId().toLowerCase()}@example.com`;

contract("EmailSignInStore", {}, (under) => {
	test("replace: a new request for an email takes the place of the earlier one, which no longer works", async () => {
		const email = address();
		const first = await request(under, email, null);
		await under.stores.emailSignIns.takeCodeAttempt(first, 5);
		const second = await request(under, email, null);
		expect(await under.stores.emailSignIns.get(first)).toBeNull();
		expect(await under.stores.emailSignIns.get(second)).toMatchObject({ id: second, email, userId: null });
		expect((await under.stores.emailSignIns.takeCodeAttempt(second, 5))!.attempts).toBe(1); // counted afresh
		expect(await under.stores.emailSignIns.signIn(first, plan(under))).toEqual({ result: "INVALID_REQUEST" });
	});

	test("replace: parallel requests for one email leave one live code", async () => {
		const email = address();
		const ids = await together(6, () => request(under, email, null));
		const live = (await Promise.all(ids.map((id) => under.stores.emailSignIns.get(id)))).filter((r) => r !== null);
		expect(live).toHaveLength(1);
	});

	test("signIn: the user the request named, while they hold the (verified) email; the request is used up", async () => {
		const user = await verifiedUser(under);
		const id = await request(under, user.email!, user.id);
		const used = plan(under);
		const outcome = await under.stores.emailSignIns.signIn(id, used);
		expect(outcome).toMatchObject({ result: "SIGNED_IN", created: false, claimed: false });
		if (outcome.result !== "SIGNED_IN") throw new Error(outcome.result);
		expect(outcome.user).toMatchObject({ id: user.id, email: user.email, emailVerified: true });
		expect(outcome.events).toEqual([{ ...used.events.signIn, userId: user.id }]);
		expect((await eventsOf(under, user.id)).at(-1)).toEqual({ ...used.events.signIn, userId: user.id });
		expect(await under.stores.emailSignIns.get(id)).toBeNull();
		expect(await under.stores.emailSignIns.signIn(id, plan(under))).toEqual({ result: "INVALID_REQUEST" });
	});

	test("signIn: INVALID_REQUEST for a request that is unknown or expired", async () => {
		expect(await under.stores.emailSignIns.signIn(generateId(), plan(under))).toEqual({ result: "INVALID_REQUEST" });
		const user = await verifiedUser(under);
		const id = await request(under, user.email!, user.id, 60);
		under.clock.advance(60_000);
		expect(await under.stores.emailSignIns.signIn(id, plan(under))).toEqual({ result: "INVALID_REQUEST" });
	});

	test("signIn: a request for an email nobody holds creates the user when asked, verified and without a password", async () => {
		const email = address();
		const id = await request(under, email, null);
		const used = plan(under, { create: true });
		const outcome = await under.stores.emailSignIns.signIn(id, used);
		if (outcome.result !== "SIGNED_IN") throw new Error(outcome.result);
		expect(outcome.created).toBe(true);
		expect(outcome.user).toMatchObject({ id: used.newUser!.id, email, emailVerified: true, recoveryCode: used.newUser!.recoveryCode });
		expect(outcome.events).toEqual([
			{ ...used.events.userCreated, userId: used.newUser!.id },
			{ ...used.events.signIn, userId: used.newUser!.id },
		]);
		expect(await eventsOf(under, used.newUser!.id)).toEqual(outcome.events);
		expect(await under.stores.users.getPasswordHash(used.newUser!.id)).toBe(NO_PASSWORD_HASH);
		// Not asked to create: nobody signs in, and the request is used up all the same.
		const other = await request(under, address(), null);
		expect(await under.stores.emailSignIns.signIn(other, plan(under))).toEqual({ result: "SIGNED_IN", user: null, created: false, claimed: false, events: [] });
		expect(await under.stores.emailSignIns.get(other)).toBeNull();
	});

	test("signIn: EMAIL_ALREADY_USED when the request named nobody and someone has taken the email since; the request is used up", async () => {
		const email = address();
		const id = await request(under, email, null);
		const taker = await insertUser(under, { email });
		expect(await under.stores.emailSignIns.signIn(id, plan(under, { create: true }))).toEqual({ result: "EMAIL_ALREADY_USED" });
		expect(await under.stores.emailSignIns.get(id)).toBeNull();
		expect((await eventsOf(under, taker.id)).map((e) => e.type)).toEqual(["user_created"]);
	});

	test("signIn: INVALID_REQUEST when the user the request named no longer holds the email", async () => {
		const user = await verifiedUser(under);
		const id = await request(under, user.email!, user.id);
		const update = generateId();
		await under.stores.emailUpdates.insert({ id: update, userId: user.id, email: address(), code: "ABCDEFGH" }, 600);
		await under.stores.emailUpdates.applyUpdate(update, event(under, "email_changed", user.id), ending(under, user.id, "email_changed"));
		expect(await under.stores.emailSignIns.signIn(id, plan(under, { create: true }))).toEqual({ result: "INVALID_REQUEST" });
		// Someone else holds it now.
		const gone = await verifiedUser(under);
		const again = await request(under, gone.email!, gone.id);
		await under.stores.users.delete(gone.id, event(under, "user_deleted", gone.id), ending(under, gone.id, "user_deleted"));
		const taker = await insertUser(under, { email: gone.email });
		expect(await under.stores.emailSignIns.signIn(again, plan(under))).toEqual({ result: "INVALID_REQUEST" });
		expect((await eventsOf(under, taker.id)).map((e) => e.type)).toEqual(["user_created"]);
	});

	test("signIn claims an account whose email was not verified: sessions end, the maker's password and recovery code go", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		const id = await request(under, user.email!, user.id);
		const used = plan(under, { userId: user.id });
		const outcome = await under.stores.emailSignIns.signIn(id, used);
		if (outcome.result !== "SIGNED_IN") throw new Error(outcome.result);
		expect(outcome.claimed).toBe(true);
		expect(outcome.user).toMatchObject({ id: user.id, emailVerified: true, recoveryCode: used.claim.recoveryCode });
		expect(outcome.events.map((e) => e.type)).toEqual(["sessions_ended", "account_claimed", "email_verified", "sign_in"]);
		expect(outcome.events[1]!.data).toEqual({ removed: ["password", "sessions"] });
		expect(outcome.events[0]!.data).toEqual({ reason: "account_claimed", session_ids: [session] });
		expect(endedIn(outcome.events)).toEqual(outcome.events[0]!);
		expect((await eventsOf(under, user.id)).slice(-4)).toEqual(outcome.events);
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(NO_PASSWORD_HASH);
		expect(await under.stores.sessions.findForValidation(session)).toBeNull();
	});

	test("signIn: a disabled user is signed in to nothing (judged by the store's clock); the request is used up and only the refusal written", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		const disabled = await under.stores.users.disable(user.id, { until: under.seconds() + 600, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"));
		expect(disabled.outcome).toBe("DISABLED");
		const id = await request(under, user.email!, user.id);
		const used = plan(under, { userId: user.id });
		const outcome = await under.stores.emailSignIns.signIn(id, used);
		expect(outcome).toEqual({ result: "USER_DISABLED", events: [{ ...used.events.refused, userId: user.id }] });
		expect(await under.stores.emailSignIns.get(id)).toBeNull();
		// Nothing was claimed or marked verified, though the email was not verified.
		expect(await under.stores.users.get(user.id)).toMatchObject({ emailVerified: false, recoveryCode: user.recoveryCode, disabled: true });
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(user.passwordHash);
		expect((await eventsOf(under, user.id)).at(-1)).toEqual({ ...used.events.refused, userId: user.id });
		// The disable's end passes by the store's clock: the next code signs in (and claims).
		under.clock.advance(600_000);
		const again = await request(under, user.email!, user.id);
		expect(await under.stores.emailSignIns.signIn(again, plan(under, { userId: user.id }))).toMatchObject({ result: "SIGNED_IN", claimed: true });
		expect(session).toBeDefined();
	});

	test("signIn: of parallel verifies of one code exactly one signs in (and creates at most one user)", async () => {
		const user = await verifiedUser(under);
		const id = await request(under, user.email!, user.id);
		const outcomes = await together(6, () => under.stores.emailSignIns.signIn(id, plan(under)));
		expect(outcomes.filter((o) => o.result === "SIGNED_IN")).toHaveLength(1);
		expect(outcomes.filter((o) => o.result === "INVALID_REQUEST")).toHaveLength(5);
		const email = address();
		const fresh = await request(under, email, null);
		const plans = Array.from({ length: 6 }, () => plan(under, { create: true }));
		const created = await together(6, (i) => under.stores.emailSignIns.signIn(fresh, plans[i]!));
		expect(created.filter((o) => o.result === "SIGNED_IN" && o.created)).toHaveLength(1);
		expect(await under.stores.users.getByEmail(email)).not.toBeNull();
	});

	test("signIn racing a sign-up for the same email: never two users with it", async () => {
		for (let round = 0; round < 4; round++) {
			const email = address();
			const id = await request(under, email, null);
			const signUp = newUser(under, { email });
			const [signedIn, inserted] = await Promise.all([
				under.stores.emailSignIns.signIn(id, plan(under, { create: true })),
				under.stores.users.insert(signUp, event(under, "user_created", signUp.id)),
			]);
			const created = signedIn.result === "SIGNED_IN" && signedIn.created;
			expect([created, inserted === "CREATED"].filter(Boolean)).toHaveLength(1);
			if (!created) expect(signedIn).toEqual({ result: "EMAIL_ALREADY_USED" });
		}
	});

	test("a sign-in whose event cannot be stored signs nobody in, creates nobody and keeps the request", async () => {
		const email = address();
		const id = await request(under, email, null);
		await withEventsRefused(under, "sign_in", () => under.stores.emailSignIns.signIn(id, plan(under, { create: true })));
		expect(await under.stores.users.getByEmail(email)).toBeNull();
		expect(await under.stores.emailSignIns.get(id)).not.toBeNull();
	});

	test("delete: a live request, once; deleteExpired by the time given", async () => {
		const id = await request(under, address(), null);
		expect(await under.stores.emailSignIns.delete(id)).toBe(true);
		expect(await under.stores.emailSignIns.delete(id)).toBe(false);
		const early = await request(under, address(), null, 60);
		const late = await request(under, address(), null, 600);
		await under.stores.emailSignIns.deleteExpired(under.seconds() + 60);
		expect(await under.stores.emailSignIns.get(early)).toBeNull();
		expect(await under.stores.emailSignIns.get(late)).not.toBeNull();
	});
});
