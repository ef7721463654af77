// How Holm talks to PostgreSQL so that no instance can stall the others or the database (API.md
// section 8): every connection bounds its statements, its lock waits and its idle transactions,
// and has TCP keepalives; a transaction waits a bounded time for a pooled connection; a wait that
// runs out answers 503 UNAVAILABLE (see timeoutReason) rather than hanging the request. docs/postgres.md
// says why each figure is what it is.
import { SQL, type ReservedSQL } from "bun";
import { lookup } from "node:dns/promises";
import { postgresTls } from "./tls.ts";

/** Connections each instance opens at most; argon2id, not the database, bounds the throughput. */
export const POSTGRES_POOL_SIZE = 10;

/** Every session Holm's role opens on Holm's database runs with these. They are not sent when a
 *  connection opens: a transaction-mode pooler (PgBouncer with its defaults) refuses startup
 *  parameters it does not know, and a session-level SET would stay behind on a server connection the
 *  pooler hands to the next client. They are the role's own defaults in this database instead
 *  (`ALTER ROLE CURRENT_USER IN DATABASE … SET`, which any role may do for itself), applied by every
 *  migration (schema.ts), so PostgreSQL gives them to every session it opens, whoever pools it,
 *  at no cost per transaction. docs/postgres.md compares this with SET LOCAL in each transaction. */
export const SESSION_SETTINGS = {
	// No statement of Holm's takes more than milliseconds; one that runs 5 s is stuck.
	statement_timeout: "5s",
	// A row another instance holds: give up after 2 s, before the statement timeout, so that the
	// cause is clear (55P03) and the pool frees up quickly.
	lock_timeout: "2s",
	// A transaction of an instance that stopped (SIGSTOP, a paused VM, a partition) is ended after
	// 5 s of silence, and the rows it held are free again. Holm's own transactions never wait on
	// anything but the database between statements.
	idle_in_transaction_session_timeout: "5s",
	// The server asks a silent client after 10 s, then every 5 s, and drops it after 3 unanswered
	// probes: an instance cut off by the network loses its session (and its locks) in about 25 s,
	// not in the kernel's default two hours. (Bun keeps its own side's keepalives on.) Behind a
	// pooler the server's client is the pooler; docs/postgres.md says what guards the other side.
	tcp_keepalives_idle: "10",
	tcp_keepalives_interval: "5",
	tcp_keepalives_count: "3",
} as const;

export type SessionSetting = keyof typeof SESSION_SETTINGS;

/** How long a transaction waits for a pooled connection before it answers 503. */
const POOL_WAIT_MS = 3000;

/** How long GET /health waits for the database before it answers 503. */
const HEALTH_DEADLINE_MS = 2000;

/** How a pool sends its statements: "prepared", each statement text parsed and planned once per
 *  server connection and then only bound and run (Bun's default); "unnamed", parsed and described
 *  again with every query (what a transaction-mode pooler that does not keep prepared statements
 *  needs). statementModeOf decides which a connection string gets. */
export type StatementMode = "prepared" | "unnamed";

export function connectPostgres(url: string, max: number = POSTGRES_POOL_SIZE, statements: StatementMode = "unnamed"): SQL {
	// A lost connection fails the queries in flight; the pool opens new ones on demand, so Holm
	// recovers by itself once the database is back. Unnamed statements unless told otherwise: behind a
	// transaction-mode pooler the next transaction may run on another server connection, where a
	// name is unknown, or already taken by another client ("prepared statement "P0" already
	// exists"). The request pool asks statementModeOf first; the short-lived connections (the
	// migration, the health probe, the export) gain nothing from preparing.
	return new SQL(postgresTls(url).url, { max, idleTimeout: 60, connectionTimeout: 5, prepare: statements === "prepared" });
}

const FALL_BACK = Symbol("fall back to unnamed statements");

/**
 * The request pool: statements sent as `found` says, and where that is "prepared", unnamed from the
 * first failure that shows a pooler lending server connections without their statements ("prepared
 * statement … already exists" or "does not exist"), which the probe can miss (see statementModeOf:
 * several instances starting at once through one pooler). Such a failure happens when the statement
 * is prepared, before it runs, so a statement that met it did nothing: a transaction is run again
 * whole (transaction), a batched read sent again (batched-reads.ts), and a statement on its own
 * answers its request 503 (timeoutReason), once. `onFallBack` is told when it happens.
 */
