// Attack: make the Have I Been Pwned range API unreachable for Holm (block it at a firewall, poison
// DNS, or wait for an outage), then sign up or reset with "password123". Online mode used to
// consult only the API, so with the default `--leak-fail open` every common password was accepted
// while the API was away. The bundled list is checked first, always: an outage can only cost the
// API's extra coverage, never the bundled list's.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { LeakCheckConfig } from "../../src/config.ts";
import { createLeakCheck, isLeaked } from "../../src/leak-check/index.ts";
import { startTestServer } from "../support/server.ts";

// Each is in the bundled list (common passwords of 8 characters or more).
const COMMON = ["password123", "password", "12345678", "iloveyou", "qwertyuiop"];

let down: ReturnType<typeof Bun.serve>;
let requests = 0;

beforeAll(() => {
	// A range API that is there but broken: every request is counted and answered 503.
	down = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		fetch() {
			requests++;
			return new Response("down for maintenance", { status: 503 });
		},
	});
});
afterAll(() => down.stop(true));

function online(overrides: Partial<LeakCheckConfig>): LeakCheckConfig {
	return { mode: "online", file: null, api: "http://127.0.0.1:9", fail: "open", timeoutMs: 200, ...overrides };
}

test("fail open with nothing listening at the API: common passwords are still leaked", async () => {
	const warnings: string[] = [];
	const check = await createLeakCheck(online({}), { fetch, warn: (m) => warnings.push(m) });
	for (const password of COMMON) expect({ password, leaked: await isLeaked(check, password) }).toEqual({ password, leaked: true });
});

test("a bundled password is refused without asking the API at all; others still go to the API", async () => {
	requests = 0;
	const warnings: string[] = [];
	// The broken API answers at once: a timeout long enough for a loaded machine, so the one request
	// that goes out is counted rather than given up on before it arrives.
	const check = await createLeakCheck(online({ api: down.url.origin, timeoutMs: 5_000 }), { fetch, warn: (m) => warnings.push(m) });
	for (const password of COMMON) expect(await isLeaked(check, password)).toBe(true);
	expect(requests).toBe(0);
	expect(warnings).toEqual([]);
	expect(await isLeaked(check, "a passphrase nobody has leaked 9f3e")).toBe(false); // fail open
	expect(requests).toBe(1);
	expect(warnings).toHaveLength(1);
});

test("through the API: POST /users with password123 answers WEAK_PASSWORD while the range API is down", async () => {
	const server = await startTestServer({ leakCheck: { mode: "online", api: down.url.origin, fail: "open" } });
	try {
		const answer = await server.request("POST", "/users", { password: "password123" });
		expect(answer.body).toEqual({ error: "WEAK_PASSWORD" });
	} finally {
		await server.stop();
	}
});
