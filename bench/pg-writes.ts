// `bun bench/pg-writes.ts`: what a write that stores an event costs on PostgreSQL, counted rather
// than timed: round trips (a relay in front of the server, test/support/round-trips.ts), the server
// backend's CPU (its /proc entry: PostgreSQL on this machine) and this process's CPU, per call of
// the store, with events off, on, and on with a webhook. Rows: a new recovery code (one statement
// with its event) and clearing the second-factor lockouts (a transaction: lock the user, delete,
// event). Alternating rounds; one connection, calls one after another.
//
// Environment: HOLM_BENCH_DATABASE (postgres://postgres@127.0.0.1:5432/postgres; a throwaway
// database is made on that server and dropped), PG_WRITES_CALLS (2000 a row and round), PG_WRITES_ROUNDS (3).
import { SQL } from "bun";
import { readFileSync } from "node:fs";
import type { HolmEvent } from "../src/features/events/store.ts";
import type { EventSettings } from "../src/stores/index.ts";
import { databaseClock } from "../src/stores/postgres/clock.ts";
import { connectPostgres } from "../src/stores/postgres/connection.ts";
import { createPostgresEventLog } from "../src/stores/postgres/events.ts";
import { openPostgresStorage } from "../src/stores/postgres/index.ts";
import { createPostgresTwoFactorStore } from "../src/stores/postgres/two-factor.ts";
import { countRoundTrips } from "../test/support/round-trips.ts";

const server = process.env.HOLM_BENCH_DATABASE || "postgres://postgres@127.0.0.1:5432/postgres";
const CALLS = Number(process.env.PG_WRITES_CALLS ?? 2000);
const ROUNDS = Number(process.env.PG_WRITES_ROUNDS ?? 3);
const USERS = 1000;

const name = `holm_pg_writes_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
const admin = new SQL(server, { max: 1, prepare: false });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const database = url.toString();

/** user + system CPU seconds of a process on this machine. */
function cpuOf(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
	return (Number(fields[11]) + Number(fields[12])) / 100;
}

const MODES: Record<string, EventSettings> = {
	"no events": { retentionDays: 0, webhook: null },
	events: { retentionDays: 30, webhook: null },
	"events + webhook": { retentionDays: 30, webhook: { types: null } },
};

try {
	await (await openPostgresStorage(database)).close();
	const setup = new SQL(database, { max: 1, prepare: false });
	const ids = Array.from({ length: USERS }, (_, i) => `benchuser${String(i).padStart(15, "0")}`);
	await setup`INSERT INTO "user" (id, created_at, email, password_hash, recovery_code)
		SELECT id, 0, NULL, 'hash', 'CODE0000' FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS id`;
	await setup.close();
	const counter = await countRoundTrips(database);
	const sql = connectPostgres(counter.url, 1);
	const [{ pid }] = await sql`SELECT pg_backend_pid() AS pid`;
	let n = 0;
	const event = (userId: string, type: HolmEvent["type"]): HolmEvent => ({ id: `ev${String(++n).padStart(22, "0")}`, time: 1_700_000_000, type, userId, clientIp: null, data: {} });
	const rows = {
		"new recovery code": (store: ReturnType<typeof createPostgresTwoFactorStore>, userId: string) =>
			store.setRecoveryCode(userId, `CODE${n % 10000}`, event(userId, "recovery_code_regenerated")),
		"unblock: clear lockouts (a transaction)": (store: ReturnType<typeof createPostgresTwoFactorStore>, userId: string) =>
			store.clearLockouts(userId, event(userId, "user_unblocked")),
	};
	const results: Record<string, { trips: number; backend: number[]; own: number[] }> = {};
	for (let round = 0; round < ROUNDS; round++) {
		for (const [row, call] of Object.entries(rows)) {
			for (const [mode, settings] of Object.entries(MODES)) {
				const store = createPostgresTwoFactorStore(sql, databaseClock(), createPostgresEventLog(sql, settings));
				const trips = counter.count;
				const backend = cpuOf(Number(pid));
				const own = process.cpuUsage();
				for (let i = 0; i < CALLS; i++) await call(store, ids[i % USERS]!);
				const used = process.cpuUsage(own);
				const result = (results[`${row}, ${mode}`] ??= { trips: 0, backend: [], own: [] });
				result.trips = (counter.count - trips) / CALLS;
				result.backend.push(((cpuOf(Number(pid)) - backend) * 1e6) / CALLS);
				result.own.push((used.user + used.system) / CALLS);
			}
		}
	}
	const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
	console.log(`| row | round trips a call | PostgreSQL backend CPU µs a call | client CPU µs a call |\n|---|---|---|---|`);
	for (const [row, r] of Object.entries(results)) console.log(`| ${row} | ${r.trips} | ${median(r.backend).toFixed(0)} | ${median(r.own).toFixed(0)} |`);
	await sql.close();
	counter.stop();
} finally {
	await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
	await admin.close();
}
