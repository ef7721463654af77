// Attack: spread guesses over every instance behind the load balancer, so that each instance's
// count sees only its share. On PostgreSQL every attempt counter, lockout and rate limit lives in
// the database, so three instances give exactly the tries one would. Run by `npm test` only on
// PostgreSQL (test/runner/postgres-suite.ts).
import { expect, test } from "bun:test";
import { createTestDatabase } from "../support/postgres.ts";
import { authenticatorCode, createUser, instancesForThisFile, startTestServer, STRONG_PASSWORD, type Answer, type TestServer } from "../support/server.ts";

const servers = instancesForThisFile(3);

/** Request i goes to instance i mod 3. */
function spread(i: number): TestServer {
	return servers[i % servers.length]!;
}

function errors(answers: Answer[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const answer of answers) {
		const key = answer.status === 204 || answer.status === 200 ? "OK" : answer.body?.error;
		counts[key] = (counts[key] ?? 0) + 1;
	}
	return counts;
}

test("50 parallel guesses at one reset code across three instances get exactly 5 tries", async () => {
	const user = await createUser(spread(0));
	const request = (await spread(1).request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	const guesses = Array.from({ length: 50 }, (_, i) => `WRONG${String(i).padStart(3, "2")}`.slice(0, 8)).filter((code) => code !== request.code);
	const answers = await Promise.all(guesses.map((code, i) => spread(i).request("POST", `/password-reset-requests/${request.id}/verify-email`, { code })));
	expect(errors(answers)).toEqual({ INCORRECT_CODE: 5, NOT_FOUND: guesses.length - 5 });
});

test("50 parallel TOTP guesses across three instances: 5 checked, then the lock", async () => {
	const user = await createUser(spread(0));
	const key = crypto.getRandomValues(new Uint8Array(20));
	const now = servers[0]!.clock.now;
	const register = await spread(1).request("POST", `/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, now) });
	expect(register.status).toBe(200);
	const valid = new Set([-1, 0, 1].map((steps) => authenticatorCode(key, now + steps * 30_000)));
	const guesses = Array.from({ length: 60 }, (_, i) => String(200000 + i)).filter((code) => !valid.has(code)).slice(0, 50);
	const answers = await Promise.all(guesses.map((code, i) => spread(i).request("POST", `/users/${user.id}/verify-2fa/totp`, { code })));
	expect(errors(answers)).toEqual({ INCORRECT_CODE: 5, TOO_MANY_REQUESTS: 45 });
});

test("50 parallel recovery-code guesses across three instances: 5 checked, then the lock", async () => {
	const user = await createUser(spread(0));
	const guesses = Array.from({ length: 50 }, (_, i) => `GUESS${String(i).padStart(3, "2")}`).filter((code) => code !== user.recovery_code);
	const answers = await Promise.all(guesses.map((code, i) => spread(i).request("POST", `/users/${user.id}/reset-2fa`, { recovery_code: code })));
	expect(errors(answers)).toEqual({ INCORRECT_CODE: 5, TOO_MANY_REQUESTS: guesses.length - 5 });
});

test("50 parallel wrong passwords from one address across three instances: 5 verifications", async () => {
	const user = await createUser(spread(0));
	const answers = await Promise.all(
		Array.from({ length: 50 }, (_, i) =>
			spread(i).request("POST", `/users/${user.id}/verify-password`, { password: `guess number ${i}`, client_ip: "198.51.100.99" }),
		),
	);
	expect(errors(answers)).toEqual({ INCORRECT_PASSWORD: 5, TOO_MANY_REQUESTS: 45 });
	// The block holds on every instance, against the right password too.
	for (const server of servers) {
		const blocked = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "198.51.100.99" });
		expect(blocked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
	}
});

test("the per-user and per-address request limits hold across instances", async () => {
	const user = await createUser(spread(0));
	const statuses: number[] = [];
	for (let i = 0; i < 6; i++) statuses.push((await spread(i).request("POST", `/users/${user.id}/password-reset-requests`, {})).status);
	expect(statuses).toEqual([200, 200, 200, 400, 400, 400]);

	const ip = "203.0.113.150";
	const others: { id: string }[] = [];
	for (let i = 0; i < 4; i++) others.push(await createUser(spread(i)));
	const byAddress = await Promise.all(
		Array.from({ length: 12 }, (_, i) => spread(i).request("POST", `/users/${others[i % 4]!.id}/email-verification-request`, { client_ip: ip })),
	);
	// 4 users × 3 per user would allow 12; the address allows 10.
	expect(errors(byAddress)).toEqual({ OK: 10, TOO_MANY_REQUESTS: 2 });
});

test("an unknown email's per-user window holds across instances: 10 wrong sign-ins, then blocked everywhere", async () => {
	const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
	const answers = await Promise.all(
		Array.from({ length: 30 }, (_, i) =>
			spread(i).request("POST", "/authenticate/password", { email, password: `guess number ${i}`, client_ip: `2001:db8:77:${i}::1` }),
		),
	);
	expect(errors(answers)).toEqual({ NOT_FOUND: 10, TOO_MANY_REQUESTS: 20 });
});

test("eight instances starting at once on an empty database all come up", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const eight = await Promise.all(Array.from({ length: 8 }, () => startTestServer({ database })));
	try {
		const user = await createUser(eight[0]!);
		for (const server of eight) expect((await server.request("GET", `/users/${user.id}`)).status).toBe(200);
	} finally {
		await Promise.all(eight.map((server) => server.stop()));
	}
});
