// --limit NAME=COUNT/WINDOW (API.md section 4): each row of the limits can be set, the figures in
// force are what the server enforces and what /metrics shows, and nothing else about a limit
// changes. Run on both databases (the PostgreSQL half shares the limits between instances).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { cheapLockOuts, DEFAULT_LIMITS, LIMIT_NAMES, limitSettings, looserThanDefaults, secondFactorLockSeconds } from "../../src/limits.ts";
import { authenticatorCode, createUser, SECRET, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from "../support/server.ts";

const MINUTE = 60_000;
let server: TestServer;

beforeAll(async () => {
	server = await startTestServer({
		limits: [
			"hashing=8/20s",
			"incorrect-passwords-address=2/1m",
			"incorrect-passwords-user=3/2m",
			"reset-requests-user=1/5m",
			"email-requests-user=1/5m",
			"code-requests-address=4/5m",
			"email-sign-ins-email=2/3m",
			"code-attempts=2",
			"second-factor=2/1m",
		],
	});
});
afterAll(() => server.stop());

test("hashing=8/20s: a bucket of 8 per address, one token back every 20 s", async () => {
	const ip = "192.0.2.70";
	for (let i = 0; i < 8; i++) expect((await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip })).status).toBe(200);
	const refused = await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip });
	expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(refused.headers.get("Retry-After")).toBe("20");
	server.clock.advance(20_000);
	expect((await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip })).status).toBe(200);
});

test("incorrect-passwords-address=2/1m and incorrect-passwords-user=3/2m", async () => {
	const user = await createUser(server);
	const guess = (ip: string) => server.request("POST", `/users/${user.id}/verify-password`, { password: "not the password", client_ip: ip });
	for (let i = 0; i < 2; i++) expect((await guess("192.0.2.71")).body).toEqual({ error: "INCORRECT_PASSWORD" });
	const blocked = await guess("192.0.2.71");
	expect(blocked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(blocked.headers.get("Retry-After")).toBe("60");
	// The user's third incorrect password, from another address, blocks the user for 2 minutes.
	expect((await guess("192.0.2.72")).body).toEqual({ error: "INCORRECT_PASSWORD" });
	const userBlocked = await guess("192.0.2.73");
	expect(userBlocked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(userBlocked.headers.get("Retry-After")).toBe("120");
	server.clock.advance(2 * MINUTE);
});

test("reset-requests-user=1/5m, email-requests-user=1/5m and code-requests-address=4/5m", async () => {
	const user = await createUser(server);
	expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).status).toBe(200);
	const again = await server.request("POST", `/users/${user.id}/password-reset-requests`, {});
	expect(again.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(again.headers.get("Retry-After")).toBe("300");
	expect((await server.request("POST", `/users/${user.id}/email-verification-request`, {})).status).toBe(200);
	expect((await server.request("POST", `/users/${user.id}/email-verification-request`, {})).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect((await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() })).status).toBe(200);
	expect((await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() })).body).toEqual({ error: "TOO_MANY_REQUESTS" });

	const ip = "192.0.2.74";
	for (let i = 0; i < 4; i++) {
		const other = await createUser(server);
		expect((await server.request("POST", `/users/${other.id}/password-reset-requests`, { client_ip: ip })).status).toBe(200);
	}
	const fifth = await createUser(server);
	expect((await server.request("POST", `/users/${fifth.id}/password-reset-requests`, { client_ip: ip })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
});

test("code-attempts=2: the second incorrect code deletes the request", async () => {
	const user = await createUser(server);
	server.clock.advance(5 * MINUTE);
	const created = await server.request("POST", `/users/${user.id}/password-reset-requests`, {});
	const wrong = created.body.code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
	const verify = (code: string) => server.request("POST", `/password-reset-requests/${created.body.id}/verify-email`, { code });
	expect((await verify(wrong)).body).toEqual({ error: "INCORRECT_CODE" });
	expect((await verify(wrong)).body).toEqual({ error: "INCORRECT_CODE" });
	expect((await verify(created.body.code)).body).toEqual({ error: "NOT_FOUND" });
});

test("second-factor=2/1m: two incorrect codes in a row lock the check for 1 minute, then 2", async () => {
	const user = await createUser(server);
	const key = crypto.getRandomValues(new Uint8Array(20));
	const registered = await server.request("POST", `/users/${user.id}/register-totp`, {
		key: Buffer.from(key).toString("base64"),
		code: authenticatorCode(key, server.clock.now),
	});
	expect(registered.status).toBe(200);
	const valid = new Set([-1, 0, 1].map((steps) => authenticatorCode(key, server.clock.now + steps * 30_000)));
	const wrong = valid.has("000000") ? (valid.has("111111") ? "222222" : "111111") : "000000";
	const verify = (code: string) => server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code });
	expect((await verify(wrong)).body).toEqual({ error: "INCORRECT_CODE" });
	expect((await verify(wrong)).body).toEqual({ error: "INCORRECT_CODE" });
	const locked = await verify(wrong);
	expect(locked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(locked.headers.get("Retry-After")).toBe("60");
	server.clock.advance(MINUTE);
	expect((await verify(wrong)).body).toEqual({ error: "INCORRECT_CODE" });
	expect((await verify(wrong)).body).toEqual({ error: "INCORRECT_CODE" });
	expect((await verify(wrong)).headers.get("Retry-After")).toBe("120");
});

