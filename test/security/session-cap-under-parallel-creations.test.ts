// Attack: fire many session creations for one user at once (a script that signs in in a loop) so
// that parallel requests each see room under --sessions-per-user and the user ends up with more
// sessions than the cap. The cap is judged and applied in one atomic step under the user's row.
import { expect, test } from "bun:test";
import { createUser, startTestServer } from "../support/server.ts";

test("parallel creations never leave a user more sessions than --sessions-per-user; the least recently used end first", async () => {
	const server = await startTestServer({ sessions: { idleTimeoutSeconds: 7 * 86_400, lifetimeSeconds: 30 * 86_400, perUser: 3 } });
	try {
		const user = await createUser(server);
		const first = (await server.request("POST", `/users/${user.id}/sessions`, {})).body;
		server.clock.advance(120_000);
		const second = (await server.request("POST", `/users/${user.id}/sessions`, {})).body;
		server.clock.advance(120_000);
		await server.request("POST", "/sessions/validate", { token: first.token }); // first is now the most recently used
		server.clock.advance(120_000);
		await server.request("POST", `/users/${user.id}/sessions`, {});
		await server.request("POST", `/users/${user.id}/sessions`, {});
		expect((await server.request("POST", "/sessions/validate", { token: second.token })).status).toBe(404);
		expect((await server.request("POST", "/sessions/validate", { token: first.token })).status).toBe(200);

		// Later than the sessions above, so that the survivors are the newest: among sessions used at
		// the same second, which one is the least recently used is a tie (seen once keeping an older one).
		server.clock.advance(120_000);
		const answers = await Promise.all(Array.from({ length: 30 }, () => server.request("POST", `/users/${user.id}/sessions`, {})));
		// On a loaded machine a creation may wait past PostgreSQL's lock timeout for the user's row
		// and answer 503 (nothing stored); none may be stored beyond the cap.
		const created = answers.filter((answer) => answer.status === 200);
		expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503).map((answer) => answer.status)).toEqual([]);
		expect(created.length).toBeGreaterThanOrEqual(3);
		expect((await server.request("GET", `/users/${user.id}/sessions`)).body).toHaveLength(3);
		expect(await server.rows("SELECT id FROM session WHERE user_id = ?", user.id)).toHaveLength(3);
		const live = await Promise.all(created.map((answer) => server.request("POST", "/sessions/validate", { token: answer.body.token })));
		expect(live.filter((answer) => answer.status === 200)).toHaveLength(3);
	} finally {
		await server.stop();
	}
});
