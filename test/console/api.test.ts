// The console's own JSON endpoints: search through GET /users's functions, a user's page, and the
// actions, on the database under test (SQLite, or PostgreSQL with HOLM_TEST_STORE=postgres).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { authenticatorCode, createUser, type TestServer } from "../support/server.ts";
import { consoleCall, signIn, startConsoleServer } from "./support.ts";
import { RP, authenticator, register, registered } from "../support/passkeys.ts";
import { signInWithFake, startFakeOpenIdProvider } from "../support/identity-providers.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
let server: TestServer;
let cookie: string;
const tag = crypto.randomUUID().slice(0, 8);
let ids: Record<string, string> = {};

beforeAll(async () => {
	server = await startConsoleServer({ passkeys: RP, identityProviders: [fake.entry("idp")] });
	cookie = await signIn(server);
	for (const name of ["ann", "anna", "bob"]) {
		ids[name] = (await createUser(server, { email: `${name}-${tag}@example.com` })).id;
		server.clock.advance(1000);
	}
});
afterAll(() => server.stop());

async function search(params: Record<string, string>): Promise<{ emails: string[]; body: any }> {
	const answer = await consoleCall(server, "GET", `/console/api/users?${new URLSearchParams(params)}`, { cookie });
	expect(answer.status).toBe(200);
	return { emails: answer.body.users.map((u: { email: string }) => u.email), body: answer.body };
}

