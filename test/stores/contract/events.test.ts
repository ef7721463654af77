// The EventStore contract (src/features/events/store.ts), on SQLite and PostgreSQL alike: the feed
// serves every stored event exactly once, in the order the writes committed, however its pages fall
// and however many write meanwhile; a cursor it gave stays good across the sweep; --event-retention
// 0 stores nothing.
import { SQL } from "bun";
import { expect, test } from "bun:test";
import type { EventType, FeedEvent, HolmEvent } from "../../../src/features/events/store.ts";
import { DEFAULT_SESSION_SETTINGS } from "../../../src/features/sessions/settings.ts";
import { contract, DAY, event, eventsOf, feedCaughtUp, insertUser, KIND, madeSession, together, type Under } from "./harness.ts";

/** Every event after `after` (or from the start), `limit` a page; the last cursor. */
async function drain(
	under: Under,
	query: { after?: string | null; userId?: string | null; types?: EventType[]; limit?: number } = {},
	wait: "until every stored event is served" | "no" = "until every stored event is served",
): Promise<{ events: FeedEvent[]; next: string }> {
	if (wait !== "no") await feedCaughtUp(under);
	const events: FeedEvent[] = [];
	let after = query.after ?? null;
	for (;;) {
		const page = await under.stores.events.list({ after, userId: query.userId ?? null, types: query.types ?? [], limit: query.limit ?? 100 });
		if (page === "INVALID_CURSOR") throw new Error("INVALID_CURSOR for a cursor the store gave");
		if (page.events.length === 0) {
			if (after !== null) expect(page.next).toBe(after);
			return { events, next: page.next };
		}
		events.push(...page.events);
		expect(page.next).toBe(page.events.at(-1)!.cursor);
		after = page.next;
	}
}

const ids = (events: readonly HolmEvent[]) => events.map((e) => e.id);

