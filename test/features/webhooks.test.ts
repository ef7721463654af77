// Webhooks (API.md section 11), against a real HTTP receiver in the test that answers, fails,
// hangs and recovers; every signature is checked with the `standardwebhooks` package (the
// reference implementation of the Standard Webhooks spec), not with Holm's own code.
import { afterAll, beforeAll, expect, setSystemTime, test } from "bun:test";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import type { EventConfig } from "../../src/config.ts";
import { RETRY_DELAYS_MS } from "../../src/webhooks/deliverer.ts";
import { comparable, feedSettled, runEveryEventType } from "../support/events-flow.ts";
import { createUser, SECRET as SERVER_SECRET, startTestServer, tempDirsForThisFile, type TestServer } from "../support/server.ts";

type Mode = "ok" | "fail" | "hang";

interface Received {
	id: string;
	timestamp: string;
	signature: string;
	body: string;
}

/** A receiver on a random port: answers 204, 500, or never, as told; keeps every request. */
function startReceiver() {
	let mode: Mode = "ok";
	const received: Received[] = [];
	const hanging: (() => void)[] = [];
	const server = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		async fetch(request) {
			const body = await request.text();
			received.push({
				id: request.headers.get("webhook-id") ?? "",
				timestamp: request.headers.get("webhook-timestamp") ?? "",
				signature: request.headers.get("webhook-signature") ?? "",
				body,
			});
			if (mode === "fail") return new Response("down for maintenance", { status: 500 });
			if (mode === "hang") await new Promise<void>((resolve) => hanging.push(resolve));
			return new Response(null, { status: 204 });
		},
	});
	return {
		url: `http://127.0.0.1:${server.port}/hooks/holm`,
		received,
		set(next: Mode) {
			mode = next;
		},
		async stop() {
			for (const resolve of hanging) resolve();
			await server.stop(true);
		},
	};
}

const newDir = tempDirsForThisFile();
const SECRET_BYTES = crypto.getRandomValues(new Uint8Array(32));
const SECRET = `whsec_${Buffer.from(SECRET_BYTES).toString("base64")}`;
let receiver: ReturnType<typeof startReceiver>;

beforeAll(() => {
	receiver = startReceiver();
});
afterAll(async () => {
	setSystemTime();
	await receiver.stop();
});

function webhookConfig(dir: string, types: string[] | null = null): EventConfig {
	const secretFile = join(dir, "webhook-secret");
	writeFileSync(secretFile, SECRET + "\n");
	chmodSync(secretFile, 0o600);
	return { retentionDays: 30, webhook: { url: receiver.url, secretFile, types: types === null ? null : new Set(types) } };
}

async function startWithWebhook(dir: string, types: string[] | null = null): Promise<TestServer> {
	return startTestServer({ dir, events: webhookConfig(dir, types), webhookTimeoutMs: 300 });
}

/** Waits (polling, with the deliverer woken) until `done` holds; fails after a long while. */
async function until(server: TestServer, what: string, done: () => boolean | Promise<boolean>): Promise<void> {
	for (let i = 0; i < 500; i++) {
		if (await done()) return;
		server.ctx.webhooks?.wake();
		await Bun.sleep(20);
	}
	throw new Error(`gave up waiting: ${what}`);
}

/** Verifies a delivery with standardwebhooks as the receiver would have when it arrived (the test
 *  clock runs days from the real one, and the library allows 5 minutes either way). */
function verified(server: TestServer, delivery: Received): any {
	expect(Number(delivery.timestamp) * 1000).toBeLessThanOrEqual(server.clock.now);
	setSystemTime(new Date(Number(delivery.timestamp) * 1000));
	try {
		// As docs/events.md's receiver makes it: the secret file's content, whose newline is trimmed.
		return new Webhook(readFileSync(join(server.dir, "webhook-secret"), "utf8").trim()).verify(delivery.body, {
			"webhook-id": delivery.id,
			"webhook-timestamp": delivery.timestamp,
			"webhook-signature": delivery.signature,
		});
	} finally {
		setSystemTime();
	}
}

