// Under load, a turn's writes on SQLite share one transaction, committed at the turn's end before
// its answers leave (src/stores/sqlite/db/turn-commits.ts). Here the app is called in-process and
// the turn is grouped and committed by hand, as the listener does it: nothing another connection
// can see happens before the commit, a request reads what it wrote, a failed write is undone
// alone, and a group whose commit fails keeps none of its writes and says so.
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { HolmEvent } from "../../src/features/events/store.ts";
import { createTurnCommits } from "../../src/stores/sqlite/db/turn-commits.ts";
import { openSqliteStorage } from "../../src/stores/sqlite/index.ts";
import { createUser, startTestServer, tempDirsForThisFile, uniqueEmail, type TestServer } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const stopping: (() => Promise<void>)[] = [];
afterAll(async () => {
	for (const stop of stopping) await stop();
});

async function server(): Promise<TestServer> {
	const started = await startTestServer();
	stopping.push(() => started.stop());
	return started;
}

function turnCommits(started: TestServer) {
	const commits = started.ctx.storage.turnCommits;
	if (commits === undefined) throw new Error("SQLite storage without turn commits");
	return commits;
}

async function storedCode(started: TestServer, userId: string): Promise<unknown> {
	const [row] = await started.rows("SELECT recovery_code FROM user WHERE id = ?", userId);
	return row?.recovery_code;
}

test("a grouped turn's writes, of several requests and stores, are committed together at its end and not before", async () => {
	const holm = await server();
	const users = [await createUser(holm), await createUser(holm), await createUser(holm)];
	const commits = turnCommits(holm);
	commits.group();
	const answers = await Promise.all(users.map((user) => holm.request("POST", `/users/${user.id}/regenerate-recovery-code`, {})));
	const session = await holm.request("POST", `/users/${users[0]!.id}/sessions`, {});
	expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
	expect(session.status).toBe(200);
	// Another connection (a backup, `holm` in another process) sees none of it yet.
	for (const user of users) expect(await storedCode(holm, user.id)).toBe(user.recovery_code);
	expect(await holm.rows("SELECT id FROM session WHERE user_id = ?", users[0]!.id)).toEqual([]);
	expect(await holm.rows("SELECT seq FROM event WHERE type = 'recovery_code_regenerated'")).toEqual([]);

	expect(commits.commit()).toBeNull();
	for (const [i, user] of users.entries()) expect(await storedCode(holm, user.id)).toBe(answers[i]!.body.recovery_code);
	expect(await holm.rows("SELECT id FROM session WHERE user_id = ?", users[0]!.id)).toHaveLength(1);
	expect(await holm.rows("SELECT seq FROM event WHERE type = 'recovery_code_regenerated'")).toHaveLength(3);
	// After the turn, a write commits by itself again.
	const alone = await holm.request("POST", `/users/${users[1]!.id}/regenerate-recovery-code`, {});
	expect(await storedCode(holm, users[1]!.id)).toBe(alone.body.recovery_code);
});

test("a request in a grouped turn reads what it and the turn's other requests wrote, before the commit", async () => {
	const holm = await server();
	const user = await createUser(holm);
	const commits = turnCommits(holm);
	commits.group();
	const regenerated = await holm.request("POST", `/users/${user.id}/regenerate-recovery-code`, {});
	const read = await holm.request("GET", `/users/${user.id}`);
	expect(read.body.recovery_code).toBe(regenerated.body.recovery_code);
	const created = await createUser(holm);
	expect((await holm.request("GET", `/users/${created.id}`)).status).toBe(200);
	const page = await holm.request("GET", "/users?per_page=100");
	expect(page.body.map((u: { id: string }) => u.id)).toContain(created.id);
	expect(page.headers.get("X-Pagination-Total")).toBe("2");
	expect(commits.commit()).toBeNull();
	expect((await holm.request("GET", `/users/${created.id}`)).status).toBe(200);
});

test("a write that fails within a grouped turn is undone alone: the turn's other writes are committed", async () => {
	const holm = await server();
	const email = uniqueEmail();
	const commits = turnCommits(holm);
	commits.group();
	const first = await holm.request("POST", "/users", { email, password: "correct horse battery staple 7" });
	const taken = await holm.request("POST", "/users", { email, password: "correct horse battery staple 7" });
	const other = await createUser(holm);
	expect([first.status, taken.status, taken.body.error]).toEqual([200, 400, "EMAIL_ALREADY_USED"]);
	expect(commits.commit()).toBeNull();
	expect(await holm.rows("SELECT id FROM user WHERE email = ?", email)).toEqual([{ id: first.body.id }]);
	expect(await holm.rows("SELECT id FROM user WHERE id = ?", other.id)).toEqual([{ id: other.id }]);
});

