// The store contract tests (test/stores/contract/*.test.ts): each file states what one store
// interface promises and runs the same cases on whichever database this process tests, calling the
// store's verbs directly (no HTTP, no action between). Which database is decided as for the rest of
// the suite: SQLite in a temporary directory under plain `bun test` (the SQLite half of `npm test`);
// PostgreSQL with HOLM_TEST_STORE=postgres and HOLM_TEST_DATABASE_URL (test/runner/postgres-suite.ts, which
// also runs some files again with HOLM_TEST_POOLER=pgbouncer, the URL then pointing at PgBouncer in
// transaction mode). Each file opens one fresh database of its own.
//
// The store's clock is the test's: on SQLite the instance's clock the storage is given, on
// PostgreSQL the database clock fixed to the same value (src/stores/postgres/clock.ts), so moving
// `clock` expires things alike on both. `another()` opens a second instance on the same PostgreSQL
// database (its own pool), for races across instances and for the database's own clock.
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { HolmEvent, EventType, EventData } from "../../../src/features/events/store.ts";
import type { EndReason, SessionEnding } from "../../../src/features/sessions/store.ts";
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from "../../../src/features/sessions/settings.ts";
import type { AccountClaim } from "../../../src/features/account-claims/claim.ts";
import type { Passkey } from "../../../src/features/passkeys/store.ts";
import type { ImportedUser } from "../../../src/features/user-imports/store.ts";
import type { NewUser, User } from "../../../src/features/users/store.ts";
import { generateCode, generateId } from "../../../src/lib/ids.ts";
import { NO_WEBHOOK_EVENTS, type EventSettings, type Storage, type Stores } from "../../../src/stores/index.ts";
import { openPostgresStorage } from "../../../src/stores/postgres/index.ts";
import { openSqliteStorage } from "../../../src/stores/sqlite/index.ts";
import { createTestDatabase } from "../../support/postgres.ts";
import { tempDir, uniqueEmail } from "../../support/server.ts";

export type Kind = "sqlite" | "postgres";

/** Which database this process tests (see the header). */
export const KIND: Kind = process.env.HOLM_TEST_STORE === "postgres" ? "postgres" : "sqlite";
/** Whether the PostgreSQL URL is PgBouncer's (test/runner/postgres-suite.ts's pooled run). */
export const POOLED = KIND === "postgres" && process.env.HOLM_TEST_POOLER === "pgbouncer";
export const LABEL = KIND === "sqlite" ? "SQLite" : POOLED ? "PostgreSQL through PgBouncer" : "PostgreSQL";

export interface TestClock {
	/** Milliseconds since the epoch. */
	now: number;
	advance(ms: number): void;
}

export interface StoreOptions {
	events?: EventSettings;
	/** SQLite: the in-memory limit store's capacity. */
	limiterCapacity?: number;
}

export interface Instance {
	readonly storage: Storage;
	readonly stores: Stores;
	close(): Promise<void>;
}

export interface Under extends Instance {
	readonly kind: Kind;
	/** The store's clock (milliseconds), which the test moves. */
	readonly clock: TestClock;
	/** The store's clock in whole seconds. */
	seconds(): number;
	/** A query on the database, outside the stores (`?` placeholders on both). */
	rows(query: string, ...params: unknown[]): Promise<Record<string, unknown>[]>;
	/** Statements on the database outside the stores, one text per database (triggers, say). */
	exec(statements: { sqlite: string; postgres: string }): Promise<void>;
	/** PostgreSQL only: another instance on the same database, with its own pool, on the test's
	 *  clock or (`clock: "database"`) on the database server's own, as in production. */
	another(options?: StoreOptions & { clock?: "test" | "database" }): Promise<Instance>;
	/** The file's database URL (PostgreSQL) or path (SQLite). */
	readonly location: string;
}

/**
 * `describe`s `title` on this process's database and hands `body` the store under test, opened
 * before the file's tests (one fresh database per call) and closed after them. The object exists at
 * once; its fields are filled in by the time a test runs.
 */
