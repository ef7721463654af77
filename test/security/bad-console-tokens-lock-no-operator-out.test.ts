// The attack (audit C-1): behind a reverse proxy, or on a Unix socket, every browser reaches the
// console from one address (the proxy's, or none at all), so the per-address limit on console
// sign-ins is one limit for everyone. Ten made-up tokens from anywhere used to block that address
// for 15 minutes, and with it every operator's fresh, valid `holm console-link`. A valid token is
// not a guess: it is checked first and signs in whatever the address's count; only tokens that
// fail count, and those are still limited.
import { afterEach, beforeEach, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { PROCESS_SECRET, runHolm, SECRET, serveHolm, tempDirsForThisFile, type TestServer } from "../support/server.ts";
import { consoleCall, signInToken, startConsoleServer } from "../console/support.ts";

// The last test starts a real process on a Unix socket.
setDefaultTimeout(30_000);

const newDir = tempDirsForThisFile();
let server: TestServer;
beforeEach(async () => {
	server = await startConsoleServer();
});
afterEach(() => server.stop());

const guess = () => consoleCall(server, "POST", "/console/api/session", { body: { token: "x".repeat(43) } });

test("ten bad tokens from the shared address do not lock out an operator with a valid link", async () => {
	for (let i = 0; i < 10; i++) expect((await guess()).status).toBe(401);
	const blocked = await guess();
	expect(blocked.status).toBe(429);
	expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);

	const operator = await consoleCall(server, "POST", "/console/api/session", { body: { token: await signInToken(server) } });
	expect(operator.status).toBe(204);
	expect(operator.headers.get("Set-Cookie")).toStartWith("__Host-holm_console=");

	// Bad tokens are still refused with 429 until the window ends; the sign-in cleared nothing.
	expect((await guess()).status).toBe(429);
	const metrics = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: SECRET } })).text();
	expect(metrics).toContain('holm_rate_limit_refusals_total{limit="console_sign_in_address"} 2');
	server.clock.advance(15 * 60_000);
	expect((await guess()).status).toBe(401);
});

test("a flood of parallel bad tokens does not lock out an operator either", async () => {
	const answers = await Promise.all(Array.from({ length: 40 }, guess));
	expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);
	expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
	const operator = await consoleCall(server, "POST", "/console/api/session", { body: { token: await signInToken(server) } });
	expect(operator.status).toBe(204);
});

test("a used or expired token counts as a bad one", async () => {
	const used = await signInToken(server);
	expect((await consoleCall(server, "POST", "/console/api/session", { body: { token: used } })).status).toBe(204);
	for (let i = 0; i < 10; i++) expect((await consoleCall(server, "POST", "/console/api/session", { body: { token: used } })).status).toBe(401);
	expect((await consoleCall(server, "POST", "/console/api/session", { body: { token: used } })).status).toBe(429);
});

test("on a Unix socket (no peer address: one key for everyone), a fresh console-link still signs in", async () => {
	const dir = newDir();
	const socket = join(newDir(), "holm.sock");
	const holm = await serveHolm(["--dir", dir, "--console", "--unix", socket], { HOLM_SECRET: PROCESS_SECRET });
	try {
		const send = (token: string) =>
			fetch("http://localhost/console/api/session", {
				unix: socket,
				method: "POST",
				headers: { Origin: "http://localhost", "Content-Type": "application/json" },
				body: JSON.stringify({ token }),
			});
		for (let i = 0; i < 10; i++) expect((await send("x".repeat(43))).status).toBe(401);
		expect((await send("x".repeat(43))).status).toBe(429);
		const made = runHolm(["console-link", "--dir", dir]);
		expect(made.code).toBe(0);
		const token = made.stdout.trim().split("#token=")[1]!;
		expect((await send(token)).status).toBe(204);
	} finally {
		await holm.stop();
	}
});
