// Attack on the feed's promise, not on a user: three instances write events as fast as they can
// while a reader follows GET /events. With a plain sequence as the cursor, a transaction that took
// a lower number can commit after the reader has moved past it, and that event is never read. The
// reader must see every stored event exactly once, in the order the feed gives.
import { expect, test } from "bun:test";
import { createUser, instancesForThisFile, type TestServer } from "../support/server.ts";

const servers = instancesForThisFile(3);

const WRITERS_PER_INSTANCE = 8;
const WRITES_PER_WRITER = 250;

test("a reader following the feed while three instances write at full speed sees every event exactly once, in order", async () => {
	const users = await Promise.all(Array.from({ length: 24 }, (_, i) => createUser(servers[i % 3]!)));

	let writing = true;
	async function writer(server: TestServer, n: number): Promise<void> {
		for (let i = 0; i < WRITES_PER_WRITER; i++) {
			const user = users[(n * 7 + i) % users.length]!;
			// Two kinds of transaction: a recovery code (UPDATE, then the event) and an unblock
			// (a lock, a DELETE, then the event), so commits overtake each other.
			const path = i % 4 === 3 ? `/users/${user.id}/unblock` : `/users/${user.id}/regenerate-recovery-code`;
			const answer = await server.request("POST", path);
			if (answer.status !== 200 && answer.status !== 204) throw new Error(`${path}: ${answer.status}`);
		}
	}

	const seen: { id: string; cursor: string }[] = [];
	let pages = 0;
	let after: string | null = null;
	async function readPage(): Promise<number> {
		const server = servers[pages++ % 3]!;
		const query: string = after === null ? "?limit=37" : `?limit=37&after=${after}`;
		const page = await server.request("GET", `/events${query}`);
		expect(page.status).toBe(200);
		for (const event of page.body.events) seen.push({ id: event.id, cursor: page.body.next });
		after = page.body.next;
		return page.body.events.length;
	}
	async function reader(): Promise<void> {
		while (writing) await readPage();
	}

	const reading = reader();
	await Promise.all(servers.flatMap((server) => Array.from({ length: WRITERS_PER_INSTANCE }, (_, n) => writer(server, n))));
	writing = false;
	await reading;
	const stored = (await servers[0]!.rows("SELECT id FROM event")).map((row) => row.id as string);
	// The feed holds an event back while any older transaction runs, anywhere on the PostgreSQL
	// server (transaction ids are server-wide, and other tests may be running): the reader keeps
	// reading until it has as many events as are stored, or the feed stays quiet for a long while.
	for (let quiet = 0; seen.length < stored.length && quiet < 200; ) {
		if ((await readPage()) === 0) {
			quiet++;
			await Bun.sleep(50);
		}
	}
	expect(await readPage()).toBe(0); // and nothing more
	const ids = seen.map((event) => event.id);
	expect(stored.length).toBe(users.length + 3 * WRITERS_PER_INSTANCE * WRITES_PER_WRITER);
	// Exactly once: no event twice, none missing.
	expect(new Set(ids).size).toBe(ids.length);
	expect(ids.toSorted()).toEqual(stored.toSorted());
	// In order: the same events, read again from the start in one go, come in the same order.
	const again: string[] = [];
	let from = "0.0";
	for (;;) {
		const page = await servers[1]!.request("GET", `/events?limit=1000&after=${from}`);
		if (page.body.events.length === 0) break;
		again.push(...page.body.events.map((event: { id: string }) => event.id));
		from = page.body.next;
	}
	expect(again).toEqual(ids);
	expect(pages).toBeGreaterThan(10); // the reader really read while the writers wrote
});
