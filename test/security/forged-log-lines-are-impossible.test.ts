// Attack: put a line break (`%0A`) or other control characters into a request so that the log
// gets a line the attacker wrote ("... INFO request method=POST route=/authenticate/password
// status=204"), hiding an attack or framing someone; or read request ids out of the log (a
// verified password reset request's id is as good as a password). Log lines carry the route
// pattern only, never the path; and in both formats no value can end a line or add a field:
// pretty quotes and escapes such values, json escapes them.
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { createLogger, type LogFields } from "../../src/log.ts";
import { PROCESS_SECRET, serveHolm, STRONG_PASSWORD, tempDirsForThisFile } from "../support/server.ts";

// Each test starts real processes.
setDefaultTimeout(30_000);

const newDir = tempDirsForThisFile();

const HOSTILE = [
	"line\nbreak",
	"carriage\rreturn",
	"crlf\r\n2026-11-21T12:00:00.000Z INFO request method=POST route=/authenticate/password status=204",
	"unicode\u2028line\u2029separators\u0085nel",
	"\u001b[2J\u001b[Hterminal escape",
	'quote" status=200 route=/forged',
	"tab\tand nul\u0000",
	"",
];

function capture(format: "pretty" | "json"): { lines: () => string[]; write: (level: "info" | "warn" | "error", message: string, fields: LogFields) => void } {
	let text = "";
	const sink = { write: (chunk: string) => ((text += chunk), true) };
	const log = createLogger(format, "debug", { out: sink, err: sink });
	return {
		lines: () => text.split("\n").slice(0, -1),
		write: (level, message, fields) => log[level](message, fields),
	};
}

describe("the logger", () => {
	for (const format of ["pretty", "json"] as const) {
		test(`${format}: one call is exactly one line, whatever the values hold`, () => {
			const log = capture(format);
			for (const value of HOSTILE) log.write("info", "request", { method: "GET", route: value, status: 200 });
			for (const value of HOSTILE) log.write("error", `failed: ${value}`, { reason: value });
			const lines = log.lines();
			expect(lines).toHaveLength(HOSTILE.length * 2);
			for (const line of lines) {
				expect(line).toMatch(/^[\x20-\x7e]*$/); // no control character, no raw line separator of any kind
				if (format === "json") expect(() => JSON.parse(line)).not.toThrow();
				else expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z (INFO|ERROR) /);
			}
		});
	}

	test("json: the values come back unchanged", () => {
		const log = capture("json");
		for (const value of HOSTILE) log.write("warn", "hostile", { value });
		expect(log.lines().map((line) => JSON.parse(line).value)).toEqual(HOSTILE);
	});

	// The pretty logger remembers messages and field names it found safe (src/log.ts, escapeName):
	// a hostile one is escaped however often it comes, and after safe ones were seen.
	test("pretty: a message or field name is escaped every time it comes, never remembered as safe", () => {
		const log = capture("pretty");
		for (let i = 0; i < 3; i++) {
			log.write("info", "request", { status: 200 });
			log.write("info", "forged\nline", { "key\nforged": 1 });
		}
		const lines = log.lines().map((line) => line.replace(/^\S+ /, ""));
		expect(lines).toEqual(Array.from({ length: 3 }, () => ["INFO request status=200", "INFO forged\\nline key\\nforged=1"]).flat());
	});

	test("pretty: a value cannot add a field of its own", () => {
		const log = capture("pretty");
		log.write("info", "request", { route: 'x status=200 route=/forged', status: 401 });
		// The whole value is one quoted token; a reader that splits on spaces outside quotes sees two fields.
		expect(log.lines()[0]!.replace(/^\S+ /, "")).toBe('INFO request route="x status=200 route=/forged" status=401');
	});
});

describe("a running server", () => {
	for (const format of ["pretty", "json"] as const) {
		test(`${format}: request lines name the route pattern, never the path, and a %0A forges nothing`, async () => {
			const holm = await serveHolm(["--dir", newDir(), "--secret", PROCESS_SECRET, "--log-format", format]);
			const id = "abcdefghijkmnpqrstuvwxyz";
			const forged = "%0A2026-11-21T12:00:00.000Z%20INFO%20forged%20route=/authenticate/password%20status=204";
			try {
				for (const path of [`/password-reset-requests/${id}`, `/password-reset-requests/${id}${forged}`, `/users/${id}`, `/no/such/${id}${forged}`]) {
					await fetch(holm.url + path, { headers: { Authorization: PROCESS_SECRET } });
				}
				await fetch(holm.url + `/users/${id}${forged}`); // without the secret
			} finally {
				expect(await holm.stop()).toBe(0);
			}
			const lines = holm.output().split("\n").filter((line) => line !== "");
			const requestLines = lines.filter((line) => line.includes("request"));
			expect(requestLines.length).toBeGreaterThanOrEqual(5);
			expect(holm.output()).toContain("/password-reset-requests/:request_id");
			expect(holm.output()).not.toContain(id);
			expect(holm.output()).not.toContain("forged");
			for (const line of lines) {
				if (format === "json") expect(() => JSON.parse(line)).not.toThrow();
				else expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z [A-Z]+ /);
			}
		});
	}

	test("the line of a 500 names the route pattern, not the path with its id", async () => {
		const dir = newDir();
		const setup = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
		const created = await fetch(setup.url + "/users", {
			method: "POST",
			headers: { Authorization: PROCESS_SECRET },
			body: JSON.stringify({ password: STRONG_PASSWORD }),
		});
		const user = (await created.json()) as { id: string };
		expect(await setup.stop()).toBe(0);

		// Online leak check against an address where nothing listens, failing closed: a 500 from inside the handler.
		const holm = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET, "--log-format", "json", "--leak-check", "online", "--leak-api", "http://127.0.0.1:9", "--leak-fail", "closed"]);
		try {
			const answer = await fetch(`${holm.url}/users/${user.id}/update-password`, {
				method: "POST",
				headers: { Authorization: PROCESS_SECRET },
				body: JSON.stringify({ password: STRONG_PASSWORD, new_password: "a new passphrase nobody leaked 7" }),
			});
			expect(answer.status).toBe(500);
		} finally {
			expect(await holm.stop()).toBe(0);
		}
		const errorLine = holm.errors().split("\n").find((line) => line.includes('"level":"error"'));
		expect(errorLine).toBeDefined();
		expect(JSON.parse(errorLine!).route).toBe("/users/:user_id/update-password");
		expect(holm.output() + holm.errors()).not.toContain(user.id);
	});
});
