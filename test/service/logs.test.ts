// What an operator reads: a request line per request with its error code and request id, and
// security events as lines of their own, each naming the user and the canonical client_ip, and
// never a password, code, key, hash, secret or request id.
import { expect, test } from "bun:test";
import { verifyResetEmail } from "../../src/features/password-reset/actions.ts";
import { createLogger, MAX_WAITING } from "../../src/log.ts";
import { authenticatorCode, createUser, recordingLogger, SECRET, serverForThisFile, startTestServer, STRONG_PASSWORD } from "../support/server.ts";

const { log, lines } = recordingLogger();

const server = serverForThisFile({ log });

function parsed(): Record<string, unknown>[] {
	return lines.map((line) => JSON.parse(line));
}

// The README's security events; account history (user_created, sign_in, …) is logged too, as
// "security event" lines, and checked with the feed (test/features/events.test.ts).
const SECURITY_EVENTS = new Set([
	"address_blocked",
	"user_blocked",
	"request_deleted_after_incorrect_codes",
	"second_factor_locked",
	"password_reset",
	"password_changed",
	"second_factor_reset",
	"user_deleted",
]);

function events(): Record<string, unknown>[] {
	return parsed().filter((line) => line.message === "security event" && SECURITY_EVENTS.has(line.event as string));
}

test("each request line carries the error code and a request id, which is echoed back", async () => {
	const user = await createUser(server);
	const answer = await server.fetch(`/users/${user.id}/verify-password`, {
		method: "POST",
		headers: { Authorization: SECRET, "X-Request-Id": "trace-4bf92f3577b34da6" },
		body: JSON.stringify({ password: "not the password" }),
	});
	expect(answer.headers.get("X-Request-Id")).toBe("trace-4bf92f3577b34da6");
	const line = parsed().find((l) => l.request_id === "trace-4bf92f3577b34da6")!;
	expect(line).toMatchObject({ message: "request", route: "/users/:user_id/verify-password", status: 400, error: "INCORRECT_PASSWORD" });

	// Without one (or with one that is not an id), Holm makes one.
	const made = await server.fetch(`/users/${user.id}`, { headers: { Authorization: SECRET, "X-Request-Id": "a b\tc" } });
	const id = made.headers.get("X-Request-Id")!;
	expect(id).toMatch(/^[0-9a-f-]{36}$/);
	expect(parsed().find((l) => l.request_id === id)).toMatchObject({ route: "/users/:user_id", status: 200, error: null });
});

