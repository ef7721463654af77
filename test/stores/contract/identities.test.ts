// The ExternalSignInStore contract (src/features/identity-providers/store.ts: sign-in with an
// identity provider, API.md section 16), on SQLite and PostgreSQL alike: a request is taken for its
// one verify (of parallel verifies one gets it) while live by the store's clock, a waiting link is
// used once, an identity is its (issuer, subject) and belongs to one user whatever the race, a
// disabled user is signed in to nothing, unlinking ends the user's other sessions in its own
// transaction, and whoever proves the address of an unverified account takes its identities away.
import { expect, test } from "bun:test";
import type { ProviderIdentity } from "../../../src/features/identity-providers/identity.ts";
import type { LinkingPolicy } from "../../../src/features/identity-providers/linking.ts";
import type { ExternalSignInRequest, SettlePlan } from "../../../src/features/identity-providers/store.ts";
import type { EmailSignInPlan } from "../../../src/features/email-sign-in/store.ts";
import { generateCode, generateId } from "../../../src/lib/ids.ts";
import { NO_PASSWORD_HASH } from "../../../src/lib/password-hash.ts";
import { claimOf, contract, endedIn, ending, event, eventsOf, eventTypesOf, insertUser, KIND, randomBytes, SECOND, signIn, together, withEventsRefused, type Under } from "./harness.ts";

const ISSUER = "https://idp.example.com";
const NO_LINKING: LinkingPolicy = { autoLink: false, createUser: false };
const CREATE: LinkingPolicy = { autoLink: false, createUser: true };

function identityOf(fields: Partial<ProviderIdentity> = {}): ProviderIdentity {
	return { issuer: ISSUER, subject: generateId(), email: `idp-${generateId().toLowerCase()}@example.com`, emailVerified: true, name: "Ada", ...fields };
}

/** Stores a started request (for `userId`'s "add a sign-in method", or a sign-in), made now and
 *  living `lifetimeSeconds`. */
async function request(under: Under, userId: string | null = null, lifetimeSeconds = 600): Promise<ExternalSignInRequest> {
	const now = under.seconds();
	const made: ExternalSignInRequest = {
		id: generateId(),
		provider: "idp",
		userId,
		state: generateCode(),
		codeVerifier: generateId(),
		nonce: generateId(),
		createdAt: now,
		expiresAt: now + lifetimeSeconds,
	};
	expect(await under.stores.identities.insertRequest(made)).toBe(true);
	return made;
}

function plan(under: Under, policy: LinkingPolicy): SettlePlan {
	const data = { method: "external", provider: "idp" };
	return {
		provider: "idp",
		policy,
		newIdentity: { id: generateId(), createdAt: under.seconds() },
		newUser: { id: generateId(), createdAt: under.seconds(), passwordHash: NO_PASSWORD_HASH, recoveryCode: generateCode() },
		events: { signIn: event(under, "sign_in", null, data), userCreated: event(under, "user_created", null), identityLinked: event(under, "identity_linked", null) },
	};
}

/** A verify: the request taken, then settled with what the provider said. */
async function verify(under: Under, identity: ProviderIdentity, policy: LinkingPolicy, userId: string | null = null) {
	const made = await request(under, userId);
	const taken = await under.stores.identities.takeRequest(made.id);
	expect(taken).toEqual(made);
	return { request: made, settled: await under.stores.identities.settle(taken!, identity, plan(under, policy)) };
}

/** A user holding `identity` (added by the signed-in user), with a verified email. */
async function userWith(under: Under, identity: ProviderIdentity = identityOf()) {
	const user = await insertUser(under);
	const { settled } = await verify(under, identity, NO_LINKING, user.id);
	if (settled.outcome !== "linked") throw new Error(settled.outcome);
	return { user, identity: settled.identity };
}

async function verifiedUser(under: Under, email?: string) {
	const user = await insertUser(under, email === undefined ? {} : { email });
	await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
	await under.stores.emailVerifications.verifyEmail(user.id, event(under, "email_verified", user.id));
	return user;
}

