// Attack: take a session id (it is in the application's "your devices" page, in events, in a
// log) and guess its secret; or tell known session ids from unknown ones by how long a refusal
// takes. A wrong secret is refused like an unknown id, a malformed token or an ended session, and
// each costs the same work: one read that returns a real session and its user whatever the id, one
// SHA-256, one constant-time comparison. Run on SQLite, on PostgreSQL, and on PostgreSQL through
// PgBouncer (test/runner/postgres-suite.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { validateSession } from "../../src/features/sessions/actions.ts";
import { createUser, startTestServer, TEST_STORE, type TestServer } from "../support/server.ts";

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

/** Microseconds that each of `rounds` validations of each token took, interleaved in a new random
 *  order each round, so that load, the JIT, the garbage collector and the connection pool hit every
 *  kind alike and no kind always follows another. */
async function timings(tokens: Record<string, string>, rounds: number): Promise<Record<string, number[]>> {
	const ctx = server.ctx;
	const names = Object.keys(tokens);
	const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
	for (let round = 0; round < rounds; round++) {
		for (let i = names.length - 1; i > 0; i--) {
			const j = Math.floor(Math.random() * (i + 1));
			[names[i], names[j]] = [names[j]!, names[i]!];
		}
		for (const name of names) {
			const start = Bun.nanoseconds();
			const found = await validateSession(ctx, tokens[name]!);
			samples[name]!.push((Bun.nanoseconds() - start) / 1000);
			if (found.ok) throw new Error(`${name} was accepted`);
		}
	}
	return samples;
}

function median(values: readonly number[]): number {
	const sorted = values.toSorted((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

/** The mean of the middle 60 %: a second estimate, which a real difference moves as it moves the
 *  median, and load's long tail does not. */
function trimmedMean(values: readonly number[]): number {
	const sorted = values.toSorted((a, b) => a - b);
	const cut = Math.floor(sorted.length * 0.2);
	const middle = sorted.slice(cut, sorted.length - cut);
	return middle.reduce((sum, value) => sum + value, 0) / middle.length;
}

// Within a round the kinds run back to back, so a round's differences from the reference cancel
// what load did to that round; their median and trimmed mean are what a kind costs more or less
// than a wrong secret of a known id. The bound depends on what a validation is. On PostgreSQL it is
// a round trip to the server, of which a lookup that skipped the user and its row for an unknown id
// saved about 12 µs whatever the load: so mostly an absolute bound, which slower round trips under
// load do not widen past that. On SQLite it is about 1.5 µs in-process, which a token's parse alone
// moves by 0.1 to 0.2 µs: so a share.
function allowedMicroseconds(referenceMedian: number): number {
	return TEST_STORE === "postgres" ? Math.max(4, 0.03 * referenceMedian) : 0.25 * referenceMedian;
}
const ROUNDS = 3000;

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
	await timings(tokens, 300); // warm up
	// A difference that is real shows in every measurement; on a loaded machine noise may once
	// exceed the bound, hardly three times.
	let report = "";
	for (let attempt = 0; attempt < 3; attempt++) {
		const samples = await timings(tokens, ROUNDS);
		const reference = samples.wrongSecret!;
		const allowed = allowedMicroseconds(median(reference));
		const measured = Object.entries(samples).map(([name, times]) => {
			const differences = times.map((time, round) => time - reference[round]!);
			return { name, median: median(times), difference: median(differences), trimmed: trimmedMean(differences) };
		});
		report = measured
			.map((kind) => `${kind.name}: median ${kind.median.toFixed(1)} µs, ${kind.difference.toFixed(1)} µs (trimmed ${kind.trimmed.toFixed(1)}) from a wrong secret`)
			.join("; ");
		if (measured.every((kind) => Math.abs(kind.difference) <= allowed && Math.abs(kind.trimmed) <= allowed)) return;
		report += ` (allowed ±${allowed.toFixed(1)} µs)`;
	}
	throw new Error(`validation time tells the kinds apart: ${report}`);
}, 120_000);