export function contract(title: string, options: StoreOptions, body: (under: Under) => void): void {
	const under = {} as { -readonly [K in keyof Under]: Under[K] };
	const closing: (() => Promise<void>)[] = [];
	beforeAll(async () => {
		const clock: TestClock = {
			now: Date.UTC(2026, 10, 21, 12, 0, 0),
			advance(ms) {
				this.now += ms;
			},
		};
		const events = options.events ?? NO_WEBHOOK_EVENTS;
		let storage: Storage;
		let rows: Under["rows"];
		let exec: Under["exec"];
		let location: string;
		if (KIND === "sqlite") {
			const dir = tempDir();
			location = join(dir, "holm.db");
			storage = openSqliteStorage(location, options.limiterCapacity, events, () => clock.now);
			const side = new Database(location);
			side.run("PRAGMA busy_timeout = 5000");
			rows = async (query, ...params) => side.query<Record<string, unknown>, any[]>(query).all(...(params as any[]));
			exec = async ({ sqlite }) => void side.exec(sqlite);
			closing.push(async () => {
				side.close();
				rmSync(dir, { recursive: true, force: true });
			});
		} else {
			const adminUrl = process.env.HOLM_TEST_DATABASE_URL;
			if (adminUrl === undefined || adminUrl === "") throw new Error("HOLM_TEST_STORE=postgres needs HOLM_TEST_DATABASE_URL (run through npm test)");
			location = await createTestDatabase(adminUrl);
			storage = await openPostgresStorage(location, { fixedDatabaseClock: () => clock.now, events });
			const side = new SQL(location, { max: 1, prepare: false });
			rows = async (query, ...params) => {
				let n = 0;
				return [...(await side.unsafe(query.replaceAll("?", () => `$${++n}`), params as any[]))];
			};
			exec = async ({ postgres }) => void (await side.unsafe(postgres));
			closing.push(() => side.close());
		}
		closing.unshift(() => storage.close());
		Object.assign(under, {
			kind: KIND,
			clock,
			location,
			storage,
			stores: storage.stores,
			seconds: () => Math.floor(clock.now / 1000),
			rows,
			exec,
			close: () => storage.close(),
			async another(more: StoreOptions & { clock?: "test" | "database" } = {}) {
				if (KIND !== "postgres") throw new Error("another instance is for PostgreSQL only: one SQLite file serves one instance");
				const other = await openPostgresStorage(location, {
					fixedDatabaseClock: more.clock === "database" ? undefined : () => clock.now,
					events: more.events ?? events,
				});
				let closed = false;
				const close = async () => {
					if (closed) return;
					closed = true;
					await other.close();
				};
				closing.unshift(close);
				return { storage: other, stores: other.stores, close };
			},
		});
	});
	afterAll(async () => {
		for (const close of closing) await close();
	});
	describe(`${title} on ${LABEL}`, () => body(under));
}

/** An event as an action makes it (its id is also a webhook delivery's). */
export function event(under: Pick<Under, "seconds">, type: EventType, userId: string | null, data: EventData = {}): HolmEvent {
	return { id: generateId(), time: under.seconds(), type, userId, clientIp: null, data };
}

/** A session of `userId` made through the store with its two events as the sessions feature makes
 *  them (session_created, and the cap's sessions_ended); an answer other than a session throws. */
export async function madeSession(under: Pick<Under, "seconds" | "stores">, userId: string, settings: SessionSettings, devices: Uint8Array[] = []) {
	const id = generateId();
	const made = await under.stores.sessions.create(
		{
			session: { id, userId, digest: randomBytes(), clientIp: "192.0.2.1", userAgent: "Contract/1.0" },
			secondFactorVerified: false,
			devices,
			created: event(under, "session_created", userId, { session_id: id }),
			limitEnded: event(under, "sessions_ended", userId, { reason: "session_limit" }),
		},
		settings,
	);
	if (typeof made === "string") throw new Error(`create answered ${made}`);
	return made;
}

/** The sessions_ended a credential change hands its store: every session of the user but `keep`. */
export function ending(under: Pick<Under, "seconds">, userId: string, reason: EndReason, keep: string | null = null, settings: SessionSettings = DEFAULT_SESSION_SETTINGS): SessionEnding {
	return { keep, event: event(under, "sessions_ended", userId, { reason }), now: under.seconds(), settings };
}

/** `work` done with the store's clock at `seconds` (the store stamps what it stores by its clock,
 *  which is the test's): the clock is put back after. */
