#!/usr/bin/env bun
// Command line: serve, migrate, generate-secret, backup, build-leak-file, export, import, version
// (API.md section 7).
// Exit status: 0 done, 2 something the operator must fix (a ConfigError: bad flag, unusable path,
// refused secret, data directory in use), 1 anything else.
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { ConfigError, DATABASE_PASSWORD_WARNING, parseDirConfig, parseExportConfig, parseImportConfig, parseServeConfig, UsageError } from "./config.ts";
import { exportUsers } from "./features/user-imports/export-users.ts";
import { importFile } from "./features/user-imports/import-file.ts";
import { consoleLink } from "./features/console/link-command.ts";
import { buildLeakFile } from "./leak-check/build-leak-file.ts";
import { createLogger } from "./log.ts";
import { prepareDataDir } from "./data-dir.ts";
import { generateSecret, loadSecrets, secretPath } from "./secret.ts";
import { describeDatabase, openStorage, startServer } from "./server.ts";
import { openPostgresUserExport } from "./stores/postgres/user-export.ts";
import { openSqliteUserExport } from "./stores/sqlite/user-export.ts";
import { COMMAND_USAGE, USAGE } from "./usage.ts";

async function serve(args: string[]): Promise<void> {
	const config = parseServeConfig(args, process.env);
	const log = createLogger(config.logFormat, config.logLevel, undefined, "each turn");
	const running = await startServer({ config, log });
	// Handlers first, then the line that says Holm is ready: whoever waits for that line (a test,
	// a supervisor) may send SIGTERM at once, and must get a clean stop, not the default death.
	for (const signal of ["SIGTERM", "SIGINT"] as const) {
		process.on(signal, () => {
			const signalled = performance.now();
			log.info("stopping: draining requests in flight", { signal });
			running.stop().then(
				() => {
					log.info("stopped", { ms: Math.round(performance.now() - signalled) });
					process.exit(0);
				},
				(error: unknown) => {
					log.error("failed to stop cleanly", { reason: error instanceof Error ? error.message : String(error) });
					process.exit(1);
				},
			);
		});
	}
	const { transport, statements } = running.ctx.storage;
	log.info("holm is listening", {
		url: running.url,
		database: running.database,
		...(transport === undefined ? {} : { database_connection: transport }),
		...(statements === undefined ? {} : { database_statements: statements }),
		version: packageJson.version,
		leak_check: config.leakCheck.mode,
	});
	// A first start by hand: say how to make the first call. Not under a supervisor or in a pipe,
	// where it would only be noise in a log.
	if (running.createdSecret !== null && process.stdout.isTTY === true) console.log(firstCallHint(config.dir, running.url));
}

/** How to call Holm from the shell that started it, with the secret file it just created. */
function firstCallHint(dir: string, url: string): string {
	const secretFile = join(dir, "secret");
	const shellPath = /^[A-Za-z0-9_./-]+$/.test(secretFile) ? secretFile : `'${secretFile.replaceAll("'", `'\\''`)}'`;
	const target = url.startsWith("unix:") ? `--unix-socket ${url.slice("unix:".length)} http://holm` : url;
	return [
		"",
		"Holm is ready. To call it from another shell:",
		"",
		`  export HOLM_SECRET=$(cat ${shellPath})`,
		`  curl -s ${target}/users -H "Authorization: $HOLM_SECRET" -H "Content-Type: application/json" \\`,
		`    -d '{"email":"cat@example.com","password":"tabby-kettle-orbit-91"}'`,
		"",
		"The API: docs/api.md in Holm's repository, or GET /openapi.json. Stop Holm with Ctrl-C.",
		"",
	].join("\n");
}

/** Brings the database's schema up to date and exits: for a deploy pipeline, before new instances start. */
async function migrate(args: string[]): Promise<void> {
	const { dir, database, databasePasswordInArgs, positionals } = parseDirConfig(args, process.env);
	if (positionals.length > 0) throw new ConfigError(`migrate takes no arguments\n\n${COMMAND_USAGE.migrate}`);
	if (databasePasswordInArgs) console.error(`holm: warning: ${DATABASE_PASSWORD_WARNING}`);
	if (database.kind === "sqlite") prepareDataDir(dir);
	const storage = await openStorage(database, dir);
	await storage.close();
	const { from, to } = storage.migrated;
	const where = describeDatabase(database, dir);
	if (from === to) console.log(`the schema of ${where} is up to date (step ${to}); nothing to apply`);
	else console.log(`applied schema ${from + 1 === to ? `step ${to}` : `steps ${from + 1} to ${to}`} to ${where}${from === 0 ? " (a new database)" : ""}; it is now at step ${to}`);
}

function backup(args: string[]): void {
	const { dir, database, positionals } = parseDirConfig(args, process.env);
	if (database.kind === "postgres") {
		throw new ConfigError("holm backup copies the embedded SQLite database; back up PostgreSQL with pg_dump (see docs/operating.md)");
	}
	if (positionals.length !== 1) throw new ConfigError("backup takes exactly one destination path");
	const destination = resolve(positionals[0]!);
	if (existsSync(destination)) throw new ConfigError(`${destination} already exists; choose a new path`);
	const folder = dirname(destination);
	if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new ConfigError(`the folder ${folder} for the backup does not exist; create it first`);
	const source = resolve(join(dir, "holm.db"));
	if (!existsSync(source)) throw new ConfigError(`no database at ${source}`);
	const db = new Database(source, { create: false });
	try {
		db.run("PRAGMA busy_timeout = 5000");
		// VACUUM INTO reads one consistent snapshot, so a running server may keep writing meanwhile.
		db.run("VACUUM INTO ?", [destination]);
	} catch (error) {
		throw new ConfigError(`cannot write the backup of ${source} to ${destination} (${error instanceof Error ? error.message : String(error)})`);
	} finally {
		db.close();
	}
	console.log(`backed up ${source} to ${destination} (${statSync(destination).size} bytes)`);
}