async function feedSince(server: TestServer, after: string | null): Promise<any[]> {
	await feedSettled(server);
	const page = await server.request("GET", `/events?limit=1000${after === null ? "" : `&after=${after}`}`);
	return page.body.events;
}

/** One sample of GET /metrics, by its name and labels as written (`name{label="value"}`). */
async function metric(server: TestServer, sample: string): Promise<number> {
	const response = await server.fetch(`/metrics`, { headers: { Authorization: `Bearer ${SERVER_SECRET}` } });
	const line = (await response.text()).split("\n").find((l) => l.startsWith(`${sample} `));
	return line === undefined ? NaN : Number(line.split(" ").at(-1));
}

test("every event type reaches the receiver, signed as Standard Webhooks libraries verify, with the event id as webhook-id", async () => {
	receiver.set("ok");
	receiver.received.length = 0;
	const server = await startWithWebhook(newDir());
	try {
		const flow = await runEveryEventType(server);
		const feed = await feedSince(server, null);
		await until(server, "every event delivered", () => receiver.received.length >= feed.length);
		expect(receiver.received.length).toBe(feed.length);
		const delivered = receiver.received.map((delivery) => {
			const payload = verified(server, delivery);
			expect(payload.id).toBe(delivery.id);
			return payload;
		});
		// The same events as the feed, each once (in any order: deliveries run side by side).
		const byId = new Map(delivered.map((payload) => [payload.id, payload]));
		expect(byId.size).toBe(feed.length);
		for (const event of feed) expect(byId.get(event.id)).toEqual(event);
		expect(new Set(feed.map((event) => event.type))).toEqual(new Set(flow.expected.map((event) => event.type)));
		expect(feed.map(comparable)).toEqual(flow.expected);

		// A tampered body or a wrong secret does not verify.
		const first = receiver.received[0]!;
		expect(() => verified(server, { ...first, body: first.body.replace(/"type":"[a-z_]+"/, '"type":"user_deleted"') })).toThrow();
		setSystemTime(new Date(server.clock.now));
		expect(() => new Webhook(Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")).verify(first.body, { "webhook-id": first.id, "webhook-timestamp": first.timestamp, "webhook-signature": first.signature })).toThrow();
		setSystemTime();
		// The receiver has each delivery before Holm has its answer and counts it: wait for the
		// count, then ask that it is exact (no delivery counted twice).
		await until(server, "every delivery counted", async () => (await metric(server, 'holm_webhook_deliveries_total{outcome="delivered"}')) >= feed.length);
		expect(await metric(server, 'holm_webhook_deliveries_total{outcome="delivered"}')).toBe(feed.length);
		await until(server, "the queue emptied", async () => (await metric(server, "holm_webhook_queue_depth")) === 0);
	} finally {
		await server.stop();
	}
});

test("a receiver that fails, then hangs, then recovers gets every event, with the same webhook-id on each retry, also across a restart", async () => {
	const dir = newDir();
	receiver.received.length = 0;
	receiver.set("fail");
	let server = await startWithWebhook(dir);
	try {
		for (let i = 0; i < 3; i++) await createUser(server);
		const ids = (await feedSince(server, null)).map((event) => event.id);
		expect(ids).toHaveLength(3);
		await until(server, "first attempts", async () => (await metric(server, 'holm_webhook_deliveries_total{outcome="failed"}')) === 3);
		expect(await metric(server, "holm_webhook_queue_depth")).toBe(3);
		server.clock.advance(3000);
		expect(await metric(server, "holm_webhook_oldest_undelivered_age_seconds")).toBe(3);

		// Nothing is tried again before its delay (5 s), however often the deliverer looks.
		for (let i = 0; i < 5; i++) {
			server.ctx.webhooks?.wake();
			await Bun.sleep(20);
		}
		const afterFirst = receiver.received.length;
		expect(afterFirst).toBe(3);

		// The second attempt hangs past the timeout: a failure too.
		receiver.set("hang");
		server.clock.advance(RETRY_DELAYS_MS[0]!);
		await until(server, "second attempts", () => receiver.received.length >= afterFirst + 3);
		await until(server, "second attempts recorded", async () => (await metric(server, 'holm_webhook_deliveries_total{outcome="failed"}')) >= 6);

		// A restart in the middle: the queue is in the database.
		const now = server.clock.now;
		await server.stop();
		receiver.set("ok");
		server = await startWithWebhook(dir);
		server.clock.now = now + RETRY_DELAYS_MS[1]!;
		await until(server, "delivered after the restart", async () => (await metric(server, "holm_webhook_queue_depth")) === 0);

		// Every event arrived, at least once; every attempt of one event carried its id, and verifies.
		const attempts = new Map<string, number>();
		for (const delivery of receiver.received) {
			attempts.set(delivery.id, (attempts.get(delivery.id) ?? 0) + 1);
			expect(verified(server, delivery).id).toBe(delivery.id);
		}
		expect([...attempts.keys()].toSorted()).toEqual(ids.toSorted());
		for (const id of ids) expect(attempts.get(id)).toBe(3);
	} finally {
		await server.stop();
	}
});

test("after the last retry a delivery is given up: an error line and a metric", async () => {
	receiver.received.length = 0;
	receiver.set("fail");
	const lines: string[] = [];
	const collect = (message: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ message, ...fields }));
	const dir = newDir();
	const server = await startTestServer({
		dir,
		events: webhookConfig(dir),
		webhookTimeoutMs: 300,
		log: { info() {}, warn: collect, error: collect },
	});
	try {
		await createUser(server);
		const [event] = await feedSince(server, null);
		// Each failure is recorded (its next attempt set from the clock) before the clock moves on.
		const failed = () => metric(server, 'holm_webhook_deliveries_total{outcome="failed"}');
		await until(server, "first attempt", async () => (await failed()) === 1);
		for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
			server.clock.advance(delay);
			if (i < RETRY_DELAYS_MS.length - 1) await until(server, `retry ${i + 1}`, async () => (await failed()) === i + 2);
		}
		await until(server, "given up", async () => (await metric(server, 'holm_webhook_deliveries_total{outcome="given_up"}')) === 1);
		expect(receiver.received.map((delivery) => delivery.id)).toEqual(Array(7).fill(event.id));
		expect(await metric(server, "holm_webhook_queue_depth")).toBe(0);
		server.clock.advance(24 * 3600_000);
		server.ctx.webhooks?.wake();
		await Bun.sleep(100);
		expect(receiver.received).toHaveLength(7);
		const gaveUp = lines.map((line) => JSON.parse(line)).find((line) => line.message === "webhook delivery given up");
		expect(gaveUp).toMatchObject({ event_id: event.id, type: "user_created", attempts: 7, reason: "status 500" });
		expect(lines.join("\n")).not.toContain(SECRET.slice(6));
	} finally {
		await server.stop();
	}
});

