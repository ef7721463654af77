// The events rows of `npm run bench` (docs/events.md): what storing events costs the rows that
// write them (regenerating a recovery code: an event per call; reset requests; wrong codes) against
// --event-retention 0, in alternating rounds on fresh processes and fresh copies of the data; a page
// of the feed, webhook delivery throughput to a receiver in this process, and the bytes one stored
// event takes, with what 30 days cost at the measured sign-in rate.
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cpuSeconds, settle } from "./processes.ts";
import { alternating, combined, duration, mb, median, number, rate, type Report } from "./report.ts";
import type { WrkResult, WrkScenario } from "./wrk.ts";

type Wrk = (scenario: Omit<WrkScenario, "secret" | "threads"> & { threads?: number; busy?: boolean }) => Promise<WrkResult>;

export interface EventsBenchContext {
	report: Report;
	wrk: Wrk;
	read: { connections: number; seconds: number; timeoutSeconds: number };
	work: string;
	idsFile: string;
	dataDir: string;
	databaseUrl: string | undefined;
	/** Alternating rounds of the event rows, each mode once a round. */
	rounds: number;
	/** Stops the running Holm, runs `stopped` (if given) while none runs, and starts a fresh one
	 *  with these extra serve flags. */
	restartHolm(extraArgs: string[], stopped?: () => void): Promise<{ url: string; pid: number }>;
	addRow(scenario: string, connections: number, result: WrkResult, intended: string[], floor: "get" | "post" | "hash"): WrkResult;
	/** Correct verify-password answers per second: each is a sign_in event. */
	signInsPerSecond: number;
	progress(message: string): void;
}

const L = (text: string) => JSON.stringify(text);
const userPath = (suffix: string) => `"/users/" .. ids[i % N + 1] .. ${L(suffix)}`;
const WRONG_CODE = "AAAAAAAA";

interface EventRow {
	scenario: string;
	intended: string[];
	/** The wrk scenario, given this round's URL and files; null when the round has nothing to send it. */
	run(url: string, files: { resets: string }): Promise<WrkResult | null>;
}

/** `regenerate-recovery-code` round-robin over the users, for `seconds` (the run's duration when absent). */
function regenerateCodes(ctx: EventsBenchContext, url: string, seconds = ctx.read.seconds): Promise<WrkResult> {
	return ctx.wrk({ ...ctx.read, seconds, url, idsFile: ctx.idsFile, lua: `function makeRequest(i) return wrk.format("POST", ${userPath("/regenerate-recovery-code")}, nil, "{}") end` });
}

function eventRows(ctx: EventsBenchContext): EventRow[] {
	return [
		{
			scenario: "`POST /users/{id}/regenerate-recovery-code` (an event each)",
			intended: ["200"],
			run: (url) => regenerateCodes(ctx, url),
		},
		{
			scenario: "`POST /users/{id}/password-reset-requests` (an event when the 3rd in 15 minutes blocks the user)",
			intended: ["200", "400 TOO_MANY_REQUESTS"],
			run: (url, files) =>
				ctx.wrk({ ...ctx.read, url, idsFile: ctx.idsFile, lua: `COLLECT = ${L(files.resets)}\nfunction makeRequest(i) return wrk.format("POST", ${userPath("/password-reset-requests")}, nil, "{}") end` }),
		},
		{
			scenario: "`POST /password-reset-requests/{id}/verify-email`, wrong code (an event at the 5th, which deletes the request)",
			intended: ["400 INCORRECT_CODE", "404 NOT_FOUND"],
			async run(url, files) {
				if (readFileSync(files.resets, "utf8").trim() === "") return null;
				return ctx.wrk({
					...ctx.read,
					url,
					idsFile: files.resets,
					lua: `function makeRequest(i) return wrk.format("POST", "/password-reset-requests/" .. ids[i % N + 1] .. "/verify-email", nil, ${L(JSON.stringify({ code: WRONG_CODE }))}) end`,
				});
			},
		},
	];
}

