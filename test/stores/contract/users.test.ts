// The UserStore contract (src/features/users/store.ts), on SQLite and PostgreSQL alike: the unique
// email decides a race, a user's deletion takes everything the user owns and records the end of its
// sessions in the same transaction, and a page of users is the right run of the whole ordering
// wherever it lies (each database reads far pages by a different plan).
import { expect, test } from "bun:test";
import type { UserListQuery } from "../../../src/features/users/store.ts";
import { DEFAULT_SESSION_SETTINGS } from "../../../src/features/sessions/settings.ts";
import { generateId } from "../../../src/lib/ids.ts";
import { contract, signIn, withEventsRefused, endedIn, ending, at, SECOND, KIND, event, eventsOf, eventTypesOf, importedUser, insertUser, newUser, storedUser, randomBytes, together } from "./harness.ts";



contract("UserStore", {}, (under) => {
	test("insert stores the user with its user_created event; every read finds it", async () => {
		const user = newUser(under);
		const created = event(under, "user_created", user.id, { email: user.email });
		expect(await under.stores.users.insert(user, created)).toBe("CREATED");
		const expected = storedUser(user);
		expect(await under.stores.users.get(user.id)).toEqual(expected);
		expect(await under.stores.users.getByEmail(user.email!)).toEqual(expected);
		expect(await under.stores.users.getByEmailForSignIn(user.email!)).toEqual({ user: expected, passwordHash: user.passwordHash });
		expect(await under.stores.users.getForSignIn(user.id)).toEqual({ user: expected, passwordHash: user.passwordHash });
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(user.passwordHash);
		expect(await under.stores.users.isEmailTaken(user.email!)).toBe(true);
		expect(await eventsOf(under, user.id)).toEqual([created]);
	});

	test("reads of a user or email nobody has find nothing; an email is found only in its stored form", async () => {
		const user = await insertUser(under);
		expect(await under.stores.users.get(generateId())).toBeNull();
		expect(await under.stores.users.getByEmail("nobody@example.com")).toBeNull();
		expect(await under.stores.users.getByEmailForSignIn("nobody@example.com")).toBeNull();
		expect(await under.stores.users.getForSignIn(generateId())).toBeNull();
		expect(await under.stores.users.getPasswordHash(generateId())).toBeNull();
		expect(await under.stores.users.isEmailTaken("nobody@example.com")).toBe(false);
		expect(await under.stores.users.getByEmail(user.email!.toUpperCase())).toBeNull();
	});

	test("250 reads of users asked at once (PostgreSQL sends them together) each find their own user, an unknown id nothing", async () => {
		const users = await together(20, () => insertUser(under));
		const asked = Array.from({ length: 250 }, (_, i) => (i % 7 === 6 ? generateId() : users[i % users.length]!.id));
		const found = await Promise.all(asked.map((id) => under.stores.users.get(id)));
		found.forEach((user, i) => expect(user?.id ?? null).toBe(i % 7 === 6 ? null : asked[i]!));
		expect(found.filter((user) => user !== null).map((user) => user!.email)).toEqual(asked.filter((_, i) => i % 7 !== 6).map((id) => users.find((u) => u.id === id)!.email));
	});

	test("insert: EMAIL_ALREADY_USED for an email another user holds, with no event; users without an email are many", async () => {
		const holder = await insertUser(under);
		const second = newUser(under, { email: holder.email });
		expect(await under.stores.users.insert(second, event(under, "user_created", second.id))).toBe("EMAIL_ALREADY_USED");
		expect(await under.stores.users.get(second.id)).toBeNull();
		expect(await eventsOf(under, second.id)).toEqual([]);
		const a = await insertUser(under, { email: null });
		const b = await insertUser(under, { email: null });
		expect((await under.stores.users.get(a.id))!.email).toBeNull();
		expect((await under.stores.users.get(b.id))!.email).toBeNull();
	});

	test("insert: of parallel sign-ups with one email, exactly one is created, and only its event is stored", async () => {
		const email = `race-${generateId().toLowerCase()}@example.com`;
		const users = Array.from({ length: 8 }, () => newUser(under, { email }));
		const outcomes = await together(users.length, (i) => under.stores.users.insert(users[i]!, event(under, "user_created", users[i]!.id)));
		expect(outcomes.filter((o) => o === "CREATED")).toHaveLength(1);
		const winner = users[outcomes.indexOf("CREATED")]!;
		expect((await under.stores.users.getByEmail(email))!.id).toBe(winner.id);
		for (const user of users) expect(await eventTypesOf(under, user.id)).toEqual(user === winner ? ["user_created"] : []);
	});

	test("a user whose user_created cannot be stored is not created (the change and its event are one)", async () => {
		const user = newUser(under);
		await withEventsRefused(under, "user_created", () => under.stores.users.insert(user, event(under, "user_created", user.id)));
		expect(await under.stores.users.get(user.id)).toBeNull();
		expect(await under.stores.users.isEmailTaken(user.email!)).toBe(false);
	});

	test("delete: null for a user who is not there, and nothing is written", async () => {
		const id = generateId();
		const sessionsEnded = ending(under, id, "user_deleted");
		expect(await under.stores.users.delete(id, event(under, "user_deleted", id), sessionsEnded)).toBeNull();
		expect(await eventsOf(under, id)).toEqual([]);
	});

	test("delete takes everything the user owns, records the end of their live sessions, and keeps their events; the email is free again", async () => {
		const user = await insertUser(under);
		const other = await insertUser(under);
		const [one, two] = [await signIn(under, user.id), await signIn(under, user.id)];
		const theirs = await signIn(under, other.id);
		const now = under.seconds();
		await under.stores.passwordResets.insert({ id: generateId(), userId: user.id, emailVerified: false, codeHash: randomBytes() }, 600);
		await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
		await under.stores.emailUpdates.insert({ id: generateId(), userId: user.id, email: `new-${user.email}`, code: "ABCDEFGH" }, 600);
		await under.stores.twoFactor.replaceCredential({ userId: user.id, createdAt: now, key: randomBytes(20) }, 1, event(under, "totp_registered", user.id));
		const sessionsEnded = ending(under, user.id, "user_deleted");
		const deleted = event(under, "user_deleted", user.id);
		const stored = await under.stores.users.delete(user.id, deleted, sessionsEnded);
		expect(stored).not.toBeNull();
		expect(endedIn(stored)!.data).toEqual({ reason: "user_deleted", session_ids: expect.arrayContaining([one, two]) });
		expect((endedIn(stored)!.data.session_ids as string[]).length).toBe(2);
		expect(stored).toEqual((await eventsOf(under, user.id)).slice(-2));
		expect(await under.stores.users.get(user.id)).toBeNull();
		expect(await under.stores.users.getPasswordHash(user.id)).toBeNull();
		expect(await under.stores.users.isEmailTaken(user.email!)).toBe(false);
		expect(await under.stores.passwordResets.listForUser(user.id)).toEqual([]);
		expect(await under.stores.emailVerifications.get(user.id)).toBeNull();
		expect(await under.stores.emailUpdates.listForUser(user.id)).toEqual([]);
		expect(await under.stores.twoFactor.getCredential(user.id)).toBeNull();
		expect(await under.stores.sessions.findForValidation(one)).toBeNull();
		expect(await under.stores.sessions.findForValidation(theirs)).not.toBeNull();
		// The events stay, the sessions' end and the deletion last.
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "session_created", "session_created", "totp_registered", "sessions_ended", "user_deleted"]);
		expect((await eventsOf(under, user.id)).at(-1)).toEqual(deleted);
		await insertUser(under, { email: user.email });
		// Deleted twice (two operators at once): the second finds nobody.
		expect(await under.stores.users.delete(user.id, event(under, "user_deleted", user.id), ending(under, user.id, "user_deleted"))).toBeNull();
	});

	test("delete: of parallel deletions of one user, one deletes and one user_deleted is stored", async () => {
		const user = await insertUser(under);
		await signIn(under, user.id);
		const outcomes = await together(5, () => under.stores.users.delete(user.id, event(under, "user_deleted", user.id), ending(under, user.id, "user_deleted")));
		expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
		expect((await eventTypesOf(under, user.id)).filter((t) => t === "user_deleted" || t === "sessions_ended")).toEqual(["sessions_ended", "user_deleted"]);
	});

	test("disable: the user reads as disabled (until, reason) on every read, their sessions end in the disable's transaction, with user_disabled", async () => {
		const user = await insertUser(under);
		const other = await insertUser(under);
		const [one, two] = [await signIn(under, user.id), await signIn(under, user.id)];
		const theirs = await signIn(under, other.id);
		const until = under.seconds() + 3600;
		const disabled = event(under, "user_disabled", user.id, { until });
		const outcome = await under.stores.users.disable(user.id, { until, reason: "Chargeback" }, disabled, ending(under, user.id, "user_disabled"));
		if (outcome.outcome !== "DISABLED") throw new Error(outcome.outcome);
		const state = { disabled: true, disabledUntil: until, disabledReason: "Chargeback" };
		expect(outcome.user).toMatchObject({ id: user.id, ...state });
		expect(endedIn(outcome.written)!.data).toEqual({ reason: "user_disabled", session_ids: expect.arrayContaining([one, two]) });
		expect(outcome.written).toEqual((await eventsOf(under, user.id)).slice(-2));
		expect(outcome.written.at(-1)).toEqual(disabled);
		expect(await under.stores.users.get(user.id)).toEqual(outcome.user);
		expect(await under.stores.users.getByEmail(user.email!)).toEqual(outcome.user);
		expect((await under.stores.users.getByEmailForSignIn(user.email!))!.user).toEqual(outcome.user);
		expect((await under.stores.users.getForSignIn(user.id))!.user).toEqual(outcome.user);
		expect((await under.stores.sessions.findForValidation(theirs))!.user.disabled).toBe(false);
		expect(await under.stores.sessions.findForValidation(one)).toBeNull();
		expect(await under.stores.sessions.listForUser(user.id, DEFAULT_SESSION_SETTINGS)).toEqual([]);
		// A second disable replaces the end and the reason of the one in force: until enabled, no reason.
		const again = await under.stores.users.disable(user.id, { until: null, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"));
		expect(again).toMatchObject({ outcome: "DISABLED", user: { disabled: true, disabledUntil: null, disabledReason: null } });
		if (again.outcome === "DISABLED") expect(again.written.map((e) => e.type)).toEqual(["user_disabled"]); // no session left to end
		const listed = await under.stores.users.list({ sortBy: "id", sortOrder: "ascending", limit: 10, offset: 0, emailQuery: user.email! });
		expect(listed.users).toEqual([{ ...outcome.user, disabledUntil: null, disabledReason: null }]);
	});

	test("disable: UNTIL_PASSED for an end not after the store's time, NOT_FOUND for nobody; neither changes anything", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		const now = under.seconds();
		expect(await under.stores.users.disable(user.id, { until: now, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"))).toEqual({ outcome: "UNTIL_PASSED" });
		expect(await under.stores.users.disable(user.id, { until: now - 60, reason: "x" }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"))).toEqual({ outcome: "UNTIL_PASSED" });
		const nobody = generateId();
		expect(await under.stores.users.disable(nobody, { until: null, reason: null }, event(under, "user_disabled", nobody), ending(under, nobody, "user_disabled"))).toEqual({ outcome: "NOT_FOUND" });
		expect((await under.stores.users.get(user.id))!.disabled).toBe(false);
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "session_created"]);
		expect(await eventsOf(under, nobody)).toEqual([]);
	});

	test("a disable is judged by the store's clock as the user is read: its end passing enables the user without a write or an event", async () => {
		const user = await insertUser(under);
		const until = under.seconds() + 600;
		expect((await under.stores.users.disable(user.id, { until, reason: "Cooling off" }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"))).outcome).toBe("DISABLED");
		under.clock.advance(599 * SECOND);
		expect(await under.stores.users.get(user.id)).toMatchObject({ disabled: true, disabledUntil: until, disabledReason: "Cooling off" });
		under.clock.advance(SECOND);
		const enabled = { disabled: false, disabledUntil: null, disabledReason: null };
		expect(await under.stores.users.get(user.id)).toMatchObject(enabled);
		expect((await under.stores.users.getForSignIn(user.id))!.user).toMatchObject(enabled);
		expect((await under.stores.users.getByEmailForSignIn(user.email!))!.user).toMatchObject(enabled);
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "user_disabled"]);
		// Enabling once the end has passed records nothing: it was no longer in force.
		expect(await under.stores.users.enable(user.id, event(under, "user_enabled", user.id))).toEqual({ user: (await under.stores.users.get(user.id))!, written: [] });
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "user_disabled"]);
		// The clock put back: the stored disable was cleared by the enable, not merely judged passed.
		expect(await at(under, until - 300, () => under.stores.users.get(user.id))).toMatchObject(enabled);
	});

	test("enable: user_enabled only when a disable was in force; null for nobody", async () => {
		const user = await insertUser(under);
		const plain = await under.stores.users.enable(user.id, event(under, "user_enabled", user.id));
		expect(plain).toEqual({ user: (await under.stores.users.get(user.id))!, written: [] });
		await under.stores.users.disable(user.id, { until: null, reason: "Fraud review" }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"));
		under.clock.advance(365 * 86_400 * SECOND); // until enabled: no end to pass
		expect((await under.stores.users.get(user.id))!.disabled).toBe(true);
		const enabledEvent = event(under, "user_enabled", user.id);
		const enabled = await under.stores.users.enable(user.id, enabledEvent);
		expect(enabled).toEqual({ user: { ...(await under.stores.users.get(user.id))!, disabled: false }, written: [enabledEvent] });
		expect(enabled!.user).toMatchObject({ disabled: false, disabledUntil: null, disabledReason: null });
		expect((await eventsOf(under, user.id)).at(-1)).toEqual(enabledEvent);
		expect(await under.stores.users.enable(user.id, event(under, "user_enabled", user.id))).toEqual({ user: enabled!.user, written: [] });
		expect(await under.stores.users.enable(generateId(), event(under, "user_enabled", null))).toBeNull();
	});

	test("disable and enable: parallel disables each store their event once and end each session once; parallel enables record one user_enabled", async () => {
		const user = await insertUser(under);
		const sessions = await Promise.all(Array.from({ length: 4 }, () => signIn(under, user.id)));
		const outcomes = await together(5, () => under.stores.users.disable(user.id, { until: null, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled")));
		expect(outcomes.every((o) => o.outcome === "DISABLED")).toBe(true);
		const ended = outcomes.flatMap((o) => (o.outcome === "DISABLED" ? ((endedIn(o.written)?.data.session_ids as string[] | undefined) ?? []) : []));
		expect(ended.sort()).toEqual([...sessions].sort());
		const enables = await together(5, () => under.stores.users.enable(user.id, event(under, "user_enabled", user.id)));
		expect(enables.flatMap((e) => e!.written)).toHaveLength(1);
		expect((await eventTypesOf(under, user.id)).filter((t) => t === "user_enabled")).toHaveLength(1);
	});

	test("a disable whose event cannot be stored disables nothing and ends no session", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		await withEventsRefused(under, "user_disabled", () => under.stores.users.disable(user.id, { until: null, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled")));
		expect((await under.stores.users.get(user.id))!.disabled).toBe(false);
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
	});

	if (KIND === "postgres") {
		test("PostgreSQL: a disable's end is judged by the database server's clock, whatever the instance's", async () => {
			const real = await under.another({ clock: "database" });
			const user = await insertUser(under);
			const serverNow = Math.floor(Date.now() / 1000);
			// The test's clock, far from the server's by now, would judge this end long passed or far off.
			const outcome = await real.stores.users.disable(user.id, { until: serverNow + 3600, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"));
			expect(outcome.outcome).toBe("DISABLED");
			expect(await real.stores.users.disable(user.id, { until: serverNow - 5, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"))).toEqual({ outcome: "UNTIL_PASSED" });
			expect((await real.stores.users.get(user.id))!.disabled).toBe(true);
			// On an instance whose database clock is two hours after the server's, the end has passed.
			expect(await at(under, serverNow + 7200, () => under.stores.users.get(user.id))).toMatchObject({ disabled: false });
			expect(await at(under, serverNow + 60, () => under.stores.users.get(user.id))).toMatchObject({ disabled: true });
		});
	}

	test("delete racing sign-ins: no session outlives its user", async () => {
		const user = await insertUser(under);
		const created = together(10, async () => {
			try {
				return await signIn(under, user.id);
			} catch {
				return null; // NO_USER once the user is gone
			}
		});
		const deleted = under.stores.users.delete(user.id, event(under, "user_deleted", user.id), ending(under, user.id, "user_deleted"));
		const [ids] = await Promise.all([created, deleted]);
		for (const id of ids) if (id !== null) expect(await under.stores.sessions.findForValidation(id)).toBeNull();
		expect(await under.stores.sessions.listForUser(user.id, DEFAULT_SESSION_SETTINGS)).toEqual([]);
	});

	test("a deletion whose user_deleted cannot be stored deletes nothing and ends no session", async () => {
		const user = await insertUser(under);
		const session = await signIn(under, user.id);
		await withEventsRefused(under, "user_deleted", () => under.stores.users.delete(user.id, event(under, "user_deleted", user.id), ending(under, user.id, "user_deleted")));
		expect(await under.stores.users.get(user.id)).not.toBeNull();
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		expect(await eventTypesOf(under, user.id)).toEqual(["user_created", "session_created"]);
	});

	test("list with an email query: the users whose email holds it, in the order asked, with their number", async () => {
		const token = `q${generateId().slice(0, 10).toLowerCase()}`;
		const users: { id: string; createdAt: number }[] = [];
		for (let i = 0; i < 7; i++) {
			const user = await insertUser(under, { email: `m${i}-${token}@example.org`, createdAt: under.seconds() + (i % 3) });
			users.push(user);
		}
		await insertUser(under, { email: `other-${generateId().toLowerCase()}@example.org` });
		const byCreated = [...users].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map((u) => u.id);
		const byId = users.map((u) => u.id).sort();
		const list = async (query: Partial<UserListQuery>) => {
			const page = await under.stores.users.list({ sortBy: "created_at", sortOrder: "ascending", limit: 100, offset: 0, emailQuery: token, ...query });
			return { ids: page.users.map((u) => u.id), total: page.total };
		};
		expect(await list({})).toEqual({ ids: byCreated, total: 7 });
		expect(await list({ sortOrder: "descending" })).toEqual({ ids: [...byCreated].reverse(), total: 7 });
		expect(await list({ sortBy: "id" })).toEqual({ ids: byId, total: 7 });
		expect(await list({ sortBy: "id", sortOrder: "descending", limit: 3, offset: 2 })).toEqual({ ids: [...byId].reverse().slice(2, 5), total: 7 });
		expect(await list({ offset: 7 })).toEqual({ ids: [], total: 7 });
		expect(await list({ emailQuery: `m3-${token}` })).toEqual({ ids: [users[3]!.id], total: 1 });
		expect(await list({ emailQuery: `${token}@nowhere` })).toEqual({ ids: [], total: 0 });
		// The characters that mean something to MATCH, LIKE or GLOB are matched literally.
		const odd = await insertUser(under, { email: `o"q%_*[x]\\-${token}@example.org` });
		expect(await list({ emailQuery: `"q%_*[x]\\-${token}` })).toEqual({ ids: [odd.id], total: 1 });
		expect(await list({ emailQuery: `%_*[x]\\` })).toMatchObject({ ids: [odd.id] });
		expect(await list({ emailQuery: `q%a_-${token}` })).toEqual({ ids: [], total: 0 });
		// Two characters, under any index's trigram: still a substring match.
		const short = await under.stores.users.list({ sortBy: "id", sortOrder: "ascending", limit: 1000, offset: 0, emailQuery: token.slice(0, 2) });
		expect(short.users.map((u) => u.id)).toEqual(expect.arrayContaining(byId));
	});

	test("listPasswordLeaked: the users whose password was found leaked, by created_at then id, with their number", async () => {
		const before = await under.stores.users.listPasswordLeaked({ sortOrder: "ascending", limit: 1000, offset: 0 });
		const users = [await insertUser(under), await insertUser(under), await insertUser(under)];
		await insertUser(under);
		for (const user of users) expect(await under.stores.passwords.markPasswordLeaked(user.id, user.passwordHash)).toBe(true);
		const all = await under.stores.users.listPasswordLeaked({ sortOrder: "ascending", limit: 1000, offset: 0 });
		expect(all.total).toBe(before.total + 3);
		const mine = all.users.filter((u) => users.some((m) => m.id === u.id));
		expect(mine.map((u) => u.id)).toEqual([...users].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map((u) => u.id));
		expect(mine.every((u) => u.passwordLeaked)).toBe(true);
		const descending = await under.stores.users.listPasswordLeaked({ sortOrder: "descending", limit: 2, offset: 0 });
		expect(descending.users.map((u) => u.id)).toEqual([...all.users].reverse().slice(0, 2).map((u) => u.id));
		expect(descending.total).toBe(all.total);
		// A page past the end still says how many there are.
		expect(await under.stores.users.listPasswordLeaked({ sortOrder: "ascending", limit: 10, offset: all.total })).toEqual({ users: [], total: all.total });
		expect(await under.stores.passwords.countLeakedPasswords()).toBe(all.total);
	});
});

// Pages of many users: SQLite and PostgreSQL each read a page near the start, near the end and in
// the middle of the ordering differently (src/stores/<database>/users.ts, user-pages.ts); every one
// must be the run of the whole ordering at its offset.
const MANY = 4_500;

contract("UserStore pages", {}, (under) => {
	let expected: { created: string[]; id: string[] };

	async function fill(count: number): Promise<void> {
		const base = under.seconds() - 10 * 86_400;
		const users = Array.from({ length: count }, (_, i) => importedUser(under, { createdAt: base + Math.floor(i / 3), email: `page${i}-${generateId().toLowerCase()}@example.com` }));
		for (let i = 0; i < users.length; i += 1000) await under.stores.userImports.insertWhereFree(users.slice(i, i + 1000), under.seconds());
	}

	async function orderings(): Promise<{ created: string[]; id: string[] }> {
		const rows = await under.rows(`SELECT id, created_at FROM "user"`);
		const users = rows.map((row) => ({ id: String(row.id), createdAt: Number(row.created_at) }));
		return {
			created: [...users].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((u) => u.id),
			id: users.map((u) => u.id).sort(),
		};
	}

	async function expectPages(offsets: number[], limit: number, emailQuery = ""): Promise<void> {
		for (const sortBy of ["created_at", "id"] as const) {
			const order = sortBy === "created_at" ? expected.created : expected.id;
			for (const sortOrder of ["ascending", "descending"] as const) {
				const whole = sortOrder === "ascending" ? order : [...order].reverse();
				for (const offset of offsets) {
					const page = await under.stores.users.list({ sortBy, sortOrder, limit, offset, emailQuery });
					expect({ sortBy, sortOrder, offset, ids: page.users.map((u) => u.id), total: page.total }).toEqual({
						sortBy,
						sortOrder,
						offset,
						ids: whole.slice(offset, offset + limit),
						total: whole.length,
					});
				}
			}
		}
	}

	test(`a page anywhere among ${MANY} users is the run of the whole ordering at its offset`, async () => {
		await fill(MANY);
		expected = await orderings();
		expect(expected.id).toHaveLength(MANY);
		await expectPages([0, 10, 95, 100, 150, 1990, 2000, 2250, 2260, 3000, MANY - 2100, MANY - 1990, MANY - 30, MANY - 10, MANY, MANY + 50], 20);
		await expectPages([0, 2237], 100);
	});

	test("after deletions and new users, pages still match the ordering", async () => {
		for (const id of expected.created.filter((_, i) => i % 97 === 0)) {
			expect(await under.stores.users.delete(id, event(under, "user_deleted", id), ending(under, id, "user_deleted"))).not.toBeNull();
		}
		await fill(120);
		await insertUser(under, { createdAt: under.seconds() - 20 * 86_400 }); // before every other
		expected = await orderings();
		await expectPages([0, 99, 2001, 2300, expected.id.length - 2050, expected.id.length - 20], 25);
	});

	test("an email query that nearly every user matches pages through the same ordering", async () => {
		await expectPages([0, 300, 2400], 20, "example.com");
		const one = expected.id[1234]!;
		const email = (await under.stores.users.get(one))!.email!;
		const found = await under.stores.users.list({ sortBy: "id", sortOrder: "ascending", limit: 10, offset: 0, emailQuery: email.split("@")[0]! });
		expect(found.users.map((u) => u.id)).toEqual([one]);
		expect(found.total).toBe(1);
	});
});
