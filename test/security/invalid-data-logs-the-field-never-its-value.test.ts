// INVALID_DATA said nothing of what was wrong, on the wire or in the log, so a developer guessed
// which field their client sent wrong. The request's log line now names the field (the path of
// the schema's complaint) and the problem. The failure this must not bring: the value itself in
// the log, where a password sent as a number or 200 characters long would sit for anyone who reads
// the logs. The wire stays {"error":"INVALID_DATA"} (API.md section 1).
import { expect, test } from "bun:test";
import { z } from "zod";
import { describeInvalidData } from "../../src/lib/invalid-data.ts";
import { createUser, recordingLogger, SECRET, startTestServer } from "../support/server.ts";

const LONG_PASSWORD = `my-real-password-${"x".repeat(150)}`;
const NUMBER_PASSWORD = 918273645;
const BAD_EMAIL = "not an address hunter2-secret";
const BROKEN_JSON = '{"password": "half-sent-secret-kettle'; // no closing quote or brace

test("the request line of an INVALID_DATA names the field and the problem, never the value", async () => {
	const recorded = recordingLogger();
	const server = await startTestServer({ log: recorded.log });
	try {
		const user = await createUser(server);
		const calls: [string, string, unknown][] = [
			["POST", "/users", { email: "cat@example.com", password: LONG_PASSWORD }],
			["POST", `/users/${user.id}/verify-password`, { password: NUMBER_PASSWORD }],
			["POST", "/users", { email: BAD_EMAIL, password: "tabby-kettle-orbit-91" }],
			["POST", `/users/${user.id}/verify-password`, BROKEN_JSON],
			["POST", `/users/${user.id}/verify-password`, "[1, 2]"],
		];
		for (const [method, path, body] of calls) {
			const answer = await server.request(method, path, body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" }); // the wire says no more
		}
		const lines = recorded.entries().filter((entry) => entry.message === "request" && entry.error === "INVALID_DATA");
		expect(lines.map((line) => [line.route, line.field, line.problem])).toEqual([
			["/users", "password", expect.stringContaining("expected string to have <=127 characters")],
			["/users/:user_id/verify-password", "password", expect.stringContaining("expected string, received number")],
			["/users", "email", "not an email address Holm accepts"],
			["/users/:user_id/verify-password", null, "the body is not JSON"],
			["/users/:user_id/verify-password", null, "the body is not a JSON object"],
		]);
		const all = recorded.lines.join("\n");
		for (const value of [LONG_PASSWORD.slice(0, 20), String(NUMBER_PASSWORD), "hunter2-secret", "half-sent-secret", SECRET]) {
			expect(all).not.toContain(value);
		}
	} finally {
		await server.stop();
	}
});

test("a field inside a list is named by its place, as passkeys[0].id; unknown keys are not named", () => {
	const schema = z.object({ passkeys: z.array(z.object({ id: z.string() })) });
	const failed = schema.safeParse({ passkeys: [{ id: 7 }] });
	expect(failed.success).toBe(false);
	expect(describeInvalidData(failed.error!)).toEqual({ field: "passkeys[0].id", problem: expect.stringContaining("expected string") });
	const strict = z.strictObject({ a: z.string() }).safeParse({ a: "x", "secret-looking-key": 1 });
	expect(describeInvalidData(strict.error!)).toEqual({ field: null, problem: "fields the body may not hold" });
});
