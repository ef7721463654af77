// The console's test helpers: a test server with --console (its page bundled first), sign-in links
// made as `holm console-link` makes them, and calls as the console's own page makes them.
import { join } from "node:path";
import { buildConsole } from "../../src/features/console/build-console.ts";
import { CONSOLE_COOKIE } from "../../src/features/console/responses.ts";
import { createSignInToken } from "../../src/features/console/sessions.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "../support/server.ts";

/** Bundles the page (when its sources changed) and starts a server with the console on. */
export async function startConsoleServer(options: TestServerOptions = {}): Promise<TestServer> {
	await buildConsole(join(import.meta.dir, "..", "..", "data", "console"));
	return startTestServer({ ...options, console: true, listen: true });
}

/** A one-time token, as `holm console-link` stores it, on the server's clock. */
export function signInToken(server: TestServer, ttlSeconds = 600): Promise<string> {
	return createSignInToken(server.ctx.stores, ttlSeconds);
}

export function signInLink(server: TestServer, token: string): string {
	return `${server.url}/console/#token=${token}`;
}

/** The headers of a call from the console's own page. */
export function sameOrigin(server: TestServer): Record<string, string> {
	return { Origin: server.url, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" };
}

export interface ConsoleAnswer {
	status: number;
	body: any;
	headers: Headers;
}

export async function consoleCall(
	server: TestServer,
	method: "GET" | "POST",
	path: string,
	options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ConsoleAnswer> {
	const headers: Record<string, string> = method === "POST" ? { ...sameOrigin(server) } : {};
	if (options.cookie !== undefined) headers.Cookie = `${CONSOLE_COOKIE}=${options.cookie}`;
	const response = await fetch(server.url + path, {
		method,
		headers: { ...headers, ...options.headers },
		body: method === "POST" ? (typeof options.body === "string" ? options.body : JSON.stringify(options.body ?? {})) : undefined,
		redirect: "manual",
	});
	const text = await response.text();
	let body: unknown = text;
	try {
		body = text === "" ? null : JSON.parse(text);
	} catch {
		// the page and its files are not JSON
	}
	return { status: response.status, body, headers: response.headers };
}

/** Trades a token for a session, as the page does; the session cookie's value. */
export async function signIn(server: TestServer, token?: string): Promise<string> {
	const answer = await consoleCall(server, "POST", "/console/api/session", { body: { token: token ?? (await signInToken(server)) } });
	const cookie = answer.headers.get("Set-Cookie");
	if (answer.status !== 204 || cookie === null) throw new Error(`signing in answered ${answer.status}`);
	return /^__Host-holm_console=([^;]*)/.exec(cookie)![1]!;
}
