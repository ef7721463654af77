// The SessionStore contract (src/features/sessions/store.ts), on SQLite and PostgreSQL alike: the
// cap holds under parallel creations, expiry is judged by the store's clock, an expired session is
// never reported as ended, and the sweep deletes what expired and nothing live.
import { SQL } from "bun";
import { expect, test } from "bun:test";
import { DEFAULT_SESSION_SETTINGS, DEVICE_MEMORY_SECONDS, type SessionSettings } from "../../../src/features/sessions/settings.ts";
import type { StoredSession } from "../../../src/features/sessions/store.ts";
import { generateId } from "../../../src/lib/ids.ts";
import type { Stores } from "../../../src/stores/index.ts";
import { sha256 } from "../../../src/lib/constant-time.ts";
import { at, bytes, contract, DAY, ending, event, eventsOf, insertUser, KIND, randomBytes, SECOND, together, type Under } from "./harness.ts";

const SETTINGS = DEFAULT_SESSION_SETTINGS;

function device(name: string): Uint8Array {
	return sha256(`user-agent\0${name}`);
}

/** What the caller makes: the store stamps the times by its clock and judges newDevice. */
type NewSession = Omit<StoredSession, "createdAt" | "lastUsedAt" | "secondFactorVerifiedAt" | "newDevice">;

function session(userId: string, fields: Partial<NewSession> = {}): NewSession {
	return { id: generateId(), userId, digest: randomBytes(), clientIp: "192.0.2.1", userAgent: "Contract/1.0", ...fields };
}

/** A session made through `stores` (the test's by default); `madeAt` (seconds) makes it at that
 *  time of the test's clock, which is the store's. */
async function create(
	under: Under,
	userId: string,
	options: { devices?: Uint8Array[]; settings?: SessionSettings; fields?: Partial<NewSession>; secondFactorVerified?: boolean; madeAt?: number; stores?: Stores } = {},
) {
	const stored = session(userId, options.fields);
	const make = () =>
		(options.stores ?? under.stores).sessions.create(
			{
				session: stored,
				secondFactorVerified: options.secondFactorVerified ?? false,
				devices: options.devices ?? [device("Contract/1.0")],
				created: event(under, "session_created", userId, { session_id: stored.id }),
				limitEnded: event(under, "sessions_ended", userId, { reason: "session_limit" }),
			},
			options.settings ?? SETTINGS,
		);
	const outcome = options.madeAt === undefined ? await make() : await at(under, options.madeAt, make);
	if (typeof outcome === "string") throw new Error(`create answered ${outcome}`);
	return { ...outcome, digest: stored.digest };
}

