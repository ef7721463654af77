// Starts Holm: data directory, secret, database, leak check, HTTP listener, the sweep of
// expired rows, and a stop that drains requests in flight before closing the database.
import type { Server } from "bun";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "./app.ts";
import type { ServeConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import type { AppContext } from "./http/env.ts";
import { createLeakCheck } from "./leak-check/index.ts";
import { prepareDummyHash } from "./lib/password-hash.ts";
import type { Logger } from "./log.ts";
import { loadOrCreateSecret } from "./secret.ts";
import { deleteExpiredRows } from "./stores.ts";

const SWEEP_INTERVAL_MS = 60_000;

export interface ServerOptions {
	config: ServeConfig;
	log: Logger;
	now?: () => number;
	fetch?: typeof fetch;
	limiterCapacity?: number;
}

export interface RunningServer {
	/** http://host:port, or unix:PATH when listening on a socket. */
	url: string;
	secret: string;
	ctx: AppContext;
	stop(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
	const { config, log } = options;
	mkdirSync(config.dir, { recursive: true, mode: 0o700 });

	let secret = config.secret;
	if (secret === null) {
		const loaded = loadOrCreateSecret(config.dir);
		secret = loaded.secret;
		log.info(loaded.created ? "created a new secret" : "using the secret from the data directory", { path: loaded.path });
	}

	const db = openDatabase(join(config.dir, "holm.db"));
	const leakCheck = await createLeakCheck(config.leakCheck, {
		fetch: options.fetch ?? fetch,
		warn: (message) => log.warn(message),
	});
	prepareDummyHash(); // on a worker thread; start-up does not wait for it
	const { app, ctx } = createApp({ db, secret, leakCheck, log, now: options.now, limiterCapacity: options.limiterCapacity });

	if (config.unix !== null) rmSync(config.unix, { force: true }); // a socket left by an earlier run
	const listen = config.unix !== null ? { unix: config.unix } : { hostname: config.host, port: config.port };
	const server: Server<undefined> = Bun.serve({ ...listen, fetch: app.fetch });
	const url = config.unix !== null ? `unix:${config.unix}` : `http://${server.hostname}:${server.port}`;

	const sweep = setInterval(() => {
		try {
			deleteExpiredRows(ctx.stores, Math.floor(ctx.now() / 1000));
		} catch (error) {
			log.error("failed to delete expired rows", { message: error instanceof Error ? error.message : String(error) });
		}
	}, SWEEP_INTERVAL_MS);
	sweep.unref();

	let stopping: Promise<void> | null = null;
	async function stop(): Promise<void> {
		stopping ??= (async () => {
			clearInterval(sweep);
			await server.stop(); // stops accepting, resolves once requests in flight are answered
			db.close();
			if (config.unix !== null) rmSync(config.unix, { force: true });
		})();
		return stopping;
	}

	return { url, secret, ctx, stop };
}