test("a COUNT above 64 is still exact in what it allows: 100 requests, then a refusal that says when", async () => {
	// Past 64 per window the requests are counted in runs (docs/limits.md, "A very large COUNT"):
	// kept as such in memory or as JSON in PostgreSQL.
	const counted = await startTestServer({ limits: ["reset-requests-user=100/1m"] });
	try {
		const user = await createUser(counted);
		for (let i = 0; i < 100; i++) {
			expect((await counted.request("POST", `/users/${user.id}/password-reset-requests`, {})).status).toBe(200);
			counted.clock.advance(100);
		}
		const refused = await counted.request("POST", `/users/${user.id}/password-reset-requests`, {});
		expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		const wait = Number(refused.headers.get("Retry-After"));
		// The first request leaves an exact window 50 s from now; its run ends at most 1/64 of a minute later.
		expect(wait).toBeGreaterThanOrEqual(50);
		expect(wait).toBeLessThanOrEqual(52);
		counted.clock.advance(wait * 1000);
		expect((await counted.request("POST", `/users/${user.id}/password-reset-requests`, {})).status).toBe(200);
	} finally {
		await counted.stop();
	}
});

test("email-sign-ins-email=2/3m: 2 email sign-in requests per email, whoever holds it", async () => {
	const email = uniqueEmail();
	for (let i = 0; i < 2; i++) expect((await server.request("POST", "/email-sign-ins", { email })).status).toBe(200);
	const refused = await server.request("POST", "/email-sign-ins", { email });
	expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(refused.headers.get("Retry-After")).toBe("180");
	server.clock.advance(3 * MINUTE);
	expect((await server.request("POST", "/email-sign-ins", { email })).status).toBe(200);
});

test("/metrics shows the limits in force", async () => {
	const response = await server.fetch("/metrics", { headers: { Authorization: SECRET } });
	const families = parsePrometheusTextFormat(await response.text());
	const byLimit = (name: string) =>
		Object.fromEntries(families.find((f) => f.name === name)!.metrics.map((m: any) => [m.labels.limit, Number(m.value)]));
	expect(byLimit("holm_limit_count")).toEqual({
		hashing: 8,
		"incorrect-passwords-address": 2,
		"incorrect-passwords-user": 3,
		"reset-requests-user": 1,
		"email-requests-user": 1,
		"code-requests-address": 4,
		"email-sign-ins-email": 2,
		"code-attempts": 2,
		"second-factor": 2,
	});
	expect(byLimit("holm_limit_window_seconds")).toEqual({
		hashing: 20,
		"incorrect-passwords-address": 60,
		"incorrect-passwords-user": 120,
		"reset-requests-user": 300,
		"email-requests-user": 300,
		"code-requests-address": 300,
		"email-sign-ins-email": 180,
		"second-factor": 60,
	});
});

describe("settings", () => {
	test("the defaults are the contract's figures", () => {
		expect(limitSettings([], "--limit")).toEqual(DEFAULT_LIMITS);
		expect(LIMIT_NAMES.map((name) => DEFAULT_LIMITS[name])).toEqual([
			{ count: 5, windowMs: 10_000 },
			{ count: 5, windowMs: 15 * MINUTE },
			{ count: 10, windowMs: 15 * MINUTE },
			{ count: 3, windowMs: 15 * MINUTE },
			{ count: 3, windowMs: 15 * MINUTE },
			{ count: 10, windowMs: 15 * MINUTE },
			{ count: 3, windowMs: 15 * MINUTE },
			{ count: 5, windowMs: null },
			{ count: 5, windowMs: 15 * MINUTE },
		]);
	});

	test("looser means a larger count or a shorter window; stricter values are not looser", () => {
		expect(looserThanDefaults(limitSettings(["hashing=20/10s", "incorrect-passwords-user=10/5m", "code-attempts=3", "second-factor=3/1h"], "--limit"))).toEqual([
			"hashing",
			"incorrect-passwords-user",
		]);
	});

	test("a cheap lock-out is a per-user COUNT below half the default (rounded up) or a WINDOW above the default", () => {
		expect(cheapLockOuts(DEFAULT_LIMITS)).toEqual([]);
		// At the floors, and with the default windows: nothing to warn about.
		expect(cheapLockOuts(limitSettings(["incorrect-passwords-user=5/15m", "second-factor=3/15m", "reset-requests-user=2/1m", "email-requests-user=2/15m", "email-sign-ins-email=2/15m"], "--limit"))).toEqual([]);
		expect(
			cheapLockOuts(limitSettings(["incorrect-passwords-user=4/15m", "second-factor=5/16m", "reset-requests-user=1/15m", "email-requests-user=3/1h", "email-sign-ins-email=1/1h"], "--limit")),
		).toEqual([
			{ limit: "incorrect-passwords-user", why: "COUNT below 5" },
			{ limit: "reset-requests-user", why: "COUNT below 2" },
			{ limit: "email-requests-user", why: "WINDOW above 15m" },
			{ limit: "email-sign-ins-email", why: "COUNT below 2 and WINDOW above 15m" },
			{ limit: "second-factor", why: "WINDOW above 15m" },
		]);
		// Rows whose key a stranger cannot name at will (an address, a request's own count) are not lock-outs of a user.
		expect(cheapLockOuts(limitSettings(["incorrect-passwords-address=1/24h", "code-requests-address=1/24h", "hashing=1/1h", "code-attempts=1"], "--limit"))).toEqual([]);
	});

	test("the second-factor lock still doubles and stops at 24 hours", () => {
		expect([0, 1, 2].map((n) => secondFactorLockSeconds(n, 60))).toEqual([60, 120, 240]);
		expect(secondFactorLockSeconds(12, 15 * 60)).toBe(24 * 60 * 60);
	});
});
