// Every feature's store, and the rate limits of every instance, on one PostgreSQL database
// (section 8 of API.md), through Bun's built-in client.
import type { SQL } from "bun";
import type { Clock } from "../../lib/rate-limit.ts";
import { NO_WEBHOOK_EVENTS, type EventSettings, type Storage, type Stores } from "../index.ts";
import { deleteExpiredRows } from "../sweep.ts";
import { databaseClock, type DatabaseClock } from "./clock.ts";
import { connectPostgres, connectRequestPool, createHealthProbe, fellBackFrom, statementModeOf, timeoutReason } from "./connection.ts";
import { createPostgresConsoleStore } from "./console.ts";
import { createPostgresEmailUpdateStore } from "./email-update.ts";
import { createPostgresEmailVerificationStore } from "./email-verification.ts";
import { explainConnectionError } from "./connection-error.ts";
import { createPostgresEventLog } from "./events.ts";
import { createPostgresWebhookQueue } from "./webhook-queue.ts";
import { createPostgresEmailSignInStore } from "./email-sign-in.ts";
import { createPostgresLimitStore, deleteExpiredLimits } from "./limits.ts";
import { createPostgresIdentityStore } from "./identities.ts";
import { createPostgresPasskeyStore } from "./passkeys.ts";
import { createPostgresPasswordResetStore } from "./password-reset.ts";
import { createPostgresPasswordStore } from "./passwords.ts";
import { emailSearchWarning, migratePostgres } from "./schema.ts";
import { createPostgresSessionStore } from "./sessions.ts";
import { createPostgresTwoFactorStore } from "./two-factor.ts";
import { createPostgresUserImportStore } from "./user-imports.ts";
import { describeTransport, postgresTls } from "./tls.ts";
import { createPostgresUserStore } from "./users.ts";

function createPostgresStores(sql: SQL, clock: DatabaseClock, settings: EventSettings): Stores {
	const events = createPostgresEventLog(sql, settings);
	return {
		users: createPostgresUserStore(sql, clock, events),
		passwords: createPostgresPasswordStore(sql, clock, events),
		passwordResets: createPostgresPasswordResetStore(sql, clock, events),
		emailSignIns: createPostgresEmailSignInStore(sql, clock, events),
		emailVerifications: createPostgresEmailVerificationStore(sql, clock, events),
		emailUpdates: createPostgresEmailUpdateStore(sql, clock, events),
		twoFactor: createPostgresTwoFactorStore(sql, clock, events),
		passkeys: createPostgresPasskeyStore(sql, clock, events),
		events: events.store,
		userImports: createPostgresUserImportStore(sql),
		console: createPostgresConsoleStore(sql, clock),
		sessions: createPostgresSessionStore(sql, clock, events),
		identities: createPostgresIdentityStore(sql, clock, events),
	};
}

/** Where a connection string points, for messages: host (or socket directory), port, database
 *  and user, never the password. */
export function describePostgres(url: string): string {
	try {
		const parsed = new URL(url);
		const socket = parsed.searchParams.get("path") ?? parsed.searchParams.get("host");
		const host = socket ?? `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
		const user = decodeURIComponent(parsed.username) || "postgres";
		const database = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || user;
		return `${host}/${database} as ${user}`;
	} catch {
		return "the --database connection string";
	}
}

interface PostgresOptions {
	/** Tests only: the time the database judges by, instead of its own clock (see clock.ts). */
	fixedDatabaseClock?: Clock;
	/** How events are kept (retention, webhook types); 30 days and no webhook when absent. */
	events?: EventSettings;
	/** Told what changed while serving: statements gone unnamed (connectRequestPool). */
	warn?: (message: string) => void;
}

/** Connects, brings the schema up to date (under a lock, so instances may start together). */
export async function openPostgresStorage(url: string, options: PostgresOptions = {}): Promise<Storage> {
	// The migration on a connection of its own, closed before the pool opens any: the session settings
	// it may apply (schema.ts) hold for sessions opened after it.
	const migrator = connectPostgres(url, 1);
	let migrated: { from: number; to: number };
	try {
		migrated = await migratePostgres(migrator);
	} catch (error) {
		throw new Error(`PostgreSQL at ${describePostgres(url)}: ${await explainConnectionError(error, url)}`, { cause: error });
	} finally {
		await migrator.close({ timeout: 0 });
	}
	// Prepared statements where the connection keeps them, unnamed through a pooler that does not
	// (connection.ts); the start line says which.
	let statements = await statementModeOf(url);
	const sql = connectRequestPool(url, statements, () => {
		statements = { mode: "unnamed", description: "unnamed (a pooler that does not keep prepared statements, found while serving)" };
		options.warn?.(
			"the database's pooler lent a server connection without Holm's prepared statements; statements go unnamed from now on (database_statements at start said prepared: see docs/postgres.md)",
		);
	});
	const clock = databaseClock(options.fixedDatabaseClock);
	const stores = createPostgresStores(sql, clock, options.events ?? NO_WEBHOOK_EVENTS);
	const health = createHealthProbe(url);
	const warning = await emailSearchWarning(sql);
	const tls = postgresTls(url);
	// Whether this session is encrypted, as the server sees it: what decides `prefer`, which falls
	// back to plain text. (Behind a pooler the server sees the pooler's connection; the modes that
	// require TLS say it of Holm's own.)
	const required = tls.mode === "require" || tls.mode === "verify-ca" || tls.mode === "verify-full";
	const [session] = required || tls.socket ? [{ ssl: required }] : await sql`SELECT coalesce((SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()), false) AS ssl`;
	return {
		kind: "postgres",
		migrated,
		startWarnings: warning === null ? [] : [warning],
		transport: describeTransport(tls, session.ssl === true),
		get statements() {
			return statements.description;
		},
		stores,
		limitStore: createPostgresLimitStore(sql, clock),
		webhookQueue: createPostgresWebhookQueue(sql),
		ping: () => health.ping(),
		async size() {
			const [row] = await sql<{ bytes: number | string }[]>`SELECT pg_database_size(current_database()) AS bytes`;
			return Number(row!.bytes);
		},
		async sweep() {
			// The database's time, not the instance's: an instance whose clock runs ahead deletes
			// nothing that is still live. Read first, so each DELETE compares with a constant and
			// uses its index; the moments it lags only make the sweep keep a little more.
			const nowMs = await clock.read(sql);
			await deleteExpiredRows(stores, Math.floor(nowMs / 1000), options.events ?? NO_WEBHOOK_EVENTS);
			await deleteExpiredLimits(sql, nowMs);
		},
		async clockSkewMs(instanceNowMs) {
			const sent = instanceNowMs();
			const databaseMs = await clock.read(sql);
			const received = instanceNowMs();
			return (sent + received) / 2 - databaseMs;
		},
		timeoutReason(error) {
			// A statement on its own that met a pooler's server connection without it did not run.
			if (fellBackFrom(sql, error)) return "a pooler lent a server connection without the prepared statement; it did not run";
			return timeoutReason(error);
		},
		async close() {
			await health.close();
			await sql.close({ timeout: 5 });
		},
	};
}