export function connectRequestPool(url: string, found: StatementModeFound, onFallBack: () => void): SQL {
	let current = connectPostgres(url, POSTGRES_POOL_SIZE, found.mode);
	if (found.mode === "unnamed") return current;
	const previous: SQL[] = [];
	// The current pool's methods, bound once (a request reaches sql.unsafe and the like several times).
	const methods = new Map<PropertyKey, unknown>();
	function fallBack(): void {
		if (previous.length > 0) return;
		previous.push(current);
		current = connectPostgres(url, POSTGRES_POOL_SIZE, "unnamed");
		methods.clear();
		onFallBack();
	}
	return new Proxy(function () {} as unknown as SQL, {
		apply: (_target, thisArg, args) => Reflect.apply(current as unknown as (...a: unknown[]) => unknown, thisArg, args),
		get(_target, property) {
			if (property === FALL_BACK) return fallBack;
			if (property === "close") {
				return async (options?: { timeout?: number }) => {
					await Promise.all([current, ...previous].map((pool) => pool.close(options)));
				};
			}
			if (methods.has(property)) return methods.get(property);
			const value = (current as unknown as Record<PropertyKey, unknown>)[property];
			if (typeof value !== "function") return value;
			const bound = value.bind(current);
			methods.set(property, bound);
			return bound;
		},
	});
}

/** Whether `error` is a pooler's answer to a named statement on a server connection that does not
 *  keep it; when it is and `sql` is a request pool still preparing, the pool goes unnamed from now
 *  on (connectRequestPool) and the statement may be sent again. */
export function fellBackFrom(sql: SQL, error: unknown): boolean {
	if (!(error instanceof Error) || !("errno" in error) || !POOLER_STATEMENT_STATES.has(String(error.errno))) return false;
	const fallBack = (sql as unknown as Record<PropertyKey, unknown>)[FALL_BACK];
	if (typeof fallBack !== "function") return false;
	fallBack();
	return true;
}

/** What statementModeOf found, and the start line's words for it. */
export interface StatementModeFound {
	mode: StatementMode;
	/** "prepared", "prepared (through a pooler that keeps them)", "unnamed (a pooler that does not keep prepared statements)". */
	description: string;
}

// What a pooler answers when a named statement met a server connection other than the one that
// prepared it: the name taken there by another client, or not known there.
const POOLER_STATEMENT_STATES = new Set(["42P05", "26000"]);

/** Whether the connections `url` gives keep a prepared statement from one transaction to the next
 *  (a direct connection; a pooler in session mode; PgBouncer 1.21+ with max_prepared_statements),
 *  found by trying: three client connections prepare a statement each, of texts of their own (Bun
 *  names a connection's statements P0, P1, … so all use "P0"), one holding a transaction open while another runs it
 *  again, then all at once, eight times over. Through a transaction-mode pooler that lends server
 *  connections without their statements (PgBouncer with its defaults), one of them soon meets
 *  another's server connection: "prepared statement "P0" already exists", or "does not exist", or
 *  another client's P0 (hence each connection's mark in its statement: a P0 of another text answers
 *  another mark, or fails); then every statement goes unnamed. Server connections changing hands (the
 *  backend pids) with every statement still answering its own nonce mean a pooler that keeps
 *  them. (A pooler that never once let two of them meet in those rounds would pass for a direct
 *  connection: docs/postgres.md says what to keep for that.) */