contract("ExternalSignInStore", {}, (under) => {
	test("a request is taken once, for its one verify, of parallel verifies by one; false for a user who is gone", async () => {
		const made = await request(under);
		const taken = await together(8, () => under.stores.identities.takeRequest(made.id));
		expect(taken.filter((t) => t !== null)).toEqual([made]);
		expect(await under.stores.identities.takeRequest(generateId())).toBeNull();
		const gone = { ...made, id: generateId(), userId: generateId() };
		expect(await under.stores.identities.insertRequest(gone)).toBe(false);
		expect(await under.stores.identities.takeRequest(gone.id)).toBeNull();
	});

	test("takeRequest: a request is live until the store's clock reaches its expiry; a dropped one is gone; deleteExpired by the time given", async () => {
		const expiring = await request(under, null, 60);
		const dropped = await request(under);
		const kept = await request(under, null, 3600);
		under.clock.advance(59 * SECOND);
		const early = await request(under, null, 1);
		under.clock.advance(SECOND);
		expect(await under.stores.identities.takeRequest(expiring.id)).toBeNull();
		expect(await under.stores.identities.takeRequest(early.id)).toBeNull();
		expect(await under.stores.identities.takeRequest(dropped.id)).not.toBeNull();
		await under.stores.identities.dropRequest(dropped.id);
		under.clock.advance(-60 * SECOND);
		expect(await under.stores.identities.takeRequest(dropped.id)).toBeNull();
		await under.stores.identities.deleteExpired(expiring.expiresAt);
		expect(await under.stores.identities.takeRequest(expiring.id)).toBeNull(); // deleted: live again by this clock, but gone
		under.clock.advance(60 * SECOND);
		expect(await under.stores.identities.takeRequest(kept.id)).toEqual(kept);
	});

	test("settle: created makes a user with the provider's email and no password, the identity, user_created and sign_in; the request is used up", async () => {
		const identity = identityOf();
		const { request: made, settled } = await verify(under, identity, CREATE);
		if (settled.outcome !== "created") throw new Error(settled.outcome);
		expect(settled.user).toMatchObject({ email: identity.email, emailVerified: true, passwordSet: false, disabled: false });
		expect(settled.identity).toMatchObject({ userId: settled.user.id, provider: "idp", issuer: ISSUER, subject: identity.subject, email: identity.email, emailVerified: true, name: "Ada" });
		expect(settled.identity.lastSignInAt).toBe(settled.identity.createdAt);
		expect(settled.events.map((e) => [e.type, e.userId, e.data.identity_id])).toEqual([
			["user_created", settled.user.id, settled.identity.id],
			["sign_in", settled.user.id, settled.identity.id],
		]);
		expect(await eventsOf(under, settled.user.id)).toEqual(settled.events);
		expect(await under.stores.identities.get(settled.identity.id)).toEqual(settled.identity);
		expect(await under.stores.identities.listForUser(settled.user.id)).toEqual([settled.identity]);
		expect(await under.stores.identities.takeRequest(made.id)).toBeNull();
		// Without create_user, nobody: unknown, and the request is used up all the same.
		const { request: other, settled: unknown } = await verify(under, identityOf(), NO_LINKING);
		expect(unknown).toEqual({ outcome: "unknown" });
		expect(await under.stores.identities.takeRequest(other.id)).toBeNull();
	});

	test("settle: the identity's holder signs in by (issuer, subject) alone; what the provider says of it is refreshed", async () => {
		const { user, identity } = await userWith(under);
		under.clock.advance(SECOND);
		const { settled } = await verify(under, { issuer: ISSUER, subject: identity.subject, email: null, emailVerified: false, name: "Ada L." }, CREATE);
		if (settled.outcome !== "signed_in") throw new Error(settled.outcome);
		expect(settled.user.id).toBe(user.id);
		expect(settled.identity).toMatchObject({ id: identity.id, email: null, emailVerified: false, name: "Ada L.", lastSignInAt: under.seconds() });
		expect(settled.events.map((e) => e.type)).toEqual(["sign_in"]);
		// The same subject at another issuer is another identity: nobody's.
		expect((await verify(under, { ...identityOf(), issuer: "https://other.example.com", subject: identity.subject }, NO_LINKING)).settled).toEqual({ outcome: "unknown" });
	});

	test("(issuer, subject) belongs to one user: adding it for another is IDENTITY_IN_USE; adding it again for its holder changes nothing", async () => {
		const { user, identity } = await userWith(under);
		const other = await insertUser(under);
		const taken = { issuer: ISSUER, subject: identity.subject, email: null, emailVerified: false, name: null };
		expect((await verify(under, taken, NO_LINKING, other.id)).settled).toEqual({ outcome: "IDENTITY_IN_USE" });
		expect(await under.stores.identities.listForUser(other.id)).toEqual([]);
		const again = (await verify(under, taken, NO_LINKING, user.id)).settled;
		expect(again).toMatchObject({ outcome: "linked", user: { id: user.id }, identity: { id: identity.id }, events: [] });
		expect(await under.stores.identities.listForUser(user.id)).toHaveLength(1);
	});

	test("parallel verifies of one new identity: one user is created and holds it, the others sign in to that user", async () => {
		const identity = identityOf();
		const requests = await Promise.all(Array.from({ length: 6 }, () => request(under)));
		const outcomes = await together(requests.length, async (i) => under.stores.identities.settle((await under.stores.identities.takeRequest(requests[i]!.id))!, identity, plan(under, CREATE)));
		expect(outcomes.filter((o) => o.outcome === "created")).toHaveLength(1);
		expect(outcomes.filter((o) => o.outcome === "signed_in")).toHaveLength(5);
		const users = new Set(outcomes.map((o) => (o.outcome === "created" || o.outcome === "signed_in" ? o.user.id : null)));
		expect(users.size).toBe(1);
		const [userId] = [...users];
		expect(await under.stores.identities.listForUser(userId!)).toHaveLength(1);
		expect((await under.stores.users.getByEmail(identity.email!))!.id).toBe(userId!);
	});

	test("parallel adds of one identity for different users: exactly one holds it, the others are IDENTITY_IN_USE", async () => {
		const identity = identityOf({ email: null, emailVerified: false });
		const users = await Promise.all(Array.from({ length: 5 }, () => insertUser(under)));
		const requests = await Promise.all(users.map((u) => request(under, u.id)));
		const outcomes = await together(users.length, async (i) => under.stores.identities.settle((await under.stores.identities.takeRequest(requests[i]!.id))!, identity, plan(under, NO_LINKING)));
		expect(outcomes.filter((o) => o.outcome === "linked")).toHaveLength(1);
		expect(outcomes.filter((o) => o.outcome === "IDENTITY_IN_USE")).toHaveLength(4);
		const holders = await Promise.all(users.map((u) => under.stores.identities.listForUser(u.id)));
		expect(holders.flat()).toHaveLength(1);
	});

	test("link_required keeps the request for a link, used once, by the user who holds the email and verified it", async () => {
		const holder = await verifiedUser(under);
		const identity = identityOf({ email: holder.email });
		const { request: made, settled } = await verify(under, identity, CREATE);
		expect(settled).toMatchObject({ outcome: "link_required", user: { id: holder.id } });
		expect(await under.stores.identities.listForUser(holder.id)).toEqual([]);
		expect(await under.stores.identities.takeRequest(made.id)).toBeNull(); // waiting for a link, not a verify
		const stranger = await verifiedUser(under);
		const linkPlan = () => ({ newIdentity: { id: generateId(), createdAt: under.seconds() }, event: event(under, "identity_linked", null) });
		expect(await under.stores.identities.link(made.id, stranger.id, linkPlan())).toEqual({ result: "INVALID_REQUEST" });
		expect(await under.stores.identities.link(made.id, generateId(), linkPlan())).toEqual({ result: "NOT_FOUND" });
		const links = await together(4, () => under.stores.identities.link(made.id, holder.id, linkPlan()));
		const linked = links.filter((l) => l.result === "LINKED");
		expect(linked).toHaveLength(1);
		expect(links.filter((l) => l.result === "INVALID_REQUEST")).toHaveLength(3);
		if (linked[0]!.result !== "LINKED") throw new Error();
		expect(linked[0]!.identity).toMatchObject({ userId: holder.id, subject: identity.subject, issuer: ISSUER });
		expect(linked[0]!.events.map((e) => [e.type, e.userId])).toEqual([["identity_linked", holder.id]]);
		expect(await under.stores.identities.listForUser(holder.id)).toEqual([linked[0]!.identity]);
		// The next verify of that identity signs the holder in.
		expect((await verify(under, identity, CREATE)).settled).toMatchObject({ outcome: "signed_in", user: { id: holder.id } });
	});

	test("link: EMAIL_NOT_VERIFIED for a holder who never verified the address; INVALID_REQUEST once the request expired by the store's clock", async () => {
		const unverified = await insertUser(under);
		const first = await verify(under, identityOf({ email: unverified.email }), CREATE);
		expect(first.settled).toMatchObject({ outcome: "link_required" });
		const linkPlan = { newIdentity: { id: generateId(), createdAt: under.seconds() }, event: event(under, "identity_linked", null) };
		expect(await under.stores.identities.link(first.request.id, unverified.id, linkPlan)).toEqual({ result: "EMAIL_NOT_VERIFIED" });
		const holder = await verifiedUser(under);
		const second = await verify(under, identityOf({ email: holder.email }), CREATE);
		under.clock.advance(600 * SECOND);
		expect(await under.stores.identities.link(second.request.id, holder.id, linkPlan)).toEqual({ result: "INVALID_REQUEST" });
		expect(await under.stores.identities.listForUser(holder.id)).toEqual([]);
	});

	test("link: IDENTITY_IN_USE when another user added the identity while the request waited; nothing is linked", async () => {
		const holder = await verifiedUser(under);
		const identity = identityOf({ email: holder.email });
		const { request: made, settled } = await verify(under, identity, CREATE);
		expect(settled).toMatchObject({ outcome: "link_required", user: { id: holder.id } });
		const other = await insertUser(under);
		expect((await verify(under, identity, NO_LINKING, other.id)).settled).toMatchObject({ outcome: "linked", user: { id: other.id } });
		const linkPlan = { newIdentity: { id: generateId(), createdAt: under.seconds() }, event: event(under, "identity_linked", null) };
		expect(await under.stores.identities.link(made.id, holder.id, linkPlan)).toEqual({ result: "IDENTITY_IN_USE" });
		expect(await under.stores.identities.listForUser(holder.id)).toEqual([]);
		expect(await under.stores.identities.listForUser(other.id)).toHaveLength(1);
		expect(await eventTypesOf(under, holder.id)).not.toContain("identity_linked");
	});

	test("auto_link links a provider-verified email to the Holm-verified holder and signs them in; never an unverified one", async () => {
		const holder = await verifiedUser(under);
		const { settled } = await verify(under, identityOf({ email: holder.email }), { autoLink: true, createUser: true });
		expect(settled).toMatchObject({ outcome: "linked", user: { id: holder.id } });
		if (settled.outcome !== "linked") throw new Error();
		expect(settled.events.map((e) => e.type)).toEqual(["identity_linked", "sign_in"]);
		const unverified = await insertUser(under);
		expect((await verify(under, identityOf({ email: unverified.email }), { autoLink: true, createUser: true })).settled).toMatchObject({ outcome: "link_required" });
		expect((await verify(under, identityOf({ email: holder.email, emailVerified: false }), { autoLink: true, createUser: true })).settled).toEqual({ outcome: "link_required", user: null });
	});

	test("a disabled user is signed in to nothing (judged by the store's clock): USER_DISABLED, the request used up, nothing written", async () => {
		const { user, identity } = await userWith(under);
		const until = under.seconds() + 600;
		expect((await under.stores.users.disable(user.id, { until, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"))).outcome).toBe("DISABLED");
		const before = await eventTypesOf(under, user.id);
		const { request: made, settled } = await verify(under, identity, CREATE);
		expect(settled).toEqual({ outcome: "USER_DISABLED", userId: user.id });
		expect(await under.stores.identities.takeRequest(made.id)).toBeNull();
		expect(await eventTypesOf(under, user.id)).toEqual(before);
		// Nor is an identity added to them.
		expect((await verify(under, identityOf(), NO_LINKING, user.id)).settled).toEqual({ outcome: "USER_DISABLED", userId: user.id });
		expect(await under.stores.identities.listForUser(user.id)).toHaveLength(1);
		under.clock.advance(600 * SECOND);
		expect((await verify(under, identity, CREATE)).settled).toMatchObject({ outcome: "signed_in", user: { id: user.id, disabled: false } });
	});

	test("settle: INVALID_REQUEST when the user the request was made for is gone", async () => {
		const user = await insertUser(under);
		const made = await request(under, user.id);
		const taken = (await under.stores.identities.takeRequest(made.id))!;
		await under.stores.users.delete(user.id, event(under, "user_deleted", user.id), ending(under, user.id, "user_deleted"));
		expect(await under.stores.identities.settle(taken, identityOf(), plan(under, CREATE))).toEqual({ outcome: "INVALID_REQUEST" });
	});

	test("delete unlinks the user's identity and ends their sessions but the kept one, returning what it stored; another user's identity is not theirs", async () => {
		const { user, identity } = await userWith(under);
		const other = await insertUser(under);
		const kept = await signIn(under, user.id);
		const ended = await signIn(under, user.id);
		expect(await under.stores.identities.delete(identity.id, other.id, event(under, "identity_unlinked", other.id), ending(under, other.id, "identity_unlinked"))).toBeNull();
		expect(await under.stores.identities.get(identity.id)).not.toBeNull();
		const unlinked = event(under, "identity_unlinked", user.id, { identity_id: identity.id });
		const written = await under.stores.identities.delete(identity.id, user.id, unlinked, ending(under, user.id, "identity_unlinked", kept));
		expect(endedIn(written)!.data).toEqual({ reason: "identity_unlinked", session_ids: [ended] });
		expect(written).toEqual((await eventsOf(under, user.id)).slice(-2));
		expect(written!.at(-1)).toEqual(unlinked);
		expect(await under.stores.identities.get(identity.id)).toBeNull();
		expect(await under.stores.sessions.findForValidation(kept)).not.toBeNull();
		expect(await under.stores.sessions.findForValidation(ended)).toBeNull();
		const again = await together(3, () => under.stores.identities.delete(identity.id, user.id, event(under, "identity_unlinked", user.id), ending(under, user.id, "identity_unlinked", kept)));
		expect(again).toEqual([null, null, null]);
	});

	test("an unlink whose event cannot be stored unlinks nothing and ends no session; an identity goes with its user", async () => {
		const { user, identity } = await userWith(under);
		const session = await signIn(under, user.id);
		await withEventsRefused(under, "identity_unlinked", () => under.stores.identities.delete(identity.id, user.id, event(under, "identity_unlinked", user.id), ending(under, user.id, "identity_unlinked")));
		expect(await under.stores.identities.get(identity.id)).not.toBeNull();
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		await under.stores.users.delete(user.id, event(under, "user_deleted", user.id), ending(under, user.id, "user_deleted"));
		expect(await under.stores.identities.get(identity.id)).toBeNull();
		// The identity is free again: the next verify with create_user makes a new user of it.
		expect((await verify(under, { ...identityOf(), subject: identity.subject }, CREATE)).settled.outcome).toBe("created");
	});

	test("whoever proves the address of an unverified account takes its identities and pending external sign-ins away (an email code's claim)", async () => {
		const { user, identity } = await userWith(under);
		const pending = await request(under, user.id);
		const code = generateId();
		await under.stores.emailSignIns.replace({ id: code, userId: user.id, email: user.email!, codeHash: randomBytes() }, 600);
		const signInPlan: EmailSignInPlan = {
			now: under.seconds(),
			newUser: null,
			events: {
				signIn: event(under, "sign_in", null, { method: "email_code" }),
				userCreated: event(under, "user_created", null),
				emailVerified: event(under, "email_verified", null),
				refused: event(under, "sign_in_failed", null),
			},
			claim: claimOf(under, user.id, "account_claimed", NO_PASSWORD_HASH),
		};
		const outcome = await under.stores.emailSignIns.signIn(code, signInPlan);
		if (outcome.result !== "SIGNED_IN") throw new Error(outcome.result);
		expect(outcome.claimed).toBe(true);
		expect(outcome.events.find((e) => e.type === "account_claimed")!.data.removed).toEqual(["password", "identities", "requests"]);
		expect(await under.stores.identities.listForUser(user.id)).toEqual([]);
		expect(await under.stores.identities.get(identity.id)).toBeNull();
		expect(await under.stores.identities.takeRequest(pending.id)).toBeNull();
		// The identity's next verify finds nobody holding it.
		expect((await verify(under, { issuer: ISSUER, subject: identity.subject, email: null, emailVerified: false, name: null }, NO_LINKING)).settled).toEqual({ outcome: "unknown" });
	});

	if (KIND === "postgres") {
		test("PostgreSQL: a request's expiry is judged by the database server's clock, whatever the instance's", async () => {
			const real = await under.another({ clock: "database" });
			const serverNow = Math.floor(Date.now() / 1000);
			const base = { provider: "idp", userId: null, state: generateCode(), codeVerifier: generateId(), nonce: null };
			const live = { ...base, id: generateId(), createdAt: serverNow - 60, expiresAt: serverNow + 540 };
			const gone = { ...base, id: generateId(), createdAt: serverNow - 700, expiresAt: serverNow - 100 };
			expect(await real.stores.identities.insertRequest(live)).toBe(true);
			expect(await real.stores.identities.insertRequest(gone)).toBe(true);
			expect(await real.stores.identities.takeRequest(gone.id)).toBeNull();
			expect(await real.stores.identities.takeRequest(live.id)).toEqual(live);
		});

		test("PostgreSQL: one new identity verified on two instances at once is one user's", async () => {
			const second = await under.another();
			for (let round = 0; round < 3; round++) {
				const identity = identityOf();
				const [a, b] = [await request(under), await request(under)];
				const outcomes = await Promise.all([
					under.stores.identities.settle((await under.stores.identities.takeRequest(a.id))!, identity, plan(under, CREATE)),
					second.stores.identities.settle((await second.stores.identities.takeRequest(b.id))!, identity, plan(under, CREATE)),
				]);
				expect(outcomes.map((o) => o.outcome).sort()).toEqual(["created", "signed_in"]);
				const ids = outcomes.map((o) => (o.outcome === "created" || o.outcome === "signed_in" ? o.user.id : null));
				expect(ids[0]).toBe(ids[1]!);
			}
		});
	}
});
