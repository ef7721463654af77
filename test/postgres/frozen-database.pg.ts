// The database stops answering without closing anything: its machine hangs, or a network
// partition drops every packet. /health waited in the pool's queue and then on a query that never
// ended, so a load balancer never saw 503 and kept sending requests. It now has a connection of
// its own and a deadline of about 2 s. And a request left waiting was closed by Bun after 10 s
// with a warning line of Bun's own in the middle of Holm's JSON log; every line is now Holm's. Needs a PostgreSQL server of its own to pause: run by
// `npm test` only on PostgreSQL, and skipped, saying why, when this machine has no initdb/pg_ctl
// (unless HOLM_TEST_REQUIRE_POSTGRES=1, as in CI).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase, startPrivateServer, type PrivatePostgres } from "../support/postgres.ts";
import { PROCESS_SECRET, serveHolm, startTestServer, type TestServer } from "../support/server.ts";

const started = await startPrivateServer();
if (started.url === null) {
	if (process.env.HOLM_TEST_REQUIRE_POSTGRES === "1") throw new Error(`this test starts a PostgreSQL server of its own: ${started.reason}`);
	console.log(`frozen-database test skipped: it starts a PostgreSQL server of its own, and ${started.reason}.`);
}
const postgres: PrivatePostgres | undefined = started.url === null ? undefined : started;
let server: TestServer;

beforeAll(async () => {
	if (postgres !== undefined) server = await startTestServer({ database: await createTestDatabase(postgres.url), listen: true });
});
afterAll(async () => {
	postgres?.thaw();
	await server?.stop();
	await postgres?.stop();
});

/** GET /health, failing the test (rather than hanging it) when nothing answers within 8 s. */
async function health(): Promise<{ status: number; body: unknown }> {
	const response = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(8_000) });
	return { status: response.status, body: await response.json() };
}

test.skipIf(postgres === undefined)("a database that stops answering makes /health answer 503, not hang", async () => {
	if (postgres === undefined) return;
	expect(await health()).toEqual({ status: 200, body: { status: "ok" } });

	postgres.freeze();
	try {
		expect(await health()).toEqual({ status: 503, body: { status: "unavailable" } });
		// A second probe while the first one's query is still stuck answers the same.
		expect(await health()).toEqual({ status: 503, body: { status: "unavailable" } });
	} finally {
		postgres.thaw();
	}
	let back = false;
	for (let i = 0; i < 50 && !back; i++) {
		back = (await health()).status === 200;
		if (!back) await Bun.sleep(100);
	}
	expect(back).toBe(true);
});

/** Sends GET `path` on a plain socket (as curl or a proxy would; Bun's own fetch keeps the
 *  connection from counting as idle) and says whether the server closed it within 15 s. */
function closedWithin15s(url: string, path: string): Promise<boolean> {
	const { hostname, port } = new URL(url);
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => resolve(false), 15_000);
		Bun.connect({
			hostname,
			port: Number(port),
			socket: {
				open(socket) {
					socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: ${PROCESS_SECRET}\r\n\r\n`);
				},
				data() {},
				close() {
					clearTimeout(timer);
					resolve(true);
				},
			},
		}).catch(reject);
	});
}

test.skipIf(postgres === undefined)("a request left waiting on a frozen database writes no line outside Holm's log format", async () => {
	if (postgres === undefined) return;
	const database = await createTestDatabase(postgres.url);
	const holm = await serveHolm(["--database", database, "--log-format", "json"], { HOLM_SECRET: PROCESS_SECRET });
	try {
		expect((await fetch(`${holm.url}/users`, { headers: { Authorization: PROCESS_SECRET } })).status).toBe(200);
		postgres.freeze();
		try {
			// Sent to the database, where it waits; Bun closes the connection after its idle timeout.
			expect(await closedWithin15s(holm.url, "/users")).toBe(true);
		} finally {
			postgres.thaw();
		}
	} finally {
		await holm.stop();
	}
	const lines = (holm.output() + holm.errors()).split("\n").filter((line) => line !== "");
	expect(lines.length).toBeGreaterThan(0);
	for (const line of lines) {
		const parsed = (() => {
			try {
				return JSON.parse(line);
			} catch {
				return null;
			}
		})();
		expect(parsed?.level, line).toBeString();
	}
});
