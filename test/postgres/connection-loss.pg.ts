// The database goes away (a crash, a failover, a restart for an upgrade) and comes back. While it
// is gone Holm answers 500 UNKNOWN_ERROR, and /health 503, without hanging and without writing
// half of anything; once it is back Holm recovers by itself, with no restart.
// Needs a PostgreSQL server of its own to take down: run by `npm test` only on PostgreSQL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase, startPrivateServer, type PrivatePostgres } from "../postgres.ts";
import { createUser, startTestServer, STRONG_PASSWORD, type TestServer } from "../support.ts";

let postgres: PrivatePostgres;
let server: TestServer;

beforeAll(async () => {
	const started = await startPrivateServer();
	if (started.url === null) throw new Error(`this test starts a PostgreSQL server of its own: ${started.reason}`);
	postgres = started;
	server = await startTestServer({ database: await createTestDatabase(postgres.url) });
});
afterAll(async () => {
	await server?.stop();
	await postgres?.stop();
});

test("a lost database answers 500 and 503 while it lasts, and Holm recovers by itself", async () => {
	const user = await createUser(server);
	expect((await server.request("GET", "/health")).status).toBe(200);

	postgres.halt();
	const during = await server.request("POST", "/users", { email: "while-down@example.com", password: STRONG_PASSWORD });
	expect(during.status).toBe(500);
	expect(during.body).toEqual({ error: "UNKNOWN_ERROR" });
	expect((await server.request("GET", `/users/${user.id}`)).body).toEqual({ error: "UNKNOWN_ERROR" });
	const health = await server.request("GET", "/health");
	expect(health.status).toBe(503);
	expect(health.body).toEqual({ status: "unavailable" });

	postgres.resume();
	let recovered = false;
	for (let i = 0; i < 50 && !recovered; i++) {
		recovered = (await server.request("GET", "/health")).status === 200;
		if (!recovered) await Bun.sleep(100);
	}
	expect(recovered).toBe(true);
	expect((await server.request("GET", `/users/${user.id}`)).body.id).toBe(user.id);
	// Nothing of the refused creation was kept: the address is free.
	expect((await server.request("POST", "/users", { email: "while-down@example.com", password: STRONG_PASSWORD })).status).toBe(200);
});
