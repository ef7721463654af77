// Attack: find out which emails have accounts (supabase/auth#1547) by asking for sign-in codes,
// from the answers (status, shape, limits) or from their time. A request is made for an email that
// no user holds by the same steps as for one that a user holds, so the application can answer its
// visitor identically either way.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createUser, startTestServer, uniqueEmail, type TestServer, medianTime } from "../support/server.ts";

let server: TestServer;

beforeAll(async () => {
	// The per-email limit would stop the timing run after 3 calls; it is tested on its own below.
	server = await startTestServer({ limits: ["email-sign-ins-email=1000/15m", "code-requests-address=1000/15m"] });
});
afterAll(() => server.stop());

function shape(body: Record<string, unknown>): Record<string, string> {
	return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, value === null ? "string|null" : typeof value === "string" ? "string|null" : typeof value]));
}

test("enumeration by answer: a known and an unknown email get the same status, fields and limit", async () => {
	const limited = await startTestServer();
	try {
		const user = await createUser(limited);
		const known = await limited.request("POST", "/email-sign-ins", { email: user.email });
		const unknown = await limited.request("POST", "/email-sign-ins", { email: uniqueEmail() });
		expect(known.status).toBe(200);
		expect(unknown.status).toBe(200);
		expect(shape(known.body)).toEqual(shape(unknown.body));
		expect((await limited.request("GET", `/email-sign-ins/${unknown.body.id}`)).status).toBe(200);
		// Both are limited alike: the 4th in 15 minutes is refused, whoever holds the address.
		for (const email of [user.email!, unknown.body.email]) {
			await limited.request("POST", "/email-sign-ins", { email });
			await limited.request("POST", "/email-sign-ins", { email });
			expect((await limited.request("POST", "/email-sign-ins", { email })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		}
	} finally {
		await limited.stop();
	}
});

test("enumeration by time: known and unknown emails take the same time (medians over many calls)", async () => {
	const user = await createUser(server);
	const unknownEmail = uniqueEmail();
	const known = () => server.request("POST", "/email-sign-ins", { email: user.email });
	const unknown = () => server.request("POST", "/email-sign-ins", { email: unknownEmail });
	await medianTime(known, 20); // warm-up
	await medianTime(unknown, 20);
	// Interleaved rounds, so that a burst of load on the shared machine hits both alike.
	const knownTimes: number[] = [];
	const unknownTimes: number[] = [];
	for (let round = 0; round < 7; round++) {
		knownTimes.push(await medianTime(known, 40));
		unknownTimes.push(await medianTime(unknown, 40));
	}
	const k = knownTimes.sort((a, b) => a - b)[3]!;
	const u = unknownTimes.sort((a, b) => a - b)[3]!;
	// Lenient enough for a busy machine, strict enough to see one database write more on one path
	// (a request stored only for known emails took up to twice as long as none, though not on every run).
	expect(Math.max(k, u) / Math.min(k, u)).toBeLessThan(1.5);
});
