// Attack: make the service fail (here: the leak-check API is down and Holm fails closed) and read
// the 500 answer for internals such as addresses, stack traces or the password being checked.
// The answer is exactly {"error":"UNKNOWN_ERROR"}; the reason goes only to the log.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { recordingLogger, startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";

let rangeApi: ReturnType<typeof Bun.serve>;
let rangeApiUp = true;
const leakedSuffix = Bun.SHA1.hash(STRONG_PASSWORD + "!leaked", "hex").toUpperCase();

beforeAll(() => {
	// A local stand-in for the Have I Been Pwned range API.
	rangeApi = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		fetch(request) {
			if (!rangeApiUp) return new Response("upstream exploded at /internal/path", { status: 500 });
			const prefix = new URL(request.url).pathname.split("/").pop()!;
			const lines = ["0123456789ABCDEF0123456789ABCDEF012:3"];
			if (leakedSuffix.startsWith(prefix)) lines.push(`${leakedSuffix.slice(5)}:42`);
			return new Response(lines.join("\r\n"));
		},
	});
});
afterAll(() => rangeApi.stop(true));

async function withServer(fail: "open" | "closed", body: (server: TestServer, logs: string[]) => Promise<void>): Promise<void> {
	const { log, lines: logs } = recordingLogger();
	const server = await startTestServer({ log, leakCheck: { mode: "online", api: `http://127.0.0.1:${rangeApi.port}`, fail } });
	try {
		await body(server, logs);
	} finally {
		await server.stop();
	}
}

test("online mode through the API: a leaked password is WEAK_PASSWORD, another is accepted", async () => {
	rangeApiUp = true;
	await withServer("closed", async (server) => {
		expect((await server.request("POST", "/users", { password: STRONG_PASSWORD + "!leaked" })).body).toEqual({ error: "WEAK_PASSWORD" });
		expect((await server.request("POST", "/users", { password: STRONG_PASSWORD })).status).toBe(200);
	});
});

test("fail closed: an unreachable API answers 500 UNKNOWN_ERROR and nothing else", async () => {
	rangeApiUp = false;
	await withServer("closed", async (server, logs) => {
		const response = await server.fetch("/users", {
			method: "POST",
			headers: { Authorization: "test-secret-that-is-long-enough" },
			body: JSON.stringify({ password: STRONG_PASSWORD }),
		});
		expect(response.status).toBe(500);
		expect(await response.text()).toBe('{"error":"UNKNOWN_ERROR"}');
		expect((await server.request("GET", "/users")).body).toEqual([]); // nothing half-created
		const all = logs.join("\n");
		expect(all).toContain("HTTP 500");
		expect(all).not.toContain(STRONG_PASSWORD);
	});
});

test("fail open: an unreachable API accepts the password and logs a warning", async () => {
	rangeApiUp = false;
	await withServer("open", async (server, logs) => {
		expect((await server.request("POST", "/users", { password: STRONG_PASSWORD })).status).toBe(200);
		expect(logs.some((line) => line.includes("leak check skipped"))).toBe(true);
	});
});
