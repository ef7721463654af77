// A developer's local requests all come from 127.0.0.1, whose hashing bucket (5, one back every
// 10 s) runs dry within one run of a sign-up, reset and TOTP flow: the API answers only
// TOO_MANY_REQUESTS, and the log said no more. A refusal's log line names the limit that refused,
// its value and the `--limit` that changes it, at most once a minute per limit (with how many
// refusals it stands for), so a guesser kept at a limit cannot fill the log.
import { expect, test } from "bun:test";
import { LIMIT_NAMES } from "../../src/limits.ts";
import { LIMIT_OF_REFUSAL } from "../../src/limit-refusal-report.ts";
import { RULES } from "../../src/limits/rules.ts";
import { authenticatorCode, createUser, recordingLogger, startTestServer, STRONG_PASSWORD } from "../support/server.ts";

const MESSAGE = "a limit refused a call with TOO_MANY_REQUESTS";

test("the hashing bucket's refusals log the limit and the --limit that changes it, once a minute", async () => {
	const recorded = recordingLogger();
	const server = await startTestServer({ log: recorded.log });
	try {
		const user = await createUser(server);
		const refusalLines = () => recorded.entries().filter((entry) => entry.message === MESSAGE);
		const verify = () => server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "127.0.0.1" });
		for (let i = 0; i < 5; i++) expect((await verify()).status).toBe(204);
		expect(refusalLines()).toEqual([]);
		for (let i = 0; i < 3; i++) expect((await verify()).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect(refusalLines()).toMatchObject([
			{ level: "info", limit: "hashing", value: "5/10s", meaning: "hashing work per client_ip: bucket, refill time", change_with: "--limit hashing=COUNT/WINDOW", refusals: 1, help: "docs/limits.md#in-development-and-in-test-suites" },
		]);

		// A minute on, the next refusal is logged again, counting those the minute held back.
		server.clock.advance(61_000);
		for (let i = 0; i < 6; i++) await verify();
		expect(refusalLines().map((entry) => entry.refusals)).toEqual([1, 3]);
	} finally {
		await server.stop();
	}
});

test("a value set with --limit is the value the line names", async () => {
	const recorded = recordingLogger();
	const server = await startTestServer({ log: recorded.log, limits: ["hashing=2/1m"] });
	try {
		const user = await createUser(server);
		for (let i = 0; i < 3; i++) await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "127.0.0.1" });
		expect(recorded.entries().filter((entry) => entry.message === MESSAGE)).toMatchObject([{ limit: "hashing", value: "2/1m" }]);
	} finally {
		await server.stop();
	}
});

test("a locked second-factor check names second-factor", async () => {
	const recorded = recordingLogger();
	const server = await startTestServer({ log: recorded.log });
	try {
		const user = await createUser(server);
		const key = crypto.getRandomValues(new Uint8Array(20));
		const code = authenticatorCode(key, server.clock.now);
		expect((await server.request("POST", `/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code })).status).toBe(200);
		server.clock.advance(30_000);
		const right = authenticatorCode(key, server.clock.now);
		const wrong = ["000000", "111111", "222222"].find((candidate) => ![-1, 0, 1].some((step) => authenticatorCode(key, server.clock.now + step * 30_000) === candidate))!;
		for (let i = 0; i < 5; i++) await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: wrong });
		expect((await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: right })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect(recorded.entries().filter((entry) => entry.message === MESSAGE)).toMatchObject([{ limit: "second-factor", value: "5/15m", change_with: "--limit second-factor=COUNT/WINDOW" }]);
	} finally {
		await server.stop();
	}
});

test("every rule an operator can set is named by its --limit row", () => {
	const settable = Object.values(RULES).filter((rule) => rule !== RULES.consoleSignInFailures);
	for (const rule of settable) expect(LIMIT_NAMES).toContain(LIMIT_OF_REFUSAL[rule.name]!);
});
