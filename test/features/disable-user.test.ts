// Disabling a user (API.md section 18): POST /users/{user_id}/disable and /enable, the user's
// `disabled` and `disabled_until`, their events, an end that passes by itself, and everything that
// is not a way in working as before. What a disabled user is refused is in
// test/security/disabled-user-cannot-sign-in.test.ts.
import { expect, test } from "bun:test";
import { feedSettled } from "../support/events-flow.ts";
import { signIn, validates } from "../support/session-changes.ts";
import { createUser, serverForThisFile, STRONG_PASSWORD } from "../support/server.ts";

const server = serverForThisFile();

const seconds = (ms: number) => Math.floor(ms / 1000);

async function eventsOf(userId: string, ...types: string[]): Promise<any[]> {
	await feedSettled(server);
	const query = types.map((type) => `&type=${type}`).join("");
	return (await server.request("GET", `/users/${userId}/events?limit=1000${query}`)).body.events;
}

test("disable answers the user disabled until enabled; enable answers it enabled; each is an event", async () => {
	const user = await createUser(server);
	expect(user).toMatchObject({ disabled: false, disabled_until: null });
	const disabled = await server.request("POST", `/users/${user.id}/disable`, { reason: "chargeback dispute #4411" });
	expect(disabled.status).toBe(200);
	expect(disabled.body).toEqual({ ...user, disabled: true, disabled_until: null });
	expect((await server.request("GET", `/users/${user.id}`)).body).toEqual(disabled.body);

	const enabled = await server.request("POST", `/users/${user.id}/enable`);
	expect(enabled.status).toBe(200);
	expect(enabled.body).toEqual(user);
	expect((await server.request("GET", `/users/${user.id}`)).body).toEqual(user);

	const events = await eventsOf(user.id, "user_disabled", "user_enabled");
	expect(events.map((event) => [event.type, event.client_ip, event.data])).toEqual([
		["user_disabled", null, { reason: "chargeback dispute #4411", until: null }],
		["user_enabled", null, {}],
	]);
});

test("disabling a disabled user replaces its reason and end; enabling an enabled one changes nothing and records nothing", async () => {
	const user = await createUser(server);
	const until = seconds(server.clock.now) + 3600;
	const first = await server.request("POST", `/users/${user.id}/disable`, { reason: "first", until });
	expect(first.body).toMatchObject({ disabled: true, disabled_until: until });
	const second = await server.request("POST", `/users/${user.id}/disable`, {});
	expect(second.body).toMatchObject({ disabled: true, disabled_until: null });
	const third = await server.request("POST", `/users/${user.id}/disable`, { reason: "third", until: until + 60 });
	expect(third.body).toMatchObject({ disabled: true, disabled_until: until + 60 });

	expect((await server.request("POST", `/users/${user.id}/enable`)).body).toMatchObject({ disabled: false, disabled_until: null });
	expect((await server.request("POST", `/users/${user.id}/enable`, {})).body).toMatchObject({ disabled: false, disabled_until: null });
	const other = await createUser(server);
	expect((await server.request("POST", `/users/${other.id}/enable`)).body).toEqual(other);

	expect((await eventsOf(user.id, "user_disabled", "user_enabled")).map((event) => [event.type, event.data])).toEqual([
		["user_disabled", { reason: "first", until }],
		["user_disabled", { reason: null, until: null }],
		["user_disabled", { reason: "third", until: until + 60 }],
		["user_enabled", {}],
	]);
	expect(await eventsOf(other.id, "user_enabled")).toEqual([]);
});

test("once `until` has passed the user answers as enabled by itself, signs in, and no event says so", async () => {
	const user = await createUser(server);
	const until = seconds(server.clock.now) + 60;
	await server.request("POST", `/users/${user.id}/disable`, { reason: "cool-off", until });
	server.clock.advance(59_000);
	expect((await server.request("GET", `/users/${user.id}`)).body).toMatchObject({ disabled: true, disabled_until: until });
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).body).toEqual({ error: "USER_DISABLED" });

	server.clock.advance(1_000);
	expect((await server.request("GET", `/users/${user.id}`)).body).toEqual(user);
	expect((await server.request("GET", `/users?email=${encodeURIComponent(user.email!)}`)).body).toEqual([user]);
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	expect((await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD })).body).toEqual(user);
	expect((await server.request("POST", `/users/${user.id}/sessions`, {})).status).toBe(200);
	expect((await eventsOf(user.id, "user_enabled"))).toEqual([]);
	// Enabling it now records nothing either: it is enabled already.
	expect((await server.request("POST", `/users/${user.id}/enable`)).body).toEqual(user);
	expect((await eventsOf(user.id, "user_enabled"))).toEqual([]);
});

