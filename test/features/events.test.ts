// The event feed (API.md section 11): every event type is stored and read back, in order, once;
// pages follow the cursor; filters; retention; and an event is never stored for a change that did
// not happen.
import { expect, test } from "bun:test";
import handlers from "../../src/features/events/handlers.ts";
import { documentedErrorsOf, UNKNOWN } from "../support/documented-errors.ts";
import { comparable, feedSettled, runEveryEventType } from "../support/events-flow.ts";
import { createUser, serverForThisFile, startTestServer, STRONG_PASSWORD, tempDirsForThisFile, type TestServer } from "../support/server.ts";

const server = serverForThisFile();

/** Every event after `after`, following `next` page by page. */
async function readAll(target: TestServer, path: string, after: string | null, limit: number): Promise<{ events: any[]; next: string }> {
	await feedSettled(target);
	const events: any[] = [];
	let cursor = after;
	for (;;) {
		const query = new URLSearchParams({ limit: String(limit) });
		if (cursor !== null) query.set("after", cursor);
		const separator = path.includes("?") ? "&" : "?";
		const page = await target.request("GET", `${path}${separator}${query}`);
		expect(page.status).toBe(200);
		events.push(...page.body.events);
		if (page.body.events.length === 0) return { events, next: page.body.next };
		cursor = page.body.next;
	}
}

async function currentCursor(target: TestServer): Promise<string> {
	return (await readAll(target, "/events", null, 1000)).next;
}

test("every event type is stored, in order, once, with the user, the address and no secret", async () => {
	const start = await currentCursor(server);
	const began = Math.floor(server.clock.now / 1000);
	const flow = await runEveryEventType(server);
	const { events } = await readAll(server, "/events", start, 7);
	expect(events.map(comparable)).toEqual(flow.expected);
	expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
	for (const event of events) {
		expect(event.id).toMatch(/^[a-km-np-z2-9]{24}$/);
		expect(event.time).toBeOneOf([began, began + 60]); // the flow moves the clock once, by a minute
	}
	const text = JSON.stringify(events);
	for (const secret of flow.secrets) expect(text).not.toContain(secret);
	expect(text).not.toContain("$argon2id$");
});

test("filters: a user's events, and types (repeatable); the user's own feed is NOT_FOUND for no such user", async () => {
	const start = await currentCursor(server);
	const a = await createUser(server);
	const b = await createUser(server);
	await server.request("POST", `/users/${a.id}/verify-password`, { password: STRONG_PASSWORD });
	await server.request("POST", `/users/${b.id}/verify-password`, { password: "wrong password" });
	await server.request("POST", `/users/${a.id}/regenerate-recovery-code`);

	const ofA = await readAll(server, `/users/${a.id}/events`, start, 100);
	expect(ofA.events.map((event) => event.type)).toEqual(["user_created", "sign_in", "recovery_code_regenerated"]);
	const ofB = await readAll(server, `/events?user_id=${b.id}`, start, 100);
	expect(ofB.events.map((event) => event.type)).toEqual(["user_created", "sign_in_failed"]);
	const signIns = await readAll(server, "/events?type=sign_in&type=sign_in_failed", start, 1);
	expect(signIns.events.map((event) => [event.type, event.user_id])).toEqual([
		["sign_in", a.id],
		["sign_in_failed", b.id],
	]);

	expect((await server.request("GET", "/users/aaaaaaaaaaaaaaaaaaaaaaaa/events")).body).toEqual({ error: "NOT_FOUND" });
	expect((await server.request("GET", "/users/not-an-id/events")).status).toBe(404);
	expect((await server.request("GET", "/events?user_id=aaaaaaaaaaaaaaaaaaaaaaaa")).body.events).toEqual([]);
});

test("a reader at the end gets its own cursor back, then exactly the new events", async () => {
	const end = await currentCursor(server);
	const empty = await server.request("GET", `/events?after=${end}`);
	expect(empty.body).toEqual({ events: [], next: end });
	const user = await createUser(server);
	await feedSettled(server);
	const page = await server.request("GET", `/events?after=${end}`);
	expect(page.body.events.map((event: any) => [event.type, event.user_id])).toEqual([["user_created", user.id]]);
	expect(page.body.next).not.toBe(end);
});