export async function statementModeOf(url: string): Promise<StatementModeFound> {
	const open = () => new SQL(postgresTls(url).url, { max: 1, idleTimeout: 5, connectionTimeout: 5, prepare: true });
	const connections = [open(), open(), open()];
	// A text of each connection's own under the one name: a P0 that another of the probe's
	// connections prepared answers another marker (with one text for all three, meeting it would
	// look like a pooler that keeps them). With a parameter: Bun prepares only statements sent
	// with parameters (one without goes as a simple query).
	const nonce = crypto.randomUUID();
	const marks = new Map(connections.map((connection, i) => [connection, `${nonce}-${i}`]));
	const unnamed: StatementModeFound = { mode: "unnamed", description: "unnamed (a pooler that does not keep prepared statements)" };
	class AnotherStatement extends Error {}
	// The server connections each client connection met, and the client connections each one served.
	const seenBy = new Map<SQL, Set<number>>(connections.map((connection) => [connection, new Set()]));
	const servedTo = new Map<number, Set<SQL>>();
	const pid = async (connection: SQL, client: SQL = connection): Promise<number> => {
		const mark = marks.get(client)!;
		const [row] = await connection.unsafe(`SELECT pg_backend_pid() AS pid, '${mark}' AS nonce, $1::int AS one`, [1]);
		if (row.nonce !== mark) throw new AnotherStatement();
		const found = Number(row.pid);
		seenBy.get(client)!.add(found);
		servedTo.set(found, (servedTo.get(found) ?? new Set()).add(client));
		return found;
	};
	try {
		for (let round = 0; round < 8; round++) {
			// One connection holds a transaction while another runs the statement before and during
			// it: with PgBouncer (LIFO by default) the holder gets the server connection the other just
			// used. Then all three at once, which a pooler hands out in whatever order they come free.
			const holder = connections[round % 3]!;
			const runner = connections[(round + 1) % 3]!;
			await pid(runner);
			const held = await holder.reserve();
			try {
				await held.unsafe("BEGIN");
				await pid(held, holder);
				await pid(runner);
			} finally {
				await held.unsafe("ROLLBACK").catch(() => {});
				held.release();
			}
			await Promise.all(connections.map((connection) => pid(connection)));
		}
		const sharing = [...seenBy.values()].some((pids) => pids.size > 1) || [...servedTo.values()].some((clients) => clients.size > 1);
		if (sharing) return { mode: "prepared", description: "prepared (through a pooler that keeps them)" };
		// No server connection changed hands: a direct connection, or a pooler that happened to keep each
		// of the probe's connections on one server connection (as several instances starting at once
		// through one pooler can make it). A named statement through the second would one day run
		// another client's statement of the same name, so prepared only when the server answers at the
		// address and port Holm dialled, as PostgreSQL itself does and a pooler in front of it does not.
		const answering = await answeringAddress(url, connections[0]!);
		if (answering.direct) return { mode: "prepared", description: "prepared" };
		return { mode: "unnamed", description: `unnamed (PostgreSQL answers at ${answering.server}, not at ${answering.dialled}: a pooler or a proxy in between)` };
	} catch (error) {
		if (error instanceof AnotherStatement) return unnamed;
		const state = error instanceof Error && "errno" in error ? error.errno : undefined;
		if (typeof state === "string" && POOLER_STATEMENT_STATES.has(state)) return unnamed;
		throw error;
	} finally {
		await Promise.all(connections.map((connection) => connection.close({ timeout: 0 }))).catch(() => {});
	}
}

/** Whether the server answering `url` (on `connection`, one of its own) is the one dialled: over
 *  TCP, PostgreSQL's address and port (inet_server_addr, inet_server_port) among the host's
 *  addresses and the URL's port; over a Unix socket, its port (the socket's name) the URL's. */
async function answeringAddress(url: string, connection: SQL): Promise<{ direct: boolean; server: string; dialled: string }> {
	const tls = postgresTls(url);
	const parsed = new URL(tls.url);
	// A socket given as its file (…/.s.PGSQL.6432) names its port.
	const socketFile = /\.s\.PGSQL\.(\d+)$/.exec(parsed.searchParams.get("path") ?? parsed.searchParams.get("host") ?? "");
	const port = Number(socketFile?.[1] ?? (parsed.port || "5432"));
	// No parameter: a simple query, which names no statement.
	const [row] = await connection.unsafe(`SELECT host(inet_server_addr()) AS address, inet_server_port() AS port, current_setting('port') AS own_port`);
	if (tls.socket) {
		const own = Number(row.own_port);
		return { direct: own === port, server: `port ${own}`, dialled: `port ${port}` };
	}
	const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1") || "localhost";
	// A name that will not resolve now (it did a moment ago, for the connection) counts as not
	// direct: unnamed statements are slower, never wrong.
	const addresses = await lookup(host, { all: true }).then(
		(found) => found.map((one) => one.address),
		() => [] as string[],
	);
	const server = `${row.address}:${row.port}`;
	return { direct: Number(row.port) === port && addresses.includes(String(row.address)), server, dialled: `${host}:${port}` };
}

/** No pooled connection came free within POOL_WAIT_MS. */
class PoolWaitTimeoutError extends Error {
	constructor() {
		super(`no database connection came free within ${POOL_WAIT_MS} ms`);
		this.name = "PoolWaitTimeoutError";
	}
}

// The three timeouts again, for this transaction only (SET LOCAL): a pooler may run it on a server
// connection it opened before the role's defaults existed (the first start on a database), and the
// transactions are what hold rows another instance may wait for. Sent with BEGIN, in one simple
// query (several statements, no parameters), so they cost no round trip of their own.
const BOUND_THIS_TRANSACTION = `SELECT set_config('statement_timeout', '${SESSION_SETTINGS.statement_timeout}', true),
	set_config('lock_timeout', '${SESSION_SETTINGS.lock_timeout}', true),
	set_config('idle_in_transaction_session_timeout', '${SESSION_SETTINGS.idle_in_transaction_session_timeout}', true)`;

/** A connection inside one of Holm's transactions (see transaction). */
export type Transaction = SQL;

/** A transaction whose COMMIT the server answered with ROLLBACK: one of its statements had failed
 *  (and the work went on, having caught the error). Nothing of it was stored. */
export class TransactionRolledBackError extends Error {
	constructor() {
		super("COMMIT was answered with ROLLBACK: a statement of the transaction had failed");
		this.name = "TransactionRolledBackError";
	}
}