/** The SQLite files of the data directory, copied aside once and put back before every round, so
 *  that each round starts from the same data (no round inherits the requests, blocks and events of
 *  the ones before it). PostgreSQL's rounds share one database. */
function sqliteSnapshot(ctx: EventsBenchContext): { take(): void; restore(): void } | null {
	if (ctx.databaseUrl !== undefined) return null;
	const files = ["holm.db", "holm.db-wal"];
	const aside = join(ctx.work, "events-rounds");
	return {
		take() {
			for (const file of files) if (existsSync(join(ctx.dataDir, file))) copyFileSync(join(ctx.dataDir, file), `${aside}-${file}`);
		},
		restore() {
			for (const file of [...files, "holm.db-shm"]) rmSync(join(ctx.dataDir, file), { force: true });
			for (const file of files) if (existsSync(`${aside}-${file}`)) copyFileSync(`${aside}-${file}`, join(ctx.dataDir, file));
		},
	};
}

/** The event rows with events stored (the default) and with --event-retention 0, in alternating
 *  rounds: each round starts both modes on a fresh process over the same data; the share of each
 *  row is the median of the rounds' shares, beside the server's CPU per answer. */
async function eventRowsInRounds(ctx: EventsBenchContext): Promise<void> {
	const rows = eventRows(ctx);
	const snapshot = sqliteSnapshot(ctx);
	const modes = { on: [] as string[], off: ["--event-retention", "0"] };
	type Measured = { result: WrkResult; cpu: number };
	const measured = rows.map(() => ({ on: [] as (Measured | null)[], off: [] as (Measured | null)[] }));
	let first = true;
	for (let round = 0; round < ctx.rounds; round++) {
		for (const mode of alternating(round, "on" as const, "off" as const)) {
			ctx.progress(`Holm: event rows, round ${round + 1} of ${ctx.rounds}, ${mode === "on" ? "events stored" : "--event-retention 0"}`);
			const { url, pid } = await ctx.restartHolm(modes[mode], () => {
				if (first) snapshot?.take();
				else snapshot?.restore();
				first = false;
			});
			const files = { resets: join(ctx.work, `reset-request-ids-${round}-${mode}.txt`) };
			// A fresh process compiles its hot paths during its first seconds: new recovery codes and
			// their events warm it up (nothing the other rows read), as every read row is.
			await regenerateCodes(ctx, url, Math.min(2, ctx.read.seconds));
			for (const [i, row] of rows.entries()) {
				const before = cpuSeconds(pid);
				const result = await row.run(url, files);
				measured[i]![mode].push(result === null ? null : { result, cpu: (cpuSeconds(pid) - before) / Math.max(1, result.requests) });
			}
		}
	}
	const summary: string[] = [];
	for (const [i, row] of rows.entries()) {
		const { on, off } = measured[i]!;
		const pairs = on.flatMap((a, r) => (a !== null && off[r] !== null ? [[a, off[r]!] as const] : []));
		if (pairs.length === 0) continue;
		const shares = pairs.map(([a, b]) => a.result.requestsPerSecond / b.result.requestsPerSecond);
		const cpuOn = median(pairs.map(([a]) => a.cpu));
		const cpuOff = median(pairs.map(([, b]) => b.cpu));
		for (const [mode, list] of [["events stored", pairs.map(([a]) => a.result)], ["`--event-retention 0`", pairs.map(([, b]) => b.result)]] as const) {
			const all = combined(list);
			const name = `${row.scenario}, ${mode}`;
			ctx.report.rows.push({
				scenario: `${name} (${pairs.length} rounds)`,
				connections: String(ctx.read.connections),
				rate: rate(all.requestsPerSecond),
				p50: duration(all.latency.p50),
				p99: duration(all.latency.p99),
				answers: ctx.report.answers(name, all, row.intended),
				floor: mode === "events stored" ? `${number(median(shares) * 100)} % of the rate without events (${shares.map((s) => number(s * 100)).join(", ")} %)` : "—",
			});
		}
		summary.push(`${row.scenario}: ${number(median(shares) * 100)} % (rounds ${shares.map((s) => number(s * 100)).join(", ")} %), ${number(cpuOn * 1e6)} µs of Holm's CPU an answer against ${number(cpuOff * 1e6)} µs`);
	}
	ctx.report.notes.push(
		`Events: the rows that store events, with events stored (the default) and with \`--event-retention 0\`, in ${ctx.rounds} alternating rounds (each mode first in every other round), each on a fresh process${snapshot === null ? " (the rounds share the PostgreSQL database)" : " over a fresh copy of the same data"}; with events, as a share of the rate without them (the median of the rounds' shares): ${summary.join("; ")}.`,
	);
}

