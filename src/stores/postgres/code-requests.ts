// The one-time-code requests on PostgreSQL: password reset, email verification, email update and
// email sign-in. Their tables differ in a name, a key and a few columns,
// not in how a code's attempts are counted, how a request is used up or when it expires, so those
// verbs are written once here. Each is one statement, or one transaction with its event. Expiry is
// judged by the database's clock (clock.ts), never this instance's; the sweep gives deleteExpired
// the database's time. A new request is stamped with that time too (stampedTimes in clock.ts).
import type { SQL } from "bun";
import type { CodeRequestStore } from "../../features/code-requests-store.ts";
import type { CodeRequestTable } from "../code-request-rows.ts";
import type { DatabaseClock } from "./clock.ts";
import { change, type PostgresEventLog } from "./events.ts";

export function codeRequestVerbs<Row, Request, Code>(
	sql: SQL,
	clock: DatabaseClock,
	events: PostgresEventLog,
	table: CodeRequestTable<Row, Request>,
): CodeRequestStore<Request, Code> {
	const { toRequest } = table;
	// Names from the closed set of CodeRequestTable (code-request-rows.ts), quoted as identifiers by
	// the connection that runs the statement; values are always parameters.
	const name = (q: SQL) => q(table.name);
	const key = (q: SQL) => q(table.key);
	return {
		async get(requestKey) {
			const rows = await sql<Row[]>`SELECT * FROM ${name(sql)} WHERE ${key(sql)} = ${requestKey} AND expires_at > ${clock.seconds(sql)}`;
			return rows.length === 0 ? null : toRequest(rows[0]!);
		},
		async listForUser(userId) {
			const rows = await sql<Row[]>`SELECT * FROM ${name(sql)}
				WHERE user_id = ${userId} AND expires_at > ${clock.seconds(sql)} ORDER BY created_at, ${key(sql)}`;
			return rows.map(toRequest);
		},
		async delete(requestKey) {
			const result = await sql`DELETE FROM ${name(sql)} WHERE ${key(sql)} = ${requestKey} AND expires_at > ${clock.seconds(sql)}`;
			return result.count > 0;
		},
		async deleteForUser(userId) {
			await sql`DELETE FROM ${name(sql)} WHERE user_id = ${userId}`;
		},
		async takeCodeAttempt(requestKey, maxAttempts) {
			// Count first, in one statement: parallel attempts queue on the row lock, and each sees the
			// count the one before it left, so at most maxAttempts ever get a row.
			const rows = await sql<{ code: Code; failed_attempts: number; user_id: string | null }[]>`UPDATE ${name(sql)}
				SET failed_attempts = failed_attempts + 1
				WHERE ${key(sql)} = ${requestKey} AND expires_at > ${clock.seconds(sql)} AND failed_attempts < ${maxAttempts}
				RETURNING ${sql(table.code)} AS code, failed_attempts, user_id`;
			const row = rows[0];
			return row === undefined ? null : { code: row.code, attempts: row.failed_attempts, userId: row.user_id };
		},
		async deleteAfterLastAttempt(requestKey, event) {
			// The table's name and key are among CodeRequestTable's few literals, never a value.
			await events.withChange(change(`DELETE FROM ${table.name} WHERE ${table.key} = $1`, requestKey), event, "always");
		},
		async deleteExpired(now) {
			await sql`DELETE FROM ${name(sql)} WHERE expires_at <= ${now}`;
		},
	};
}
