// Attack: someone holds a session of the user (a stolen cookie, a shared computer). The user
// changes their password, their email or their second factor, or resets the password because they
// fear the account is taken: the intruder's session must end in the same transaction, not at the
// next expiry or the next cache refresh. Another user's sessions are never touched, and a
// `session_id` naming someone else's session (or none) changes nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { feedSettled } from "../support/events-flow.ts";
import { createUser, signIn, SESSION_CHANGES, validates } from "../support/session-changes.ts";
import { RP } from "../support/passkeys.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer({ passkeys: RP });
});
afterAll(() => server.stop());

describe.each(SESSION_CHANGES)("$name", (change) => {
	test("ends the user's sessions (but the caller's where it names one), and no other user's", async () => {
		const user = await createUser(server);
		const bystander = await createUser(server);
		await change.prepare?.(server, user.id);
		const intruder = await signIn(server, user.id);
		const caller = await signIn(server, user.id);
		const theirs = await signIn(server, bystander.id);

		const answer = await change.run(server, user, change.keeps ? caller.id : null);
		expect(answer.status).toBeOneOf([200, 204]);
		expect(await validates(server, intruder.token)).toBe(false);
		expect(await validates(server, caller.token)).toBe(change.keeps);
		expect(await validates(server, theirs.token)).toBe(true);

		await feedSettled(server);
		const ended = (await server.request("GET", `/events?type=sessions_ended&user_id=${user.id}`)).body.events;
		expect(ended).toHaveLength(1);
		expect(ended[0].data.reason).toBe(change.reason);
		expect(ended[0].data.session_ids.toSorted()).toEqual((change.keeps ? [intruder.id] : [intruder.id, caller.id]).toSorted());
	});

	if (change.keeps) {
		test("a session_id of another user, an ended one or none at all answers NOT_FOUND and changes nothing", async () => {
			const user = await createUser(server);
			const other = await createUser(server);
			await change.prepare?.(server, user.id);
			const mine = await signIn(server, user.id);
			const theirs = await signIn(server, other.id);
			const gone = await signIn(server, user.id);
			await server.request("DELETE", `/sessions/${gone.id}`);
			for (const keep of [theirs.id, gone.id, "aaaaaaaaaaaaaaaaaaaaaaaa", "not an id"]) {
				server.clock.advance(16 * 60_000); // past the limit of 3 email update requests in 15 minutes
				const answer = await change.run(server, user, keep);
				expect(answer.status).toBe(404);
				expect(answer.body).toEqual({ error: "NOT_FOUND" });
			}
			expect(await validates(server, mine.token)).toBe(true);
			expect(await validates(server, theirs.token)).toBe(true);
			// Nothing changed: the change still works afterwards, with a right session_id.
			server.clock.advance(16 * 60_000);
			expect((await change.run(server, user, mine.id)).status).toBeOneOf([200, 204]);
			expect(await validates(server, mine.token)).toBe(true);
		});
	}
});

test("an operator's unblock ends no session", async () => {
	const user = await createUser(server);
	const session = await signIn(server, user.id);
	expect((await server.request("POST", `/users/${user.id}/unblock`)).status).toBe(204);
	expect(await validates(server, session.token)).toBe(true);
});

test("DELETE /users/{id}/sessions?except= of another user's session ends nothing", async () => {
	const user = await createUser(server);
	const other = await createUser(server);
	const mine = await signIn(server, user.id);
	const theirs = await signIn(server, other.id);
	expect((await server.request("DELETE", `/users/${user.id}/sessions?except=${theirs.id}`)).body).toEqual({ error: "NOT_FOUND" });
	expect(await validates(server, mine.token)).toBe(true);
	expect((await server.request("DELETE", `/users/${user.id}/sessions`)).status).toBe(204);
	expect(await validates(server, theirs.token)).toBe(true);
});
