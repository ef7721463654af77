// Opens the database with the pragmas Holm relies on and brings the schema up to date.
import { Database } from "bun:sqlite";
import { MIGRATIONS } from "./migrations.ts";
import { writeTransaction } from "./write-transaction.ts";

/** What every connection to the database sets, the writer's and the reader's (snapshot-reads.ts). */
export const CONNECTION_PRAGMAS: readonly string[] = [
	// A backup or a second process may hold a lock for a moment.
	"PRAGMA busy_timeout = 5000",
	"PRAGMA cache_size = -65536",
]

export function openDatabase(path: string): Database {
	return openAndMigrate(path).db;
}

/** The schema steps an open applied: from+1 … to, none when equal. */
interface Migrated {
	from: number;
	to: number;
}

export function openAndMigrate(path: string): { db: Database; migrated: Migrated } {
	const db = new Database(path, { create: true, strict: true });
	db.run("PRAGMA journal_mode = WAL");
	// NORMAL is durable across application crashes in WAL mode; only a power loss can drop the
	// last transactions, never corrupt the file.
	db.run("PRAGMA synchronous = NORMAL");
	db.run("PRAGMA foreign_keys = ON");
	for (const pragma of CONNECTION_PRAGMAS) db.run(pragma);
	return { db, migrated: migrate(db) };
}

class SchemaTooNewError extends Error {}

function migrate(db: Database): Migrated {
	const { user_version: current } = db.query<{ user_version: number }, []>("PRAGMA user_version").get()!;
	if (current > MIGRATIONS.length) {
		throw new SchemaTooNewError(
			`the database has schema version ${current}, newer than this build knows (${MIGRATIONS.length}); run a newer holm`,
		);
	}
	for (let version = current; version < MIGRATIONS.length; version++) {
		writeTransaction(db, () => {
			db.run(MIGRATIONS[version]!);
			db.run(`PRAGMA user_version = ${version + 1}`);
		})();
	}
	return { from: current, to: Math.max(current, MIGRATIONS.length) };
}
