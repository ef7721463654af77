// Starts Holm over a real SQLite file in a temp dir (or, when HOLM_TEST_STORE=postgres, a fresh
// PostgreSQL database: see test/runner/postgres-suite.ts), with a clock the test can move, and gives
// request helpers and a user factory.
//
// By default the app is called in-process (Hono's app.request, as Hono's own tests do) and hashes
// at a cheap argon2id cost: neither the wire nor the cost is what most tests are about, and
// together they were most of the suite's time. A test about the wire (body limits, disconnects,
// headers, the SDK over HTTP) asks for `listen: true`, the whole server on 127.0.0.1; a test about
// hashing (the gate, timing, upgrades) asks for `hashing: "real"`, the contract's cost.
import type { SessionSettings } from "../../src/features/sessions/settings.ts";
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect } from "bun:test";
import { Faroe, FaroeError } from "@faroe/sdk";
import { SQL } from "bun";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Secret, TOTP } from "otpauth";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EventConfig, LeakCheckConfig, PasskeyConfig, ServeConfig } from "../../src/config.ts";
import { limitSettings } from "../../src/limits.ts";
import { lockDataDir } from "../../src/data-dir.ts";
import type { AppContext } from "../../src/http/env.ts";
import type { Argon2Cost } from "../../src/lib/password-hash.ts";
import { createLogger, silentLogger, type Logger } from "../../src/log.ts";
import { openService, startServer, type ServerOptions } from "../../src/server.ts";
import { createTestDatabase } from "./postgres.ts";

export const SECRET = "test-secret-that-is-long-enough";
export const STRONG_PASSWORD = "correct horse battery staple 42";

/** A user as the API answers it: `fields` over a new user's state (no TOTP, no leak, not disabled,
 *  its email unverified, some recovery code). */
export function userAnswer(fields: Record<string, unknown>): Record<string, unknown> {
	return {
		email_verified: false,
		registered_totp: false,
		totp_registered: false,
		recovery_code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
		password_leaked: false,
		password_set: true,
		disabled: false,
		disabled_until: null,
		...fields,
	};
}

export interface TestClock {
	now: number;
	advance(ms: number): void;
}

export interface Answer {
	status: number;
	body: any;
	headers: Headers;
}

export interface TestServer {
	/** The listener's address (http://127.0.0.1:PORT): only with `listen: true`. */
	url: string;
	dir: string;
	clock: TestClock;
	/** What the app's handlers reach: its stores, limits, hasher, webhook deliverer. */
	ctx: AppContext;
	/** @faroe/sdk over HTTP: only with `listen: true`. */
	faroe: Faroe;
	/** Which database the server runs on. */
	store: "sqlite" | "postgres";
	/** Sends `path` as fetch would (over the wire with `listen`, in-process otherwise); no secret
	 *  unless `init` has it. */
	fetch(path: string, init?: RequestInit): Promise<Response>;
	/** The PostgreSQL connection string, or null on SQLite (the database is DIR/holm.db). */
	databaseUrl: string | null;
	/** Sends JSON (or a raw string) with the secret; `headers` override the defaults. */
	request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
	/** Runs a query on the server's database, SQLite or PostgreSQL alike (`?` placeholders). */
	rows(query: string, ...params: string[]): Promise<Record<string, unknown>[]>;
	/** Runs the periodic sweep of expired rows now. */
	sweep(): Promise<void>;
	stop(): Promise<void>;
}

/** Which database the tests run on: PostgreSQL when test/runner/postgres-suite.ts says so. */
export const TEST_STORE: "sqlite" | "postgres" = process.env.HOLM_TEST_STORE === "postgres" ? "postgres" : "sqlite";

// A restarted test server (same `dir`) finds the same PostgreSQL database again.
const databaseOfDir = new Map<string, string>();

async function testDatabase(options: TestServerOptions, dir: string): Promise<string | null> {
	if (options.database !== undefined) return options.database;
	if (TEST_STORE === "sqlite") return null;
	const known = databaseOfDir.get(dir);
	if (known !== undefined) return known;
	const adminUrl = process.env.HOLM_TEST_DATABASE_URL;
	if (adminUrl === undefined || adminUrl === "") throw new Error("HOLM_TEST_STORE=postgres needs HOLM_TEST_DATABASE_URL");
	const url = await createTestDatabase(adminUrl);
	databaseOfDir.set(dir, url);
	return url;
}

