// Where the tests get PostgreSQL: HOLM_TEST_DATABASE_URL when set; otherwise a private server
// started from the PostgreSQL binaries on this machine (initdb + pg_ctl in a temporary directory,
// on a Unix socket only, as an unprivileged user when run as root); otherwise none, and why.
import { SQL } from "bun";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type PostgresForTests = { url: string; stop(): Promise<void> } | { url: null; reason: string };

/** A private server the test controls: it can be taken down and brought back on the same socket. */
export interface PrivatePostgres {
	url: string;
	/** Stops the server at once, dropping every connection (as a crash or failover would). */
	halt(): void;
	/** Starts it again on the same data and socket. */
	resume(): void;
	/** Pauses every process of the server (SIGSTOP), closing nothing: connections stay open and
	 *  nothing answers, as when the database's machine hangs. */
	freeze(): void;
	/** Lets the paused processes run again (SIGCONT). */
	thaw(): void;
	stop(): Promise<void>;
}

function findBinary(name: string): string | null {
	const onPath = Bun.which(name);
	if (onPath !== null) return onPath;
	// Debian keeps the server binaries out of PATH.
	for (const version of ["17", "16", "15", "14"]) {
		const path = `/usr/lib/postgresql/${version}/bin/${name}`;
		if (existsSync(path)) return path;
	}
	return null;
}

/** The uid/gid to run a private server as: PostgreSQL refuses to run as root. */
function unprivilegedUser(): { uid: number; gid: number; name: string } | null {
	if (process.getuid?.() !== 0) return null;
	for (const name of ["postgres", "nobody"]) {
		const result = Bun.spawnSync(["id", "-u", name]);
		if (result.exitCode !== 0) continue;
		const uid = Number(result.stdout.toString().trim());
		const gid = Number(Bun.spawnSync(["id", "-g", name]).stdout.toString().trim());
		return { uid, gid, name };
	}
	return null;
}

function run(command: string[], user: { name: string } | null): { ok: boolean; output: string } {
	const full = user === null ? command : ["runuser", "-u", user.name, "--", ...command];
	const result = Bun.spawnSync(full, { stdout: "pipe", stderr: "pipe" });
	return { ok: result.exitCode === 0, output: result.stdout.toString() + result.stderr.toString() };
}

export async function startPrivateServer(): Promise<PrivatePostgres | { url: null; reason: string }> {
	return startServerWith("");
}

/** Runs `command` as the unprivileged user when this process is root (PostgreSQL and PgBouncer
 *  both refuse root); a temporary directory it owns. */
function privateDir(prefix: string, user: { uid: number; gid: number } | null): string {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	if (user !== null) chownSync(dir, user.uid, user.gid);
	return dir;
}

