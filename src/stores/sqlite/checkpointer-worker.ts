// The checkpointer's thread (started by checkpointer.ts): its own connection to the database file,
// copying the WAL into it on a timer so that no commit on the writer's thread waits for a copy or
// its fsyncs. A checkpoint only copies committed pages into the main file and syncs; it never
// drops a committed transaction, and a crash in the middle leaves the WAL to be replayed.
import { Database } from "bun:sqlite";
import type { CheckpointerReply, CheckpointerRequest } from "./checkpointer.ts";

declare const self: Worker;

let db: Database | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

function reply(message: CheckpointerReply): void {
	self.postMessage(message);
}

interface CheckpointResult {
	busy: number;
	log: number;
	checkpointed: number;
}

function checkpoint(connection: Database, mode: "PASSIVE" | "RESTART"): CheckpointResult {
	return connection.query<CheckpointResult, []>(`PRAGMA wal_checkpoint(${mode})`).get()!;
}

// A RESTART that finds the writer inside a transaction (tens of microseconds each) does a PASSIVE
// checkpoint instead and answers busy; a few tries a millisecond apart find it between two.
const RESTART_TRIES = 5;

function restart(connection: Database): void {
	for (let attempt = 1; attempt <= RESTART_TRIES; attempt++) {
		if (checkpoint(connection, "RESTART").busy === 0) return;
		Bun.sleepSync(1);
	}
}

function start(path: string, everyMs: number, restartAtPages: number): void {
	const connection = new Database(path, { readwrite: true, create: false });
	// Never wait for a lock: with no busy handler, a RESTART that would have to wait for the
	// writer or a reader (a backup, a snapshot) does what it can as a PASSIVE one instead.
	connection.run("PRAGMA busy_timeout = 0");
	db = connection;
	timer = setInterval(function checkpointNow() {
		try {
			// PASSIVE takes no lock a writer needs: commits go on while it copies.
			const passive = checkpoint(connection, "PASSIVE");
			// SQLite starts the WAL over (writing from its beginning again) at the writer's next
			// transaction once every frame in it is copied, and under a steady stream of commits a
			// PASSIVE checkpoint never catches up with the last one, so the file would keep growing.
			// Past the bound, a RESTART takes the writer's lock for the copy of the few frames
			// committed since and its sync (without a busy handler it does not wait for the lock:
			// it does what a PASSIVE one does instead), and the next transaction starts the WAL over.
			if (passive.log >= restartAtPages) restart(connection);
		} catch (error) {
			// A disk that fails here fails the next write too, which answers for it; the
			// writer's automatic checkpoint still bounds the WAL. Tried again next time.
			reply({ type: "failed", message: error instanceof Error ? error.message : String(error) });
		}
	}, everyMs);
}

function stop(): void {
	if (timer !== null) clearInterval(timer);
	timer = null;
	db?.close();
	db = null;
	reply({ type: "stopped" });
	self.onmessage = null; // nothing keeps this thread alive any more
}

self.onmessage = function onRequest(event: MessageEvent<CheckpointerRequest>) {
	const request = event.data;
	try {
		if (request.type === "start") start(request.path, request.everyMs, request.restartAtPages);
		else stop();
	} catch (error) {
		reply({ type: "failed", message: error instanceof Error ? error.message : String(error) });
		if (request.type === "start") stop();
	}
};