/** The events of one type the database holds. */
async function countEvents(ctx: EventsBenchContext, type: string): Promise<number> {
	if (ctx.databaseUrl !== undefined) {
		const sql = new SQL(ctx.databaseUrl, { max: 1 });
		try {
			const [row] = await sql`SELECT count(*) AS n FROM event WHERE type = ${type}`;
			return Number(row.n);
		} finally {
			await sql.close();
		}
	}
	const db = new Database(join(ctx.dataDir, "holm.db"), { readonly: true });
	try {
		return db.query<{ n: number }, [string]>(`SELECT count(*) AS n FROM event WHERE type = ?`).get(type)!.n;
	} finally {
		db.close();
	}
}

/** Bytes the event table and its indexes take per stored event, and how many are stored. */
async function eventBytes(ctx: EventsBenchContext): Promise<{ bytes: number; events: number } | null> {
	if (ctx.databaseUrl !== undefined) {
		const sql = new SQL(ctx.databaseUrl, { max: 1 });
		try {
			await sql`VACUUM ANALYZE event`;
			const [row] = await sql`SELECT pg_total_relation_size('event') AS bytes, (SELECT count(*) FROM event) AS events`;
			return { bytes: Number(row.bytes), events: Number(row.events) };
		} finally {
			await sql.close();
		}
	}
	const db = new Database(join(ctx.dataDir, "holm.db"), { readonly: true });
	try {
		const { bytes } = db.query<{ bytes: number }, []>(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name IN ('event', 'event_user', 'event_user_id', 'event_time')`).get()!;
		const { events } = db.query<{ events: number }, []>(`SELECT count(*) AS events FROM event`).get()!;
		return { bytes, events };
	} catch {
		return null; // a SQLite without the dbstat table
	} finally {
		db.close();
	}
}

export async function benchEvents(ctx: EventsBenchContext): Promise<void> {
	await eventRowsInRounds(ctx);

	// ---- a page of the feed
	ctx.progress("Holm: GET /events");
	let { url } = await ctx.restartHolm([]);
	ctx.addRow("`GET /events?limit=100` (a page of 100)", ctx.read.connections, await ctx.wrk({ ...ctx.read, url: `${url}/events?limit=100`, lua: "" }), ["200"], "get");

	// ---- webhook delivery to a receiver in this process
	// The receiver refuses (503) while the events are made, so they wait in the queue; then it
	// accepts, and the queue drains once their retry (5 s) is due: the rate of that drain is the
	// delivery throughput, not the rate at which the API made events. An event made early in the
	// run is retried before the run ends, and a second refusal would put its next retry 5 minutes
	// away (RETRY_DELAYS_MS): that second attempt is accepted, counted as delivered but left out of
	// the rate. (On a machine fast enough to retry during the run, 91,043 of 133,228 events once
	// waited past the bench's 120 s that way.) Deliveries are counted by their webhook-id, so that
	// one delivered twice shows as such; the events to expect are those the database holds, which
	// include the calls wrk sent but stopped waiting for at its end.
	ctx.progress("Holm: webhook delivery throughput");
	let accepting = false;
	let received = 0;
	let early = 0;
	const refused = new Set<string>();
	const seen = new Set<string>();
	let first = 0;
	let last = 0;
	const receiver = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		async fetch(request) {
			await request.arrayBuffer();
			const id = request.headers.get("webhook-id") ?? "";
			if (!accepting) {
				if (!refused.has(id)) {
					refused.add(id);
					return new Response(null, { status: 503 });
				}
				early++;
				seen.add(id);
				return new Response(null, { status: 204 });
			}
			const now = performance.now();
			if (received === 0) first = now;
			last = now;
			received++;
			seen.add(id);
			return new Response(null, { status: 204 });
		},
	});
	try {
		const secretFile = join(ctx.work, "webhook-secret");
		writeFileSync(secretFile, `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}\n`, { mode: 0o600 });
		({ url } = await ctx.restartHolm(["--webhook-url", `http://127.0.0.1:${receiver.port}/`, "--webhook-secret-file", secretFile]));
		const before = await countEvents(ctx, "recovery_code_regenerated");
		const made = ctx.addRow(
			"`POST /users/{id}/regenerate-recovery-code` with a webhook (an event each)",
			ctx.read.connections,
			await ctx.wrk({ ...ctx.read, url, idsFile: ctx.idsFile, lua: `function makeRequest(i) return wrk.format("POST", ${userPath("/regenerate-recovery-code")}, nil, "{}") end` }),
			["200"],
			"post",
		);
		await settle(url);
		const answered = made.answers["200"] ?? 0;
		const expected = (await countEvents(ctx, "recovery_code_regenerated")) - before;
		accepting = true;
		const deadline = performance.now() + 120_000;
		while (seen.size < expected && performance.now() < deadline) await Bun.sleep(100);
		await Bun.sleep(2000); // anything delivered a second time after the last first delivery
		const seconds = (last - first) / 1000;
		const perSecond = received / Math.max(seconds, 0.001);
		const duplicates = received + early - seen.size;
		ctx.report.rows.push({
			scenario: "webhook delivery to a local receiver (`Bun.serve`, this process)",
			connections: "—",
			rate: `${rate(perSecond)} events/s`,
			p50: "—",
			p99: "—",
			answers: seen.size >= expected ? "0" : `${number(expected - seen.size)} not delivered within 120 s`,
			floor: "—",
		});
		if (seen.size < expected) ctx.report.problems.push({ scenario: "webhook delivery", detail: `${number(expected - seen.size)} of ${number(expected)} events not delivered within 120 s` });
		ctx.report.notes.push(
			`Webhooks: ${number(expected)} events stored (one per regenerated recovery code, ${rate(made.requestsPerSecond)}/s; wrk counted ${number(answered)} answers, the other ${number(expected - answered)} calls were in flight when it stopped) while the receiver answered 503, so they waited in the database queue for their first retry (${number(early)} were retried before the run ended, and that second attempt was accepted, outside the rate); once it accepted, ${number(received)} more deliveries reached it, signed, from the first to the last in ${number(seconds, 1)} s: ${rate(perSecond)} events/s. ${number(seen.size)} distinct events were delivered in all, ${number(duplicates)} of them twice.`,
		);
	} finally {
		await receiver.stop(true);
	}

	// ---- bytes per event, and 30 days of sign-ins
	const size = await eventBytes(ctx);
	if (size !== null && size.events > 0) {
		const perEvent = size.bytes / size.events;
		const month = ctx.signInsPerSecond * 86_400 * 30;
		ctx.report.resources.push(
			["bytes per stored event", `${number(perEvent)} B`, `the event table and its indexes (${mb(size.bytes)}) over the ${number(size.events)} events stored by this run`],
			[
				"30 days of sign-ins",
				mb(month * perEvent),
				`${number(month)} sign_in events at the ${rate(ctx.signInsPerSecond)}/s of the correct-password row, all month long, at ${number(perEvent)} B each`,
			],
		);
	}
}