export async function at<T>(under: Pick<Under, "clock">, seconds: number, work: () => Promise<T>): Promise<T> {
	const now = under.clock.now;
	under.clock.now = seconds * 1000;
	try {
		return await work();
	} finally {
		under.clock.now = now;
	}
}

/** The sessions_ended event among what a verb that ends sessions returned it stored, or null. */
export function endedIn(written: readonly HolmEvent[] | null | undefined): HolmEvent | null {
	return written?.find((e) => e.type === "sessions_ended") ?? null;
}

/** A user as the users feature inserts one, not yet stored. */
export function newUser(under: Pick<Under, "seconds">, fields: Partial<NewUser> = {}): NewUser {
	return { id: generateId(), createdAt: under.seconds(), email: uniqueEmail(), passwordHash: `hash-${generateId()}`, recoveryCode: generateCode(), ...fields };
}

/** The User a read gives for `user` as stored: its fields, then `fields` over a new user's state. */
export function storedUser(user: Pick<NewUser, "id" | "createdAt" | "email" | "recoveryCode">, fields: Partial<User> = {}): User {
	const { id, createdAt, email, recoveryCode } = user;
	const fresh = { emailVerified: false, totpRegistered: false, passwordLeaked: false, passwordSet: true, disabled: false, disabledUntil: null, disabledReason: null };
	return { id, createdAt, email, recoveryCode, ...fresh, ...fields };
}

/** Inserts a user (with its user_created event); the user as inserted. */
export async function insertUser(under: Pick<Under, "seconds" | "stores">, fields: Partial<NewUser> = {}): Promise<NewUser> {
	const user = newUser(under, fields);
	const outcome = await under.stores.users.insert(user, event(under, "user_created", user.id));
	if (outcome !== "CREATED") throw new Error(`inserting a user answered ${outcome}`);
	return user;
}

/**
 * Waits until the feed serves every event stored so far. On PostgreSQL the feed holds an event
 * back while any transaction older than the event's is still running anywhere on the server (its
 * exactly-once rule, src/stores/postgres/events.ts), and the server runs transactions of its own
 * (autovacuum's ANALYZE) and of other test files: an event written a moment ago may not be served
 * yet, though its write has answered. On SQLite every committed event is served at once.
 */
export async function feedCaughtUp(under: Pick<Under, "kind" | "rows">): Promise<void> {
	if (under.kind !== "postgres") return;
	for (const deadline = Date.now() + 10_000; ; ) {
		const [row] = await under.rows(`SELECT coalesce((SELECT max(xid) FROM event) < pg_snapshot_xmin(pg_current_snapshot()), true) AS served`);
		if (row!.served === true) return;
		if (Date.now() > deadline) throw new Error("the feed still holds back stored events after 10 s: a transaction stays open on the server");
		await Bun.sleep(5);
	}
}

/** The user's events as the feed gives them, oldest first, once it serves every stored event. */
export async function eventsOf(under: Pick<Under, "stores" | "kind" | "rows">, userId: string): Promise<HolmEvent[]> {
	await feedCaughtUp(under);
	const seen: HolmEvent[] = [];
	let after: string | null = null;
	for (;;) {
		const page = await under.stores.events.list({ after, userId, types: [], limit: 100 });
		if (page === "INVALID_CURSOR") throw new Error("INVALID_CURSOR from a cursor the store gave");
		if (page.events.length === 0) return seen;
		seen.push(...page.events.map(({ cursor: _cursor, ...event }) => event));
		after = page.next;
	}
}

/** The types of the user's stored events, oldest first. */
export async function eventTypesOf(under: Pick<Under, "stores" | "kind" | "rows">, userId: string): Promise<string[]> {
	return (await eventsOf(under, userId)).map((e) => e.type);
}

/** Bytes as the model holds them, from whatever a driver hands back (PostgreSQL: a Buffer). */
export function bytes(value: ArrayLike<number>): Uint8Array {
	return new Uint8Array(value);
}

/** 32 random bytes (a digest, a challenge, a handle). */
export function randomBytes(n = 32): Uint8Array {
	return crypto.getRandomValues(new Uint8Array(n));
}

/** `n` copies of `work` started together; their results, in order. */
export function together<T>(n: number, work: (i: number) => Promise<T>): Promise<T[]> {
	return Promise.all(Array.from({ length: n }, (_, i) => work(i)));
}

