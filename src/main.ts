#!/usr/bin/env bun
// Command line: serve, generate-secret, backup, build-leak-file, version (API.md section 7).
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import packageJson from "../package.json" with { type: "json" };
import { ConfigError, parseDirConfig, parseServeConfig } from "./config.ts";
import { buildLeakFile } from "./leak-check/build-leak-file.ts";
import { createLogger } from "./log.ts";
import { generateSecret } from "./secret.ts";
import { startServer } from "./server.ts";

const USAGE = `Usage:
  holm serve [--port 4000] [--host 127.0.0.1] [--unix PATH] [--dir holm_data] [--secret S]
             [--leak-check offline|online|off] [--leak-file PATH]
             [--leak-api URL] [--leak-fail open|closed] [--leak-timeout-ms 2000]
             [--log-format pretty|json]
  holm generate-secret
  holm backup [--dir holm_data] DEST
  holm build-leak-file INPUT OUTPUT
  holm version

Every serve flag also reads from an environment variable: --leak-check from HOLM_LEAK_CHECK, and so on.`;

async function serve(args: string[]): Promise<void> {
	const config = parseServeConfig(args, process.env);
	const log = createLogger(config.logFormat);
	const running = await startServer({ config, log });
	log.info("holm is listening", { url: running.url, version: packageJson.version, leak_check: config.leakCheck.mode });
	for (const signal of ["SIGTERM", "SIGINT"] as const) {
		process.on(signal, () => {
			log.info("stopping: draining requests in flight", { signal });
			running.stop().then(
				() => process.exit(0),
				(error: unknown) => {
					log.error("failed to stop cleanly", { message: error instanceof Error ? error.message : String(error) });
					process.exit(1);
				},
			);
		});
	}
}

function backup(args: string[]): void {
	const { dir, positionals } = parseDirConfig(args, process.env);
	if (positionals.length !== 1) throw new ConfigError("backup takes exactly one destination path");
	const destination = resolve(positionals[0]!);
	if (existsSync(destination)) throw new ConfigError(`${destination} already exists; choose a new path`);
	const source = join(dir, "holm.db");
	if (!existsSync(source)) throw new ConfigError(`no database at ${source}`);
	const db = new Database(source, { create: false });
	try {
		db.run("PRAGMA busy_timeout = 5000");
		// VACUUM INTO reads one consistent snapshot, so a running server may keep writing meanwhile.
		db.run("VACUUM INTO ?", [destination]);
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

async function main(argv: string[]): Promise<number> {
	const [command, ...args] = argv;
	// The database and its backups hold password hashes and TOTP keys: files Holm creates are
	// readable by its own user only, whatever the data directory's permissions.
	process.umask(0o077);
	switch (command) {
		case "serve":
			await serve(args);
			return -1; // keeps running until a signal
		case "generate-secret":
			console.log(generateSecret());
			return 0;
		case "backup":
			backup(args);
			return 0;
		case "build-leak-file":
			await buildLeakFileCommand(args);
			return 0;
		case "version":
		case "--version":
			console.log(packageJson.version);
			return 0;
		case undefined:
		case "help":
		case "--help":
		case "-h":
			console.log(USAGE);
			return command === undefined ? 2 : 0;
		default:
			console.error(`unknown command "${command}"\n\n${USAGE}`);
			return 2;
	}
}

try {
	const code = await main(process.argv.slice(2));
	if (code >= 0) process.exit(code);
} catch (error) {
	if (error instanceof ConfigError) {
		console.error(`holm: ${error.message}`);
		process.exit(2);
	}
	console.error(`holm: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
}