describe("searching users", () => {
	test("by exact email, part of one, and id", async () => {
		expect((await search({ q: `ANN-${tag}@example.com`, by: "email" })).emails).toEqual([`ann-${tag}@example.com`]);
		expect((await search({ q: `ann`, by: "email" })).emails).toEqual([]);
		expect((await search({ q: `ann-${tag}`, by: "email_part" })).emails).toEqual([`ann-${tag}@example.com`]);
		expect((await search({ q: tag, by: "email_part" })).emails).toEqual([`ann-${tag}@example.com`, `anna-${tag}@example.com`, `bob-${tag}@example.com`]);
		expect((await search({ q: ids.bob!, by: "id" })).emails).toEqual([`bob-${tag}@example.com`]);
		expect((await search({ q: "not an id", by: "id" })).emails).toEqual([]);
	});

	test("password_leaked lists the users whose password was found leaked, and each shows the flag", async () => {
		const stores = server.ctx.stores;
		// As a sign-in with a password the leak lists hold would (test/security/leaked-password-after-it-was-set.test.ts).
		for (const name of ["anna", "bob"]) await stores.passwords.markPasswordLeaked(ids[name]!, (await stores.users.getPasswordHash(ids[name]!))!);
		const listed = await search({ q: "ignored", by: "password_leaked", sort_order: "descending" });
		expect(listed.emails.filter((email) => email.endsWith(`-${tag}@example.com`))).toEqual([`bob-${tag}@example.com`, `anna-${tag}@example.com`]);
		expect(listed.body.users.every((user: { password_leaked: boolean }) => user.password_leaked)).toBe(true);
		expect(listed.body.total).toBe(listed.body.users.length);
		const page = await consoleCall(server, "GET", `/console/api/users/${ids.bob}`, { cookie });
		expect(page.body.user.password_leaked).toBe(true);
		expect((await consoleCall(server, "GET", `/console/api/users/${ids.ann}`, { cookie })).body.user.password_leaked).toBe(false);
	});

	test("each row of a page says how many passkeys and whether a password block or second-factor lock holds now", async () => {
		const rowTag = crypto.randomUUID().slice(0, 8);
		const user = async (name: string) => (await createUser(server, { email: `${name}-${rowTag}@example.com` })).id;
		const [plain, keys, guessed, locked] = [await user("plain"), await user("keys"), await user("guessed"), await user("locked")];
		for (let i = 0; i < 2; i++) expect((await register(server, keys, authenticator())).status).toBe(200);
		for (let i = 0; i < 10; i++) await server.request("POST", `/users/${guessed}/verify-password`, { password: `wrong password ${i}` });
		const key = crypto.getRandomValues(new Uint8Array(20));
		await server.request("POST", `/users/${locked}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, server.clock.now) });
		for (let i = 0; i < 5; i++) await server.request("POST", `/users/${locked}/verify-2fa/totp`, { code: "000000" });

		const rows = async () => {
			const { body } = await search({ q: rowTag, by: "email_part" });
			return Object.fromEntries(body.users.map((u: { id: string; passkeys: number; blocked: boolean }) => [u.id, [u.passkeys, u.blocked]]));
		};
		expect(await rows()).toEqual({ [plain]: [0, false], [keys]: [2, false], [guessed]: [0, true], [locked]: [0, true] });
		// Both are judged by the time now: the TOTP lock (15 minutes) and the password block (the
		// rest of 15 minutes) have ended 20 minutes on (within the console session's 30 idle ones).
		server.clock.advance(20 * 60_000);
		expect(await rows()).toEqual({ [plain]: [0, false], [keys]: [2, false], [guessed]: [0, false], [locked]: [0, false] });
	});

	test("auto: an id as an id, a whole address as itself or else as a part, anything else as a part", async () => {
		expect((await search({ q: ids.anna! })).emails).toEqual([`anna-${tag}@example.com`]);
		expect((await search({ q: `ann-${tag}@example.com` })).emails).toEqual([`ann-${tag}@example.com`]);
		expect((await search({ q: `n-${tag}@example.co` })).emails).toEqual([`ann-${tag}@example.com`]);
		expect((await search({ q: `nna-${tag}` })).emails).toEqual([`anna-${tag}@example.com`]);
	});

	test("sorting and pages", async () => {
		const newest = await search({ q: tag, by: "email_part", sort_order: "descending", per_page: "2", page: "1" });
		expect(newest.emails).toEqual([`bob-${tag}@example.com`, `anna-${tag}@example.com`]);
		expect(newest.body).toMatchObject({ total: 3, pages: 2, page: 1, per_page: 2 });
		expect((await search({ q: tag, by: "email_part", sort_order: "descending", per_page: "2", page: "2" })).emails).toEqual([`ann-${tag}@example.com`]);
		const byId = await search({ q: tag, by: "email_part", sort_by: "id" });
		expect(byId.body.users.map((u: { id: string }) => u.id)).toEqual(Object.values(ids).sort());
		// Each row says how many passkeys the user has and whether a block holds now.
		expect(byId.body.users[0]).toMatchObject({ passkeys: 0, blocked: false });
		// Nonsense falls back to the defaults, as GET /users does.
		expect((await search({ q: tag, by: "drop table", sort_by: "x", page: "-1", per_page: "1000" })).body).toMatchObject({ page: 1, per_page: 20 });
	});
});

describe("a user's page and the actions", () => {
	test("an unknown or malformed id is a 404, never a 500", async () => {
		for (const id of ["aaaaaaaaaaaaaaaaaaaaaaaa", "x", "%00", "..%2F..%2Fusers"]) {
			expect((await consoleCall(server, "GET", `/console/api/users/${id}`, { cookie })).status).toBe(404);
			expect((await consoleCall(server, "POST", `/console/api/users/${id}/remove-totp`, { cookie, body: {} })).status).toBe(404);
			expect((await consoleCall(server, "POST", `/console/api/users/${id}/delete`, { cookie, body: { confirm: id } })).status).toBe(404);
		}
	});

	test("deleting a user needs their email or id typed out", async () => {
		const user = await createUser(server);
		for (const confirm of ["", "yes", "someone@example.com", user.id.slice(1)]) {
			const answer = await consoleCall(server, "POST", `/console/api/users/${user.id}/delete`, { cookie, body: { confirm } });
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "NOT_CONFIRMED" });
		}
		expect((await server.request("GET", `/users/${user.id}`)).status).toBe(200);
		const typed = await consoleCall(server, "POST", `/console/api/users/${user.id}/delete`, { cookie, body: { confirm: ` ${user.email!.toUpperCase()} ` } });
		expect(typed.status).toBe(204);
		expect((await server.request("GET", `/users/${user.id}`)).status).toBe(404);
	});

	test("deleting pending requests: every kind goes, and the codes stop working", async () => {
		const user = await createUser(server);
		const reset = await server.request("POST", `/users/${user.id}/password-reset-requests`, {});
		await server.request("POST", `/users/${user.id}/email-verification-request`, {});
		await server.request("POST", `/users/${user.id}/email-update-requests`, { email: `moved-${user.email}` });
		expect((await consoleCall(server, "POST", `/console/api/users/${user.id}/delete-requests`, { cookie, body: {} })).status).toBe(204);
		const page = await consoleCall(server, "GET", `/console/api/users/${user.id}`, { cookie });
		expect(page.body.requests).toEqual({ password_reset: [], email_verification: [], email_update: [] });
		expect((await server.request("POST", `/password-reset-requests/${reset.body.id}/verify-email`, { code: reset.body.code })).status).toBe(404);
	});

	test("a user's passkeys are listed, and one is deleted by its id", async () => {
		const user = await createUser(server);
		const kept = await registered(server, user.id, authenticator());
		const gone = await registered(server, user.id, authenticator("EdDSA"));
		const page = await consoleCall(server, "GET", `/console/api/users/${user.id}`, { cookie });
		expect(page.body.passkeys.map((p: { id: string }) => p.id).sort()).toEqual([kept.id, gone.id].sort());
		expect((await consoleCall(server, "POST", `/console/api/passkeys/${gone.id}/delete`, { cookie, body: {} })).status).toBe(204);
		expect((await consoleCall(server, "POST", `/console/api/passkeys/${gone.id}/delete`, { cookie, body: {} })).status).toBe(404);
		expect((await server.request("GET", `/passkeys/${gone.id}`)).status).toBe(404);
		expect((await server.request("GET", `/passkeys/${kept.id}`)).status).toBe(200);
		expect((await consoleCall(server, "POST", `/console/api/passkeys/not-an-id/delete`, { cookie, body: {} })).status).toBe(404);
	});

	test("a user's identities are listed, and one is unlinked by its id, ending the user's sessions", async () => {
		const user = await createUser(server);
		const { answer } = await signInWithFake(server, fake, "idp", { sub: `s-${crypto.randomUUID()}` }, { start: { user_id: user.id } });
		const identity = answer.body.identity;
		const session = (await server.request("POST", `/users/${user.id}/sessions`, {})).body.session;
		const page = await consoleCall(server, "GET", `/console/api/users/${user.id}`, { cookie });
		expect(page.body.identities).toEqual([identity]);
		expect((await consoleCall(server, "POST", `/console/api/identities/${identity.id}/delete`, { cookie, body: {} })).status).toBe(204);
		expect((await consoleCall(server, "POST", `/console/api/identities/${identity.id}/delete`, { cookie, body: {} })).status).toBe(404);
		expect((await consoleCall(server, "POST", `/console/api/identities/not-an-id/delete`, { cookie, body: {} })).status).toBe(404);
		expect((await server.request("GET", `/users/${user.id}/identities`)).body).toEqual([]);
		expect((await server.request("GET", `/sessions/${session.id}`)).status).toBe(404);
		const unlinked = (await server.request("GET", `/users/${user.id}/events?type=identity_unlinked`)).body.events;
		expect(unlinked.map((event: { data: unknown }) => event.data)).toEqual([{ actor: "console", provider: "idp", identity_id: identity.id }]);
	});

	test("each action is an event with data.actor console, in the user's page, the feed and the overview", async () => {
		const user = await createUser(server);
		const passkey = await registered(server, user.id, authenticator());
		const key = crypto.getRandomValues(new Uint8Array(20));
		const { authenticatorCode } = await import("../support/server.ts");
		await server.request("POST", `/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, server.clock.now) });
		for (const path of ["remove-totp", "delete-requests", "unblock"]) {
			expect((await consoleCall(server, "POST", `/console/api/users/${user.id}/${path}`, { cookie, body: {} })).status).toBe(204);
		}
		expect((await consoleCall(server, "POST", `/console/api/passkeys/${passkey.id}/delete`, { cookie, body: {} })).status).toBe(204);
		const page = await consoleCall(server, "GET", `/console/api/users/${user.id}`, { cookie });
		const byConsole = page.body.events.filter((e: { data: { actor?: string } }) => e.data.actor === "console").map((e: { type: string }) => e.type);
		expect(byConsole).toEqual(["passkey_deleted", "user_unblocked", "requests_deleted", "totp_deleted"]);
		// The API's own feed shows them too.
		const feed = await server.request("GET", `/users/${user.id}/events?type=user_unblocked`);
		expect(feed.body.events[0].data).toEqual({ actor: "console" });

		expect((await consoleCall(server, "POST", `/console/api/users/${user.id}/delete`, { cookie, body: { confirm: user.id } })).status).toBe(204);
		const deleted = await consoleCall(server, "GET", `/console/api/events?type=user_deleted&user_id=${user.id}`, { cookie });
		expect(deleted.body.events).toHaveLength(1);
		expect(deleted.body.events[0].data.actor).toBe("console");
		// A deleted user's events say so; a live user's carry the email.
		expect(deleted.body.events[0]).toMatchObject({ user_email: null, user_exists: false });
		const other = await createUser(server);
		const live = await consoleCall(server, "GET", `/console/api/events?user_id=${other.id}`, { cookie });
		expect(live.body.events[0]).toMatchObject({ user_id: other.id, user_email: other.email, user_exists: true });
		const overview = await consoleCall(server, "GET", "/console/api/overview", { cookie });
		expect(overview.body.events_24h.user_deleted).toBeGreaterThanOrEqual(1);
	});

	test("the feed names the user of each event on its page: live with an email, live without one, deleted", async () => {
		const users = [await createUser(server), await createUser(server), await createUser(server, { email: null }), await createUser(server)];
		const gone = users[3]!;
		expect((await server.request("DELETE", `/users/${gone.id}`)).status).toBe(204);
		const feed = await consoleCall(server, "GET", "/console/api/events?type=user_created", { cookie });
		const named = new Map<string, { user_email: string | null; user_exists: boolean }>(
			feed.body.events.map((e: { user_id: string; user_email: string | null; user_exists: boolean }) => [e.user_id, { user_email: e.user_email, user_exists: e.user_exists }]),
		);
		expect(named.get(users[0]!.id)).toEqual({ user_email: users[0]!.email, user_exists: true });
		expect(named.get(users[1]!.id)).toEqual({ user_email: users[1]!.email, user_exists: true });
		expect(named.get(users[2]!.id)).toEqual({ user_email: null, user_exists: true });
		expect(named.get(gone.id)).toEqual({ user_email: null, user_exists: false });
	});

	test("the feed: newest first, filtered by type, user and time, in pages", async () => {
		const user = await createUser(server);
		// 10 incorrect passwords block the user for 15 minutes: six rounds make 60 events.
		for (let i = 0; i < 60; i++) {
			if (i % 10 === 0) server.clock.advance(16 * 60_000);
			await server.request("POST", `/users/${user.id}/verify-password`, { password: `wrong password ${i}` });
		}
		cookie = await signIn(server); // the console sat idle for 96 minutes
		const first = await consoleCall(server, "GET", `/console/api/events?user_id=${user.id}&type=sign_in_failed`, { cookie });
		expect(first.body.events).toHaveLength(50);
		expect(first.body.older).not.toBeNull();
		const second = await consoleCall(server, "GET", `/console/api/events?user_id=${user.id}&type=sign_in_failed&before=${first.body.older}`, { cookie });
		expect(second.body.events).toHaveLength(10);
		expect(first.body.events[0].time).toBeGreaterThanOrEqual(second.body.events[0].time);
		expect(second.body.older).toBeNull();
		const ids = [...first.body.events, ...second.body.events].map((e: { id: string }) => e.id);
		expect(new Set(ids).size).toBe(ids.length);
		server.clock.advance(2 * 3600_000);
		cookie = await signIn(server);
		expect((await consoleCall(server, "GET", `/console/api/events?user_id=${user.id}&hours=1`, { cookie })).body.events).toEqual([]);
		expect((await consoleCall(server, "GET", `/console/api/events?user_id=not-an-id`, { cookie })).body.events).toEqual([]);
		expect((await consoleCall(server, "GET", `/console/api/events?type=nonsense&hours=x&before=-1`, { cookie })).status).toBe(200);
	});

	test("the overview counts users and names the database", async () => {
		const answer = await consoleCall(server, "GET", "/console/api/overview", { cookie });
		expect(answer.body).toMatchObject({ database: server.store, hashing: { running: 0, waiting: 0 } });
		expect(answer.body.users).toBeGreaterThanOrEqual(3);
	});
});
