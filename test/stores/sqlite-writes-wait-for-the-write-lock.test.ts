// A write that finds SQLite's write lock held (the checkpoint thread's RESTART takes it while it
// copies the WAL back; a backup or `holm` command in another process may too) waits for it, up to
// the busy timeout, instead of answering 500. A transaction that began as a read and then wrote
// was refused at once ("database is locked"): SQLite does not wait when a read turns into a write.
// Seen as 500s on session creation after an import, when the WAL passed the checkpoint's bound.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { createUser, startTestServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(async () => {
	await server.stop();
});

/** Another process that takes the write lock, says so, and keeps it for `ms`. */
async function holdWriteLock(ms: number): Promise<Bun.Subprocess<"ignore", "pipe", "inherit">> {
	const script = `
		const { Database } = require("bun:sqlite");
		const db = new Database(${JSON.stringify(join(server.dir, "holm.db"))});
		db.run("BEGIN IMMEDIATE");
		console.log("holding");
		setTimeout(() => { db.run("COMMIT"); db.close(); }, ${ms});`;
	const holder = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
	const reader = holder.stdout.getReader();
	const { value } = await reader.read();
	expect(new TextDecoder().decode(value)).toContain("holding");
	reader.releaseLock();
	return holder;
}

test("writes that meet a write lock held elsewhere wait for it and succeed, never a 500", async () => {
	expect(server.store).toBe("sqlite");
	const user = await createUser(server);
	const holder = await holdWriteLock(300);
	const started = performance.now();
	const answers = await Promise.all([
		server.request("POST", `/users/${user.id}/sessions`, {}),
		server.request("POST", `/users/${user.id}/regenerate-recovery-code`, {}),
		server.request("POST", "/users", { email: "second@example.com", password: "another fine password 42" }),
	]);
	expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
	// They waited for the lock rather than going around it.
	expect(performance.now() - started).toBeGreaterThan(200);
	await holder.exited;
});
