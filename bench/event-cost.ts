// `bun bench/event-cost.ts`: what SQLite's part of one stored event costs, in-process, on a real
// database file with Holm's schema (its own schema steps), against the cheapest change that writes
// one: a recovery code. Changes are made as a busy turn makes them (src/stores/sqlite/db/
// turn-commits.ts): EVENT_COST_GROUP (20) changes, each in a savepoint of its own, inside one BEGIN
// IMMEDIATE … COMMIT. Each way of making them runs for EVENT_COST_GROUPS (1,000) groups a round, in
// alternating order for EVENT_COST_ROUNDS (7) rounds on the same file; the figure is the median
// round's CPU per change. As in a server, where a thread of its own copies the WAL back into the
// database (src/stores/sqlite/checkpointer.ts), that copy is not counted: it runs every 50 groups,
// and SQLite's own checkpoints are off. Events come from Holm's own statements (events.ts), so
// the row is measured as Holm writes it; the literal rows say what is left once binding is gone,
// and once the row is small too: the floor of one row through bun:sqlite on this machine.
//
// Environment: EVENT_COST_USERS (10,000), EVENT_COST_GROUP, EVENT_COST_GROUPS, EVENT_COST_ROUNDS.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { generateCode, generateId } from "../src/lib/ids.ts";
import { openAndMigrate } from "../src/stores/sqlite/db/open.ts";
import { INDEX_USERS, INSERT_EVENT, RAISE_USER_INDEX_UPTO, USER_INDEX_BATCH } from "../src/stores/sqlite/events.ts";
import { median } from "./report.ts";

const USERS = Number(process.env.EVENT_COST_USERS ?? 10_000);
const GROUP = Number(process.env.EVENT_COST_GROUP ?? 20);
const GROUPS = Number(process.env.EVENT_COST_GROUPS ?? 1_000);
const ROUNDS = Number(process.env.EVENT_COST_ROUNDS ?? 7);

const work = mkdtempSync(join(tmpdir(), "holm-event-cost-"));
const { db } = openAndMigrate(join(work, "holm.sqlite"));
db.run("PRAGMA wal_autocheckpoint = 0");
// As the checkpoint thread does, often enough that the WAL is written over rather than grown.
const checkpoint = () => db.run("PRAGMA wal_checkpoint(RESTART)");
const CHECKPOINT_EVERY = 50; // groups

const ids: string[] = [];
db.transaction(() => {
	const insertUser = db.prepare<void, [string, string]>(`INSERT INTO user (id, created_at, email, password_hash, recovery_code) VALUES (?1, 0, ?1 || '@example.com', 'not a hash', ?2)`);
	for (let i = 0; i < USERS; i++) {
		const id = generateId();
		ids.push(id);
		insertUser.run(id, generateCode());
	}
})();

const setRecoveryCode = db.prepare<void, [string, string]>(`UPDATE user SET recovery_code = ? WHERE id = ?`);
const insertEvent = db.prepare<void, [string, number, string, string | null, string | null, string]>(INSERT_EVENT);
const indexUsers = db.prepare<void, []>(INDEX_USERS);
const raiseUpto = db.prepare<void, []>(RAISE_USER_INDEX_UPTO);
const indexBatch = () => {
	indexUsers.run();
	raiseUpto.run();
};
// The same row, its values written into the statement: no binding, no seq to look up.
const sampleUser = ids[0]!;
const literalRow = db.prepare(
	`INSERT INTO event (seq, id, time, type, user_id, client_ip, data) VALUES (NULL, '${generateId()}', ${Math.floor(Date.now() / 1000)}, 'recovery_code_regenerated', '${sampleUser}', NULL, '{}')`,
);
const minimalRow = db.prepare(`INSERT INTO event (seq, id, time, type, user_id, client_ip, data) VALUES (NULL, 'e', 0, 't', NULL, NULL, '')`);

let sinceBatch = 0;
const withEvent = (userId: string, indexed: boolean) => {
	insertEvent.run(generateId(), Math.floor(Date.now() / 1000), "recovery_code_regenerated", userId, null, JSON.stringify({}));
	if (indexed && ++sinceBatch >= USER_INDEX_BATCH) {
		sinceBatch = 0;
		indexBatch();
	}
};

const WAYS: Record<string, (userId: string) => void> = {
	"the change alone (--event-retention 0)": () => {},
	"with its event, as Holm stores it (row and user index)": (userId) => withEvent(userId, true),
	"with its event row, no user index": (userId) => withEvent(userId, false),
	"with the same row as a literal": () => literalRow.run(),
	"with a minimal literal row": () => minimalRow.run(),
};

const change = db.transaction((userId: string, also: (userId: string) => void) => {
	setRecoveryCode.run(generateCode(), userId);
	also(userId);
});
const begin = db.prepare("BEGIN IMMEDIATE");
const commit = db.prepare("COMMIT");

function round(also: (userId: string) => void): number {
	let used = 0;
	for (let done = 0; done < GROUPS; done += CHECKPOINT_EVERY) {
		const before = process.cpuUsage();
		for (let g = done; g < Math.min(GROUPS, done + CHECKPOINT_EVERY); g++) {
			begin.run();
			for (let k = 0; k < GROUP; k++) change(ids[(Math.random() * USERS) | 0]!, also);
			commit.run();
		}
		const spent = process.cpuUsage(before);
		used += spent.user + spent.system;
		checkpoint();
	}
	// What another way wrote is indexed outside the timing, so that each round of the first event
	// way indexes its own events only.
	indexBatch();
	sinceBatch = 0;
	checkpoint();
	return used / (GROUPS * GROUP);
}

const names = Object.keys(WAYS);
round(WAYS[names[1]!]!); // warm-up, which also gives the tables some events
const figures = new Map<string, number[]>(names.map((name) => [name, []]));
for (let r = 0; r < ROUNDS; r++) {
	for (const name of r % 2 === 0 ? names : [...names].reverse()) figures.get(name)!.push(round(WAYS[name]!));
}
db.close();
rmSync(work, { recursive: true, force: true });

const alone = median(figures.get(names[0]!)!);
console.log(`# SQLite's part of an event: ${GROUP} changes a group, ${GROUPS} groups a round, ${ROUNDS} rounds, ${USERS} users`);
console.log(`${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores; load average (1 min) ${loadavg()[0]!.toFixed(2)} at the end\n`);
console.log("| way | µs of CPU a change (median) | over the change alone | rounds |");
console.log("|---|---|---|---|");
for (const name of names) {
	const values = figures.get(name)!;
	const m = median(values);
	console.log(`| ${name} | ${m.toFixed(2)} | ${name === names[0] ? "" : `+${(m - alone).toFixed(2)}`} | ${values.map((v) => v.toFixed(2)).join(", ")} |`);
}