test("every security event appears once, with the user and address, and no secret in any line", async () => {
	lines.length = 0;
	const ip = "2001:db8:7:7::1";
	const key = "v6:2001:db8:7:7::/64";

	// user_blocked and address_blocked: 10 incorrect passwords at one user, 5 of them from one address.
	const target = await createUser(server);
	for (let i = 0; i < 5; i++) await server.request("POST", `/users/${target.id}/verify-password`, { password: `guess ${i}`, client_ip: ip });
	for (let i = 0; i < 5; i++) await server.request("POST", `/users/${target.id}/verify-password`, { password: `guess ${i}`, client_ip: `198.18.9.${i}` });
	server.clock.advance(15 * 60_000);

	// request_deleted_after_incorrect_codes, then password_reset.
	const user = await createUser(server);
	const doomed = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	for (let i = 0; i < 5; i++) await server.request("POST", `/password-reset-requests/${doomed.id}/verify-email`, { code: "WRONG234" });
	const reset = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	await server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code });
	const newPassword = "a brand new passphrase 9";
	expect((await server.request("POST", "/reset-password", { request_id: reset.id, password: newPassword, client_ip: ip })).status).toBe(204);

	// password_changed.
	const changed = "and another passphrase 10";
	expect((await server.request("POST", `/users/${user.id}/update-password`, { password: newPassword, new_password: changed })).status).toBe(204);

	// second_factor_locked, then second_factor_reset.
	const totpKey = crypto.getRandomValues(new Uint8Array(20));
	const keyBase64 = Buffer.from(totpKey).toString("base64");
	await server.request("POST", `/users/${user.id}/register-totp`, { key: keyBase64, code: authenticatorCode(totpKey, server.clock.now) });
	server.clock.advance(30_000);
	const valid = new Set([-1, 0, 1].map((steps) => authenticatorCode(totpKey, server.clock.now + steps * 30_000)));
	const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
	for (let i = 0; i < 5; i++) await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: wrong });
	const recovery = (await server.request("GET", `/users/${user.id}`)).body.recovery_code;
	const newRecovery = (await server.request("POST", `/users/${user.id}/reset-2fa`, { recovery_code: recovery })).body.recovery_code;

	// user_deleted.
	expect((await server.request("DELETE", `/users/${user.id}`)).status).toBe(204);

	const seen = events().map(({ time: _time, level: _level, message: _message, ...event }) => event);
	expect(seen).toEqual([
		// Each block names the user guessed at and the address of the guess that completed it.
		{ event: "address_blocked", limit: "incorrect_passwords_address", client_ip: key, user_id: target.id },
		{ event: "user_blocked", limit: "incorrect_passwords_user", user_id: target.id, client_ip: "v4:198.18.9.4" },
		{ event: "request_deleted_after_incorrect_codes", request: "password_reset", user_id: user.id, client_ip: null },
		{ event: "password_reset", user_id: user.id, client_ip: key },
		{ event: "password_changed", user_id: user.id, client_ip: null },
		{ event: "second_factor_locked", check: "totp", user_id: user.id, lock_seconds: 900, client_ip: null },
		{ event: "second_factor_reset", user_id: user.id, client_ip: null },
		{ event: "user_deleted", user_id: user.id, client_ip: null },
	]);
	expect(events().filter((e) => e.event === "address_blocked" || e.event === "second_factor_locked").every((e) => e.level === "warn")).toBe(true);

	const all = lines.join("\n");
	for (const secret of [SECRET, STRONG_PASSWORD, newPassword, changed, reset.code, reset.id, doomed.id, keyBase64, recovery, newRecovery, "WRONG234"]) {
		expect(all).not.toContain(secret);
	}
	expect(all).not.toContain("$argon2id$");
});

test("block and deletion events name both the user and the canonical client_ip, where the call gave one", async () => {
	server.clock.advance(16 * 60_000);
	lines.length = 0;
	const user = await createUser(server);

	// The 3rd reset request in 15 minutes blocks the user's reset requests: the event names the address.
	for (let i = 0; i < 3; i++) {
		expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, { client_ip: "2001:db8:8:8::5" })).status).toBe(200);
	}
	// A request deleted at its 5th wrong code: the address the codes came from (the body's client_ip,
	// canonical once validated) is in the event.
	// (The action itself, given the canonical client_ip of a verify-email body.)
	const reset = (await server.request("GET", `/users/${user.id}/password-reset-requests`)).body[0];
	for (let i = 0; i < 5; i++) expect(await verifyResetEmail(server.ctx, reset.id, "WRONG234", "v6:2001:db8:8:8::/64")).toEqual({ ok: false, error: "INCORRECT_CODE" });
	expect(await verifyResetEmail(server.ctx, reset.id, "WRONG234", "v6:2001:db8:8:8::/64")).toEqual({ ok: false, error: "NOT_FOUND" });

	const seen = events().map(({ time: _time, message: _message, ...event }) => event);
	expect(seen).toEqual([
		{ level: "warn", event: "user_blocked", limit: "password_reset_requests", user_id: user.id, client_ip: "v6:2001:db8:8:8::/64" },
		{ level: "warn", event: "request_deleted_after_incorrect_codes", request: "password_reset", user_id: user.id, client_ip: "v6:2001:db8:8:8::/64" },
	]);
});

test("the error line of a failed request carries the request id of its request line", async () => {
	const { log, lines: own } = recordingLogger("info");
	// Fails closed with nothing listening at the range API: creating a user answers 500.
	const failing = await startTestServer({
		log,
		leakCheck: { mode: "online", api: "http://127.0.0.1:9", fail: "closed" },
	});
	try {
		const answer = await failing.fetch(`/users`, {
			method: "POST",
			headers: { Authorization: SECRET, "X-Request-Id": "trace-5c0ffee-500" },
			body: JSON.stringify({ password: STRONG_PASSWORD }),
		});
		expect(answer.status).toBe(500);
		expect(answer.headers.get("X-Request-Id")).toBe("trace-5c0ffee-500");
		const joined = own.map((line) => JSON.parse(line)).filter((line) => line.request_id === "trace-5c0ffee-500");
		// The request line of a 500 is at error level too, so a filter on errors shows both.
		expect(joined.map(({ level, message, status }) => ({ level, message, status }))).toEqual([
			{ level: "error", message: "request failed", status: undefined },
			{ level: "error", message: "request", status: 500 },
		]);
	} finally {
		await failing.stop();
	}
});