test("a receiver that is down is logged as the cause (connection refused), not as the error's class", async () => {
	// A port that was just listened on and closed: nothing answers there.
	const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(null) });
	const downUrl = `http://127.0.0.1:${closed.port}/hooks`;
	closed.stop(true);
	const lines: Record<string, unknown>[] = [];
	const collect = (message: string, fields?: Record<string, unknown>) => lines.push({ message, ...fields });
	const dir = newDir();
	const events = webhookConfig(dir);
	const server = await startTestServer({
		dir,
		events: { ...events, webhook: { ...events.webhook!, url: downUrl } },
		webhookTimeoutMs: 300,
		log: { info() {}, warn: collect, error: collect },
	});
	try {
		await createUser(server);
		await until(server, "a failure logged", () => lines.some((line) => line.message === "webhook deliveries failing; they will be retried"));
		const failing = lines.find((line) => line.message === "webhook deliveries failing; they will be retried");
		expect(failing).toMatchObject({ reason: "connection refused" });
	} finally {
		await server.stop();
	}
});

test("--webhook-event sends only the chosen types; the feed still has every event", async () => {
	receiver.received.length = 0;
	receiver.set("ok");
	const server = await startWithWebhook(newDir(), ["user_deleted"]);
	try {
		await createUser(server);
		const gone = await createUser(server);
		await server.request("DELETE", `/users/${gone.id}`);
		await until(server, "the deletion delivered", () => receiver.received.length >= 1);
		await Bun.sleep(100);
		expect(receiver.received.map((delivery) => JSON.parse(delivery.body).type)).toEqual(["user_deleted"]);
		expect((await feedSince(server, null)).map((event) => event.type)).toEqual(["user_created", "user_created", "user_deleted"]);
	} finally {
		await server.stop();
	}
});

