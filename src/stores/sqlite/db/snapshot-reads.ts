// Plain reads (a user, a request, a page of users) on a second, read-only connection that keeps
// one read transaction open while nothing changes.
//
// Why: in WAL mode every statement outside a transaction opens and closes a read transaction of
// its own, and that costs file-lock system calls (fcntl on the -shm file, an fstat): about 3 µs
// of a 4 µs lookup by id on a quiet machine, and more under load. Inside an open transaction the
// same lookup takes about 0.5 µs. Holm holds its data directory, so this process is the database's
// only writer, and it can tell exactly when the snapshot is out of date:
//
// - the writer connection's total_changes() (a statement that touches no table, so it takes no
//   lock) moves with every row it inserts, updates or deletes; a read that finds it moved ends
//   the old snapshot and starts a new one, so a read never misses a committed write of this
//   process. Transactions on the writer are synchronous (bun:sqlite), so no read runs between a
//   write and its commit;
// - the snapshot ends at the end of the current turn of the event loop at the latest, so it never
//   holds back a checkpoint of the WAL, and `holm backup` and a new instance's start see
//   ordinary, short read transactions.
//
// - every statement and transaction on the writer first ends the snapshot. A write committed while
//   a reader holds an older snapshot cannot be checkpointed past that snapshot, nor the WAL
//   restarted; a run of such writes grew the WAL without end and made every write 3 to 4 times
//   slower (a reset request: 0.25 ms to 0.9 ms).
//
// The reader is opened read-only: whatever is prepared here cannot write, so a write can never
// land in the open read transaction and go uncommitted. Anything that reads to decide a write
// (a compare-and-swap, a code check) stays on the writer, inside its transaction.
import { Database, type SQLQueryBindings } from "bun:sqlite";

export interface SnapshotStatement<Row, Params extends SQLQueryBindings[]> {
	get(...params: Params): Row | null;
	all(...params: Params): Row[];
}

export interface SnapshotReads {
	prepare<Row, Params extends SQLQueryBindings[] = []>(sql: string): SnapshotStatement<Row, Params>;
	close(): void;
}

type Callable = (...args: never[]) => unknown;

/** `object[name]`, called after `before`. */
function callAfter<T extends object>(object: T, name: keyof T & string, before: () => void): void {
	const original = object[name] as Callable;
	(object as Record<string, unknown>)[name] = function (this: unknown, ...args: never[]) {
		before();
		return original.apply(this, args);
	};
}

/** Makes every statement prepared on `writer` from now on, every transaction and every `run`
 *  call `before` first: the stores keep using the writer as a plain Database, and none of their
 *  writes can be missed. */
function endSnapshotBeforeEachUse(writer: Database, before: () => void): void {
	const prepare = writer.prepare.bind(writer);
	writer.prepare = ((...args: Parameters<typeof prepare>) => {
		const statement = prepare(...args);
		for (const method of ["run", "get", "all", "values", "iterate"] as const) callAfter(statement, method, before);
		return statement;
	}) as typeof writer.prepare;
	const transaction = writer.transaction.bind(writer);
	writer.transaction = ((fn: Callable) => {
		// Each way of beginning (the stores take .immediate: db/write-transaction.ts) ends it first.
		const wrapped = transaction(fn);
		const first = (begin: (...args: never[]) => unknown) => (...args: never[]) => {
			before();
			return begin(...args);
		};
		return Object.assign(first(wrapped), { deferred: first(wrapped.deferred), immediate: first(wrapped.immediate), exclusive: first(wrapped.exclusive) });
	}) as typeof writer.transaction;
	callAfter(writer, "run", before);
}

/** What the turn's grouped writes (db/turn-commits.ts) need of the reads: to run before each use
 *  of the writer, and reads to go to the writer while a group is open. */
export interface TurnOfWrites {
	readonly open: boolean;
	beforeUse(): void;
}

export function openSnapshotReads(path: string, writer: Database, pragmas: readonly string[], turn: TurnOfWrites | null = null): SnapshotReads {
	const reader = new Database(path, { readonly: true, strict: true });
	for (const pragma of pragmas) reader.run(pragma);
	const writerChanges = writer.prepare<{ n: number }, []>("SELECT total_changes() AS n");
	endSnapshotBeforeEachUse(
		writer,
		turn === null
			? release
			: () => {
					release();
					turn.beforeUse();
				},
	);
	let open = false;
	let changesSeen = -1;

	function release(): void {
		if (!open) return;
		open = false;
		reader.run("COMMIT");
	}

	/** An open read transaction that has seen every write committed so far. */
	function current(): void {
		const changes = writerChanges.get()!.n;
		if (open && changes === changesSeen) return;
		if (open) reader.run("COMMIT");
		else setImmediate(release);
		reader.run("BEGIN");
		open = true;
		changesSeen = changes;
	}

	return {
		prepare<Row, Params extends SQLQueryBindings[]>(sql: string): SnapshotStatement<Row, Params> {
			const statement = reader.prepare<Row, SQLQueryBindings[]>(sql);
			// While a turn's writes are grouped and uncommitted, only the writer sees them: the same
			// statement there, prepared at its first such read.
			let onWriter: ReturnType<typeof writer.prepare<Row, SQLQueryBindings[]>> | null = null;
			return {
				get(...params) {
					if (turn?.open === true) return (onWriter ??= writer.prepare<Row, SQLQueryBindings[]>(sql)).get(...params);
					current();
					return statement.get(...params);
				},
				all(...params) {
					if (turn?.open === true) return (onWriter ??= writer.prepare<Row, SQLQueryBindings[]>(sql)).all(...params);
					current();
					return statement.all(...params);
				},
			};
		},
		close() {
			release();
			reader.close();
		},
	};
}
