// The database goes away (a crash, a failover, a restart for an upgrade) and comes back. While it
// is gone Holm answers 500 UNKNOWN_ERROR, and /health 503, without hanging and without writing
// half of anything; once it is back Holm recovers by itself, with no restart.
// Needs a PostgreSQL server of its own to take down: run by `npm test` only on PostgreSQL, and
// skipped, saying why, when HOLM_TEST_DATABASE_URL names a server but this machine has no
// initdb/pg_ctl to start one of its own (unless HOLM_TEST_REQUIRE_POSTGRES=1, as in CI).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase, startPrivateServer, type PrivatePostgres } from "../support/postgres.ts";
import { createUser, startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";

const started = await startPrivateServer();
if (started.url === null) {
	if (process.env.HOLM_TEST_REQUIRE_POSTGRES === "1") throw new Error(`this test starts a PostgreSQL server of its own: ${started.reason}`);
	console.log(`connection-loss test skipped: it starts a PostgreSQL server of its own, and ${started.reason}.`);
}
const postgres: PrivatePostgres | undefined = started.url === null ? undefined : started;
let server: TestServer;

beforeAll(async () => {
	if (postgres !== undefined) server = await startTestServer({ database: await createTestDatabase(postgres.url) });
});
afterAll(async () => {
	await server?.stop();
	await postgres?.stop();
});

test.skipIf(postgres === undefined)("a lost database answers 500 and 503 while it lasts, and Holm recovers by itself", async () => {
	if (postgres === undefined) return;
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
