// Attack: a session ended on one instance (a sign-out, a password change) is still accepted by
// another instance behind the load balancer, because that one cached it or has not heard of the
// change yet. Holm keeps no session anywhere but the database: the next validation on any
// instance finds it gone. Run by `npm test` only on PostgreSQL (test/runner/postgres-suite.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestDatabase } from "../support/postgres.ts";
import { createUser, signIn, SESSION_CHANGES, validates } from "../support/session-changes.ts";
import { RP } from "../support/passkeys.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const adminUrl = process.env.HOLM_TEST_DATABASE_URL ?? "";
let servers: TestServer[] = [];

beforeAll(async () => {
	if (adminUrl === "") throw new Error("the multi-instance tests need HOLM_TEST_DATABASE_URL (run them through npm test)");
	const database = await createTestDatabase(adminUrl);
	servers = await Promise.all([0, 1].map(() => startTestServer({ database, passkeys: RP })));
	servers[1]!.clock.advance(servers[0]!.clock.now - servers[1]!.clock.now);
});
afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()));
});

describe.each(SESSION_CHANGES)("$name on one instance", (change) => {
	test("ends the session on the other at its next validation; another user's stays", async () => {
		const [a, b] = servers as [TestServer, TestServer];
		const user = await createUser(a);
		const bystander = await createUser(b);
		await change.prepare?.(a, user.id);
		const intruder = await signIn(a, user.id);
		const theirs = await signIn(a, bystander.id);
		expect(await validates(a, intruder.token)).toBe(true); // busy on instance a
		expect(await validates(b, intruder.token)).toBe(true);
		expect((await change.run(b, user, null)).status).toBeOneOf([200, 204]);
		expect(await validates(a, intruder.token)).toBe(false);
		expect(await validates(b, intruder.token)).toBe(false);
		expect(await validates(a, theirs.token)).toBe(true);
	});
});

test("a sign-out and a sign-out everywhere on one instance are refused on the other at once", async () => {
	const [a, b] = servers as [TestServer, TestServer];
	const user = await createUser(a);
	const one = await signIn(a, user.id);
	const two = await signIn(b, user.id);
	const three = await signIn(a, user.id);
	expect(await validates(b, one.token)).toBe(true);
	expect((await b.request("DELETE", `/sessions/${one.id}`)).status).toBe(204);
	expect(await validates(a, one.token)).toBe(false);
	expect((await a.request("DELETE", `/users/${user.id}/sessions?except=${three.id}`)).status).toBe(204);
	expect(await validates(b, two.token)).toBe(false);
	expect(await validates(b, three.token)).toBe(true);
});

test("parallel creations spread over two instances never exceed the cap", async () => {
	const [a, b] = servers as [TestServer, TestServer];
	const user = await createUser(a);
	const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => (i % 2 === 0 ? a : b).request("POST", `/users/${user.id}/sessions`, {})));
	expect(answers.every((answer) => answer.status === 200)).toBe(true);
	expect((await b.request("GET", `/users/${user.id}/sessions`)).body).toHaveLength(50);
});
