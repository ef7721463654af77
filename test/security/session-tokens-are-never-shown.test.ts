// Attack: read a session token (or the digest that checks it) anywhere but the one answer that
// creates the session: a GET that lists devices, the event feed or a webhook, the logs, or a copy of
// the database file. Whoever holds a token is signed in as the user; the digest is only stored.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LogFields, Logger } from "../../src/log.ts";
import { feedSettled } from "../support/events-flow.ts";
import { createUser, startTestServer } from "../support/server.ts";

test("a session's token and digest are in no GET, event, log line or database file", async () => {
	const lines: string[] = [];
	const capture = (message: string, fields?: LogFields) => lines.push(message + " " + JSON.stringify(fields ?? {}));
	const log: Logger = { info: capture, warn: capture, error: capture };
	const server = await startTestServer({ log, sessions: { idleTimeoutSeconds: 7 * 86_400, lifetimeSeconds: 30 * 86_400, perUser: 2 } });
	try {
		const user = await createUser(server);
		const tokens: string[] = [];
		for (let i = 0; i < 3; i++) {
			const created = await server.request("POST", `/users/${user.id}/sessions`, { client_ip: "192.0.2.1", user_agent: "Browser" });
			tokens.push(created.body.token);
		}
		const live = tokens.at(-1)!;
		await server.request("POST", "/sessions/validate", { token: live });
		await server.request("POST", "/sessions/validate", { token: tokens[0] }); // ended by the cap
		const id = live.split(".")[0]!;
		const shown: string[] = [];
		for (const path of [`/sessions/${id}`, `/users/${user.id}/sessions`, `/users/${user.id}/events`, "/events", `/users/${user.id}`]) {
			const answer = await server.request("GET", path);
			expect(answer.status).toBe(200);
			shown.push(JSON.stringify(answer.body));
		}
		await server.request("DELETE", `/users/${user.id}/sessions`);
		await feedSettled(server);
		shown.push(JSON.stringify((await server.request("GET", `/users/${user.id}/events`)).body));
		await server.ctx.storage.close().catch(() => {});

		const files = server.store === "sqlite" ? readdirSync(server.dir).filter((name) => name.startsWith("holm.db")).map((name) => readFileSync(join(server.dir, name)).toString("latin1")) : [];
		for (const token of tokens) {
			const secret = token.split(".")[1]!;
			const digest = Bun.CryptoHasher.hash("sha256", secret) as Uint8Array;
			for (const form of [secret, Buffer.from(digest).toString("hex"), Buffer.from(digest).toString("base64"), Buffer.from(digest).toString("base64url")]) {
				for (const text of shown) expect(text).not.toContain(form);
				expect(lines.join("\n")).not.toContain(form);
			}
			for (const file of files) expect(file).not.toContain(secret);
		}
		expect(lines.some((line) => line.includes("session_created"))).toBe(true);
	} finally {
		await server.stop().catch(() => {});
	}
});
