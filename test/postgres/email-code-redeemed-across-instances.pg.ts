// Attack: redeem one email sign-in code at every instance behind the load balancer at once, for a
// session from each (GHSA-hc7v-rggr-4hvx). The request lives in PostgreSQL and a correct code uses
// it up with DELETE … RETURNING in one transaction, so exactly one verify signs in, whichever
// instance makes it; the code's attempts and the per-email limit are counted across instances too.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase } from "../support/postgres.ts";
import { createUser, startTestServer, uniqueEmail, type TestServer } from "../support/server.ts";

const adminUrl = process.env.HOLM_TEST_DATABASE_URL ?? "";
let servers: TestServer[] = [];

beforeAll(async () => {
	if (adminUrl === "") throw new Error("the multi-instance tests need HOLM_TEST_DATABASE_URL (run them through npm test)");
	const database = await createTestDatabase(adminUrl);
	servers = await Promise.all([0, 1, 2].map(() => startTestServer({ database })));
	for (const server of servers.slice(1)) server.clock.advance(servers[0]!.clock.now - server.clock.now);
});
afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
});

function spread(i: number): TestServer {
	return servers[i % servers.length]!;
}

test("30 parallel verifies of one right code across three instances: exactly one signs in", async () => {
	const user = await createUser(spread(0));
	const request = (await spread(1).request("POST", "/email-sign-ins", { email: user.email })).body;
	const answers = await Promise.all(
		Array.from({ length: 30 }, (_, i) => spread(i).request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code })),
	);
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	expect(answers.filter((answer) => answer.body?.error === "INVALID_REQUEST")).toHaveLength(29);
	expect((await spread(2).request("GET", `/users/${user.id}/events?type=sign_in`)).body.events).toHaveLength(1);
});

test("with create_user across instances: one user, created once", async () => {
	const email = uniqueEmail();
	const request = (await spread(0).request("POST", "/email-sign-ins", { email })).body;
	const answers = await Promise.all(
		Array.from({ length: 30 }, (_, i) => spread(i).request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: true })),
	);
	expect(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.created)).toEqual([true]);
	expect((await spread(1).request("GET", `/users?email=${encodeURIComponent(email)}`)).body).toHaveLength(1);
});

test("parallel requests for one email across instances leave one live code, and the per-email limit holds across them", async () => {
	const email = uniqueEmail();
	const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => spread(i).request("POST", "/email-sign-ins", { email })));
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
	expect(answers.filter((answer) => answer.body?.error === "TOO_MANY_REQUESTS")).toHaveLength(6);
	expect(await spread(0).rows("SELECT id FROM email_sign_in_request WHERE email = ?", email)).toHaveLength(1);
});

test("50 parallel wrong codes across instances get exactly 5 tries", async () => {
	const request = (await spread(0).request("POST", "/email-sign-ins", { email: uniqueEmail() })).body;
	const answers = await Promise.all(
		Array.from({ length: 50 }, (_, i) => spread(i).request("POST", `/email-sign-ins/${request.id}/verify`, { code: `WRONG${String(i).padStart(3, "2")}` })),
	);
	expect(answers.filter((answer) => answer.body?.error === "INCORRECT_CODE")).toHaveLength(5);
});
