// Why PostgreSQL could not be reached at start, in words an operator can act on. Bun's client says
// only "Failed to connect" for a refused connection, an unknown host and an unreachable network
// alike, so on that answer the address is tried again here, step by step (name lookup, then a TCP
// connection), to name the cause. Authentication failures (SQLSTATE class 28) and timeouts keep
// the server's or the client's own words, marked as such.
import { lookup } from "node:dns/promises";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { explainTlsError, postgresTls } from "./tls.ts";

const PROBE_TIMEOUT_MS = 3000;

function codeOf(error: unknown): string | undefined {
	return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

function sqlStateOf(error: unknown): string | undefined {
	return error instanceof Error && "errno" in error && typeof error.errno === "string" ? error.errno : undefined;
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** Host and port of a postgres:// URL, or the socket directory of `?host=/path`. */
function addressOf(url: string): { socket: string; port: string } | { host: string; port: number } | null {
	try {
		const parsed = new URL(url);
		const port = parsed.port || "5432";
		const socket = parsed.searchParams.get("path") ?? parsed.searchParams.get("host");
		if (socket !== null && socket.startsWith("/")) return { socket, port };
		return { host: parsed.hostname.replace(/^\[|\]$/g, "") || "localhost", port: Number(port) };
	} catch {
		return null;
	}
}

/** What a TCP connection to host:port does: "connected", or the error code (ECONNREFUSED, …, "timeout"). */
function tryConnect(host: string, port: number): Promise<string> {
	return new Promise((resolve) => {
		const socket = connect({ host, port });
		const timer = setTimeout(() => {
			socket.destroy();
			resolve("timeout");
		}, PROBE_TIMEOUT_MS);
		socket.once("connect", () => {
			clearTimeout(timer);
			socket.destroy();
			resolve("connected");
		});
		socket.once("error", (error) => {
			clearTimeout(timer);
			resolve(codeOf(error) ?? messageOf(error));
		});
	});
}

async function probe(url: string): Promise<string | null> {
	const address = addressOf(url);
	if (address === null) return null;
	if ("socket" in address) {
		const path = `${address.socket.replace(/\/$/, "")}/.s.PGSQL.${address.port}`;
		return existsSync(path) ? null : `no socket at ${path}: is PostgreSQL running, with this socket directory?`;
	}
	let ip: string;
	try {
		ip = (await lookup(address.host)).address;
	} catch (error) {
		return `unknown host "${address.host}" (the name lookup failed: ${codeOf(error) ?? messageOf(error)})`;
	}
	const outcome = await tryConnect(ip, address.port);
	switch (outcome) {
		case "connected":
			return null; // the port answers: the client's own words are all there is
		case "ECONNREFUSED":
			return `connection refused: nothing listens on ${address.host} port ${address.port} (is PostgreSQL running, on this port?)`;
		case "timeout":
			return `timeout: ${address.host} port ${address.port} did not answer within ${PROBE_TIMEOUT_MS / 1000} s (a firewall, or the wrong address?)`;
		case "EHOSTUNREACH":
		case "ENETUNREACH":
			return `${address.host} cannot be reached from here (${outcome})`;
		default:
			return `cannot connect to ${address.host} port ${address.port} (${outcome})`;
	}
}

/** The reason to print for a failed start against `url`; never the password (the URL is not quoted). */
export async function explainConnectionError(error: unknown, url: string): Promise<string> {
	const state = sqlStateOf(error);
	// PgBouncer refuses a login with its own words and SQLSTATE 08P01 ("password authentication failed").
	if (state?.startsWith("28") || (state === "08P01" && /authentication failed/.test(messageOf(error)))) return `authentication failed: ${messageOf(error)}`;
	const code = codeOf(error);
	const address = addressOf(url);
	const refused = explainTlsError(code, postgresTls(url), address !== null && "host" in address ? address.host : "");
	if (refused !== null) return refused;
	if (code === "ERR_POSTGRES_CONNECTION_TIMEOUT") return `timeout: ${messageOf(error)}`;
	if (code === "ERR_POSTGRES_CONNECTION_REFUSED" || code === "ERR_POSTGRES_CONNECTION_FAILED") {
		const cause = await probe(url);
		if (cause !== null) return cause;
	}
	return messageOf(error);
}
