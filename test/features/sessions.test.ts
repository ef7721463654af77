// Sessions (API.md section 13): every endpoint's success and each error it can answer.
import { afterAll, beforeAll, expect, test } from "bun:test";
import handlers from "../../src/features/sessions/handlers.ts";
import { disabledUser, documentedErrorsOf, UNKNOWN } from "../support/documented-errors.ts";
import { feedSettled } from "../support/events-flow.ts";
import { createUser, startTestServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const UA = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0";

async function signIn(userId: string, body: Record<string, unknown> = {}) {
	const answer = await server.request("POST", `/users/${userId}/sessions`, body);
	expect(answer.status).toBe(200);
	return answer.body as { session: any; token: string };
}

async function eventsOf(userId: string, type: string): Promise<any[]> {
	await feedSettled(server);
	return (await server.request("GET", `/users/${userId}/events?type=${type}&limit=1000`)).body.events;
}

test("POST /users/{id}/sessions answers the session and a token of its id and a 40-character secret", async () => {
	const user = await createUser(server);
	const { session, token } = await signIn(user.id, { client_ip: "2001:0db8:0:0::1", user_agent: UA, second_factor_verified: true });
	const now = Math.floor(server.clock.now / 1000);
	expect(session).toEqual({
		id: expect.stringMatching(/^[a-km-np-z2-9]{24}$/),
		user_id: user.id,
		created_at: now,
		last_used_at: now,
		expires_at: now + 7 * 86_400,
		client_ip: "2001:db8::1",
		user_agent: UA,
		second_factor_verified_at: now,
		new_device: false,
	});
	expect(token).toMatch(new RegExp(`^${session.id}\\.[a-km-np-z2-9]{40}$`));
	expect(token.length).toBeLessThanOrEqual(100);
	const [created] = await eventsOf(user.id, "session_created");
	expect(created).toMatchObject({ user_id: user.id, client_ip: "v6:2001:db8:0:0::/64", data: { session_id: session.id, new_device: false, second_factor_verified: true } });
});

test("POST /users/{id}/sessions: NOT_FOUND for an unknown user, INVALID_DATA for a bad body", async () => {
	expect((await server.request("POST", `/users/aaaaaaaaaaaaaaaaaaaaaaaa/sessions`, {})).body).toEqual({ error: "NOT_FOUND" });
	const user = await createUser(server);
	for (const body of [{ user_agent: "x".repeat(513) }, { second_factor_verified: "yes" }, { client_ip: 7 }, "[]"]) {
		const answer = await server.request("POST", `/users/${user.id}/sessions`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "INVALID_DATA" });
	}
});

test("POST /sessions/validate answers the session and its user; NOT_FOUND for malformed, unknown, wrong-secret and ended tokens", async () => {
	const user = await createUser(server);
	const { session, token } = await signIn(user.id);
	const valid = await server.request("POST", "/sessions/validate", { token });
	expect(valid.status).toBe(200);
	expect(valid.body.session).toEqual(session);
	expect(valid.body.user).toEqual(user);

	const [id, secret] = token.split(".") as [string, string];
	const wrongSecret = `${id}.${secret.slice(0, -1)}${secret.endsWith("a") ? "b" : "a"}`;
	const unknown = `aaaaaaaaaaaaaaaaaaaaaaaa.${secret}`;
	for (const bad of ["", "nonsense", `${id}.`, `${id}.${secret}x`, wrongSecret, unknown, `${token} `]) {
		const answer = await server.request("POST", "/sessions/validate", { token: bad });
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	}
	expect((await server.request("POST", "/sessions/validate", {})).body).toEqual({ error: "INVALID_DATA" });
	expect((await server.request("POST", "/sessions/validate", { token: 5 })).body).toEqual({ error: "INVALID_DATA" });

	expect((await server.request("DELETE", `/sessions/${session.id}`)).status).toBe(204);
	expect((await server.request("POST", "/sessions/validate", { token })).body).toEqual({ error: "NOT_FOUND" });
});