test("an API call never waits for a webhook: it answers while its event's delivery still hangs", async () => {
	receiver.received.length = 0;
	receiver.set("hang");
	const dir = newDir();
	// The production timeout (10 s): a request that waited for the delivery would still be waiting.
	const server = await startTestServer({ dir, events: webhookConfig(dir) });
	try {
		const first = await createUser(server);
		await until(server, "the delivery hangs at the receiver", () => receiver.received.length >= 1);
		const second = await server.request("POST", `/users/${first.id}/regenerate-recovery-code`);
		expect(second.status).toBe(200);
		// Both answered while the receiver still holds the first delivery open.
		expect(receiver.received.map((delivery) => JSON.parse(delivery.body).user_id)).toContain(first.id);
	} finally {
		receiver.set("ok");
		await receiver.stop();
		receiver = startReceiver();
		await server.stop();
	}
});

test("an instance starts no attempt its lease may end during (a stalled batch): no second instance delivers it at the same time, and none is lost", async () => {
	// A batch's lease is one minute. Attempts run 64 at a time, each up to its timeout, and each
	// failure is recorded by a write that may stall (up to the database's statement timeout): a
	// batch could outlive its lease, and its last attempts then ran while another instance had
	// claimed the same deliveries. Here the clock jumps while the first 64 attempts hang.
	receiver.received.length = 0;
	receiver.set("hang");
	const dir = newDir();
	// Only user_deleted is queued by the server itself; the 70 deliveries are planted, all due at once.
	const server = await startWithWebhook(dir, ["user_deleted"]);
	try {
		for (let i = 0; i < 70; i++) expect((await server.request("POST", "/user-imports", { users: [] })).status).toBe(200);
		const plant = "INSERT INTO webhook_delivery (event_seq, due_at) SELECT seq, 0 FROM event";
		if (server.databaseUrl === null) {
			const { Database } = await import("bun:sqlite");
			const db = new Database(join(dir, "holm.db"));
			db.exec("PRAGMA busy_timeout = 5000");
			db.exec(plant);
			db.close();
		} else {
			await server.rows(plant);
		}
		server.ctx.webhooks?.wake();
		await until(server, "the first 64 attempts", () => receiver.received.length >= 64);
		// 50 s into the lease: the 6 left cannot be attempted and recorded before it ends.
		server.clock.advance(50_000);
		await Bun.sleep(1500);
		expect(receiver.received.length).toBe(64);

		// Nothing is lost: once the lease and the retry delay are over, all 70 arrive.
		receiver.set("ok");
		server.clock.advance(20_000);
		await until(server, "all 70", () => new Set(receiver.received.map((delivery) => delivery.id)).size >= 70);
	} finally {
		await server.stop();
	}
}, 60_000);