contract("SessionStore", {}, (under) => {
	test("create: NO_USER for a user who is not there, and nothing is stored", async () => {
		const stored = session(generateId());
		const outcome = await under.stores.sessions.create(
			{ session: stored, secondFactorVerified: false, devices: [], created: event(under, "session_created", stored.userId), limitEnded: event(under, "sessions_ended", stored.userId) },
			SETTINGS,
		);
		expect(outcome).toBe("NO_USER");
		expect(await under.stores.sessions.findForValidation(stored.id)).toBeNull();
		expect(await eventsOf(under, stored.userId)).toEqual([]);
	});

	test("create stores the session and its session_created event together; the model never holds the digest", async () => {
		const user = await insertUser(under);
		const made = await create(under, user.id);
		expect(made.session).not.toHaveProperty("digest");
		expect(made.session).toMatchObject({ userId: user.id, clientIp: "192.0.2.1", userAgent: "Contract/1.0", newDevice: false });
		// Its times are the store's clock's.
		expect(made.session).toMatchObject({ createdAt: under.seconds(), lastUsedAt: under.seconds(), secondFactorVerifiedAt: null });
		const verified = await create(under, user.id, { secondFactorVerified: true });
		expect(verified.session.secondFactorVerifiedAt).toBe(under.seconds());
		expect(made.created.data).toMatchObject({ session_id: made.session.id, new_device: false });
		expect(made.ended).toBeNull();
		expect(await under.stores.sessions.get(made.session.id, SETTINGS)).toEqual(made.session);
		expect((await eventsOf(under, user.id)).map((e) => e.type)).toEqual(["user_created", "session_created", "session_created"]);
		expect((await eventsOf(under, user.id))[1]).toEqual(made.created);
	});

	test("new_device: never for a user's first session; a device seen within 90 days is known; one not seen is new", async () => {
		const user = await insertUser(under);
		expect((await create(under, user.id, { devices: [device("A"), device("net-1")] })).session.newDevice).toBe(false);
		expect((await create(under, user.id, { devices: [device("A"), device("net-2")] })).session.newDevice).toBe(false); // the agent is known
		expect((await create(under, user.id, { devices: [device("B"), device("net-1")] })).session.newDevice).toBe(false); // the network is known
		const fresh = await create(under, user.id, { devices: [device("C"), device("net-3")] });
		expect(fresh.session.newDevice).toBe(true);
		expect(fresh.created.data.new_device).toBe(true);
		// Nothing sent to judge by: not new.
		expect((await create(under, user.id, { devices: [] })).session.newDevice).toBe(false);
		// One digest alone (a user agent without an address) is judged by itself.
		expect((await create(under, user.id, { devices: [device("D")] })).session.newDevice).toBe(true);
		expect((await create(under, user.id, { devices: [device("D")] })).session.newDevice).toBe(false);
	});

	test("new_device: a device last seen more than 90 days ago is new again, and the sweep forgets it but not that the user had sessions", async () => {
		const user = await insertUser(under);
		await create(under, user.id, { devices: [device("old")] });
		under.clock.advance(DEVICE_MEMORY_SECONDS * SECOND + DAY);
		await under.storage.sweep(under.clock.now);
		const again = await create(under, user.id, { devices: [device("old")] });
		expect(again.session.newDevice).toBe(true);
	});

	test("the cap: one more session than allowed ends the least recently used, reported with session_limit", async () => {
		const user = await insertUser(under);
		const settings = { ...SETTINGS, perUser: 3 };
		const first = await create(under, user.id, { settings });
		under.clock.advance(SECOND);
		const second = await create(under, user.id, { settings });
		under.clock.advance(SECOND);
		const third = await create(under, user.id, { settings });
		// The first is used again: the second is now the least recently used.
		under.clock.advance(120 * SECOND);
		await under.stores.sessions.touch(first.session.id, 60);
		const fourth = await create(under, user.id, { settings });
		expect(fourth.ended).not.toBeNull();
		expect(fourth.ended!.data).toMatchObject({ reason: "session_limit", session_ids: [second.session.id] });
		const live = (await under.stores.sessions.listForUser(user.id, settings)).map((s) => s.id);
		expect(live.sort()).toEqual([first.session.id, third.session.id, fourth.session.id].sort());
		expect((await eventsOf(under, user.id)).filter((e) => e.type === "sessions_ended")).toEqual([fourth.ended!]);
	});

	test("the cap: sessions it ends at once are reported least recently used first", async () => {
		const user = await insertUser(under);
		const made = [];
		for (let i = 0; i < 3; i++) {
			made.push(await create(under, user.id, { settings: { ...SETTINGS, perUser: 3 } }));
			under.clock.advance(SECOND);
		}
		// The first is used again: the second, then the third are now the least recently used.
		under.clock.advance(120 * SECOND);
		await under.stores.sessions.touch(made[0]!.session.id, 60);
		under.clock.advance(SECOND);
		const last = await create(under, user.id, { settings: { ...SETTINGS, perUser: 1 } });
		expect(last.ended!.data.session_ids).toEqual([made[1]!.session.id, made[2]!.session.id, made[0]!.session.id]);
		expect((await eventsOf(under, user.id)).filter((e) => e.type === "sessions_ended")).toEqual([last.ended!]);
	});

	test("the cap: expired sessions make room first and are not reported as ended", async () => {
		const user = await insertUser(under);
		const settings = { ...SETTINGS, perUser: 2, idleTimeoutSeconds: 3600 };
		const stale = await create(under, user.id, { settings });
		under.clock.advance(3600 * SECOND);
		const live = await create(under, user.id, { settings });
		const third = await create(under, user.id, { settings });
		expect(live.ended).toBeNull();
		expect(third.ended).toBeNull();
		expect(await under.stores.sessions.findForValidation(stale.session.id)).toBeNull();
		expect((await under.stores.sessions.listForUser(user.id, settings)).map((s) => s.id).sort()).toEqual([live.session.id, third.session.id].sort());
	});

	test("the cap holds under parallel creations: every session beyond it is reported ended exactly once", async () => {
		const user = await insertUser(under);
		const settings = { ...SETTINGS, perUser: 5 };
		const made = await together(24, () => create(under, user.id, { settings }));
		const live = await under.stores.sessions.listForUser(user.id, settings);
		expect(live).toHaveLength(5);
		const ended = made.flatMap((m) => (m.ended?.data.session_ids as string[] | undefined) ?? []);
		expect(new Set(ended).size).toBe(ended.length);
		expect(ended).toHaveLength(19);
		expect(new Set([...ended, ...live.map((s) => s.id)])).toEqual(new Set(made.map((m) => m.session.id)));
	});

	test("findForValidation: the session live or not, its digest beside it, its user as stored now; null for an unknown id", async () => {
		expect(await under.stores.sessions.findForValidation(generateId())).toBeNull();
		const user = await insertUser(under);
		const made = await create(under, user.id);
		await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
		await under.stores.emailVerifications.verifyEmail(user.id, event(under, "email_verified", user.id));
		const found = await under.stores.sessions.findForValidation(made.session.id);
		expect(found).not.toBeNull();
		expect(found!.session).toEqual(made.session);
		expect(found!.session).not.toHaveProperty("digest");
		expect(bytes(found!.digest)).toEqual(made.digest);
		expect(found!.user).toMatchObject({ id: user.id, email: user.email, emailVerified: true, recoveryCode: user.recoveryCode });
		// The store's time comes with it on PostgreSQL; on SQLite the instance's clock is the store's.
		expect(found!.now).toEqual(KIND === "postgres" ? under.seconds() : null);
		// An expired session is still found: the caller judges, in the time a wrong secret costs.
		under.clock.advance(SETTINGS.idleTimeoutSeconds * SECOND);
		expect((await under.stores.sessions.findForValidation(made.session.id))?.session.id).toBe(made.session.id);
		expect(await under.stores.sessions.get(made.session.id, SETTINGS)).toBeNull();
	});

	test("250 validations asked at once (PostgreSQL sends them together) each find their own session and user, an unknown id nothing", async () => {
		const users = await together(5, () => insertUser(under));
		const made = await Promise.all(users.flatMap((user) => Array.from({ length: 10 }, () => create(under, user.id))));
		const asked = Array.from({ length: 250 }, (_, i) => (i % 5 === 4 ? generateId() : made[i % made.length]!.session.id));
		const found = await Promise.all(asked.map((id) => under.stores.sessions.findForValidation(id)));
		found.forEach((answer, i) => {
			if (i % 5 === 4) return expect(answer).toBeNull();
			const expected = made[i % made.length]!;
			expect(answer!.session).toEqual(expected.session);
			expect(bytes(answer!.digest)).toEqual(expected.digest);
			expect(answer!.user.id).toBe(expected.session.userId);
		});
	});

	test("expiry is judged by the store's clock: live until the idle timeout or the lifetime, whichever comes first", async () => {
		const user = await insertUser(under);
		const settings = { ...SETTINGS, idleTimeoutSeconds: 3600, lifetimeSeconds: 3 * 3600 };
		const made = await create(under, user.id, { settings });
		under.clock.advance(3599 * SECOND);
		expect(await under.stores.sessions.get(made.session.id, settings)).not.toBeNull();
		under.clock.advance(SECOND);
		expect(await under.stores.sessions.get(made.session.id, settings)).toBeNull(); // idle for exactly the timeout
		expect(await under.stores.sessions.listForUser(user.id, settings)).toEqual([]);
		// Kept busy, it still ends at its lifetime.
		const busy = await create(under, user.id, { settings });
		for (let i = 0; i < 5; i++) {
			under.clock.advance(1800 * SECOND);
			await under.stores.sessions.touch(busy.session.id, 60);
		}
		expect(await under.stores.sessions.get(busy.session.id, settings)).not.toBeNull(); // 2.5 h
		under.clock.advance(1800 * SECOND);
		await under.stores.sessions.touch(busy.session.id, 60);
		expect(await under.stores.sessions.get(busy.session.id, settings)).toBeNull(); // 3 h
		// Settings in force are what count: a shorter idle timeout ends a session at once.
		const recent = await create(under, user.id, { settings });
		under.clock.advance(600 * SECOND);
		expect(await under.stores.sessions.get(recent.session.id, { ...settings, idleTimeoutSeconds: 600 })).toBeNull();
		expect(await under.stores.sessions.get(recent.session.id, settings)).not.toBeNull();
	});

	test("touch moves last_used_at to the store's time only once it is `interval` old, and parallel touches agree", async () => {
		const user = await insertUser(under);
		const made = await create(under, user.id);
		under.clock.advance(59 * SECOND);
		await under.stores.sessions.touch(made.session.id, 60);
		expect((await under.stores.sessions.get(made.session.id, SETTINGS))!.lastUsedAt).toBe(made.session.lastUsedAt);
		under.clock.advance(SECOND);
		await together(8, () => under.stores.sessions.touch(made.session.id, 60));
		expect((await under.stores.sessions.get(made.session.id, SETTINGS))!.lastUsedAt).toBe(under.seconds());
		// An unknown session: nothing to touch, no error.
		await under.stores.sessions.touch(generateId(), 60);
	});

	test("findForValidation is a read, and a touch not yet due writes nothing", async () => {
		const user = await insertUser(under);
		const made = await create(under, user.id);
		// What moves with any write to the row: PostgreSQL's row version; on SQLite the file's
		// data_version as another connection sees it (any commit moves it).
		const marker = async () =>
			under.kind === "postgres"
				? String((await under.rows(`SELECT xmin::text AS v FROM session WHERE id = ?`, made.session.id))[0]!.v)
				: String((await under.rows(`PRAGMA data_version`))[0]!.data_version);
		const before = await marker();
		for (let i = 0; i < 5; i++) {
			under.clock.advance(10 * SECOND);
			expect(await under.stores.sessions.findForValidation(made.session.id)).not.toBeNull();
			await under.stores.sessions.touch(made.session.id, 60);
		}
		expect(await marker()).toBe(before);
		under.clock.advance(10 * SECOND);
		await under.stores.sessions.touch(made.session.id, 60);
		expect(await marker()).not.toBe(before);
	});

	test("listForUser: the user's live sessions only, most recently used first", async () => {
		const user = await insertUser(under);
		const other = await insertUser(under);
		const a = await create(under, user.id);
		under.clock.advance(SECOND);
		const b = await create(under, user.id);
		under.clock.advance(SECOND);
		const c = await create(under, user.id);
		await create(under, other.id);
		under.clock.advance(120 * SECOND);
		await under.stores.sessions.touch(a.session.id, 60);
		expect((await under.stores.sessions.listForUser(user.id, SETTINGS)).map((s) => s.id)).toEqual([a.session.id, c.session.id, b.session.id]);
		expect(await under.stores.sessions.listForUser(generateId(), SETTINGS)).toEqual([]);
	});

	test("end: a live session ends with its event; an ended, unknown or expired one reports nothing", async () => {
		const user = await insertUser(under);
		const made = await create(under, user.id);
		const ended = await under.stores.sessions.end(made.session.id, SETTINGS, event(under, "sessions_ended", user.id, { reason: "sign_out" }));
		expect(ended).not.toBeNull();
		expect(ended!.data).toEqual({ reason: "sign_out", session_ids: [made.session.id] });
		expect(await under.stores.sessions.findForValidation(made.session.id)).toBeNull();
		expect((await eventsOf(under, user.id)).at(-1)).toEqual(ended!);
		expect(await under.stores.sessions.end(made.session.id, SETTINGS, event(under, "sessions_ended", user.id, { reason: "sign_out" }))).toBeNull();
		expect(await under.stores.sessions.end(generateId(), SETTINGS, event(under, "sessions_ended", user.id, { reason: "sign_out" }))).toBeNull();
		// Expired: the row goes, but expiry is not an event.
		const stale = await create(under, user.id);
		under.clock.advance(SETTINGS.idleTimeoutSeconds * SECOND);
		const before = (await eventsOf(under, user.id)).length;
		expect(await under.stores.sessions.end(stale.session.id, SETTINGS, event(under, "sessions_ended", user.id, { reason: "sign_out" }))).toBeNull();
		expect(await under.stores.sessions.findForValidation(stale.session.id)).toBeNull();
		expect(await eventsOf(under, user.id)).toHaveLength(before);
	});

	test("end: of parallel sign-outs of one session, one reports it ended", async () => {
		const user = await insertUser(under);
		const made = await create(under, user.id);
		const ended = await together(6, () => under.stores.sessions.end(made.session.id, SETTINGS, event(under, "sessions_ended", user.id, { reason: "sign_out" })));
		expect(ended.filter((e) => e !== null)).toHaveLength(1);
		expect((await eventsOf(under, user.id)).filter((e) => e.type === "sessions_ended")).toHaveLength(1);
	});

	test("endForUser: every live session but `except`; NOT_FOUND when `except` is not a live session of that user, and nothing ends", async () => {
		const user = await insertUser(under);
		const other = await insertUser(under);
		const keep = await create(under, user.id);
		const gone = await create(under, user.id);
		const stale = await create(under, user.id, { madeAt: under.seconds() - SETTINGS.idleTimeoutSeconds });
		const theirs = await create(under, other.id);
		const reason = (r: string) => event(under, "sessions_ended", user.id, { reason: r });
		expect(await under.stores.sessions.endForUser(user.id, theirs.session.id, SETTINGS, reason("sign_out_everywhere"))).toBe("NOT_FOUND");
		expect(await under.stores.sessions.endForUser(user.id, stale.session.id, SETTINGS, reason("sign_out_everywhere"))).toBe("NOT_FOUND");
		expect(await under.stores.sessions.endForUser(user.id, generateId(), SETTINGS, reason("sign_out_everywhere"))).toBe("NOT_FOUND");
		expect(await under.stores.sessions.listForUser(user.id, SETTINGS)).toHaveLength(2);
		const ended = await under.stores.sessions.endForUser(user.id, keep.session.id, SETTINGS, reason("sign_out_everywhere"));
		expect(ended).not.toBe("NOT_FOUND");
		// The expired one is deleted too, but reported only if it was live.
		expect((ended as { data: Record<string, unknown> }).data).toEqual({ reason: "sign_out_everywhere", session_ids: [gone.session.id] });
		expect((await under.stores.sessions.listForUser(user.id, SETTINGS)).map((s) => s.id)).toEqual([keep.session.id]);
		expect(await under.stores.sessions.findForValidation(stale.session.id)).toBeNull();
		expect(await under.stores.sessions.get(theirs.session.id, SETTINGS)).not.toBeNull();
		// Nothing left to end but the kept one: no event.
		expect(await under.stores.sessions.endForUser(user.id, keep.session.id, SETTINGS, reason("sign_out_everywhere"))).toBeNull();
		const everywhere = await under.stores.sessions.endForUser(user.id, null, SETTINGS, reason("sign_out_everywhere"));
		expect((everywhere as { data: Record<string, unknown> }).data.session_ids).toEqual([keep.session.id]);
		expect(await under.stores.sessions.endForUser(user.id, null, SETTINGS, reason("sign_out_everywhere"))).toBeNull();
	});

	test("markSecondFactor: on a live session of that user only, at the store's time", async () => {
		const user = await insertUser(under);
		const other = await insertUser(under);
		const made = await create(under, user.id);
		under.clock.advance(5 * SECOND);
		expect(await under.stores.sessions.markSecondFactor(made.session.id, other.id, SETTINGS)).toBe(false);
		expect(await under.stores.sessions.markSecondFactor(generateId(), user.id, SETTINGS)).toBe(false);
		expect((await under.stores.sessions.get(made.session.id, SETTINGS))!.secondFactorVerifiedAt).toBeNull();
		expect(await under.stores.sessions.markSecondFactor(made.session.id, user.id, SETTINGS)).toBe(true);
		expect((await under.stores.sessions.get(made.session.id, SETTINGS))!.secondFactorVerifiedAt).toBe(under.seconds());
		under.clock.advance(SETTINGS.idleTimeoutSeconds * SECOND);
		expect(await under.stores.sessions.markSecondFactor(made.session.id, user.id, SETTINGS)).toBe(false);
	});

	test("create: USER_DISABLED while a disable is in force by the store's clock, and nothing is stored; once its end passes, a session is made", async () => {
		const user = await insertUser(under);
		const until = under.seconds() + 600;
		expect((await under.stores.users.disable(user.id, { until, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled"))).outcome).toBe("DISABLED");
		const refused = session(user.id);
		const outcome = await under.stores.sessions.create(
			{ session: refused, secondFactorVerified: false, devices: [], created: event(under, "session_created", user.id), limitEnded: event(under, "sessions_ended", user.id) },
			SETTINGS,
		);
		expect(outcome).toBe("USER_DISABLED");
		expect(await under.stores.sessions.findForValidation(refused.id)).toBeNull();
		expect((await eventsOf(under, user.id)).map((e) => e.type)).toEqual(["user_created", "user_disabled"]);
		under.clock.advance(599 * SECOND);
		await expect(create(under, user.id)).rejects.toThrow("USER_DISABLED");
		under.clock.advance(SECOND);
		expect((await create(under, user.id)).session.userId).toBe(user.id);
	});

	test("create racing a disable: no session of the user survives the disable, whichever commits first", async () => {
		for (let round = 0; round < 3; round++) {
			const user = await insertUser(under);
			const attempt = () => create(under, user.id).then((m) => m.session.id, (error: Error) => error.message);
			const [disabled, ...outcomes] = await Promise.all([
				under.stores.users.disable(user.id, { until: null, reason: null }, event(under, "user_disabled", user.id), ending(under, user.id, "user_disabled")),
				...Array.from({ length: 6 }, attempt),
			]);
			expect(disabled.outcome).toBe("DISABLED");
			// Each creation either was refused or made a session (before the disable committed)...
			const made = outcomes.filter((o) => o !== "create answered USER_DISABLED");
			for (const id of made) expect(id).not.toStartWith("create answered");
			// ...which the disable ended: none of the user's sessions is left.
			for (const id of made) expect(await under.stores.sessions.findForValidation(id)).toBeNull();
			expect(await under.stores.sessions.listForUser(user.id, SETTINGS)).toEqual([]);
		}
	});

	test("countLive counts every user's live sessions, by the store's clock", async () => {
		const settings = { ...SETTINGS, idleTimeoutSeconds: 3600 };
		under.clock.advance(settings.lifetimeSeconds * SECOND); // every earlier session has expired
		expect(await under.stores.sessions.countLive(settings)).toBe(0);
		const [a, b] = [await insertUser(under), await insertUser(under)];
		await create(under, a.id);
		under.clock.advance(1800 * SECOND);
		await create(under, a.id);
		await create(under, b.id);
		expect(await under.stores.sessions.countLive(settings)).toBe(3);
		under.clock.advance(1800 * SECOND);
		expect(await under.stores.sessions.countLive(settings)).toBe(2);
	});

	test("deleteExpired removes what expired at the time given and nothing live; expiry is no event", async () => {
		const user = await insertUser(under);
		const settings = { ...SETTINGS, idleTimeoutSeconds: 3600 };
		const old = await create(under, user.id);
		under.clock.advance(1800 * SECOND);
		const recent = await create(under, user.id);
		under.clock.advance(1800 * SECOND);
		const events = (await eventsOf(under, user.id)).length;
		await under.stores.sessions.deleteExpired(under.seconds(), settings);
		expect(await under.stores.sessions.findForValidation(old.session.id)).toBeNull();
		expect(await under.stores.sessions.findForValidation(recent.session.id)).not.toBeNull();
		expect(await eventsOf(under, user.id)).toHaveLength(events);
		// A time before the expiry deletes nothing more.
		await under.stores.sessions.deleteExpired(under.seconds() - 10, settings);
		expect(await under.stores.sessions.findForValidation(recent.session.id)).not.toBeNull();
	});

	test("a session goes with its user", async () => {
		const user = await insertUser(under);
		const made = await create(under, user.id);
		expect(await under.stores.users.delete(user.id, event(under, "user_deleted", user.id), {
			keep: null,
			event: event(under, "sessions_ended", user.id, { reason: "user_deleted" }),
			now: under.seconds(),
			settings: SETTINGS,
		})).not.toBeNull();
		expect(await under.stores.sessions.findForValidation(made.session.id)).toBeNull();
		expect(await under.stores.sessions.listForUser(user.id, SETTINGS)).toEqual([]);
	});

	if (KIND === "postgres") {
		test("PostgreSQL: expiry, touch and the time of a validation are the database server's, whatever the instance's clock", async () => {
			const real = await under.another({ clock: "database" });
			const user = await insertUser(under);
			const serverNow = Math.floor(Date.now() / 1000);
			const settings = { ...SETTINGS, idleTimeoutSeconds: 3600 };
			// Stamped (through the test's instance, whose database clock is fixed) two minutes and eight
			// days before the server's time: the second is expired there under any of these settings,
			// though the test clock, far ahead by now, would say otherwise of both.
			const fresh = await create(under, user.id, { madeAt: serverNow - 120 });
			const stale = await create(under, user.id, { madeAt: serverNow - 8 * 86_400 });
			// An instance on the server's clock stamps the server's time.
			const stamped = await create(under, user.id, { stores: real.stores });
			expect(Math.abs(stamped.session.createdAt - Math.floor(Date.now() / 1000))).toBeLessThanOrEqual(5);
			expect(await real.stores.sessions.get(stale.session.id, settings)).toBeNull();
			expect(await real.stores.sessions.get(fresh.session.id, settings)).not.toBeNull();
			expect((await real.stores.sessions.listForUser(user.id, settings)).map((s) => s.id)).toEqual([stamped.session.id, fresh.session.id]);
			const found = await real.stores.sessions.findForValidation(fresh.session.id);
			expect(Math.abs(found!.now! - Math.floor(Date.now() / 1000))).toBeLessThanOrEqual(5);
			await real.stores.sessions.touch(fresh.session.id, 60);
			expect(Math.abs((await real.stores.sessions.get(fresh.session.id, settings))!.lastUsedAt - Math.floor(Date.now() / 1000))).toBeLessThanOrEqual(5);
			await real.storage.sweep(Date.now() + 365 * DAY); // the instance's time is not the sweep's
			expect(await real.stores.sessions.findForValidation(fresh.session.id)).not.toBeNull();
			expect(await real.stores.sessions.findForValidation(stale.session.id)).toBeNull();
		});

		test("PostgreSQL: the cap holds when a validation revives an expired session while a creation waits on its row", async () => {
			const user = await insertUser(under);
			const settings = { ...SETTINGS, perUser: 1 };
			const old = await create(under, user.id, { settings });
			// Expired by the store's clock, so the creation below finds it expired in its snapshot.
			under.clock.advance((settings.idleTimeoutSeconds + 1) * SECOND);
			const side = new SQL(under.location, { max: 1, prepare: false });
			const toucher = await side.reserve();
			try {
				// A validation's touch that judged it live a moment earlier, its transaction still open.
				await toucher.unsafe("BEGIN");
				await toucher.unsafe("UPDATE session SET last_used_at = $1 WHERE id = $2", [under.seconds(), old.session.id]);
				const creating = create(under, user.id, { settings });
				// The creation's statement, after its snapshot, waits on the touched row.
				for (let waited = 0; ; waited += 10) {
					const [row] = await under.rows(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
					if (row!.n === 1) break;
					if (waited > 10_000) throw new Error("the creation never waited on the touched row");
					await Bun.sleep(10);
				}
				await toucher.unsafe("COMMIT");
				const made = await creating;
				// The revived session is counted and ended by the cap: one session, not two.
				expect(made.ended!.data.session_ids).toEqual([old.session.id]);
				expect((await under.stores.sessions.listForUser(user.id, settings)).map((s) => s.id)).toEqual([made.session.id]);
			} finally {
				toucher.release();
				await side.close();
			}
		});

		test("PostgreSQL: the cap holds under parallel creations on two instances", async () => {
			const second = await under.another();
			const user = await insertUser(under);
			const settings = { ...SETTINGS, perUser: 4 };
			const made = await together(20, (i) => create(under, user.id, { settings, stores: i % 2 === 0 ? under.stores : second.stores }));
			expect(await under.stores.sessions.listForUser(user.id, settings)).toHaveLength(4);
			const ended = made.flatMap((m) => (m.ended?.data.session_ids as string[] | undefined) ?? []);
			expect(new Set(ended).size).toBe(16);
		});
	}
});