test("a webhook delivery is claimed only once its event's turn is committed, never while it could still be lost", async () => {
	const storage = openSqliteStorage(join(newDir(), "holm.db"), undefined, { retentionDays: 30, webhook: { types: null } });
	stopping.push(() => storage.close());
	const commits = storage.turnCommits!;
	const event: HolmEvent = { id: "e".repeat(24), time: 1_700_000_000, type: "sign_in", userId: null, clientIp: null, data: {} };
	commits.group();
	await storage.stores.events.append([event]);
	let claimed = null as string[] | null;
	void storage.webhookQueue.claim(Date.now() + 60_000, 10, 30_000).then((deliveries) => (claimed = deliveries.map((d) => d.event.id)));
	await Bun.sleep(5);
	expect(claimed).toBeNull(); // the turn is still open
	expect(commits.commit()).toBeNull();
	await Bun.sleep(0);
	expect(claimed).toEqual([event.id]);
	// Outside a group, a claim answers at once.
	expect(await storage.webhookQueue.claim(Date.now() + 60_000, 10, 30_000)).toEqual([]);
});

/** A database whose commit fails: a deferred foreign key is checked at COMMIT. */
function databaseWithDeferredCheck(): Database {
	const db = new Database(join(newDir(), "turn.db"), { create: true, strict: true });
	db.run("PRAGMA journal_mode = WAL");
	db.run("PRAGMA foreign_keys = ON");
	db.run("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
	db.run("CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)");
	db.run("CREATE TABLE note (text TEXT NOT NULL)");
	return db;
}

/** A grouped turn on such a database that has written one note, and a count of forgettings. */
function turnWithANote(text: string) {
	const db = databaseWithDeferredCheck();
	const commits = createTurnCommits(db);
	const lost = { forgotten: 0 };
	commits.onLost(() => lost.forgotten++);
	commits.group();
	commits.beforeUse();
	db.run("INSERT INTO note (text) VALUES (?)", [text]);
	return { db, commits, lost };
}

test("a grouped turn whose commit fails keeps none of its writes, says why, and has the mirrors of stored rows forgotten", () => {
	const { db, commits, lost } = turnWithANote("kept only if the turn commits");
	commits.beforeUse();
	db.run("INSERT INTO child (id, parent) VALUES (1, 404)"); // fails at COMMIT, not here
	expect(commits.open).toBe(true);
	expect(commits.commit()).toContain("the turn's commit failed: FOREIGN KEY constraint failed");
	expect(lost.forgotten).toBe(1);
	expect(db.inTransaction).toBe(false);
	expect(db.query("SELECT count(*) AS n FROM note").get()).toEqual({ n: 0 });
	// The next turn starts clean.
	commits.group();
	commits.beforeUse();
	db.run("INSERT INTO note (text) VALUES ('next turn')");
	expect(commits.commit()).toBeNull();
	expect(db.query("SELECT text FROM note").all()).toEqual([{ text: "next turn" }]);
	db.close();
});

test("a grouped turn whose transaction SQLite rolled back (after an I/O error, say) reports its writes lost, not committed", () => {
	const { db, commits, lost } = turnWithANote("lost");
	db.run("ROLLBACK"); // what SQLite does by itself after SQLITE_FULL or SQLITE_IOERR in some statements
	expect(commits.commit()).toBe("SQLite rolled the turn's transaction back after an error within it");
	expect(lost.forgotten).toBe(1);
	expect(db.query("SELECT count(*) AS n FROM note").get()).toEqual({ n: 0 });
	db.close();
});

test("a turn without writes commits nothing, and a write outside a group commits by itself", () => {
	const db = databaseWithDeferredCheck();
	const commits = createTurnCommits(db);
	commits.group();
	expect(commits.open).toBe(false);
	expect(commits.commit()).toBeNull();
	commits.beforeUse();
	db.run("INSERT INTO note (text) VALUES ('alone')");
	expect(db.inTransaction).toBe(false);
	db.close();
});

test("through the real listener, under a burst of concurrent writes and reads, every answer agrees with what was committed", async () => {
	const holm = await startTestServer({ listen: true });
	stopping.push(() => holm.stop());
	const users = [];
	for (let i = 0; i < 60; i++) users.push(await createUser(holm));
	for (let round = 0; round < 3; round++) {
		// Each user's code regenerated once, its user read, and a session made, all at once: busy
		// turns, whose writes are grouped.
		const regenerated = users.map((user) => holm.request("POST", `/users/${user.id}/regenerate-recovery-code`, {}));
		const reads = users.map((user) => holm.request("GET", `/users/${user.id}`));
		const sessions = users.map((user) => holm.request("POST", `/users/${user.id}/sessions`, {}));
		const codes = await Promise.all(regenerated);
		expect((await Promise.all(reads)).map((answer) => answer.status)).toEqual(users.map(() => 200));
		const made = await Promise.all(sessions);
		for (const [i, user] of users.entries()) {
			expect(codes[i]!.status).toBe(200);
			expect(await storedCode(holm, user.id)).toBe(codes[i]!.body.recovery_code);
			expect(made[i]!.status).toBe(200);
			const validated = await holm.request("POST", "/sessions/validate", { token: made[i]!.body.token });
			expect(validated.body.user_id ?? validated.body.user?.id).toBe(user.id);
		}
	}
});
