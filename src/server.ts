// Starts Holm: data directory and its lock, secrets, database (SQLite or PostgreSQL), leak check,
// listener, the sweep of expired rows, and a stop that drains requests in flight before closing
// the database.
import type { SessionSettings } from "./features/sessions/settings.ts";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createApp, type App } from "./app.ts";
import { DATABASE_PASSWORD_WARNING, DEFAULT_EVENT_CONFIG, type DatabaseConfig, type EventConfig, type ServeConfig } from "./config.ts";
import { forgetAddress, lockDataDir, prepareDataDir, recordAddress, removeNewDataDir, type DataDirLock } from "./data-dir.ts";
import type { TurnWrites } from "./http/answers-together.ts";
import type { AppContext } from "./http/env.ts";
import { createLeakCheck } from "./leak-check/index.ts";
import { createHasher, prepareDummyHash, type Argon2Cost } from "./lib/password-hash.ts";
import { listenOnTcp, listenOnUnix, type Listener } from "./listen.ts";
import type { Logger } from "./log.ts";
import { limitWarnings } from "./limits.ts";
import { createMetrics } from "./metrics.ts";
import { loadSecrets } from "./secret.ts";
import type { EventSettings, Storage } from "./stores/index.ts";
import { describePostgres, openPostgresStorage } from "./stores/postgres/index.ts";
import { openSqliteStorage, type Checkpoints } from "./stores/sqlite/index.ts";
import { startWebhookDeliverer, type WebhookDeliverer } from "./webhooks/deliverer.ts";
import { loadWebhookSecret } from "./webhooks/secret.ts";
import { loadIdentityProviders, type IdentityProvider } from "./features/identity-providers/config.ts";
import { createIdentityProviders } from "./features/identity-providers/protocol.ts";

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
	/** How long a webhook receiver may take to answer (10 s; tests shorten it). */
	webhookTimeoutMs?: number;
	/** Tests only: on PostgreSQL, the time the database judges by instead of its own clock. */
	fixedDatabaseClock?: () => number;
	/** What calls to identity providers go out with (fetch; tests stand in for the providers), and
	 *  how long one may take (5 s). */
	identityProviderFetch?: typeof fetch;
	identityProviderTimeoutMs?: number;
	/** Tests only: a cheaper argon2id cost where hashing is not what a test is about (the
	 *  contract's otherwise; no flag or environment variable sets it). */
	hashCost?: Argon2Cost;
}

interface RunningServer {
	/** http://host:port, or unix:PATH when listening on a socket. */
	url: string;
	/** Where the data is: the SQLite file's path, or PostgreSQL's host/database (no password). */
	database: string;
	/** The data directory's secret file, when this start created it (a first start); else null. */
	createdSecret: string | null;
	ctx: AppContext;
	stop(): Promise<void>;
}

/** Where the database of `config` is, for messages: the SQLite file's path, or host/database. */
export function describeDatabase(database: DatabaseConfig, dir: string): string {
	return database.kind === "postgres" ? describePostgres(database.url) : resolve(join(dir, "holm.db"));
}

interface StorageOptions {
	limiterCapacity?: number;
	fixedDatabaseClock?: () => number;
	events?: EventConfig;
	sessions?: SessionSettings;
	now?: () => number;
	/** SQLite: who checkpoints the WAL. A worker thread for `serve` only; a command that opens the
	 *  database and exits leaves it to SQLite (the default). */
	checkpoints?: Checkpoints;
	/** Where the database says what changed while serving (PostgreSQL: statements gone unnamed). */
	warn?: (message: string) => void;
}

/** The database of `config`: the SQLite file in `dir`, or PostgreSQL (schema brought up to date). */
export async function openStorage(database: DatabaseConfig, dir: string, options: StorageOptions = {}): Promise<Storage> {
	const events = options.events ?? DEFAULT_EVENT_CONFIG;
	const settings: EventSettings = { retentionDays: events.retentionDays, webhook: events.webhook === null ? null : { types: events.webhook.types }, sessions: options.sessions };
	if (database.kind === "postgres") return openPostgresStorage(database.url, { fixedDatabaseClock: options.fixedDatabaseClock, events: settings, warn: options.warn });
	return openSqliteStorage(join(dir, "holm.db"), options.limiterCapacity, settings, options.now, options.checkpoints);
}

function describeSecrets(config: ServeConfig, log: Logger, loaded: ReturnType<typeof loadSecrets>): void {
	const secrets = loaded.secrets.length;
	if (loaded.created) log.info("created a new secret", { path: loaded.path });
	else if (loaded.path !== null) log.info(secrets === 1 ? "using the secret file" : "using the secret file, every line accepted", { path: loaded.path, secrets });
	if (config.secret.kind === "given" && config.secret.flag) {
		log.warn("the secret was given with --secret, which other local users can read in the process list; prefer --secret-file or HOLM_SECRET");
	}
}

