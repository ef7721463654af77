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

/** The median of `values`. */
function median(values: readonly number[]): number {
	const sorted = values.toSorted((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds `call` took. */
async function timed(call: () => Promise<unknown>): Promise<number> {
	const start = Bun.nanoseconds();
	await call();
	return (Bun.nanoseconds() - start) / 1e6;
}

test("enumeration by time: known and unknown emails take the same time (paired medians over many calls)", async () => {
	const user = await createUser(server);
	const unknownEmail = uniqueEmail();
	const known = () => server.request("POST", "/email-sign-ins", { email: user.email });
	const unknown = () => server.request("POST", "/email-sign-ins", { email: unknownEmail });
	await medianTime(known, 20); // warm-up
	await medianTime(unknown, 20);
	// Each round times one of each back to back, in a random order, so that what load does to a
	// round it does to both; the median of the rounds' differences is what a known email costs more.
	// A real difference (one database write more on one path took up to twice the time) shows in
	// every measurement; noise on a loaded machine may pass the bound once, hardly three times.
	let report = "";
	for (let attempt = 0; attempt < 3; attempt++) {
		const knownTimes: number[] = [];
		const differences: number[] = [];
		for (let round = 0; round < 200; round++) {
			const knownFirst = Math.random() < 0.5;
			const first = await timed(knownFirst ? known : unknown);
			const second = await timed(knownFirst ? unknown : known);
			const [k, u] = knownFirst ? [first, second] : [second, first];
			knownTimes.push(k);
			differences.push(k - u);
		}
		const allowed = 0.3 * median(knownTimes);
		const difference = median(differences);
		if (Math.abs(difference) <= allowed) return;
		report = `a known email took ${difference.toFixed(3)} ms more (median of paired rounds; allowed ±${allowed.toFixed(3)} ms)`;
	}
	throw new Error(`sign-in code requests tell known emails apart by time: ${report}`);
}, 60_000);
