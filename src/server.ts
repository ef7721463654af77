// Starts Holm: data directory and its lock, secrets, database (SQLite or PostgreSQL), leak check,
// listener, the sweep of expired rows, and a stop that drains requests in flight before closing
// the database.
import { join } from "node:path";
import { createApp } from "./app.ts";
import { DATABASE_PASSWORD_WARNING, type DatabaseConfig, type ServeConfig } from "./config.ts";
import { lockDataDir, prepareDataDir, type DataDirLock } from "./data-dir.ts";
import type { AppContext } from "./http/env.ts";
import { createLeakCheck } from "./leak-check/index.ts";
import { createHasher, prepareDummyHash } from "./lib/password-hash.ts";
import { listenOnTcp, listenOnUnix, type Listener } from "./listen.ts";
import type { Logger } from "./log.ts";
import { createMetrics } from "./metrics.ts";
import { loadSecrets } from "./secret.ts";
import type { Storage } from "./stores/index.ts";
import { openPostgresStorage } from "./stores/postgres/index.ts";
import { openSqliteStorage } from "./stores/sqlite/index.ts";

const SWEEP_INTERVAL_MS = 60_000;
/** Beyond this, an instance's clock and the database's disagree enough to say so (docs/postgres.md). */
const CLOCK_SKEW_WARN_MS = 3_000;

export interface ServerOptions {
	config: ServeConfig;
	log: Logger;
	now?: () => number;
	fetch?: typeof fetch;
	limiterCapacity?: number;
	/** How long argon2id work may wait for a core before 503 (5 s; tests shorten it). */
	hashingStartDeadlineMs?: number;
	/** Tests only: on PostgreSQL, the time the database judges by instead of its own clock. */
	fixedDatabaseClock?: () => number;
}

export interface RunningServer {
	/** http://host:port, or unix:PATH when listening on a socket. */
	url: string;
	ctx: AppContext;
	stop(): Promise<void>;
}

/** The database of `config`: the SQLite file in `dir`, or PostgreSQL (schema brought up to date). */
export async function openStorage(
	database: DatabaseConfig,
	dir: string,
	limiterCapacity?: number,
	fixedDatabaseClock?: () => number,
): Promise<Storage> {
	if (database.kind === "postgres") return openPostgresStorage(database.url, { fixedDatabaseClock });
	return openSqliteStorage(join(dir, "holm.db"), limiterCapacity);
}

function describeSecrets(config: ServeConfig, log: Logger, loaded: ReturnType<typeof loadSecrets>): void {
	const secrets = loaded.secrets.length;
	if (loaded.created) log.info("created a new secret", { path: loaded.path });
	else if (loaded.path !== null) log.info(secrets === 1 ? "using the secret file" : "using the secret file, every line accepted", { path: loaded.path, secrets });
	if (config.secret.kind === "given" && config.secret.flag) {
		log.warn("the secret was given with --secret, which other local users can read in the process list; prefer --secret-file or HOLM_SECRET");
	}
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
	const { config, log } = options;
	// With SQLite the data directory holds the database, so one process holds it. With PostgreSQL
	// it holds at most the secret, and instances on one machine may share it.
	const usesDataDir = config.database.kind === "sqlite" || config.dirGiven;
	if (usesDataDir) prepareDataDir(config.dir);
	const lock: DataDirLock | null = config.database.kind === "sqlite" ? lockDataDir(config.dir) : null;
	let storage: Storage | null = null;
	try {
		const loaded = loadSecrets(config.secret, config.dir);
		describeSecrets(config, log, loaded);
		if (config.databasePasswordInArgs) log.warn(DATABASE_PASSWORD_WARNING);

		storage = await openStorage(config.database, config.dir, options.limiterCapacity, options.fixedDatabaseClock);
		const opened = storage;
		const hasher = createHasher({
			startDeadlineMs: options.hashingStartDeadlineMs,
			observe: (operation, waitSeconds, runSeconds) => metrics.hashed(operation, waitSeconds, runSeconds),
		});
		const metrics = createMetrics({ databaseSize: () => databaseSize(opened, log), hashingLoad: hasher.load });
		const leakCheck = await createLeakCheck(config.leakCheck, {
			fetch: options.fetch ?? fetch,
			warn: (message) => log.warn(message),
			onlineFailure: () => metrics.leakCheck("online_failure"),
		});
		prepareDummyHash(); // on a worker thread; start-up does not wait for it
		const { app, ctx, idle } = createApp({
			storage,
			secrets: loaded.secrets,
			leakCheck,
			log,
			metrics,
			hasher,
			now: options.now,
			console: config.console,
		});
		await checkClock(storage, ctx.now, log);

		const listener: Listener =
			config.unix !== null ? await listenOnUnix(config.unix, config.unixMode, app.fetch) : listenOnTcp(config.host, config.port, app.fetch);
		return { url: listener.url, ctx, stop: stopper(listener, idle, storage, lock, ctx, log) };
	} catch (error) {
		await storage?.close();
		lock?.release();
		throw error;
	}
}

/** The database's size, or null when it cannot say (closed, unreachable): a scrape of /metrics
 *  must still answer while the database is down. Only the error's name is logged, never its
 *  message, which may quote a connection string. */
async function databaseSize(storage: Storage, log: Logger): Promise<number | null> {
	try {
		return await storage.size();
	} catch (error) {
		log.warn("cannot measure the database size for /metrics", { error: error instanceof Error ? error.name : typeof error });
		return null;
	}
}

/** Warns when this instance's clock is more than a few seconds off the database's (PostgreSQL):
 *  limits, lockouts, expiry and the sweep follow the database's clock, but the times this instance
 *  writes (a request's created_at and expires_at) and its TOTP steps follow its own. A warning, not
 *  a refusal: the instance judges nothing by its clock that could let a guess through. */
async function checkClock(storage: Storage, now: () => number, log: Logger): Promise<void> {
	let skew: number | null;
	try {
		skew = await storage.clockSkewMs(now);
	} catch (error) {
		log.warn("cannot compare this instance's clock with the database's", { reason: error instanceof Error ? error.message : String(error) });
		return;
	}
	if (skew !== null && Math.abs(skew) > CLOCK_SKEW_WARN_MS) {
		log.warn("this instance's clock is off the database's; fix its time synchronisation", { skew_ms: Math.round(skew) });
	}
}

/** Starts the sweep of expired rows and returns the stop that ends everything, in order, once. */
function stopper(
	listener: Listener,
	idle: () => Promise<void>,
	storage: Storage,
	lock: DataDirLock | null,
	ctx: AppContext,
	log: Logger,
): () => Promise<void> {
	let sweeping: Promise<void> = Promise.resolve();
	const sweep = setInterval(() => {
		sweeping = storage
			.sweep(ctx.now())
			.catch((error: unknown) => {
				log.error("failed to delete expired rows", { reason: error instanceof Error ? error.message : String(error) });
			})
			.then(() => checkClock(storage, ctx.now, log));
	}, SWEEP_INTERVAL_MS);
	sweep.unref();

	let stopping: Promise<void> | null = null;
	return function stop(): Promise<void> {
		stopping ??= (async () => {
			clearInterval(sweep);
			await listener.stop(); // stops accepting, resolves once requests in flight are answered
			await idle(); // and those whose client went away meanwhile, which the listener does not wait for
			await sweeping;
			await storage.close();
			lock?.release(); // last: the directory is free only once the database is closed
		})();
		return stopping;
	};
}
