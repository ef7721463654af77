// Three instances on one PostgreSQL deliver one webhook queue: each event is delivered by one of
// them (FOR UPDATE SKIP LOCKED and a lease), so a healthy receiver gets each event once, not three
// times, whichever instance wrote it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase } from "../support/postgres.ts";
import { createUser, startTestServer, tempDir, type TestServer } from "../support/server.ts";

const adminUrl = process.env.HOLM_TEST_DATABASE_URL ?? "";
let servers: TestServer[] = [];
const received: string[] = [];
const receiver = Bun.serve({
	port: 0,
	hostname: "127.0.0.1",
	async fetch(request) {
		received.push(request.headers.get("webhook-id") ?? "");
		await request.text();
		return new Response(null, { status: 200 });
	},
});

beforeAll(async () => {
	if (adminUrl === "") throw new Error("the multi-instance tests need HOLM_TEST_DATABASE_URL (run them through npm test)");
	const database = await createTestDatabase(adminUrl);
	servers = await Promise.all(
		[0, 1, 2].map(() => {
			const dir = tempDir();
			const secretFile = join(dir, "webhook-secret");
			writeFileSync(secretFile, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64"));
			chmodSync(secretFile, 0o600);
			return startTestServer({
				database,
				events: { retentionDays: 30, webhook: { url: `http://127.0.0.1:${receiver.port}/`, secretFile, types: null } },
			});
		}),
	);
	for (const server of servers.slice(1)) server.clock.advance(servers[0]!.clock.now - server.clock.now);
});
afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
	await receiver.stop(true);
});

test("events written on three instances are each delivered once, by one of them", async () => {
	const users = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(servers[i % 3]!)));
	await Promise.all(
		Array.from({ length: 120 }, (_, i) => servers[i % 3]!.request("POST", `/users/${users[i % users.length]!.id}/regenerate-recovery-code`)),
	);
	const stored = (await servers[0]!.rows("SELECT id FROM event")).map((row) => row.id as string);
	expect(stored).toHaveLength(126);
	for (let i = 0; i < 500 && received.length < stored.length; i++) {
		for (const server of servers) server.ctx.webhooks?.wake();
		await Bun.sleep(20);
	}
	await Bun.sleep(200); // a second delivery of any of them would have arrived by now
	expect(received.toSorted()).toEqual(stored.toSorted());
});