test("malformed queries answer INVALID_DATA rather than restarting or widening the feed", async () => {
	const queries = ["after=abc", "after=-1", "after=1.2.3", "after=%00", "after=99999999999999999999.99999999999999999999", "limit=0", "limit=ten", "limit=-5"];
	queries.push("type=sign_up", "type=sign_in&type=nope", "type=%00", "user_id=%00", "user_id=not-an-id");
	for (const query of queries) {
		const answer = await server.request("GET", `/events?${query}`);
		expect([query, answer.status, answer.body]).toEqual([query, 400, { error: "INVALID_DATA" }]);
	}
	// A limit over the maximum is capped, not refused.
	expect((await server.request("GET", "/events?limit=5000")).status).toBe(200);
});

test("no event is stored for a change that did not happen (the store writes it in the change's transaction)", async () => {
	const start = await currentCursor(server);
	const taken = await createUser(server);
	// The unique index refuses the second user: its user_created event must not exist either.
	const { newEvent } = await import("../../src/features/events/actions.ts");
	const ctx = server.ctx;
	const event = newEvent(ctx, "user_created", { userId: "zzzzzzzzzzzzzzzzzzzzzzzz" });
	const inserted = await ctx.stores.users.insert(
		{ id: "zzzzzzzzzzzzzzzzzzzzzzzz", createdAt: 0, email: taken.email, passwordHash: "x", recoveryCode: "AAAAAAAA" },
		event,
	);
	expect(inserted).toBe("EMAIL_ALREADY_USED");
	// Nor a totp_deleted for a user without a credential, nor a user_deleted for no such user.
	expect((await server.request("DELETE", `/users/${taken.id}/totp-credential`)).status).toBe(404);
	const { events } = await readAll(server, "/events", start, 100);
	expect(events.map((e) => e.type)).toEqual(["user_created"]);
});

const newDir = tempDirsForThisFile();

test("--event-retention: the sweep deletes events older than the retention; 0 stores none", async () => {
	const kept = await startTestServer({ dir: newDir(), events: { retentionDays: 2, webhook: null } });
	try {
		await createUser(kept); // its event will be 60 hours old
		kept.clock.advance(36 * 3600_000);
		const recent = await createUser(kept);
		kept.clock.advance(24 * 3600_000); // old is 60 hours old, recent 24
		await kept.sweep();
		const { events } = await readAll(kept, "/events", null, 100);
		expect(events.map((event) => event.user_id)).toEqual([recent.id]);
		// Once every event is older than the retention, every one goes; a reader's cursor still finds
		// the next event (positions are never reused, even once the table is empty).
		const { next } = await readAll(kept, "/events", null, 100);
		kept.clock.advance(3 * 24 * 3600_000);
		await kept.sweep();
		expect((await readAll(kept, "/events", null, 100)).events).toEqual([]);
		const later = await createUser(kept);
		expect((await readAll(kept, "/events", next, 100)).events.map((event) => event.user_id)).toEqual([later.id]);
	} finally {
		await kept.stop();
	}

	const none = await startTestServer({ dir: newDir(), events: { retentionDays: 0, webhook: null } });
	try {
		const user = await createUser(none);
		await none.request("POST", `/users/${user.id}/verify-password`, { password: "wrong password" });
		await none.request("DELETE", `/users/${user.id}`);
		expect((await none.request("GET", "/events")).body.events).toEqual([]);
		expect(await none.rows("SELECT count(*) AS n FROM event")).toEqual([{ n: none.store === "sqlite" ? 0 : "0" }]);
	} finally {
		await none.stop();
	}
});

documentedErrorsOf(handlers, () => server, ({ post, get }) => ({
	listEvents: [["INVALID_DATA", () => get("/events?limit=0")]],
	listUserEvents: [
		["NOT_FOUND", () => get(`/users/${UNKNOWN}/events`)],
		["INVALID_DATA", async () => get(`/users/${(await createUser(server)).id}/events?after=nonsense`)],
	],
	unblockUser: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/unblock`)],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/unblock`, "[]")],
	],
}));
