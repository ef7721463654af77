// Attack: take a session id (it is in the application's "your devices" page, in events, in a
// log) and guess its secret; or tell known session ids from unknown ones by how long a refusal
// takes. A wrong secret is refused like an unknown id, a malformed token or an ended session, and
// each costs the same work: one read by id, one SHA-256, one constant-time comparison (against a
// dummy digest when there is no such session).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { validateSession } from "../../src/features/sessions/actions.ts";
import { createUser, startTestServer, type TestServer } from "../support.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

function otherSecret(secret: string): string {
	return secret.slice(0, -1) + (secret.endsWith("a") ? "b" : "a");
}

test("the right id with a wrong secret is refused, however close the secret", async () => {
	const user = await createUser(server);
	const { token, session } = (await server.request("POST", `/users/${user.id}/sessions`, {})).body;
	const secret = token.split(".")[1] as string;
	for (const guess of [otherSecret(secret), secret.toUpperCase(), secret.slice(0, 39), `${secret}a`, "a".repeat(40), ""]) {
		const answer = await server.request("POST", "/sessions/validate", { token: `${session.id}.${guess}` });
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	}
	expect((await server.request("POST", "/sessions/validate", { token })).status).toBe(200);
});

/** Median microseconds of `rounds` validations of each token, interleaved so that load hits all alike. */
async function medians(tokens: Record<string, string>, rounds: number): Promise<Record<string, number>> {
	const ctx = server.ctx;
	const samples: Record<string, number[]> = Object.fromEntries(Object.keys(tokens).map((name) => [name, []]));
	for (let round = 0; round < rounds; round++) {
		for (const [name, token] of Object.entries(tokens)) {
			const start = Bun.nanoseconds();
			const found = await validateSession(ctx, token);
			samples[name]!.push((Bun.nanoseconds() - start) / 1000);
			if (found !== null) throw new Error(`${name} was accepted`);
		}
	}
	return Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, list.toSorted((a, b) => a - b)[Math.floor(list.length / 2)]!]));
}

test("a wrong secret, an unknown id, a malformed token and an ended session take the same time", async () => {
	const user = await createUser(server);
	const { token } = (await server.request("POST", `/users/${user.id}/sessions`, {})).body;
	const ended = (await server.request("POST", `/users/${user.id}/sessions`, {})).body;
	await server.request("DELETE", `/sessions/${ended.session.id}`);
	const [id, secret] = token.split(".") as [string, string];
	const tokens = {
		wrongSecret: `${id}.${otherSecret(secret)}`,
		unknownId: `aaaaaaaaaaaaaaaaaaaaaaaa.${secret}`,
		malformed: `${id}:${secret}`,
		ended: ended.token,
		// After every id in the key's order: the lookup wraps to the first session.
		afterEveryId: `zzzzzzzzzzzzzzzzzzzzzzzz.${secret}`,
	};
	await medians(tokens, 200); // warm up
	const result = await medians(tokens, 2000);
	const reference = result.wrongSecret!;
	for (const [name, median] of Object.entries(result)) {
		// A refusal that skipped the read or the digest would be several times faster; load noise
		// across interleaved samples stays well inside a factor of 1.5.
		expect(median / reference, `${name}: ${JSON.stringify(result)}`).toBeGreaterThan(0.67);
		expect(median / reference, `${name}: ${JSON.stringify(result)}`).toBeLessThan(1.5);
	}
});