/** `work` in one transaction on a connection of its own, which it waits for at most POOL_WAIT_MS,
 *  with Holm's timeouts whatever server connection it runs on. `mode` is what BEGIN takes
 *  ("ISOLATION LEVEL REPEATABLE READ READ ONLY"). BEGIN and the timeouts are one round trip, the
 *  work's statements one each, COMMIT one. (Bun's begin() sends BEGIN alone, and its statements
 *  are not pipelined without named prepared statements, so SET LOCAL would be a round trip more.) */
export async function transaction<T>(sql: SQL, work: (tx: Transaction) => Promise<T>, mode: string = ""): Promise<T> {
	try {
		return await transactionOnce(sql, work, mode);
	} catch (error) {
		// Rolled back: nothing of it was stored; again on the pool's unnamed statements.
		if (fellBackFrom(sql, error)) return transactionOnce(sql, work, mode);
		throw error;
	}
}

async function transactionOnce<T>(sql: SQL, work: (tx: Transaction) => Promise<T>, mode: string): Promise<T> {
	if (!/^[A-Z ]*$/.test(mode)) throw new Error(`not a transaction mode: ${mode}`);
	const signal = AbortSignal.timeout(POOL_WAIT_MS);
	let connection: ReservedSQL;
	try {
		connection = await sql.reserve({ signal });
	} catch (error) {
		if (signal.aborted && error === signal.reason) throw new PoolWaitTimeoutError();
		throw error;
	}
	let usable = true;
	try {
		// From here on a failure rolls back: a BEGIN that took effect before a statement after it
		// failed leaves a transaction open (ROLLBACK outside one only warns).
		let result: T;
		try {
			await connection.unsafe(`BEGIN${mode === "" ? "" : ` ${mode}`}; ${BOUND_THIS_TRANSACTION}`);
			result = await work(connection);
		} catch (error) {
			try {
				await connection.unsafe("ROLLBACK");
			} catch {
				usable = false;
			}
			throw error;
		}
		let ended;
		try {
			ended = await connection.unsafe("COMMIT");
		} catch (error) {
			// Rolled back by the server, or a connection lost (committed or not, nobody can say):
			// either way the connection is closed rather than lent again.
			usable = false;
			throw error;
		}
		if (ended.command === "ROLLBACK") throw new TransactionRolledBackError();
		return result;
	} finally {
		if (usable) await connection.release();
		else await connection.close({ timeout: 0 }).catch(() => {});
	}
}

// The server's codes for a wait that ran out: statement_timeout (57014, also a cancelled query),
// lock_timeout (55P03), idle_in_transaction_session_timeout (25P03).
const TIMEOUT_STATES = new Set(["57014", "55P03", "25P03"]);
// Bun's own: no connection within connectionTimeout.
const TIMEOUT_CODES = new Set(["ERR_POSTGRES_CONNECTION_TIMEOUT"]);

/** When a failure is the database not answering in time (rather than a fault), why, in words safe
 *  to log: PostgreSQL's message ("canceling statement due to lock timeout"), or Bun's code, never
 *  a message of Bun's, which may quote the connection string. Otherwise null. */
export function timeoutReason(error: unknown): string | null {
	if (error instanceof PoolWaitTimeoutError) return error.message;
	if (!(error instanceof Error)) return null;
	const state = "errno" in error ? error.errno : undefined;
	if (typeof state === "string" && TIMEOUT_STATES.has(state)) return error.message;
	const code = "code" in error ? error.code : undefined;
	if (typeof code === "string" && TIMEOUT_CODES.has(code)) return code;
	return null;
}

/** GET /health's own connection, outside the pool's queue: a probe answers within
 *  HEALTH_DEADLINE_MS whatever the pool is doing. One that runs out closes the connection (its
 *  query may never end), and the next probe opens a new one. */
export function createHealthProbe(url: string): { ping(): Promise<void>; close(): Promise<void> } {
	let probe: SQL | null = null;
	let closed = false;
	return {
		async ping() {
			if (closed) throw new Error("the database connection is closed");
			probe ??= connectPostgres(url, 1);
			const connection = probe;
			let timer: Timer | undefined;
			const deadline = new Promise<never>((_, reject) => {
				timer = setTimeout(() => reject(new Error(`the database did not answer within ${HEALTH_DEADLINE_MS} ms`)), HEALTH_DEADLINE_MS);
			});
			try {
				await Promise.race([connection`SELECT 1`, deadline]);
			} catch (error) {
				if (probe === connection) probe = null;
				connection.close({ timeout: 0 }).catch(() => {});
				throw error;
			} finally {
				clearTimeout(timer);
			}
		},
		async close() {
			closed = true;
			await probe?.close({ timeout: 0 });
			probe = null;
		},
	};
}
