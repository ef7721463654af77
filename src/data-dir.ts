// The data directory: created when missing (mode 0700), checked to be writable, and locked for
// the life of the process, so a second `holm serve` on it is refused at start (API.md section 7):
// two servers on one directory would each keep their own in-memory rate limits, doubling every
// limit for a guesser who spreads requests over both. While it listens, the server records its
// address there too (holm.url), for `holm console-link`.
import { Database } from "bun:sqlite";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigError } from "./config-error.ts";

function reasonOf(error: unknown): string {
	if (error instanceof Error && "code" in error && typeof error.code === "string") return error.code;
	return error instanceof Error ? error.message : String(error);
}

/** Creates `dir` when missing and makes sure this user can create files in it. True when this call
 *  created it (see removeNewDataDir). */
export function prepareDataDir(dir: string): boolean {
	const existed = existsSync(dir);
	try {
		mkdirSync(dir, { recursive: true, mode: 0o700 });
	} catch (error) {
		if (reasonOf(error) === "EEXIST") throw new ConfigError(`the data directory ${resolve(dir)} exists and is not a directory`);
		throw new ConfigError(`cannot create the data directory ${resolve(dir)} (${reasonOf(error)})`);
	}
	try {
		accessSync(dir, constants.W_OK | constants.X_OK);
	} catch (error) {
		throw new ConfigError(`the data directory ${resolve(dir)} is not writable by this user (${reasonOf(error)})`);
	}
	return !existed;
}

/** The files a first start puts in a new data directory. */
const FIRST_START_FILES = ["secret", "holm.db", "holm.db-wal", "holm.db-shm", "holm.lock"];

/**
 * Undoes a data directory that a start created and then failed to use (a port in use, say), so the
 * next try does not find a directory with a secret and an empty database that nobody asked for.
 * Only the files Holm puts there are removed, then the directory if that left it empty: anything
 * else that appeared meanwhile stays, and so does the directory.
 */
export function removeNewDataDir(dir: string): void {
	for (const name of FIRST_START_FILES) {
		try {
			unlinkSync(join(dir, name));
		} catch {
			// not there
		}
	}
	try {
		rmdirSync(dir);
	} catch {
		// not empty: something else is in it, and it stays
	}
}

export interface DataDirLock {
	release(): void;
}

/**
 * Takes `<dir>/holm.lock` for as long as this process runs. The file is a SQLite database held in
 * EXCLUSIVE locking mode after one write transaction: SQLite's lock is an advisory fcntl lock on
 * the file, which the kernel drops when the process ends however it ends (even SIGKILL), so a
 * crash never leaves a stale lock behind. It needs nothing but bun:sqlite, so it works the same in
 * the compiled executable. Other connections in this process are refused too (SQLite tracks its
 * locks per file), which keeps in-process tests honest. `holm backup` opens holm.db, not this file.
 */
export function lockDataDir(dir: string): DataDirLock {
	const path = join(dir, "holm.lock");
	let db: Database;
	try {
		db = new Database(path, { create: true });
	} catch (error) {
		throw new ConfigError(`cannot open the lock file ${resolve(path)} (${reasonOf(error)})`);
	}
	try {
		db.run("PRAGMA busy_timeout = 0"); // refuse at once rather than wait for the other server
		db.run("PRAGMA locking_mode = EXCLUSIVE");
		db.run("BEGIN EXCLUSIVE");
		db.run("COMMIT");
	} catch (error) {
		db.close();
		if (reasonOf(error) === "SQLITE_BUSY") {
			throw new ConfigError(`the data directory ${resolve(dir)} is in use by another running holm; stop it first, or give this one another --dir`);
		}
		throw new ConfigError(`cannot lock the data directory ${resolve(dir)} through ${resolve(path)} (${reasonOf(error)})`);
	}
	return {
		release() {
			db.close();
		},
	};
}

/** Where `holm serve` says, for as long as it listens, the address it listens on (`http://host:port`
 *  or `unix:PATH`), so that `holm console-link` on the same directory can link to it. */
const ADDRESS_FILE = "holm.url";

/** Records `url` as the address this server listens on; written whole (a temporary file renamed),
 *  so a reader never sees half of it. A failure is no reason to stop serving: it is only a hint. */
export function recordAddress(dir: string, url: string): boolean {
	const temporary = join(dir, `.${ADDRESS_FILE}.${process.pid}`);
	try {
		writeFileSync(temporary, `${url}\n`, { mode: 0o600 });
		renameSync(temporary, join(dir, ADDRESS_FILE));
		return true;
	} catch {
		try {
			unlinkSync(temporary);
		} catch {
			// never written
		}
		return false;
	}
}

/** The address a server on `dir` recorded, or null when none listens (or none says so). A file a
 *  server left by dying is read as if it still listened there: its next start will most likely. */
export function recordedAddress(dir: string): string | null {
	try {
		const url = readFileSync(join(dir, ADDRESS_FILE), "utf8").trim();
		return url === "" ? null : url;
	} catch {
		return null;
	}
}

/** At a stop: removes the record, unless another instance on the directory (PostgreSQL) wrote its own since. */
export function forgetAddress(dir: string, url: string): void {
	if (recordedAddress(dir) !== url) return;
	try {
		unlinkSync(join(dir, ADDRESS_FILE));
	} catch {
		// gone already
	}
}
