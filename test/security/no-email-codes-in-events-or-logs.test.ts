// Attack: read the logs or the event feed (a webhook receiver, a "recent activity" page) to collect
// email sign-in codes or request ids: either, with the other, signs in as the user.
import { expect, test } from "bun:test";
import type { Logger, LogFields } from "../../src/log.ts";
import { feedSettled } from "../support/events-flow.ts";
import { startTestServer, uniqueEmail } from "../support/server.ts";

test("a code or request id in an event or log: a whole email sign-in flow writes neither", async () => {
	const lines: string[] = [];
	const capture = (message: string, fields?: LogFields) => lines.push(message + " " + JSON.stringify(fields ?? {}));
	const log: Logger = { info: capture, warn: capture, error: capture };
	const server = await startTestServer({ log });
	try {
		const email = uniqueEmail();
		const secrets: string[] = [];
		// An unknown email, signed up by the code; then a known one, with wrong codes until deleted.
		const first = (await server.request("POST", "/email-sign-ins", { email, client_ip: "192.0.2.5" })).body;
		await server.request("POST", `/email-sign-ins/${first.id}/verify`, { code: "WRONGONE", client_ip: "192.0.2.5" });
		const created = await server.request("POST", `/email-sign-ins/${first.id}/verify`, { code: first.code, create_user: true, client_ip: "192.0.2.5" });
		expect(created.status).toBe(200);
		const second = (await server.request("POST", "/email-sign-ins", { email })).body;
		for (let i = 0; i < 5; i++) await server.request("POST", `/email-sign-ins/${second.id}/verify`, { code: `WRONG${i}AB` });
		const third = (await server.request("POST", "/email-sign-ins", { email })).body;
		await server.request("POST", `/email-sign-ins/${third.id}/verify`, { code: third.code });
		secrets.push(first.id, first.code, second.id, second.code, third.id, third.code, "WRONGONE");

		await feedSettled(server);
		const events = JSON.stringify((await server.request("GET", "/events?limit=1000")).body);
		expect(events).toContain("email_code"); // the flow's events are there
		expect(events).toContain("request_deleted_after_incorrect_codes");
		const all = lines.join("\n");
		expect(lines.length).toBeGreaterThan(5);
		for (const secret of secrets) {
			expect(all).not.toContain(secret);
			expect(events).not.toContain(secret);
		}
	} finally {
		await server.stop();
	}
});