test("scrapes of /metrics are logged only at debug, like /health probes", async () => {
	const own = recordingLogger("info");
	const quiet = await startTestServer({ log: own.log });
	try {
		for (const path of ["/metrics", "/health", "/users"]) await (await quiet.fetch(path, { headers: { Authorization: SECRET } })).text();
		expect(own.entries().filter((line) => line.message === "request").map((line) => line.route)).toEqual(["/users"]);
	} finally {
		await quiet.stop();
	}
	lines.length = 0;
	await (await server.fetch("/metrics", { headers: { Authorization: SECRET } })).text();
	expect(parsed().filter((line) => line.route === "/metrics").map(({ level, status }) => ({ level, status }))).toEqual([{ level: "debug", status: 200 }]);
});

test("a busy server writes its request lines once a turn, and a warning is never held behind them", async () => {
	const out: string[] = [];
	const err: string[] = [];
	const log = createLogger("pretty", "info", { out: { write: (text: string) => out.push(text) }, err: { write: (text: string) => err.push(text) } }, "each turn");
	for (let i = 0; i < 100; i++) log.info("request", { route: "/users/:user_id", n: i });
	expect(out).toEqual([]); // gathered: nothing written yet within this turn
	log.warn("the database did not answer in time", { route: "/users" });
	// What was waiting goes first, in one write, then the warning at once.
	expect(out).toHaveLength(1);
	expect(out[0]!.split("\n").filter((line) => line !== "").map((line) => line.split(" n=")[1])).toEqual(Array.from({ length: 100 }, (_, i) => String(i)));
	expect(err).toHaveLength(1);
	expect(err[0]).toContain("WARN the database did not answer in time route=/users");

	log.info("request", { route: "/users" });
	log.info("request", { route: "/health" });
	expect(out).toHaveLength(1);
	await new Promise((resolve) => setImmediate(resolve));
	expect(out).toHaveLength(2); // the next turn: both lines, in one write
	expect(out[1]!.trimEnd().split("\n")).toHaveLength(2);
});

test("while stdout does not take its lines, at most MAX_WAITING wait; warnings still go at once, and the drain says how many lines were dropped", () => {
	// A stream that has taken one write it could not pass on, until `drain()`.
	const out: string[] = [];
	const err: string[] = [];
	let drain: (() => void) | null = null;
	const stalled = {
		write: (text: string) => (out.push(text), false),
		once: (_event: "drain", listener: () => void) => void (drain = listener),
	};
	const log = createLogger("pretty", "info", { out: stalled, err: { write: (text: string) => err.push(text) } }, "each line");
	log.info("request", { n: 0 }); // taken by the stream, which now holds it
	expect(out).toHaveLength(1);
	const padding = "x".repeat(1000);
	const lines = Math.ceil(MAX_WAITING / 1000) + 100;
	for (let n = 1; n <= lines; n++) log.info("request", { n, padding });
	expect(out).toHaveLength(1); // nothing more is handed to a stream that is still busy

	log.warn("the database did not answer in time");
	// What waited goes first (all within the bound), then the warning, at once.
	expect(out).toHaveLength(2);
	expect(out[1]!.length).toBeLessThanOrEqual(MAX_WAITING);
	const kept = out[1]!.trimEnd().split("\n").length;
	expect(kept).toBeLessThan(lines);
	expect(err).toHaveLength(1);

	drain!();
	expect(err).toHaveLength(2);
	expect(err[1]).toContain(`WARN log lines dropped: stdout was not read fast enough lines=${lines - kept}`);
	log.info("request", { n: "after" }); // a drained stream takes lines again
	expect(out.at(-1)).toContain("n=after");
});