/** A private server started with `extra` server options (-c …) added, say ssl=on. */
export async function startServerWith(extra: string, setUp?: (data: string, user: { uid: number; gid: number } | null) => void): Promise<PrivatePostgres | { url: null; reason: string }> {
	const initdb = findBinary("initdb");
	const pgCtl = findBinary("pg_ctl");
	if (initdb === null || pgCtl === null) return { url: null, reason: "no HOLM_TEST_DATABASE_URL, and no initdb/pg_ctl on this machine" };
	const user = unprivilegedUser();
	if (process.getuid?.() === 0 && user === null) return { url: null, reason: "running as root with no unprivileged user to run PostgreSQL as" };
	const dir = privateDir("holm-pg-", user);
	const data = join(dir, "data");
	const init = run([initdb, "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"], user);
	if (!init.ok) {
		rmSync(dir, { recursive: true, force: true });
		return { url: null, reason: `initdb failed: ${init.output.trim().split("\n").pop()}` };
	}
	setUp?.(data, user);
	// No TCP at all (unless `extra` asks for it): the socket lives in the temporary directory, so
	// nothing else can reach it.
	const options = `-c listen_addresses='' -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=300 ${extra}`;
	const start = () => run([pgCtl, "-D", data, "-o", options, "-w", "-t", "30", "-l", join(dir, "log"), "start"], user);
	const started = start();
	if (!started.ok) {
		rmSync(dir, { recursive: true, force: true });
		return { url: null, reason: `pg_ctl start failed: ${started.output.trim().split("\n").pop()}` };
	}
	const halt = () => run([pgCtl, "-D", data, "-m", "immediate", "-w", "stop"], user);
	let frozen: number[] = [];
	return {
		url: `postgres://postgres@localhost:5432/postgres?path=${encodeURIComponent(dir)}`,
		halt,
		freeze() {
			// The postmaster first, so that it forks no backend once its children are listed.
			const postmaster = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
			process.kill(postmaster, "SIGSTOP");
			const children = Bun.spawnSync(["pgrep", "-P", String(postmaster)]).stdout.toString().trim().split("\n").filter(Boolean).map(Number);
			for (const child of children) process.kill(child, "SIGSTOP");
			frozen = [postmaster, ...children];
		},
		thaw() {
			for (const pid of frozen) process.kill(pid, "SIGCONT");
			frozen = [];
		},
		resume() {
			const again = start();
			if (!again.ok) throw new Error(`pg_ctl start failed: ${again.output}`);
		},
		async stop() {
			if (frozen.length > 0) for (const pid of frozen) process.kill(pid, "SIGCONT");
			halt();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** An administrative connection string to a PostgreSQL server for the tests, or why there is none.
 *  On a server of the caller's (HOLM_TEST_DATABASE_URL), stopping drops the databases this run
 *  created there; a private server goes away whole. */
export async function postgresForTests(): Promise<PostgresForTests> {
	const given = process.env.HOLM_TEST_DATABASE_URL;
	if (given !== undefined && given !== "") return { url: given, stop: () => dropTestDatabases(given, RUN) };
	return startPrivateServer();
}

// The databases of one `npm test` run share a prefix (passed on to the test processes), so that
// the run drops its own and never those of another run on the same server.
const RUN = process.env.HOLM_TEST_RUN ?? crypto.randomUUID().replaceAll("-", "").slice(0, 8);
process.env.HOLM_TEST_RUN = RUN;

async function dropTestDatabases(adminUrl: string, run: string): Promise<void> {
	const admin = new SQL(adminUrl, { max: 1, prepare: false });
	try {
		const rows = await admin`SELECT datname FROM pg_database WHERE datname LIKE ${`holm_test_${run}_%`}`;
		for (const { datname } of rows) await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
	} finally {
		await admin.close();
	}
}

/** A fresh, empty database on the server at `adminUrl`; its connection string. */
export async function createTestDatabase(adminUrl: string): Promise<string> {
	const name = `holm_test_${RUN}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
	const admin = new SQL(adminUrl, { max: 1, prepare: false });
	try {
		await admin.unsafe(`CREATE DATABASE ${name}`);
	} finally {
		await admin.close();
	}
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return url.toString();
}

export type PoolerForTests =
	| {
			url: string;
			/** Whether the PgBouncer process is still there, and the last lines of its log: said when a
			 *  pooled run fails, so that a run refused by a pooler that is gone says so. */
			state(): string;
			stop(): void;
	  }
	| { url: null; reason: string };

/** Debian's PgBouncer in transaction mode, with its default settings otherwise, in front of the
 *  server at `postgresUrl`, on a Unix socket in a temporary directory; the same connection string
 *  pointed at it. Or why there is none. */
export async function startPgBouncer(postgresUrl: string): Promise<PoolerForTests> {
	const binary = Bun.which("pgbouncer") ?? (existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : null);
	if (binary === null) return { url: null, reason: "no pgbouncer on this machine (Debian: apt-get install pgbouncer)" };
	const user = unprivilegedUser();
	if (process.getuid?.() === 0 && user === null) return { url: null, reason: "running as root with no unprivileged user to run PgBouncer as" };
	const target = new URL(postgresUrl);
	const socket = target.searchParams.get("path") ?? target.searchParams.get("host");
	const host = socket ?? target.hostname;
	const password = decodeURIComponent(target.password);
	const dir = privateDir("holm-pgbouncer-", user);
	const port = 6432;
	// Only what it takes to run here: where to listen, whom to let in, where the server is, and room
	// for more clients than the default 100 (a test runs up to eight instances of 11 connections
	// each, and the previous test's may still be closing). The pooling itself (20 server connections
	// per database, no ignore_startup_parameters, no prepared-statement support in 1.18) is
	// PgBouncer's default, with pool_mode = transaction.
	const ini = [
		"[databases]",
		`* = host=${host} port=${target.port || "5432"}${password === "" ? "" : ` password=${password}`}`,
		"[pgbouncer]",
		"pool_mode = transaction",
		"max_client_conn = 400",
		`listen_port = ${port}`,
		`unix_socket_dir = ${dir}`,
		"auth_type = trust",
		`auth_file = ${join(dir, "users.txt")}`,
		`logfile = ${join(dir, "log")}`,
		`pidfile = ${join(dir, "pid")}`,
	].join("\n");
	await Bun.write(join(dir, "pgbouncer.ini"), ini + "\n");
	await Bun.write(join(dir, "users.txt"), `"${decodeURIComponent(target.username) || "postgres"}" ""\n`);
	if (user !== null) for (const file of ["pgbouncer.ini", "users.txt"]) chownSync(join(dir, file), user.uid, user.gid);
	const started = run([binary, "-d", join(dir, "pgbouncer.ini")], user);
	const socketPath = join(dir, `.s.PGSQL.${port}`);
	for (let i = 0; i < 100 && started.ok && !existsSync(socketPath); i++) await Bun.sleep(50);
	if (!started.ok || !existsSync(socketPath)) {
		const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8") : started.output;
		rmSync(dir, { recursive: true, force: true });
		return { url: null, reason: `pgbouncer did not start: ${log.trim().split("\n").pop()}` };
	}
	const url = new URL(postgresUrl);
	url.host = `localhost:${port}`;
	url.password = "";
	url.search = `?path=${encodeURIComponent(dir)}`;
	// The socket file alone does not say PgBouncer takes connections on it (a loaded CI machine once
	// refused every one): a query must come back through it before a test relies on it.
	const failure = await firstQueryFailure(url.toString());
	if (failure !== null) {
		const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").trim().split("\n").slice(-5).join(" | ") : "no log";
		try {
			process.kill(Number(readFileSync(join(dir, "pid"), "utf8").trim()), "SIGTERM");
		} catch {}
		rmSync(dir, { recursive: true, force: true });
		return { url: null, reason: `pgbouncer started but answered no query within 10 s (${failure}); its log: ${log}` };
	}
	return {
		url: url.toString(),
		state() {
			let alive = "gone";
			try {
				process.kill(Number(readFileSync(join(dir, "pid"), "utf8").trim()), 0);
				alive = "running";
			} catch {}
			const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").trim().split("\n").slice(-10).join("\n") : "no log";
			return `PgBouncer is ${alive}; the end of its log:\n${log}`;
		},
		stop() {
			const pid = Number(readFileSync(join(dir, "pid"), "utf8").trim());
			try {
				process.kill(pid, "SIGTERM");
				// Until it is gone: it writes its log and removes its socket on the way out.
				for (let i = 0; i < 100; i++) {
					process.kill(pid, 0);
					Bun.sleepSync(20);
				}
			} catch {}
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** Null once `SELECT 1` comes back through `url`; otherwise the last error, after 10 s of tries. */
async function firstQueryFailure(url: string): Promise<string | null> {
	let last = "";
	for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
		const sql = new SQL(url, { max: 1, connectionTimeout: 2 });
		try {
			await sql`SELECT 1`;
			return null;
		} catch (error) {
			last = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
		} finally {
			await sql.close().catch(() => {});
		}
		await Bun.sleep(100);
	}
	return last;
}

export type TlsPostgres = { url: null; reason: string } | {
	/** postgres://…@localhost:PORT/postgres, over TCP on 127.0.0.1, without sslmode. */
	url: string;
	/** The CA that signed the server's certificate (which names localhost only). */
	caFile: string;
	/** Another CA, which signed nothing the server shows. */
	otherCaFile: string;
	stop(): Promise<void>;
};

function openssl(args: string[], cwd: string): void {
	const result = Bun.spawnSync(["openssl", ...args], { cwd, stdout: "pipe", stderr: "pipe" });
	if (result.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr.toString().trim()}`);
}

/** A free TCP port on 127.0.0.1, as the kernel hands one out. */
function freePort(): number {
	const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
	const port = server.port;
	server.stop(true);
	return port;
}

/** A private server with ssl=on on 127.0.0.1 (a free port), its certificate made for this run by a
 *  CA made for this run (openssl), naming localhost only; or why there is none. */
export async function startTlsServer(): Promise<TlsPostgres> {
	if (Bun.which("openssl") === null) return { url: null, reason: "no openssl on this machine to make a CA" };
	const certs = mkdtempSync(join(tmpdir(), "holm-pg-ca-"));
	const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
	openssl(["req", "-x509", ...ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=Holm test CA"], certs);
	openssl(["req", "-x509", ...ec, "-keyout", "other-ca.key", "-out", "other-ca.crt", "-days", "2", "-subj", "/CN=Another CA"], certs);
	openssl(["req", ...ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"], certs);
	await Bun.write(join(certs, "san.ext"), "subjectAltName = DNS:localhost\n");
	openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.crt", "-days", "2", "-extfile", "san.ext"], certs);
	const port = freePort();
	const server = await startServerWith(
		`-c listen_addresses=127.0.0.1 -p ${port} -c ssl=on -c ssl_cert_file=server.crt -c ssl_key_file=server.key`,
		(data, user) => {
			for (const file of ["server.crt", "server.key"]) {
				writeFileSync(join(data, file), readFileSync(join(certs, file)), { mode: 0o600 });
				if (user !== null) chownSync(join(data, file), user.uid, user.gid);
			}
		},
	);
	if (server.url === null) {
		rmSync(certs, { recursive: true, force: true });
		return server;
	}
	return {
		url: `postgres://postgres@localhost:${port}/postgres`,
		caFile: join(certs, "ca.crt"),
		otherCaFile: join(certs, "other-ca.crt"),
		async stop() {
			await server.stop();
			rmSync(certs, { recursive: true, force: true });
		},
	};
}