export function tempDir(): string {
	return mkdtempSync(join(tmpdir(), "holm-test-"));
}

/** Makes temporary directories that are removed once the calling test file's tests are done. */
export function tempDirsForThisFile(): () => string {
	const dirs: string[] = [];
	afterAll(() => {
		for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
	});
	return function newDir(): string {
		const dir = tempDir();
		dirs.push(dir);
		return dir;
	};
}

export interface TestServerOptions {
	leakCheck?: Partial<LeakCheckConfig>;
	log?: Logger;
	dir?: string;
	limiterCapacity?: number;
	/** A PostgreSQL connection string: several test servers on one database are several instances. */
	database?: string;
	/** How long argon2id work may wait for a core before 503 (5 s in production). */
	hashingStartDeadlineMs?: number;
	/** --event-retention and the webhook flags (30 days, no webhook by default). */
	events?: EventConfig;
	/** How long a webhook receiver may take (10 s in production). */
	webhookTimeoutMs?: number;
	/** Serve the console under /console/ (--console). */
	console?: boolean;
	/** Where the test clock starts (2026-11-21 12:00 UTC unless given). */
	clockStartsAt?: number;
	/** On PostgreSQL, whose clock judges limits, expiry and the sweep: the test clock (moved by
	 *  `clock.advance`, as the instance's is), the database server's own, as in production, or
	 *  another instance's test clock (instances whose own clocks disagree, one database time that
	 *  the test moves). */
	databaseClock?: "test" | "database" | TestClock;
	/** `--limit` values (`hashing=20/10s`); the contract's figures otherwise. */
	limits?: string[];
	/** Passkeys on (API.md section 10); off by default, as without --passkey-rp-id. */
	passkeys?: PasskeyConfig;
	/** --session-idle-timeout, --session-lifetime, --sessions-per-user; the defaults otherwise. */
	sessions?: SessionSettings;
	/** The whole server listening on 127.0.0.1, for tests where the wire is the point (and for
	 *  `url` and `faroe`); the app called in-process otherwise. */
	listen?: boolean;
	/** "real": argon2id at the contract's cost, for tests about hashing; a cheap cost otherwise. */
	hashing?: "real" | "cheap";
	/** Identity providers (API.md section 16) as the --identity-providers file holds them, each with
	 *  its `client_secret` inline: written to files of mode 0600 in the data directory. */
	identityProviders?: Record<string, unknown>[];
	/** What calls to the identity providers go out with (fetch by default), and their timeout. */
	identityProviderFetch?: typeof fetch;
	identityProviderTimeoutMs?: number;
}

/** Writes the --identity-providers file of `providers` (and a secret file for each) into `dir`. */
export function writeIdentityProviders(dir: string, providers: Record<string, unknown>[]): string {
	const entries = providers.map((provider, i) => {
		const { client_secret: secret, ...rest } = provider;
		if (secret === undefined) return rest;
		const file = join(dir, `provider-secret-${i}`);
		writeFileSync(file, `${String(secret)}\n`, { mode: 0o600 });
		return { ...rest, client_secret_file: file };
	});
	const path = join(dir, "identity-providers.json");
	writeFileSync(path, JSON.stringify(entries), { mode: 0o600 });
	return path;
}

/** The argon2id cost of tests that are not about hashing: the same function at a fraction of the
 *  work (a hash takes well under a millisecond instead of tens). */
export const CHEAP_HASH_COST: Argon2Cost = { memoryCost: 64, timeCost: 1 };

/** A request as fetch sends it: fetch adds these headers, which the app reads (the media type,
 *  the body's length), so an in-process request carries them too unless the test set them. */
function asFetchSendsIt(url: string, init: RequestInit): Request {
	const headers = new Headers(init.headers);
	if (!headers.has("Accept")) headers.set("Accept", "*/*");
	if (typeof init.body === "string") {
		if (!headers.has("Content-Type")) headers.set("Content-Type", "text/plain;charset=UTF-8");
		if (!headers.has("Content-Length")) headers.set("Content-Length", String(Buffer.byteLength(init.body)));
	}
	return new Request(url, { ...init, headers });
}