test("GET /sessions/{id} and GET /users/{id}/sessions (most recently used first) never show a token", async () => {
	const user = await createUser(server);
	const first = await signIn(user.id, { user_agent: "first" });
	server.clock.advance(120_000);
	const second = await signIn(user.id, { user_agent: "second" });
	server.clock.advance(120_000);
	// Validating the first makes it the most recently used.
	await server.request("POST", "/sessions/validate", { token: first.token });
	const list = await server.request("GET", `/users/${user.id}/sessions`);
	expect(list.status).toBe(200);
	expect(list.body.map((s: any) => s.id)).toEqual([first.session.id, second.session.id]);
	expect(JSON.stringify(list.body)).not.toContain(first.token.split(".")[1]);
	const one = await server.request("GET", `/sessions/${second.session.id}`);
	expect(one.body).toEqual(second.session);
	expect((await server.request("GET", `/sessions/aaaaaaaaaaaaaaaaaaaaaaaa`)).body).toEqual({ error: "NOT_FOUND" });
	expect((await server.request("GET", `/sessions/not-an-id`)).body).toEqual({ error: "NOT_FOUND" });
	expect((await server.request("GET", `/users/aaaaaaaaaaaaaaaaaaaaaaaa/sessions`)).body).toEqual({ error: "NOT_FOUND" });
});

test("DELETE /sessions/{id} signs out once (sign_out); a second DELETE answers NOT_FOUND", async () => {
	const user = await createUser(server);
	const { session } = await signIn(user.id);
	expect((await server.request("DELETE", `/sessions/${session.id}`)).status).toBe(204);
	expect((await server.request("DELETE", `/sessions/${session.id}`)).body).toEqual({ error: "NOT_FOUND" });
	expect((await server.request("GET", `/sessions/${session.id}`)).body).toEqual({ error: "NOT_FOUND" });
	const [ended] = await eventsOf(user.id, "sessions_ended");
	expect(ended.data).toEqual({ reason: "sign_out", session_ids: [session.id] });
});

test("DELETE /users/{id}/sessions signs out everywhere, or everywhere but ?except=", async () => {
	const user = await createUser(server);
	const a = await signIn(user.id);
	const b = await signIn(user.id);
	const c = await signIn(user.id);
	expect((await server.request("DELETE", `/users/${user.id}/sessions?except=${b.session.id}`)).status).toBe(204);
	expect((await server.request("GET", `/users/${user.id}/sessions`)).body.map((s: any) => s.id)).toEqual([b.session.id]);
	expect((await server.request("POST", "/sessions/validate", { token: a.token })).status).toBe(404);
	expect((await server.request("POST", "/sessions/validate", { token: c.token })).status).toBe(404);
	expect((await server.request("DELETE", `/users/${user.id}/sessions`)).status).toBe(204);
	expect((await server.request("GET", `/users/${user.id}/sessions`)).body).toEqual([]);
	const ended = await eventsOf(user.id, "sessions_ended");
	expect(ended.map((event) => event.data.reason)).toEqual(["sign_out_everywhere", "sign_out_everywhere"]);
	expect(ended[0].data.session_ids.toSorted()).toEqual([a.session.id, c.session.id].toSorted());
	expect((await server.request("DELETE", `/users/aaaaaaaaaaaaaaaaaaaaaaaa/sessions`)).body).toEqual({ error: "NOT_FOUND" });
	// An ended or unknown `except` ends nothing.
	const d = await signIn(user.id);
	for (const except of [a.session.id, "aaaaaaaaaaaaaaaaaaaaaaaa", "x"]) {
		expect((await server.request("DELETE", `/users/${user.id}/sessions?except=${except}`)).body).toEqual({ error: "NOT_FOUND" });
	}
	expect((await server.request("POST", "/sessions/validate", { token: d.token })).status).toBe(200);
});