/** What a server runs, without its listener, its data directory's lock and its sweep timer: the
 *  app over the database, the secrets, the leak check and the webhook deliverer. Tests call the app
 *  in-process through it where the wire is not the point (test/support/server.ts). */
interface OpenService {
	app: App["app"];
	ctx: AppContext;
	/** Resolves once no request is being handled. */
	idle(): Promise<void>;
	storage: Storage;
	/** Where the data is: the SQLite file's path, or PostgreSQL's host/database (no password). */
	database: string;
	/** The data directory's secret file, when this start created it (a first start); else null. */
	createdSecret: string | null;
	webhooks: WebhookDeliverer | null;
	/** Stops the webhook deliverer (attempts in flight are recorded), then closes the database. */
	close(): Promise<void>;
}

/** Opens the database and builds the app; the caller takes care of the data directory. */
export async function openService(options: ServerOptions): Promise<OpenService> {
	const { config, log } = options;
	const loaded = loadSecrets(config.secret, config.dir);
	describeSecrets(config, log, loaded);
	if (config.databasePasswordInArgs) log.warn(DATABASE_PASSWORD_WARNING);
	const events = config.events ?? DEFAULT_EVENT_CONFIG;
	const webhookKey = events.webhook === null ? null : loadWebhookSecret(events.webhook.secretFile);
	const providers = config.identityProviders == null ? [] : loadIdentityProviders(config.identityProviders);

	const database = describeDatabase(config.database, config.dir);
	const isNewFile = config.database.kind === "sqlite" && !existsSync(database);
	const storage = await openStorage(config.database, config.dir, {
		limiterCapacity: options.limiterCapacity,
		fixedDatabaseClock: options.fixedDatabaseClock,
		events,
		sessions: config.sessions,
		now: options.now,
		checkpoints: { by: "worker", warn: (message, fields) => log.warn(message, fields) },
		warn: (message) => log.warn(message),
	});
	try {
		describeSchema(storage, database, isNewFile, log);
		for (const warning of storage.startWarnings ?? []) log.warn(warning);
		const hasher = createHasher({
			startDeadlineMs: options.hashingStartDeadlineMs,
			observe: (operation, waitSeconds, runSeconds) => metrics.hashed(operation, waitSeconds, runSeconds),
			cost: options.hashCost,
		});
		const metrics = createMetrics({
			database: storage.kind,
			limits: config.limits,
			databaseSize: () => databaseSize(storage, log),
			hashingLoad: hasher.load,
			leakedPasswords: () => storage.stores.passwords.countLeakedPasswords(),
		});
		const leakCheck = await createLeakCheck(config.leakCheck, {
			fetch: options.fetch ?? fetch,
			warn: (message) => log.warn(message),
			onlineFailure: () => metrics.leakCheck("online_failure"),
		});
		prepareDummyHash(options.hashCost); // on a worker thread; start-up does not wait for it
		warnOfLimits(config, log);
		const { app, ctx, idle } = createApp({
			storage,
			secrets: loaded.secrets,
			leakCheck,
			log,
			metrics,
			hasher,
			limits: config.limits,
			now: options.now,
			passkeys: config.passkeys,
			console: config.console,
			sessions: config.sessions,
			identityProviders: createIdentityProviders(providers, {
				fetch: options.identityProviderFetch,
				timeoutMs: options.identityProviderTimeoutMs,
				now: options.now,
			}),
		});
		await checkClock(storage, ctx.now, log);
		describePasskeys(config, log);
		describeIdentityProviders(providers, log);
		describeConsoleAndWebhooks(config, events, log);
		const webhooks =
			events.webhook === null || webhookKey === null
				? null
				: startWebhookDeliverer({
						queue: storage.webhookQueue,
						url: events.webhook.url,
						key: webhookKey,
						now: ctx.now,
						fetch, // not options.fetch, which stands in for the leak check's range API
						log,
						registry: metrics.registry,
						timeoutMs: options.webhookTimeoutMs,
					});
		if (webhooks !== null) ctx.webhooks = webhooks;
		return {
			app,
			ctx,
			idle,
			storage,
			database,
			createdSecret: loaded.created ? loaded.path : null,
			webhooks,
			async close() {
				await webhooks?.stop(); // attempts in flight are recorded before the database closes
				await storage.close();
			},
		};
	} catch (error) {
		await storage.close();
		throw error;
	}
}

