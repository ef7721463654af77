// The hot reads on PostgreSQL (a user by id, a session validation) asked for at about the same time
// go to the database as one statement: every lookup asked for while the event loop handles one
// round of I/O is sent together when that round ends (setImmediate), as `unnest($1::text[]) WITH
// ORDINALITY`, and each caller gets the row of its own key. A statement costs PostgreSQL's backend
// and Bun's client most of their CPU whatever rows it reads (the protocol's messages, the executor's
// start, two system calls a side), so under load a lookup costs a fraction of what it did alone:
// docs/postgres.md gives the figures. Alone, a lookup waits one turn of the event loop more.
//
// Each read is as fresh as before: the statement is sent after every call it answers was made, so
// a caller sees every write that had answered before it asked. A batch that fails fails each of its
// callers with the same error.
import type { SQL } from "bun";
import { fellBackFrom } from "./connection.ts";

/** The most keys one statement carries; more wait for the next statement, sent at once. */
const MOST_KEYS = 100;

/**
 * A lookup by one text key that batches: `statement()` gives the text of a statement whose $1 is
 * the keys (a text[]), whose rows carry `n`, the 1-based position of the key they answer (from
 * `unnest($1::text[]) WITH ORDINALITY AS k(key, n)`), at most one row a key. The text is asked for
 * at each statement, so it may embed what changes (a test's fixed clock).
 */
export function batchedLookup<Row extends { n: number | string }>(sql: SQL, statement: () => string): (key: string) => Promise<Row | undefined> {
	let waiting: { key: string; resolve: (row: Row | undefined) => void; reject: (error: unknown) => void }[] = [];
	let scheduled = false;

	async function send(batch: typeof waiting): Promise<void> {
		const keys = [batch.map((call) => call.key)];
		try {
			let rows: Row[];
			try {
				rows = await sql.unsafe(statement(), keys);
			} catch (error) {
				// A pooler's server connection without the prepared statement: it did not run.
				if (!fellBackFrom(sql, error)) throw error;
				rows = await sql.unsafe(statement(), keys);
			}
			const answers: (Row | undefined)[] = new Array(batch.length);
			for (const row of rows) answers[Number(row.n) - 1] = row;
			batch.forEach((call, index) => call.resolve(answers[index]));
		} catch (error) {
			for (const call of batch) call.reject(error);
		}
	}

	function flush(): void {
		scheduled = false;
		const all = waiting;
		waiting = [];
		for (let start = 0; start < all.length; start += MOST_KEYS) void send(all.slice(start, start + MOST_KEYS));
	}

	return (key) =>
		new Promise((resolve, reject) => {
			waiting.push({ key, resolve, reject });
			if (!scheduled) {
				scheduled = true;
				setImmediate(flush);
			}
		});
}