async function buildLeakFileCommand(args: string[]): Promise<void> {
	if (args.length !== 2) throw new ConfigError("build-leak-file takes INPUT and OUTPUT");
	const [input, output] = args as [string, string];
	const result = await buildLeakFile(input, output, (message) => console.error(message));
	console.log(`wrote ${output}: ${result.entries} entries of ${result.width} bytes`);
}

/** Every user as NDJSON, from one snapshot, while a server may run on the same database. */
async function exportCommand(args: string[]): Promise<void> {
	const { dir, database, output, sessions } = parseExportConfig(args, process.env);
	const live = { now: Math.floor(Date.now() / 1000), ...sessions };
	let source;
	if (database.kind === "postgres") {
		source = openPostgresUserExport(database.url, live);
	} else {
		const path = resolve(join(dir, "holm.db"));
		if (!existsSync(path)) throw new ConfigError(`no database at ${path}`);
		source = openSqliteUserExport(path, live);
	}
	try {
		await exportUsers(source, { output, progress: { isTTY: process.stderr.isTTY === true, write: (text) => process.stderr.write(text) } });
	} finally {
		await source.close();
	}
}

/** Sends an NDJSON file of users to a running Holm; 0 only when no row failed. */
async function importCommand(args: string[]): Promise<number> {
	const config = parseImportConfig(args, process.env);
	// A client never creates a secret: the data directory's is used only when it is there.
	if (config.secret.kind === "data-dir" && !existsSync(secretPath(config.dir))) {
		throw new ConfigError("give the server's secret with --secret-file PATH (or HOLM_SECRET_FILE, HOLM_SECRET)");
	}
	const secret = loadSecrets(config.secret, config.dir).secrets[0]!;
	const outcome = await importFile({
		file: config.file,
		url: config.url,
		secret,
		onConflict: config.onConflict,
		progress: { isTTY: process.stderr.isTTY === true, write: (text) => process.stderr.write(text) },
	});
	const ids = outcome.ids === null ? "" : `; the user ids of the created and skipped rows are in ${outcome.ids}`;
	const rejects = outcome.rejects === null ? "" : `; the failed rows and why are in ${outcome.rejects}`;
	const rate = Math.round(outcome.rows / Math.max(outcome.seconds, 0.001));
	console.error(`${outcome.rows} rows: ${outcome.created} created, ${outcome.skipped} skipped, ${outcome.failed} failed in ${outcome.seconds.toFixed(1)} s (${rate} rows/s)${ids}${rejects}`);
	return outcome.failed === 0 ? 0 : 1;
}

/** `holm COMMAND --help` (or -h) anywhere among the command's arguments. */
function asksForHelp(args: string[]): boolean {
	return args.includes("--help") || args.includes("-h");
}

async function main(argv: string[]): Promise<number> {
	const [command, ...args] = argv;
	// The database and its backups hold password hashes and TOTP keys: files Holm creates are
	// readable by its own user only, whatever the data directory's permissions.
	process.umask(0o077);
	if (command !== undefined && command in COMMAND_USAGE && asksForHelp(args)) {
		console.log(COMMAND_USAGE[command]);
		return 0;
	}
	switch (command) {
		case "serve":
			await serve(args);
			return -1; // keeps running until a signal
		case "migrate":
			await migrate(args);
			return 0;
		case "generate-secret":
			if (args.length > 0) throw new ConfigError(`generate-secret takes no arguments\n\n${COMMAND_USAGE["generate-secret"]}`);
			console.log(generateSecret());
			return 0;
		case "backup":
			backup(args);
			return 0;
		case "build-leak-file":
			await buildLeakFileCommand(args);
			return 0;
		case "export":
			await exportCommand(args);
			return 0;
		case "import":
			return await importCommand(args);
		case "console-link":
			await consoleLink(args, process.env);
			return 0;
		case "version":
		case "--version":
			console.log(packageJson.version);
			return 0;
		case "help":
			console.log((args[0] !== undefined ? COMMAND_USAGE[args[0]] : undefined) ?? USAGE);
			return 0;
		case undefined:
		case "--help":
		case "-h":
			console.log(USAGE);
			return command === undefined ? 2 : 0;
		default:
			console.error(`holm: unknown command "${command}"\n\n${USAGE}`);
			return 2;
	}
}

/**
 * Under `npx holm` (bin/holm.js) the wrapper gives its pid: once this process's parent is another,
 * the wrapper is gone (SIGKILL ends it without passing anything on) and nobody is left to stop
 * Holm, so it stops as on SIGTERM: `holm serve` drains its requests and frees the data directory.
 * Polled, since an orphan gets no signal; twice a second costs nothing and stops within a second.
 */
function stopWithTheWrapper(): void {
	const wrapper = process.env.HOLM_WRAPPER_PID;
	if (wrapper === undefined) return;
	delete process.env.HOLM_WRAPPER_PID;
	const watch = setInterval(() => {
		if (String(process.ppid) === wrapper) return;
		clearInterval(watch);
		process.kill(process.pid, "SIGTERM");
	}, 500);
	watch.unref();
}

stopWithTheWrapper();
try {
	const code = await main(process.argv.slice(2));
	if (code >= 0) process.exit(code);
} catch (error) {
	const usage = error instanceof UsageError ? COMMAND_USAGE[process.argv[2] ?? ""] : undefined;
	console.error(`holm: ${error instanceof Error ? error.message : String(error)}${usage === undefined ? "" : `\n\n${usage}`}`);
	process.exit(error instanceof ConfigError ? 2 : 1);
}