/** The app called in-process: what startServer does, without the listener and the sweep timer. */
interface Started {
	/** Null in-process. */
	url: string | null;
	ctx: AppContext;
	fetch(request: Request): Promise<Response>;
	stop(): Promise<void>;
}

async function startInProcess(options: ServerOptions, dir: string): Promise<Started> {
	const lock = options.config.database.kind === "sqlite" ? lockDataDir(dir) : null;
	try {
		const service = await openService(options);
		return {
			url: null,
			ctx: service.ctx,
			fetch: async (request) => service.app.fetch(request),
			async stop() {
				await service.idle();
				await service.close();
				lock?.release();
			},
		};
	} catch (error) {
		lock?.release();
		throw error;
	}
}

async function startListening(options: ServerOptions): Promise<Started> {
	const running = await startServer(options);
	return { url: running.url, ctx: running.ctx, fetch: (request) => fetch(request), stop: running.stop };
}

function fixedDatabaseClock(option: TestServerOptions["databaseClock"], own: TestClock): (() => number) | undefined {
	if (option === "database") return undefined;
	const clock = option === undefined || option === "test" ? own : option;
	return () => clock.now;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
	const dir = options.dir ?? tempDir();
	const clock: TestClock = {
		now: options.clockStartsAt ?? Date.UTC(2026, 10, 21, 12, 0, 0),
		advance(ms) {
			this.now += ms;
		},
	};
	const database = await testDatabase(options, dir);
	const config: ServeConfig = {
		database: database === null ? { kind: "sqlite" } : { kind: "postgres", url: database },
		dirGiven: true,
		databasePasswordInArgs: false,
		port: 0,
		host: "127.0.0.1",
		unix: null,
		dir,
		unixMode: 0o600,
		secret: { kind: "given", secret: SECRET, flag: false },
		leakCheck: { mode: "offline", file: null, api: "http://127.0.0.1:9", fail: "open", timeoutMs: 1000, ...options.leakCheck },
		logFormat: "json",
		logLevel: "info",
		events: options.events,
		limits: limitSettings(options.limits ?? [], "--limit"),
		passkeys: options.passkeys ?? null,
		console: options.console ?? false,
		sessions: options.sessions,
		identityProviders: options.identityProviders === undefined ? null : writeIdentityProviders(dir, options.identityProviders),
	};
	const serverOptions: ServerOptions = {
		config,
		log: options.log ?? silentLogger,
		now: () => clock.now,
		limiterCapacity: options.limiterCapacity,
		hashingStartDeadlineMs: options.hashingStartDeadlineMs,
		webhookTimeoutMs: options.webhookTimeoutMs,
		fixedDatabaseClock: fixedDatabaseClock(options.databaseClock, clock),
		hashCost: options.hashing === "real" ? undefined : CHEAP_HASH_COST,
		identityProviderFetch: options.identityProviderFetch,
		identityProviderTimeoutMs: options.identityProviderTimeoutMs,
	};
	const running = options.listen === true ? await startListening(serverOptions) : await startInProcess(serverOptions, dir);
	const base = running.url ?? "http://holm.test";

	function fetchPath(path: string, init: RequestInit = {}): Promise<Response> {
		return running.url === null ? running.fetch(asFetchSendsIt(base + path, init)) : fetch(base + path, init);
	}

	async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
		const init: RequestInit = { method, headers: { Authorization: SECRET, ...headers } };
		if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
		const response = await fetchPath(path, init);
		const text = await response.text();
		return { status: response.status, body: text === "" ? null : JSON.parse(text), headers: response.headers };
	}

	let postgres: SQL | null = null;
	async function rows(query: string, ...params: string[]): Promise<Record<string, unknown>[]> {
		if (database === null) {
			const db = new Database(join(dir, "holm.db"), { readonly: true });
			try {
				return db.query<Record<string, unknown>, string[]>(query).all(...params);
			} finally {
				db.close();
			}
		}
		postgres ??= new SQL(database, { max: 1, prepare: false });
		let n = 0;
		return [...(await postgres.unsafe(query.replaceAll("?", () => `$${++n}`), params))];
	}

	function listening(what: string): string {
		if (running.url === null) throw new Error(`${what} needs a listener: start the test server with { listen: true }`);
		return running.url;
	}

	return {
		get url() {
			return listening("url");
		},
		get faroe() {
			return new Faroe(listening("faroe"), SECRET);
		},
		dir,
		clock,
		ctx: running.ctx,
		store: database === null ? "sqlite" : "postgres",
		fetch: fetchPath,
		databaseUrl: database,
		request,
		rows,
		sweep: () => running.ctx.storage.sweep(clock.now),
		async stop() {
			await postgres?.close();
			await running.stop();
			if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** The median of `rounds` timings of `call`, in milliseconds (the tests that an answer's time tells nothing). */
export async function medianTime(call: () => Promise<unknown>, rounds: number): Promise<number> {
	const times: number[] = [];
	for (let i = 0; i < rounds; i++) {
		const started = performance.now();
		await call();
		times.push(performance.now() - started);
	}
	times.sort((a, b) => a - b);
	return times[Math.floor(times.length / 2)]!;
}

let emailCounter = 0;

export function uniqueEmail(): string {
	emailCounter += 1;
	return `user${emailCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Creates a user through the API and returns its JSON. */
export async function createUser(
	server: TestServer,
	fields: { email?: string | null; password?: string } = {},
): Promise<{ id: string; email: string | null; recovery_code: string; [key: string]: unknown }> {
	const answer = await server.request("POST", "/users", {
		email: fields.email === undefined ? uniqueEmail() : fields.email,
		password: fields.password ?? STRONG_PASSWORD,
	});
	if (answer.status !== 200) throw new Error(`creating a user answered ${answer.status} ${JSON.stringify(answer.body)}`);
	return answer.body;
}

/** One wrong password for a new user from each client_ip spelling, 10 s apart (so the hashing
 *  bucket refills): how many were checked before the address was refused. */
export async function guessesChecked(server: TestServer, spellings: string[]): Promise<number> {
	const user = await createUser(server);
	let checked = 0;
	for (const ip of spellings) {
		server.clock.advance(10_000);
		const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: "wrong guess here", client_ip: ip });
		if (answer.body?.error === "INCORRECT_PASSWORD") checked += 1;
		else expect({ ip, body: answer.body }).toEqual({ ip, body: { error: "TOO_MANY_REQUESTS" } });
	}
	return checked;
}

/** The code a user's authenticator app shows for `key` at `atMs`: SHA-1, 6 digits, 30 s, made with
 *  otpauth directly, so it checks Holm's TOTP code rather than sharing it. */
export function authenticatorCode(key: Uint8Array, atMs: number): string {
	return TOTP.generate({ secret: new Secret({ buffer: key.slice().buffer }), algorithm: "SHA1", digits: 6, period: 30, timestamp: atMs });
}

/** The FaroeError an SDK call rejects with; fails the test when it resolves or throws anything else. */
export async function faroeError(promise: Promise<unknown>): Promise<FaroeError> {
	try {
		await promise;
	} catch (error) {
		if (error instanceof FaroeError) return error;
		throw error;
	}
	throw new Error("expected a FaroeError");
}

// ---- `holm` as a real process: `bun src/main.ts ...` ----

const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

/** A secret that satisfies the rule (16 characters or more), for processes started by tests. */
export const PROCESS_SECRET = "process-secret-for-tests-0123";

export interface Ran {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs `holm ARGS` to completion. */
export function runHolm(args: string[], env: Record<string, string> = {}, timeoutMs = 20_000): Ran {
	const result = Bun.spawnSync([process.execPath, MAIN, ...args], { env: { ...process.env, ...env }, timeout: timeoutMs });
	return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

export interface Serving {
	process: Bun.Subprocess<"ignore", "pipe", "pipe">;
	/** http://127.0.0.1:PORT, or unix:PATH. */
	url: string;
	/** Everything written to stdout so far. */
	output(): string;
	/** Everything written to stderr so far. */
	errors(): string;
	/** SIGTERM, then the exit code, once both streams have been read to their end. */
	stop(): Promise<number>;
}

/** Reads `stream` as it comes; resolves once it has ended. */
function collect(stream: ReadableStream<Uint8Array>, onText: (text: string) => void): Promise<void> {
	const decoder = new TextDecoder();
	return (async () => {
		for await (const chunk of stream) onText(decoder.decode(chunk, { stream: true }));
	})().catch(() => {});
}

/** Starts `holm serve --port 0 --leak-check off ARGS` and waits for the line that says where it listens. */
export async function serveHolm(args: string[], env: Record<string, string> = {}): Promise<Serving> {
	const child = Bun.spawn([process.execPath, MAIN, "serve", "--port", "0", "--leak-check", "off", ...args], {
		env: { ...process.env, ...env },
		stdout: "pipe",
		stderr: "pipe",
	});
	let out = "";
	let err = "";
	let timer: Timer | undefined;
	const read: Promise<void>[] = [];
	const ready = /holm is listening[^\n]*\n/; // the whole line, so the url in it is complete
	await new Promise<void>((resolve, reject) => {
		read.push(
			collect(child.stdout, (text) => {
				out += text;
				if (ready.test(out)) resolve();
			}),
		);
		read.push(collect(child.stderr, (text) => (err += text)));
		child.exited.then((code) => reject(new Error(`serve exited ${code}: ${out} ${err}`)));
		timer = setTimeout(() => {
			child.kill("SIGKILL");
			reject(new Error(`serve did not start: ${out} ${err}`));
		}, 10_000);
	}).finally(() => clearTimeout(timer));
	const url = /url="?([^"\s]+)/.exec(out)?.[1] ?? /"url":"([^"]+)"/.exec(out)?.[1] ?? "";
	return {
		process: child,
		url,
		output: () => out,
		errors: () => err,
		async stop() {
			child.kill("SIGTERM");
			const code = await child.exited;
			await Promise.all(read);
			return code;
		},
	};
}

/** The test server of a file (or of a describe block): started before its first test, stopped
 *  after its last. Its fields are there from the first test on. */
export function serverForThisFile(options: TestServerOptions | (() => TestServerOptions) = {}): TestServer {
	const server = {} as TestServer;
	beforeAll(async () => {
		const started = await startTestServer(typeof options === "function" ? options() : options);
		Object.defineProperties(server, Object.getOwnPropertyDescriptors(started));
	});
	afterAll(() => server.stop());
	return server;
}

/** `count` instances on one fresh PostgreSQL database (HOLM_TEST_DATABASE_URL, as npm test sets
 *  it), started before the file's first test and stopped after its last, their clocks as one, as
 *  on real servers. The array is filled from the first test on. */
export function instancesForThisFile(count: number, options: TestServerOptions = {}): TestServer[] {
	const servers: TestServer[] = [];
	beforeAll(async () => {
		const adminUrl = process.env.HOLM_TEST_DATABASE_URL ?? "";
		if (adminUrl === "") throw new Error("the multi-instance tests need HOLM_TEST_DATABASE_URL (run them through npm test)");
		const database = await createTestDatabase(adminUrl);
		servers.push(...(await Promise.all(Array.from({ length: count }, () => startTestServer({ ...options, database })))));
		for (const server of servers.slice(1)) server.clock.advance(servers[0]!.clock.now - server.clock.now);
	});
	afterAll(async () => {
		await Promise.all(servers.map((server) => server.stop()));
	});
	return servers;
}

/** One line a recording logger heard: the JSON the real logger wrote, parsed. */
export interface LogEntry {
	time: string;
	level: "debug" | "info" | "warn" | "error";
	message: string;
	[field: string]: string | number | boolean | null;
}

export interface RecordingLogger {
	log: Logger;
	/** Every line so far, as written (JSON, one object a line). */
	lines: string[];
	/** Every line so far, parsed. */
	entries(): LogEntry[];
	/** Forgets the lines so far. */
	clear(): void;
}

/** Holm's own JSON logger writing into memory, at `minimum` and above (debug by default). */
export function recordingLogger(minimum: "debug" | "info" = "debug"): RecordingLogger {
	const lines: string[] = [];
	const sink = { write: (text: string) => lines.push(...text.split("\n").filter((line) => line !== "")) };
	return {
		log: createLogger("json", minimum, { out: sink, err: sink }),
		lines,
		entries: () => lines.map((line) => JSON.parse(line) as LogEntry),
		clear() {
			lines.length = 0;
		},
	};
}