/** The storage's grouped commits as the listener holds its turns (SQLite), a lost group logged. */
function turnWrites(storage: Storage, log: Logger): TurnWrites | null {
	const commits = storage.turnCommits;
	if (commits === undefined) return null;
	return {
		group: () => commits.group(),
		commit() {
			const failure = commits.commit();
			if (failure === null) return true;
			log.error("a busy turn's writes were not committed; its requests in flight are answered 500", { reason: failure });
			return false;
		},
	};
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
	const { config, log } = options;
	// With SQLite the data directory holds the database, so one process holds it. With PostgreSQL
	// it holds at most the secret, and instances on one machine may share it.
	const usesDataDir = config.database.kind === "sqlite" || config.dirGiven;
	const dirCreated = usesDataDir && prepareDataDir(config.dir);
	let lock: DataDirLock | null = null;
	let service: OpenService | null = null;
	try {
		lock = config.database.kind === "sqlite" ? lockDataDir(config.dir) : null;
		service = await openService(options);
		const writes = turnWrites(service.storage, log);
		const listener: Listener =
			config.unix !== null
				? await listenOnUnix(config.unix, config.unixMode, service.app.fetch, writes)
				: listenOnTcp(config.host, config.port, service.app.fetch, writes);
		// For `holm console-link` on the same directory, which links to where this server listens.
		const recorded = usesDataDir && recordAddress(config.dir, listener.url);
		const forget = () => {
			if (recorded) forgetAddress(config.dir, listener.url);
		};
		return {
			url: listener.url,
			database: service.database,
			createdSecret: service.createdSecret,
			ctx: service.ctx,
			stop: stopper(listener, service, lock, log, forget),
		};
	} catch (error) {
		await service?.close();
		lock?.release();
		if (dirCreated) removeNewDataDir(config.dir);
		throw error;
	}
}

/** "created a new database at …" on a first start; the schema steps applied on an upgrade. */
function describeSchema(storage: Storage, database: string, isNewFile: boolean, log: Logger): void {
	const { from, to } = storage.migrated;
	if (isNewFile) log.info("created a new database", { at: database });
	else if (from === 0 && to > 0) log.info("created Holm's tables in the database", { at: database });
	else if (to > from) log.info("applied schema steps", { at: database, steps: `${from + 1}-${to}` });
}

/** Each limit set looser than the contract's figure, and each that makes it cheap to lock a user
 *  out, is a warning at every start: a choice that someone reading the log should see. */
function warnOfLimits(config: ServeConfig, log: Logger): void {
	for (const { message, fields } of limitWarnings(config.limits)) log.warn(message, fields);
}

/** Once at start: whether passkeys are on, and for which site, since without an rp id every
 *  passkey endpoint answers NOT_ALLOWED and an operator should not have to find that out from 400s. */
function describePasskeys(config: ServeConfig, log: Logger): void {
	if (config.passkeys === null) {
		log.info("passkeys are off: every passkey endpoint answers NOT_ALLOWED (give --passkey-rp-id and --passkey-origin to turn them on)");
		return;
	}
	const { rpId, origins, userVerification } = config.passkeys;
	log.info("passkeys are on", { rp_id: rpId, origins: origins.join(","), user_verification: userVerification });
}

/** Once at start, when there are any: the identity providers by name and kind (never a client id or
 *  secret), so that an operator sees which the file gave. */
function describeIdentityProviders(providers: readonly IdentityProvider[], log: Logger): void {
	if (providers.length === 0) return;
	log.info("identity providers", { providers: providers.map((provider) => `${provider.name} (${provider.kind})`).join(", ") });
}

/** Once at start, like passkeys: the console and webhooks, when given. Only the receiver's origin is
 *  logged, since its path or query may hold a token. */
function describeConsoleAndWebhooks(config: ServeConfig, events: EventConfig, log: Logger): void {
	if (config.console) log.info("the console is on", { path: "/console/", sign_in: "holm console-link" });
	if (events.webhook === null) return;
	const types = events.webhook.types === null ? "all" : [...events.webhook.types].join(",");
	log.info("webhooks are on", { to: new URL(events.webhook.url).origin, events: types });
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
function stopper(listener: Listener, service: OpenService, lock: DataDirLock | null, log: Logger, forgetOwnAddress: () => void): () => Promise<void> {
	const { storage, ctx } = service;
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
			forgetOwnAddress();
			await service.idle(); // and those whose client went away meanwhile, which the listener does not wait for
			await sweeping;
			await service.close();
			lock?.release(); // last: the directory is free only once the database is closed
		})();
		return stopping;
	};
}