/** The count of each value. */
export function tally<T>(values: readonly T[]): Map<T, number> {
	const counts = new Map<T, number>();
	for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
	return counts;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const DAY = 86_400 * SECOND;

/** A user as an import stores one (src/features/user-imports/store.ts): no passkey, no session. */
export function importedUser(under: Pick<Under, "seconds">, fields: Partial<ImportedUser> = {}): ImportedUser {
	return {
		id: generateId(),
		createdAt: under.seconds(),
		email: uniqueEmail(),
		emailVerified: false,
		passwordHash: `hash-${generateId()}`,
		recoveryCode: generateCode(),
		totpKey: null,
		passkeys: [],
		passkeyUserHandle: null,
		sessions: [],
		disabledUntil: null,
		disabledReason: null,
		identities: [],
		...fields,
	};
}

/** The claim a proof of the address makes (src/features/account-claims/claim.ts), as the action
 *  builds it; `userId` null when the action does not know the user yet (an email code). */
export function claimOf(under: Pick<Under, "seconds">, userId: string | null, reason: "password_reset" | "account_claimed", passwordHash: string): AccountClaim {
	return {
		passwordHash,
		recoveryCode: generateCode(),
		ending: ending(under, userId ?? "", reason),
		event: event(under, "account_claimed", userId),
	};
}

/** A passkey of `userId`, not yet stored. */
export function passkeyOf(under: Pick<Under, "seconds">, userId: string, fields: Partial<Passkey> = {}): Passkey {
	return {
		id: generateId(),
		userId,
		credentialId: randomBytes(16),
		publicKey: randomBytes(91),
		algorithm: -7,
		signCount: 0,
		name: "Contract key",
		createdAt: under.seconds(),
		lastUsedAt: null,
		backupEligible: true,
		backedUp: false,
		transports: ["internal"],
		aaguid: new Uint8Array(16),
		...fields,
	};
}

/** A session of `userId`, made as the sessions feature makes one (no device sent); its id. The
 *  store stamps its times by its clock, the test's: `lastUsedAt` (seconds) makes it at that time
 *  (the clock is set there for the creation and put back). */
export async function signIn(under: Pick<Under, "seconds" | "stores" | "clock">, userId: string, fields: { devices?: Uint8Array[]; lastUsedAt?: number } = {}): Promise<string> {
	const id = generateId();
	const now = under.clock.now;
	if (fields.lastUsedAt !== undefined) under.clock.now = fields.lastUsedAt * 1000;
	try {
		const made = await under.stores.sessions.create(
			{
				session: { id, userId, digest: randomBytes(), clientIp: null, userAgent: null },
				secondFactorVerified: false,
				devices: fields.devices ?? [],
				created: event(under, "session_created", userId),
				limitEnded: event(under, "sessions_ended", userId, { reason: "session_limit" }),
			},
			DEFAULT_SESSION_SETTINGS,
		);
		if (typeof made === "string") throw new Error(`signing in answered ${made}`);
	} finally {
		under.clock.now = now;
	}
	return id;
}

/** Makes storing an event of `type` fail (a trigger), as a full disk or a lost connection would
 *  fail it, until the returned function takes the trigger away: a change must then not happen
 *  without its event. */
export async function refuseEvents(under: Pick<Under, "exec">, type: EventType): Promise<() => Promise<void>> {
	await under.exec({
		sqlite: `CREATE TRIGGER refuse_event BEFORE INSERT ON event WHEN NEW.type = '${type}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
		postgres: `CREATE FUNCTION refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
				IF NEW.type = '${type}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$;
			CREATE TRIGGER refuse_event BEFORE INSERT ON event FOR EACH ROW EXECUTE FUNCTION refuse_event()`,
	});
	return () => under.exec({ sqlite: "DROP TRIGGER refuse_event", postgres: "DROP TRIGGER refuse_event ON event; DROP FUNCTION refuse_event()" });
}

/** `work` with events of `type` refused (see refuseEvents): it must fail. */
export async function withEventsRefused(under: Pick<Under, "exec">, type: EventType, work: () => Promise<unknown>): Promise<void> {
	const allow = await refuseEvents(under, type);
	try {
		await expect(work()).rejects.toThrow();
	} finally {
		await allow();
	}
}
