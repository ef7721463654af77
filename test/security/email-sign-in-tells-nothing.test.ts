// Attack: find out which emails have accounts (supabase/auth#1547) by asking for sign-in codes,
// from the answers (status, shape, limits) or from their time. A request is made for an email that
// no user holds by the same steps as for one that a user holds, so the application can answer its
// visitor identically either way.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createUser, startTestServer, uniqueEmail, type TestServer, medianTime } from "../support/server.ts";
import { sameTime } from "../support/timing.ts";

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

test("enumeration by time: known and unknown emails take the same time (paired medians over many calls)", async () => {
	const user = await createUser(server);
	const unknownEmail = uniqueEmail();
	const known = () => server.request("POST", "/email-sign-ins", { email: user.email });
	const unknown = () => server.request("POST", "/email-sign-ins", { email: unknownEmail });
	await medianTime(known, 20); // warm-up
	await medianTime(unknown, 20);
	// One database write more on one path took up to twice the time; the bound is 30 % of a call.
	const { same, report } = await sameTime(known, unknown, { rounds: 200, share: 0.3 });
	expect(same, `sign-in code requests tell known emails apart by time: a known email took ${report} more (median of paired rounds)`).toBe(true);
}, 60_000);
