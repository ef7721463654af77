// The listener: TCP on --host/--port, or a Unix socket at --unix PATH. A failure to listen is
// reported with the address or path it concerns (exit 2), not a bare EADDRINUSE.
//
// --unix never deletes what it did not create (API.md section 7). A path that exists is replaced
// only when it is a socket that refuses connections (left by a process that died); a regular
// file, a directory, a symbolic link or a socket that answers makes start-up fail untouched.
// The socket is bound under a temporary name beside PATH, given its mode, then hard-linked to
// PATH, which fails if anything appeared there meanwhile; so PATH never shows a socket with the
// wrong permissions, and nothing at PATH is ever overwritten. (Bun's server.stop() unlinks the
// path it was given, which is the temporary name, gone by then; PATH itself is removed on stop
// only while it is still this socket.)
import type { Server } from "bun";
import { chmodSync, linkSync, lstatSync, type Stats, unlinkSync } from "node:fs";
import { connect } from "node:net";
import { basename, dirname, join } from "node:path";
import { ConfigError } from "./config-error.ts";
import { answersTogether, type TurnWrites } from "./http/answers-together.ts";

export interface Listener {
	/** http://host:port, or unix:PATH. */
	url: string;
	/** Stops accepting, resolves once requests in flight are answered, and removes our socket file. */
	stop(): Promise<void>;
}

type FetchHandler = (request: Request, server: Server<undefined>) => Response | Promise<Response>;

// Bun's default, given explicitly: a connection that stays silent this long (a body that does not
// come, an answer that takes too long) is closed. Left implicit, Bun also prints a line of its own,
// outside Holm's log format, the first time it closes one. Holm's own deadlines (5 s for argon2id
// to start, 2 s for a lock, 5 s for a statement) answer well within it.
const IDLE_TIMEOUT_SECONDS = 10;

function codeOf(error: unknown): string {
	if (error instanceof Error && "code" in error && typeof error.code === "string") return error.code;
	return error instanceof Error ? error.message : String(error);
}

export function listenOnTcp(host: string, port: number, fetch: FetchHandler, writes: TurnWrites | null = null): Listener {
	let server: Server<undefined>;
	try {
		// Never development mode (a thrown error must not show a stack page); and reusePort stated,
		// since Bun turns it on outside development mode, which lets a second holm share a busy port
		// instead of failing to start.
		server = Bun.serve({ hostname: host, port, idleTimeout: IDLE_TIMEOUT_SECONDS, fetch: answersTogether(fetch, writes), development: false, reusePort: false });
	} catch (error) {
		const where = host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
		throw new ConfigError(`cannot listen on ${where} (${codeOf(error)}); check --host and --port`);
	}
	return {
		url: server.url.href.replace(/\/$/, ""), // brackets an IPv6 address as a URL needs
		stop: () => server.stop(),
	};
}

/** What the kernel says when a socket has no listener behind it: the file of a process that died. */
function isStale(path: string): Promise<boolean> {
	return new Promise((resolve, reject) => {
		const socket = connect({ path });
		socket.once("connect", () => {
			socket.destroy();
			resolve(false);
		});
		socket.once("error", (error: Error & { code?: string }) => {
			if (error.code === "ECONNREFUSED") resolve(true);
			else reject(new ConfigError(`cannot tell whether the socket ${path} is in use (${codeOf(error)}); remove it yourself if it is stale`));
		});
	});
}

function describe(stats: Stats): string {
	if (stats.isFile()) return "a regular file";
	if (stats.isDirectory()) return "a directory";
	if (stats.isSymbolicLink()) return "a symbolic link";
	return "not a socket";
}

function statOrNull(path: string): Stats | null {
	try {
		return lstatSync(path);
	} catch (error) {
		if (codeOf(error) === "ENOENT") return null;
		throw new ConfigError(`cannot inspect the --unix path ${path} (${codeOf(error)})`);
	}
}

// A socket address holds the path in 108 bytes on Linux (104 on macOS), its NUL included.
const MAX_SOCKET_PATH_BYTES = process.platform === "linux" ? 107 : 103;

/** Fails unless PATH is free or a stale socket; says whether there is a stale socket to replace. */
async function checkUnixPath(path: string): Promise<boolean> {
	// Checked here because the socket is bound under a shorter temporary name: a PATH no client
	// could connect to must fail at start, as binding it directly would.
	const bytes = Buffer.byteLength(path);
	if (bytes > MAX_SOCKET_PATH_BYTES) throw new ConfigError(`--unix ${path} is ${bytes} bytes long; a socket path may have at most ${MAX_SOCKET_PATH_BYTES}`);
	const existing = statOrNull(path);
	if (existing === null) return false;
	if (!existing.isSocket()) throw new ConfigError(`--unix ${path} already exists and is ${describe(existing)}; holm replaces only a stale socket`);
	if (!(await isStale(path))) throw new ConfigError(`--unix ${path} is a socket that another process listens on; stop it first, or choose another path`);
	return true;
}

function removeStale(path: string): void {
	try {
		unlinkSync(path);
	} catch (error) {
		if (codeOf(error) !== "ENOENT") throw error;
	}
}

function removeIfSame(path: string, ours: Stats): void {
	const now = statOrNull(path);
	if (now !== null && now.isSocket() && now.ino === ours.ino && now.dev === ours.dev) unlinkSync(path);
}

export async function listenOnUnix(path: string, mode: number, fetch: FetchHandler, writes: TurnWrites | null = null): Promise<Listener> {
	const stale = await checkUnixPath(path);
	// Short, so that it fits in a socket address (108 bytes) wherever PATH does, or nearly.
	const temporary = join(dirname(path), `.holm-${crypto.randomUUID().slice(0, 8)}`);
	let server: Server<undefined>;
	try {
		// Bun's types leave idleTimeout out for a Unix socket, but it applies there as on TCP.
		server = Bun.serve({ unix: temporary, fetch: answersTogether(fetch, writes), development: false, ...({ idleTimeout: IDLE_TIMEOUT_SECONDS } as object) });
	} catch (error) {
		throw new ConfigError(`cannot listen on a Unix socket in ${dirname(path)} for --unix ${basename(path)} (${codeOf(error)})`);
	}
	let ours: Stats;
	try {
		chmodSync(temporary, mode);
		if (stale) removeStale(path);
		linkSync(temporary, path); // EEXIST if something took PATH since the check: it is left alone
		ours = lstatSync(path);
	} catch (error) {
		await server.stop(true); // removes the temporary name
		throw new ConfigError(`cannot put the socket at --unix ${path} (${codeOf(error)})`);
	} finally {
		try {
			unlinkSync(temporary);
		} catch {
			// already removed by server.stop() above
		}
	}
	return {
		url: `unix:${path}`,
		async stop() {
			await server.stop();
			removeIfSame(path, ours);
		},
	};
}