contract("EventStore", {}, (under) => {
	test("append stores events as given, data and all; the feed serves them oldest first", async () => {
		const user = await insertUser(under);
		const events: HolmEvent[] = [
			{ ...event(under, "sign_in", user.id, { method: "password", second_factor: false }), clientIp: "192.0.2.7" },
			event(under, "sign_in_failed", user.id, { reason: "incorrect_password", attempts: 3, note: null }),
			event(under, "requests_deleted", user.id, { kinds: ["password_reset", "email_update"], actor: "console" }),
		];
		await under.stores.events.append(events);
		await under.stores.events.append([]);
		expect((await eventsOf(under, user.id)).slice(1)).toEqual(events);
	});

	test("list: by user and by type, a page at a time, each event once", async () => {
		const [a, b] = [await insertUser(under), await insertUser(under)];
		const written: HolmEvent[] = [];
		for (let i = 0; i < 23; i++) {
			const e = event(under, i % 3 === 0 ? "sign_in_failed" : "sign_in", i % 2 === 0 ? a.id : b.id);
			written.push(e);
			await under.stores.events.append([e]);
		}
		const anonymous = event(under, "address_blocked", null, { address: "192.0.2.0/24" });
		await under.stores.events.append([anonymous]);
		const ofA = written.filter((e) => e.userId === a.id);
		for (const limit of [1, 4, 100]) {
			const everyType = (await drain(under, { userId: a.id, limit })).events;
			expect(everyType.map((e) => e.type)[0]).toBe("user_created");
			expect(ids(everyType.slice(1))).toEqual(ids(ofA));
			expect(ids((await drain(under, { userId: b.id, types: ["sign_in_failed"], limit })).events)).toEqual(ids(written.filter((e) => e.userId === b.id && e.type === "sign_in_failed")));
		}
		expect(ids((await drain(under, { userId: a.id, types: ["sign_in", "sign_in_failed"] })).events)).toEqual(ids(ofA));
		const all = (await drain(under, { limit: 7 })).events;
		expect(ids(all.slice(-24))).toEqual([...ids(written), anonymous.id]);
		expect(new Set(ids(all)).size).toBe(all.length);
		expect(ids((await drain(under, { types: ["address_blocked"] })).events)).toContain(anonymous.id);
	});

	test("list: a cursor the store never gave is INVALID_CURSOR; the last cursor waits for later events", async () => {
		for (const bad of ["abc", "-1", "1e5", " 1", "1.2.3", "99999999999999999999999999999999"]) {
			expect(await under.stores.events.list({ after: bad, userId: null, types: [], limit: 10 })).toBe("INVALID_CURSOR");
		}
		const { next } = await drain(under);
		const empty = await under.stores.events.list({ after: next, userId: null, types: [], limit: 10 });
		expect(empty).toEqual({ events: [], next: next! });
		const later = event(under, "sign_in", null);
		await under.stores.events.append([later]);
		expect(ids((await drain(under, { after: next })).events)).toEqual([later.id]);
	});

	test("deleteOlderThan drops the events before the time given; a cursor given before the sweep still continues exactly", async () => {
		const user = await insertUser(under);
		const old = event(under, "sign_in", user.id);
		await under.stores.events.append([old]);
		const { next: afterOld } = await drain(under);
		under.clock.advance(2 * DAY);
		const recent = [event(under, "sign_in", user.id), event(under, "sign_in_failed", user.id)];
		await under.stores.events.append(recent);
		await under.stores.events.deleteOlderThan(under.seconds() - 86_400);
		expect(ids(await eventsOf(under, user.id))).toEqual(ids(recent));
		expect(ids((await drain(under, { after: afterOld })).events)).toEqual(ids(recent));
		// Nothing at or after the time goes.
		await under.stores.events.deleteOlderThan(recent[0]!.time);
		expect(ids(await eventsOf(under, user.id))).toEqual(ids(recent));
	});

	test("the sweep keeps events for the retention (30 days here) by the store's clock", async () => {
		const user = await insertUser(under);
		const kept = event(under, "sign_in", user.id);
		await under.stores.events.append([kept]);
		under.clock.advance(30 * DAY);
		await under.storage.sweep(under.clock.now);
		expect(ids(await eventsOf(under, user.id))).toContain(kept.id);
		under.clock.advance(1000);
		await under.storage.sweep(under.clock.now);
		expect(ids(await eventsOf(under, user.id))).not.toContain(kept.id);
	});

	test("a reader following the feed while writers append in parallel sees every event exactly once", async () => {
		const { next: start } = await drain(under);
		const written: string[] = [];
		let writing = true;
		const seen: string[] = [];
		const reader = (async () => {
			let after = start;
			while (writing || seen.length < written.length) {
				const page = await under.stores.events.list({ after, userId: null, types: [], limit: 7 });
				if (page === "INVALID_CURSOR") throw new Error("INVALID_CURSOR");
				seen.push(...ids(page.events));
				after = page.next;
				if (page.events.length === 0) await Bun.sleep(1);
			}
		})();
		await together(4, async (w) => {
			for (let i = 0; i < 40; i++) {
				const batch = Array.from({ length: 1 + (i % 3) }, () => event(under, "sign_in", null, { writer: w }));
				written.push(...ids(batch));
				await under.stores.events.append(batch);
			}
		});
		writing = false;
		await reader;
		expect(seen.length).toBe(written.length);
		expect(new Set(seen)).toEqual(new Set(written));
	});

	if (KIND === "postgres") {
		test("PostgreSQL: an event of a transaction still open is not served, nor any after it, until that transaction ends; then all, in order", async () => {
			const { next: start } = await drain(under);
			const first = event(under, "sign_in", null);
			const held = Promise.withResolvers<void>();
			const written = Promise.withResolvers<void>();
			// Another connection's transaction, which writes an event and stays open.
			const sql = new SQL(under.location, { max: 1, prepare: false });
			const open = sql
				.begin(async (tx) => {
					await tx`INSERT INTO event (id, time, type, user_id, client_ip, data) VALUES (${first.id}, ${first.time}, ${first.type}, NULL, NULL, '{}'::jsonb)`;
					written.resolve();
					await held.promise;
				})
				.finally(() => sql.close());
			await written.promise;
			const second = event(under, "sign_in", null);
			await under.stores.events.append([second]);
			expect((await drain(under, { after: start }, "no")).events).toEqual([]);
			held.resolve();
			await open;
			expect(ids((await drain(under, { after: start })).events)).toEqual([first.id, second.id]);
		});
	}
});

contract("EventStore with --event-retention 0", { events: { retentionDays: 0, webhook: null } }, (under) => {
	test("stores no event, of a change or of its own", async () => {
		const user = await insertUser(under);
		await under.stores.events.append([event(under, "sign_in", user.id)]);
		await under.stores.twoFactor.setRecoveryCode(user.id, "REPLACED", event(under, "recovery_code_regenerated", user.id));
		expect((await under.stores.users.get(user.id))!.recoveryCode).toBe("REPLACED");
		expect(await under.rows("SELECT count(*) AS n FROM event")).toEqual([{ n: KIND === "sqlite" ? 0 : "0" }]);
		expect((await drain(under)).events).toEqual([]);
	});

	test("a session's creation past the cap and a sign-out still say what they ended, and store no event", async () => {
		const user = await insertUser(under);
		const settings = { ...DEFAULT_SESSION_SETTINGS, perUser: 1 };
		const create = () => madeSession(under, user.id, settings, []);
		const first = await create();
		const second = await create();
		expect(second.ended!.data).toEqual({ reason: "session_limit", session_ids: [first.session.id] });
		const signedOut = await under.stores.sessions.end(second.session.id, settings, event(under, "sessions_ended", user.id, { reason: "sign_out" }));
		expect(signedOut!.data).toEqual({ reason: "sign_out", session_ids: [second.session.id] });
		expect(await under.stores.sessions.end(second.session.id, settings, event(under, "sessions_ended", user.id, { reason: "sign_out" }))).toBeNull();
		expect(await under.rows("SELECT count(*) AS n FROM event")).toEqual([{ n: KIND === "sqlite" ? 0 : "0" }]);
	});
});