test("new_device: false for the first session; a known browser on a new network or a new browser at home is not new; both new is", async () => {
	const user = await createUser(server);
	expect((await signIn(user.id, { user_agent: UA, client_ip: "198.51.100.7" })).session.new_device).toBe(false);
	expect((await signIn(user.id, { user_agent: UA, client_ip: "203.0.113.9" })).session.new_device).toBe(false);
	expect((await signIn(user.id, { user_agent: "Other/1.0", client_ip: "198.51.100.200" })).session.new_device).toBe(false);
	const fresh = await signIn(user.id, { user_agent: "Stranger/2.0", client_ip: "192.0.2.1" });
	expect(fresh.session.new_device).toBe(true);
	expect((await signIn(user.id, {})).session.new_device).toBe(false);
	const created = await eventsOf(user.id, "session_created");
	expect(created.map((event) => event.data.new_device)).toEqual([false, false, false, true, false]);
	// Forgotten after 90 days, though the user has had sessions.
	server.clock.advance(91 * 86_400_000);
	await server.sweep();
	expect((await signIn(user.id, { user_agent: UA, client_ip: "198.51.100.7" })).session.new_device).toBe(true);
	// IPv6: one /48 is one network.
	const v6 = await createUser(server);
	await signIn(v6.id, { user_agent: "A", client_ip: "2001:db8:1:2::1" });
	expect((await signIn(v6.id, { user_agent: "B", client_ip: "2001:db8:1:ffff::9" })).session.new_device).toBe(false);
	expect((await signIn(v6.id, { user_agent: "C", client_ip: "2001:db8:2::1" })).session.new_device).toBe(true);
});

test("verify-2fa/totp with session_id records second_factor_verified_at; a session_id of another user answers NOT_FOUND", async () => {
	const { authenticatorCode } = await import("../support/server.ts");
	const user = await createUser(server);
	const other = await createUser(server);
	const key = crypto.getRandomValues(new Uint8Array(20));
	await server.request("POST", `/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, server.clock.now) });
	server.clock.advance(30_000);
	const mine = await signIn(user.id);
	const theirs = await signIn(other.id);
	const code = authenticatorCode(key, server.clock.now);
	expect((await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code, session_id: theirs.session.id })).body).toEqual({ error: "NOT_FOUND" });
	expect((await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code, session_id: mine.session.id })).status).toBe(204);
	const now = Math.floor(server.clock.now / 1000);
	expect((await server.request("GET", `/sessions/${mine.session.id}`)).body.second_factor_verified_at).toBe(now);
	expect((await server.request("GET", `/sessions/${theirs.session.id}`)).body.second_factor_verified_at).toBeNull();
});

// A NUL in text is refused by PostgreSQL (a 500 for the whole call, seen on the PostgreSQL run),
// a lone surrogate by every encoding, and a CR/LF becomes a line wherever the text is shown.
test("a user agent or client_ip with a NUL, a CR/LF or a lone surrogate is kept with U+FFFD in their place, never a 500", async () => {
	const user = await createUser(server);
	const { session } = await signIn(user.id, { client_ip: "proxy\u0000\r\n", user_agent: "Agent\u0000/1.0\r\nX-Evil: 1\ud800" });
	expect(session.client_ip).toBe("proxy\ufffd\ufffd\ufffd");
	expect(session.user_agent).toBe("Agent\ufffd/1.0\ufffd\ufffdX-Evil: 1\ufffd");
	expect((await server.request("GET", `/sessions/${session.id}`)).body.user_agent).toBe(session.user_agent);
});

documentedErrorsOf(handlers, () => server, ({ post, get, del }) => ({
	createSession: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/sessions`, {})],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/sessions`, { second_factor_verified: "yes" })],
		["USER_DISABLED", async () => post(`/users/${(await disabledUser(server)).id}/sessions`, {})],
	],
	listUserSessions: [["NOT_FOUND", () => get(`/users/${UNKNOWN}/sessions`)]],
	deleteUserSessions: [["NOT_FOUND", () => del(`/users/${UNKNOWN}/sessions`)]],
	validateSession: [
		["INVALID_DATA", () => post("/sessions/validate", {})],
		["NOT_FOUND", () => post("/sessions/validate", { token: `${UNKNOWN}.${UNKNOWN}${UNKNOWN.slice(0, 16)}` })],
	],
	getSession: [["NOT_FOUND", () => get(`/sessions/${UNKNOWN}`)]],
	deleteSession: [["NOT_FOUND", () => del(`/sessions/${UNKNOWN}`)]],
}));