test("the reason is at most 200 code points, `until` a whole time in the future; NOT_FOUND for no such user", async () => {
	const user = await createUser(server);
	const now = seconds(server.clock.now);
	for (const body of [
		{ reason: "x".repeat(201) },
		{ reason: "😀".repeat(201) },
		{ reason: 7 },
		{ until: now },
		{ until: now - 1 },
		{ until: now + 0.5 },
		{ until: String(now + 60) },
		"[]",
	]) {
		const answer = await server.request("POST", `/users/${user.id}/disable`, body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "INVALID_DATA" });
	}
	expect((await server.request("GET", `/users/${user.id}`)).body.disabled).toBe(false);
	// 200 code points, 400 UTF-16 units: accepted. Control characters are kept as U+FFFD.
	const emoji = await server.request("POST", `/users/${user.id}/disable`, { reason: "😀".repeat(200), until: null });
	expect(emoji.status).toBe(200);
	await server.request("POST", `/users/${user.id}/disable`, { reason: "line one\nline two" });
	expect((await eventsOf(user.id, "user_disabled")).map((event) => event.data.reason)).toEqual(["😀".repeat(200), "line one\ufffdline two"]);

	for (const path of ["disable", "enable"]) {
		expect((await server.request("POST", `/users/aaaaaaaaaaaaaaaaaaaaaaaa/${path}`, {})).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("POST", `/users/not-an-id/${path}`, {})).status).toBe(404);
	}
	expect((await server.request("POST", `/users/${user.id}/enable`, "[]")).body).toEqual({ error: "INVALID_DATA" });
});

test("disabling ends every session of the user in its transaction (sessions_ended, reason user_disabled); another user's stay", async () => {
	const user = await createUser(server);
	const other = await createUser(server);
	const one = await signIn(server, user.id);
	const two = await signIn(server, user.id);
	const theirs = await signIn(server, other.id);
	await server.request("POST", `/users/${user.id}/disable`, { reason: "departed" });
	expect(await validates(server, one.token)).toBe(false);
	expect(await validates(server, two.token)).toBe(false);
	expect(await validates(server, theirs.token)).toBe(true);
	expect((await server.request("GET", `/users/${user.id}/sessions`)).body).toEqual([]);
	const events = await eventsOf(user.id, "sessions_ended", "user_disabled");
	expect(events.map((event) => event.type)).toEqual(["sessions_ended", "user_disabled"]);
	expect(events[0].data.reason).toBe("user_disabled");
	expect(events[0].data.session_ids.toSorted()).toEqual([one.id, two.id].toSorted());
	// A user without sessions: no sessions_ended.
	await server.request("POST", `/users/${user.id}/disable`, { reason: "again" });
	expect(await eventsOf(user.id, "sessions_ended")).toHaveLength(1);
	// Enabling brings none back.
	await server.request("POST", `/users/${user.id}/enable`);
	expect(await validates(server, one.token)).toBe(false);
});

test("everything but the ways in works as before while disabled, and enabling brings back a consistent account", async () => {
	const user = await createUser(server);
	await server.request("POST", `/users/${user.id}/disable`, { reason: "investigation" });
	// A reset, requests, a TOTP registration, a new recovery code: as for anyone.
	const reset = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	expect((await server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code })).status).toBe(204);
	const newPassword = "a reset while disabled 5";
	expect((await server.request("POST", "/reset-password", { request_id: reset.id, password: newPassword })).status).toBe(204);
	expect((await server.request("POST", `/users/${user.id}/email-verification-request`, {})).status).toBe(200);
	expect((await server.request("POST", `/users/${user.id}/regenerate-recovery-code`)).status).toBe(200);
	const listed = (await server.request("GET", `/users?email_query=${encodeURIComponent(user.email!)}`)).body;
	expect(listed).toEqual([expect.objectContaining({ id: user.id, disabled: true, disabled_until: null, email_verified: true })]);

	await server.request("POST", `/users/${user.id}/enable`);
	expect((await server.request("POST", "/authenticate/password", { email: user.email, password: newPassword })).body).toMatchObject({ id: user.id, disabled: false });
});
