// The one-time-code requests on SQLite: password reset, email verification, email update and email
// sign-in. Their tables differ in a name, a key and a few columns, not in
// how a code's attempts are counted, how a request is used up or when it expires, so those verbs
// are written once here. Each is one statement, or one transaction with its event.
import type { Database } from "bun:sqlite";
import type { CodeRequestStore } from "../../features/code-requests-store.ts";
import type { HolmEvent } from "../../features/events/store.ts";
import type { CodeRequestTable } from "../code-request-rows.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import type { SqliteEventLog } from "./events.ts";
import { writeTransaction } from "./db/write-transaction.ts";

/** `now` is the time, in seconds, that judges expiry (the instance's: one process, one clock). */
export function codeRequestVerbs<Row, Request, Code>(
	db: Database,
	reads: SnapshotReads,
	events: SqliteEventLog,
	table: CodeRequestTable<Row, Request>,
	now: () => number,
): CodeRequestStore<Request, Code> {
	const { name, key, code, columns, toRequest } = table;
	const selectLive = reads.prepare<Row, [string, number]>(`SELECT ${columns} FROM ${name} WHERE ${key} = ? AND expires_at > ?`);
	const selectLiveForUser = reads.prepare<Row, [string, number]>(
		`SELECT ${columns} FROM ${name} WHERE user_id = +? AND expires_at > ? ORDER BY created_at, ${key}`,
	);
	// Count first, in one statement: parallel attempts are serialised by the write lock, and each
	// sees the count the one before it left, so at most maxAttempts ever get a row.
	const takeAttempt = db.prepare<{ code: Code; failed_attempts: number; user_id: string | null }, [string, number, number]>(
		`UPDATE ${name} SET failed_attempts = failed_attempts + 1
		WHERE ${key} = ? AND expires_at > ? AND failed_attempts < ?
		RETURNING ${code} AS code, failed_attempts, user_id`,
	);
	const deleteLive = db.prepare<void, [string, number]>(`DELETE FROM ${name} WHERE ${key} = ? AND expires_at > ?`);
	const deleteByKey = db.prepare<void, [string]>(`DELETE FROM ${name} WHERE ${key} = ?`);
	const deleteForUser = db.prepare<void, [string]>(`DELETE FROM ${name} WHERE user_id = ?`);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM ${name} WHERE expires_at <= ?`);
	const deleteWithEvent = writeTransaction(db, (requestKey: string, event: HolmEvent) => {
		deleteByKey.run(requestKey);
		events.write(event);
	});

	return {
		async get(requestKey) {
			const row = selectLive.get(requestKey, now());
			return row === null ? null : toRequest(row);
		},
		async listForUser(userId) {
			return selectLiveForUser.all(userId, now()).map(toRequest);
		},
		async delete(requestKey) {
			return deleteLive.run(requestKey, now()).changes > 0;
		},
		async deleteForUser(userId) {
			deleteForUser.run(userId);
		},
		async takeCodeAttempt(requestKey, maxAttempts) {
			const row = takeAttempt.get(requestKey, now(), maxAttempts);
			return row === null ? null : { code: row.code, attempts: row.failed_attempts, userId: row.user_id };
		},
		async deleteAfterLastAttempt(requestKey, event) {
			deleteWithEvent(requestKey, event);
		},
		async deleteExpired(at) {
			deleteExpired.run(at);
		},
	};
}
