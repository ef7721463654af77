// For upgrade tests: a SQLite database as Holm's schema steps left it just before a given step.
import { Database } from "bun:sqlite";
import { MIGRATIONS } from "../../src/stores/sqlite/db/migrations.ts";

/** A new database at `path` (WAL, foreign keys on, as Holm opens it) with every schema step before
 *  the first that contains `marker` applied and user_version saying so; the caller fills it in and
 *  closes it, then opens it with Holm to run the upgrade. */
export function databaseBeforeStep(path: string, marker: string): Database {
	const step = MIGRATIONS.findIndex((sql) => sql.includes(marker));
	if (step <= 0) throw new Error(`no schema step after the first contains ${JSON.stringify(marker)}`);
	const db = new Database(path, { create: true, strict: true });
	db.run("PRAGMA journal_mode = WAL");
	db.run("PRAGMA foreign_keys = ON");
	for (let version = 0; version < step; version++) db.run(MIGRATIONS[version]!);
	db.run(`PRAGMA user_version = ${step}`);
	return db;
}
