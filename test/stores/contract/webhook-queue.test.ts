// The WebhookQueue contract (src/features/events/store.ts), on SQLite and PostgreSQL alike: each
// stored event of a delivered type is queued with it, in its transaction; a claim leases what is
// due, so no two claims hold one delivery until the lease ends; a result is recorded only by the
// claim that still holds the delivery.
import { expect, test } from "bun:test";
import type { HolmEvent, WebhookDelivery } from "../../../src/features/events/store.ts";
import { DEFAULT_SESSION_SETTINGS } from "../../../src/features/sessions/settings.ts";
import { contract, event, insertUser, madeSession, randomBytes, SECOND, together, type Under } from "./harness.ts";

const LEASE = 30 * SECOND;

async function drainQueue(under: Under): Promise<void> {
	for (;;) {
		const claimed = await under.storage.webhookQueue.claim(Number.MAX_SAFE_INTEGER / 2, 1000, LEASE);
		if (claimed.length === 0) return;
		await under.storage.webhookQueue.remove(claimed);
	}
}

const ids = (deliveries: readonly WebhookDelivery[]) => deliveries.map((d) => d.event.id);

contract("WebhookQueue", { events: { retentionDays: 30, webhook: { types: null } } }, (under) => {
	const queue = () => under.storage.webhookQueue;

	test("every stored event is queued with it, due at its time; a claim hands over the event as stored", async () => {
		await drainQueue(under);
		const user = await insertUser(under);
		const signIn: HolmEvent = { ...event(under, "sign_in", user.id, { method: "password" }), clientIp: "192.0.2.9" };
		await under.stores.events.append([signIn]);
		expect(await queue().stats()).toEqual({ depth: 2, oldestEventTime: under.seconds() });
		expect(await queue().claim(under.clock.now - 1, 10, LEASE)).toEqual([]); // not yet due
		const claimed = await queue().claim(under.clock.now, 10, LEASE);
		expect(claimed.map((d) => ({ attempts: d.attempts, type: d.event.type }))).toEqual([
			{ attempts: 0, type: "user_created" },
			{ attempts: 0, type: "sign_in" },
		]);
		expect(claimed[1]!.event).toEqual(signIn);
		await queue().remove(claimed);
		expect(await queue().stats()).toEqual({ depth: 0, oldestEventTime: null });
	});

	test("a session's events are queued as stored, and claimed in the order they were stored: new_device at its creation, the ids the cap ended, a sign-out's id", async () => {
		await drainQueue(under);
		const user = await insertUser(under);
		const settings = { ...DEFAULT_SESSION_SETTINGS, perUser: 1 };
		const create = () => madeSession(under, user.id, settings, [randomBytes()]);
		const made = [await create()];
		// Each past the cap of one: the one before ends, in the same statement.
		for (let i = 1; i < 4; i++) made.push(await create());
		expect(made[1]!.created.data).toMatchObject({ new_device: true });
		expect(made[1]!.ended!.data).toEqual({ reason: "session_limit", session_ids: [made[0]!.session.id] });
		const signedOut = await under.stores.sessions.end(made[3]!.session.id, settings, event(under, "sessions_ended", user.id, { reason: "sign_out" }));
		expect(signedOut!.data).toEqual({ reason: "sign_out", session_ids: [made[3]!.session.id] });
		// With statistics, as a database in use has them, the planner reads the deliveries in the order
		// of their rows, which is not the order they were stored in: the claim puts them in order.
		await under.exec({ sqlite: "ANALYZE", postgres: "ANALYZE" });
		const claimed = await queue().claim(under.clock.now, 20, LEASE);
		const stored = [made[0]!.created, ...made.slice(1).flatMap((m) => [m.created, m.ended!]), signedOut!];
		expect(claimed.map((d) => d.event).filter((e) => e.type !== "user_created")).toEqual(stored);
		await queue().remove(claimed);
	});

	test("a claimed delivery is not claimed again until its lease ends; then it is, by a new claim, and the old claim records nothing", async () => {
		await drainQueue(under);
		await under.stores.events.append([event(under, "sign_in", null)]);
		const [first] = await queue().claim(under.clock.now, 10, LEASE);
		expect(first).toBeDefined();
		expect(await queue().claim(under.clock.now + LEASE - 1, 10, LEASE)).toEqual([]);
		const [again] = await queue().claim(under.clock.now + LEASE, 10, LEASE);
		expect(again!.event.id).toBe(first!.event.id);
		expect(again!.claim).not.toBe(first!.claim);
		// The first claimant comes back late: its result is not recorded.
		await queue().remove([first!]);
		await queue().retry(first!, under.clock.now);
		expect((await queue().stats()).depth).toBe(1);
		await queue().remove([again!]);
		expect((await queue().stats()).depth).toBe(0);
	});

	test("retry puts the delivery back, due when given, with one more failed attempt counted", async () => {
		await drainQueue(under);
		await under.stores.events.append([event(under, "sign_in", null)]);
		let [delivery] = await queue().claim(under.clock.now, 10, LEASE);
		await queue().retry(delivery!, under.clock.now + 5 * SECOND);
		expect(await queue().claim(under.clock.now + 5 * SECOND - 1, 10, LEASE)).toEqual([]);
		[delivery] = await queue().claim(under.clock.now + 5 * SECOND, 10, LEASE);
		expect(delivery!.attempts).toBe(1);
		await queue().retry(delivery!, under.clock.now + 6 * SECOND);
		[delivery] = await queue().claim(under.clock.now + 6 * SECOND, 10, LEASE);
		expect(delivery!.attempts).toBe(2);
		await queue().remove([delivery!]);
	});

	test("claims take the oldest due first, at most the limit; parallel claims hold different deliveries and together all of them", async () => {
		await drainQueue(under);
		const events = Array.from({ length: 30 }, (_, i) => ({ ...event(under, "sign_in", null), time: under.seconds() - 30 + i }));
		for (const e of events) await under.stores.events.append([e]);
		const oldest = await queue().claim(under.clock.now, 3, LEASE);
		expect(ids(oldest)).toEqual(events.slice(0, 3).map((e) => e.id));
		const claims = await together(6, () => queue().claim(under.clock.now, 5, LEASE));
		const held = claims.flatMap(ids);
		expect(new Set(held).size).toBe(held.length);
		expect(held.length).toBe(27);
		expect(new Set([...ids(oldest), ...held])).toEqual(new Set(events.map((e) => e.id)));
		await Promise.all([oldest, ...claims].map((claimed) => queue().remove(claimed)));
		expect((await queue().stats()).depth).toBe(0);
	});

	test("a change whose delivery cannot be queued is not made, and its event is not stored", async () => {
		await drainQueue(under);
		const user = await insertUser(under);
		await under.exec({
			sqlite: `CREATE TRIGGER refuse_delivery BEFORE INSERT ON webhook_delivery BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
			postgres: `CREATE FUNCTION refuse_delivery() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
				CREATE TRIGGER refuse_delivery BEFORE INSERT ON webhook_delivery FOR EACH ROW EXECUTE FUNCTION refuse_delivery()`,
		});
		try {
			await expect(under.stores.twoFactor.setRecoveryCode(user.id, "REPLACED", event(under, "recovery_code_regenerated", user.id))).rejects.toThrow();
		} finally {
			await under.exec({ sqlite: "DROP TRIGGER refuse_delivery", postgres: "DROP TRIGGER refuse_delivery ON webhook_delivery; DROP FUNCTION refuse_delivery()" });
		}
		expect((await under.stores.users.get(user.id))!.recoveryCode).toBe(user.recoveryCode);
		const stored = await under.rows(`SELECT type FROM event WHERE user_id = ?`, user.id);
		expect(stored.map((row) => row.type)).toEqual(["user_created"]);
	});

	test("the sweep of events takes their waiting deliveries with them", async () => {
		await drainQueue(under);
		await under.stores.events.append([event(under, "sign_in", null)]);
		under.clock.advance(31 * 86_400 * SECOND);
		await under.storage.sweep(under.clock.now);
		expect(await queue().stats()).toEqual({ depth: 0, oldestEventTime: null });
	});
});

contract("WebhookQueue for some types", { events: { retentionDays: 30, webhook: { types: new Set(["user_created", "sign_in"]) } } }, (under) => {
	test("only events of the delivered types are queued; the others are stored all the same", async () => {
		const user = await insertUser(under);
		await under.stores.events.append([event(under, "sign_in", user.id), event(under, "sign_in_failed", user.id)]);
		await under.stores.twoFactor.setRecoveryCode(user.id, "REPLACED", event(under, "recovery_code_regenerated", user.id));
		const claimed = await under.storage.webhookQueue.claim(under.clock.now, 10, LEASE);
		expect(claimed.map((d) => d.event.type)).toEqual(["user_created", "sign_in"]);
		expect((await under.rows(`SELECT type FROM event WHERE user_id = ? ORDER BY seq`, user.id)).map((row) => row.type)).toEqual([
			"user_created",
			"sign_in",
			"sign_in_failed",
			"recovery_code_regenerated",
		]);
	});
});
