// Attack (or accident): one instance's clock runs 16 minutes ahead of the others' (a host whose
// time sync broke, a VM restored from a snapshot). It judged limits, lockouts and expiry by its
// own clock: an address blocked elsewhere got 5 more guesses there, a locked TOTP check 5 more
// codes, and its sweep deleted every live rate_limit row (lifting every block everywhere) and
// requests minutes old. On PostgreSQL the database's clock now judges them, and an instance whose
// clock is off the database's says so in its log. Both instances here run on the database's real
// clock, as in production; the skewed one is told its time by an injected clock, not by a system
// tool. Run by `npm test` only on PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { authenticator, RP } from "../support/passkeys.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { validates } from "../support/session-changes.ts";
import { authenticatorCode, createUser, recordingLogger, startTestServer, STRONG_PASSWORD, uniqueEmail, type Answer, type TestClock, type TestServer } from "../support/server.ts";

const AHEAD_MS = 16 * 60_000;
const skewed = recordingLogger("info");
let database: string;
let onTime: TestServer;
let ahead: TestServer;

beforeAll(async () => {
	database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
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

test("the database's clock judges a disable's `until`, not the instance's", async () => {
	// The database's time is an hour behind this instance's.
	const clock: TestClock = {
		now: Date.now() - 3_600_000,
		advance(ms) {
			this.now += ms;
		},
	};
	const seconds = (ms: number) => Math.floor(ms / 1000);
	const behind = await startTestServer({ database, clockStartsAt: Date.now(), databaseClock: clock });
	try {
		const user = await createUser(behind);
		// Half an hour ahead by the database: half an hour ago by the instance, which would judge it passed.
		const until = seconds(clock.now) + 1800;
		expect((await behind.request("POST", `/users/${user.id}/disable`, { until })).body).toMatchObject({ disabled: true, disabled_until: until });
		expect((await behind.request("GET", `/users/${user.id}`)).body).toMatchObject({ disabled: true });
		expect((await behind.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).body).toEqual({ error: "USER_DISABLED" });
		// An end in the instance's future but the database's past is refused.
		expect((await behind.request("POST", `/users/${user.id}/disable`, { until: seconds(clock.now) - 10 })).body).toEqual({ error: "INVALID_DATA" });
		clock.advance(1_800_000);
		expect((await behind.request("GET", `/users/${user.id}`)).body).toMatchObject({ disabled: false, disabled_until: null });
		expect((await behind.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	} finally {
		await behind.stop();
	}
});

test("an instance whose clock is off the database's says so in its log", () => {
	const warnings = skewed.lines.map((line) => JSON.parse(line)).filter((line) => line.level === "warn" && line.message.includes("clock"));
	expect(warnings.length).toBeGreaterThan(0);
	expect(Math.round(warnings[0].skew_ms / 60_000)).toBe(16);
});

// Attack (or accident), on the times an instance writes: each instance stamped the created_at and
// expires_at of what it stored by its own clock, while the database's clock judged them. An
// instance an hour fast made 60 s sessions that still validated on a correct instance 75 s later,
// and codes that lived 70 minutes; one an hour slow made requests and sessions dead on arrival. On
// PostgreSQL the database's time stamps them, in the statement that stores them.
//
// Here the database's time is the judge's test clock, which the skewed instances are given as the
// database's: the test moves it, while their own clocks stay an hour off.
describe.each([
	{ name: "an hour fast", skewMs: 60 * 60_000 },
	{ name: "an hour slow", skewMs: -60 * 60_000 },
])("an instance whose clock runs $name", ({ skewMs }) => {
	const SESSIONS = { idleTimeoutSeconds: 60, lifetimeSeconds: 60, perUser: 50 };
	let judge: TestServer;
	let skewed: TestServer;
	let rangeApi: ReturnType<typeof Bun.serve>;

	beforeAll(async () => {
		// A range API that finds no password leaked: the once-a-day online check is what is dated.
		rangeApi = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("0000000000000000000000000000000000A:0") });
		const leakCheck = { mode: "online" as const, api: rangeApi.url.origin, timeoutMs: 5000 };
		database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
		judge = await startTestServer({ database, passkeys: RP, sessions: SESSIONS, leakCheck });
		skewed = await startTestServer({
			database,
			passkeys: RP,
			sessions: SESSIONS,
			leakCheck,
			clockStartsAt: judge.clock.now + skewMs,
			databaseClock: judge.clock,
		});
	});
	afterAll(async () => {
		await judge?.stop();
		await skewed?.stop();
		rangeApi?.stop(true);
	});

	/** The database's time, in seconds. */
	const databaseNow = () => Math.floor(judge.clock.now / 1000);
	const later = (seconds: number) => judge.clock.advance(seconds * 1000);

	test("a session it creates is stamped with the database's time, and expires by it on a correct instance", async () => {
		const user = await createUser(judge);
		const now = databaseNow();
		const created = await skewed.request("POST", `/users/${user.id}/sessions`, { second_factor_verified: true });
		expect(created.status).toBe(200);
		const { session, token } = created.body;
		expect([session.created_at, session.last_used_at, session.second_factor_verified_at, session.expires_at]).toEqual([now, now, now, now + 60]);
		expect(await validates(judge, token)).toBe(true);
		later(30);
		expect(await validates(judge, token)).toBe(true); // last used now: its idle timeout ends at 90 s
		later(45);
		expect(await validates(judge, token)).toBe(false); // 75 s after its creation, with a lifetime of 60 s
	});

	const CODE_REQUESTS: { kind: string; create(server: TestServer, user: { id: string; email: string | null }): Promise<Answer>; path(made: any, userId: string): string }[] = [
		{
			kind: "a password reset",
			create: (server, user) => server.request("POST", `/users/${user.id}/password-reset-requests`, {}),
			path: (made) => `/password-reset-requests/${made.id}`,
		},
		{
			kind: "an email verification",
			create: (server, user) => server.request("POST", `/users/${user.id}/email-verification-request`, {}),
			path: (_made, userId) => `/users/${userId}/email-verification-request`,
		},
		{
			kind: "an email update",
			create: (server, user) => server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() }),
			path: (made) => `/email-update-requests/${made.id}`,
		},
		{
			kind: "an email sign-in",
			create: (server, user) => server.request("POST", "/email-sign-ins", { email: user.email }),
			path: (made) => `/email-sign-ins/${made.id}`,
		},
	];

	test.each(CODE_REQUESTS)("$kind request it makes is stamped with the database's time, and expires 10 minutes of it later", async ({ create, path }) => {
		const user = await createUser(judge);
		const now = databaseNow();
		const made = await create(skewed, user);
		expect(made.status).toBe(200);
		expect([made.body.created_at, made.body.expires_at]).toEqual([now, now + 600]);
		const stored = await judge.request("GET", path(made.body, user.id));
		expect(stored.status).toBe(200);
		expect([stored.body.created_at, stored.body.expires_at]).toEqual([now, now + 600]);
		later(599);
		expect((await judge.request("GET", path(made.body, user.id))).status).toBe(200);
		later(1);
		expect((await judge.request("GET", path(made.body, user.id))).status).toBe(404);
	});

	test("a passkey ceremony lives 5 minutes of the database's time, whichever instance starts or finishes it", async () => {
		const user = await createUser(judge);
		const device = authenticator("ES256");
		const now = databaseNow();
		const registration = (await skewed.request("POST", `/users/${user.id}/passkey-registrations`, {})).body;
		expect([registration.created_at, registration.expires_at]).toEqual([now, now + 300]);
		later(290);
		const registered = await judge.request("POST", `/passkey-registrations/${registration.id}/verify`, { credential: device.register(registration.options) });
		expect(registered.status).toBe(200);

		const verify = async (starts: TestServer, finishes: TestServer, afterSeconds: number) => {
			const started = (await starts.request("POST", "/passkey-authentications", { user_id: user.id })).body;
			later(afterSeconds);
			return finishes.request("POST", `/passkey-authentications/${started.id}/verify`, { credential: device.assert(started.options) });
		};
		expect((await verify(skewed, judge, 310)).body).toEqual({ error: "INVALID_REQUEST" });
		expect((await verify(judge, skewed, 310)).body).toEqual({ error: "INVALID_REQUEST" });
		expect((await verify(judge, skewed, 290)).status).toBe(200);
		expect((await verify(skewed, skewed, 290)).status).toBe(200);
	});

	test("the once-a-day online check of a password is dated and judged by the database's time", async () => {
		const user = await createUser(judge);
		const checkedAt = async () => Number((await judge.rows(`SELECT password_leak_checked_online_at AS t FROM "user" WHERE id = ?`, user.id))[0]!.t);
		/** A correct password on `server`; the check runs after the answer, so this waits for `expected`. */
		const signIn = async (server: TestServer, expected: number) => {
			expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
			for (let i = 0; i < 50 && (await checkedAt()) !== expected; i++) await Bun.sleep(20);
		};
		const now = databaseNow();
		await signIn(skewed, now);
		expect(await checkedAt()).toBe(now);
		later(24 * 60 * 60 - 60);
		await signIn(judge, -1); // not a day yet: no check, so nothing to wait for but the time it would take
		expect(await checkedAt()).toBe(now);
		later(60);
		await signIn(judge, databaseNow());
		expect(await checkedAt()).toBe(databaseNow());
	});
});
