// Where the tests get PostgreSQL: HOLM_TEST_DATABASE_URL when set; otherwise a private server
// started from the PostgreSQL binaries on this machine (initdb + pg_ctl in a temporary directory,
// on a Unix socket only, as an unprivileged user when run as root); otherwise none, and why.
import { SQL } from "bun";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
	const initdb = findBinary("initdb");
	const pgCtl = findBinary("pg_ctl");
	if (initdb === null || pgCtl === null) return { url: null, reason: "no HOLM_TEST_DATABASE_URL, and no initdb/pg_ctl on this machine" };
	const user = unprivilegedUser();
	if (process.getuid?.() === 0 && user === null) return { url: null, reason: "running as root with no unprivileged user to run PostgreSQL as" };
	const dir = mkdtempSync(join(tmpdir(), "holm-pg-"));
	if (user !== null) chownSync(dir, user.uid, user.gid);
	const data = join(dir, "data");
	const init = run([initdb, "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"], user);
	if (!init.ok) {
		rmSync(dir, { recursive: true, force: true });
		return { url: null, reason: `initdb failed: ${init.output.trim().split("\n").pop()}` };
	}
	// No TCP at all: the socket lives in the temporary directory, so nothing else can reach it.
	const options = `-c listen_addresses='' -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=300`;
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
	const admin = new SQL(adminUrl, { max: 1 });
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
	const admin = new SQL(adminUrl, { max: 1 });
	try {
		await admin.unsafe(`CREATE DATABASE ${name}`);
	} finally {
		await admin.close();
	}
	const url = new URL(adminUrl);
	url.pathname = `/${name}`;
	return url.toString();
}
