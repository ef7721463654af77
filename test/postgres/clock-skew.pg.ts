// Attack (or accident): one instance's clock runs 16 minutes ahead of the others' (a host whose
// time sync broke, a VM restored from a snapshot). It judged limits, lockouts and expiry by its
// own clock: an address blocked elsewhere got 5 more guesses there, a locked TOTP check 5 more
// codes, and its sweep deleted every live rate_limit row (lifting every block everywhere) and
// requests minutes old. On PostgreSQL the database's clock now judges them, and an instance whose
// clock is off the database's says so in its log. Both instances here run on the database's real
// clock, as in production; the skewed one is told its time by an injected clock, not by a system
// tool. Run by `npm test` only on PostgreSQL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase } from "../postgres.ts";
import { authenticatorCode, createUser, recordingLogger, startTestServer, STRONG_PASSWORD, type TestServer } from "../support.ts";

const AHEAD_MS = 16 * 60_000;
const skewed = recordingLogger("info");
let onTime: TestServer;
let ahead: TestServer;

beforeAll(async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	onTime = await startTestServer({ database, clockStartsAt: Date.now(), databaseClock: "database" });
	ahead = await startTestServer({
		database,
		clockStartsAt: Date.now() + AHEAD_MS,
		databaseClock: "database",
		log: skewed.log,
	});
});
afterAll(async () => {
	await onTime?.stop();
	await ahead?.stop();
});

test("an instance whose clock runs ahead gives an address blocked elsewhere no more guesses", async () => {
	const user = await createUser(onTime);
	const address = "203.0.113.61";
	for (let i = 0; i < 5; i++) {
		const answer = await onTime.request("POST", `/users/${user.id}/verify-password`, { password: `wrong ${i}`, client_ip: address });
		expect(answer.body).toEqual({ error: "INCORRECT_PASSWORD" });
	}
	const skewed = await ahead.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: address });
	expect(skewed.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	// Refused by the 15-minute window of incorrect passwords, not merely by the hashing bucket.
	expect(Number(skewed.headers.get("Retry-After"))).toBeGreaterThan(10 * 60);
});

test("an instance whose clock runs ahead gives a locked TOTP check no more codes", async () => {
	const user = await createUser(onTime);
	const key = crypto.getRandomValues(new Uint8Array(20));
	const registered = await onTime.request("POST", `/users/${user.id}/register-totp`, {
		key: Buffer.from(key).toString("base64"),
		code: authenticatorCode(key, onTime.clock.now),
	});
	expect(registered.status).toBe(200);
	const valid = new Set([-1, 0, 1].map((steps) => authenticatorCode(key, onTime.clock.now + steps * 30_000)));
	const wrong = Array.from({ length: 20 }, (_, i) => String(300000 + i)).filter((code) => !valid.has(code));
	for (const code of wrong.slice(0, 5)) {
		expect((await onTime.request("POST", `/users/${user.id}/verify-2fa/totp`, { code })).body).toEqual({ error: "INCORRECT_CODE" });
	}
	const skewed = await ahead.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: wrong[5] });
	expect(skewed.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(Number(skewed.headers.get("Retry-After"))).toBeGreaterThan(10 * 60);
});

test("the sweep of an instance whose clock runs ahead deletes no live limit row and no live request", async () => {
	const user = await createUser(onTime);
	const address = "203.0.113.62";
	for (let i = 0; i < 5; i++) await onTime.request("POST", `/users/${user.id}/verify-password`, { password: `wrong ${i}`, client_ip: address });
	const request = (await onTime.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	// Made three minutes ago: seven of its ten minutes are left.
	await onTime.rows("UPDATE password_reset_request SET created_at = created_at - 180, expires_at = expires_at - 180 WHERE id = ?", request.id);
	const windows = "SELECT count(*)::int AS n FROM rate_limit WHERE rule = 'incorrect_passwords_address'";
	const before = (await onTime.rows(windows))[0]!.n;
	expect(before).toBeGreaterThan(0);

	await ahead.sweep();

	expect((await onTime.rows(windows))[0]!.n).toBe(before);
	expect((await onTime.request("GET", `/password-reset-requests/${request.id}`)).status).toBe(200);
	const blocked = await onTime.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: address });
	expect(blocked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
});

test("an instance whose clock is off the database's says so in its log", () => {
	const warnings = skewed.lines.map((line) => JSON.parse(line)).filter((line) => line.level === "warn" && line.message.includes("clock"));
	expect(warnings.length).toBeGreaterThan(0);
	expect(Math.round(warnings[0].skew_ms / 60_000)).toBe(16);
});
