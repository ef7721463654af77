// Starts the real server on a random port over a real SQLite file in a temp dir, with a clock the
// test can move, and gives request helpers and a user factory.
import { Faroe, FaroeError } from "@faroe/sdk";
import { mkdtempSync, rmSync } from "node:fs";
import { Secret, TOTP } from "otpauth";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LeakCheckConfig, ServeConfig } from "../src/config.ts";
import { silentLogger, type Logger } from "../src/log.ts";
import { startServer, type RunningServer } from "../src/server.ts";

export const SECRET = "test-secret-that-is-long-enough";
export const STRONG_PASSWORD = "correct horse battery staple 42";

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
	url: string;
	dir: string;
	clock: TestClock;
	running: RunningServer;
	faroe: Faroe;
	/** Sends JSON (or a raw string) with the secret; `headers` override the defaults. */
	request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
	stop(): Promise<void>;
}

export function tempDir(): string {
	return mkdtempSync(join(tmpdir(), "holm-test-"));
}

export interface TestServerOptions {
	leakCheck?: Partial<LeakCheckConfig>;
	log?: Logger;
	dir?: string;
	limiterCapacity?: number;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
	const dir = options.dir ?? tempDir();
	const clock: TestClock = {
		now: Date.UTC(2026, 10, 21, 12, 0, 0),
		advance(ms) {
			this.now += ms;
		},
	};
	const config: ServeConfig = {
		port: 0,
		host: "127.0.0.1",
		unix: null,
		dir,
		secret: SECRET,
		leakCheck: { mode: "offline", file: null, api: "http://127.0.0.1:9", fail: "open", timeoutMs: 1000, ...options.leakCheck },
		logFormat: "json",
	};
	const running = await startServer({
		config,
		log: options.log ?? silentLogger,
		now: () => clock.now,
		limiterCapacity: options.limiterCapacity,
	});
	const url = running.url;

	async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
		const init: RequestInit = { method, headers: { Authorization: SECRET, ...headers } };
		if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
		const response = await fetch(url + path, init);
		const text = await response.text();
		return { status: response.status, body: text === "" ? null : JSON.parse(text), headers: response.headers };
	}

	return {
		url,
		dir,
		clock,
		running,
		faroe: new Faroe(url, SECRET),
		request,
		async stop() {
			await running.stop();
			if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
		},
	};
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
