// The events rows of `npm run bench` (docs/events.md): what storing events costs the two write
// rows that make them (reset requests, wrong codes) against --event-retention 0, a page of the
// feed, webhook delivery throughput to a receiver in this process, and the bytes one stored event
// takes, with what 30 days cost at the measured sign-in rate.
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mb, number, rate, type Report } from "./report.ts";
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
	/** Stops the running Holm and starts a fresh one with these extra serve flags; its URL. */
	restartHolm(extraArgs: string[]): Promise<string>;
	addRow(scenario: string, connections: number, result: WrkResult, intended: string[], floor: "get" | "post" | "hash"): WrkResult;
	/** The rows measured with events on (Holm's default), to compare with. */
	withEvents: { resets: WrkResult; wrongCodes: WrkResult | null };
	/** Correct verify-password answers per second: each is a sign_in event. */
	signInsPerSecond: number;
	progress(message: string): void;
}

const L = (text: string) => JSON.stringify(text);
const userPath = (suffix: string) => `"/users/" .. ids[i % N + 1] .. ${L(suffix)}`;
const WRONG_CODE = "AAAAAAAA";

async function codeRows(ctx: EventsBenchContext, url: string, label: string): Promise<{ resets: WrkResult; wrongCodes: WrkResult | null }> {
	const resetsFile = join(ctx.work, `reset-request-ids-${label.replace(/\W+/g, "-")}.txt`);
	const resets = ctx.addRow(
		`\`POST /users/{id}/password-reset-requests\`, ${label}`,
		ctx.read.connections,
		await ctx.wrk({ ...ctx.read, url, idsFile: ctx.idsFile, lua: `COLLECT = ${L(resetsFile)}\nfunction makeRequest(i) return wrk.format("POST", ${userPath("/password-reset-requests")}, nil, "{}") end` }),
		["200", "400 TOO_MANY_REQUESTS"],
		"post",
	);
	const created = readFileSync(resetsFile, "utf8").split("\n").filter((id) => id !== "").length;
	if (created === 0) return { resets, wrongCodes: null };
	const wrongCodes = ctx.addRow(
		`\`POST /password-reset-requests/{id}/verify-email\`, wrong code, ${label}`,
		ctx.read.connections,
		await ctx.wrk({
			...ctx.read,
			url,
			idsFile: resetsFile,
			lua: `function makeRequest(i) return wrk.format("POST", "/password-reset-requests/" .. ids[i % N + 1] .. "/verify-email", nil, ${L(JSON.stringify({ code: WRONG_CODE }))}) end`,
		}),
		["400 INCORRECT_CODE", "404 NOT_FOUND"],
		"post",
	);
	return { resets, wrongCodes };
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
		const { bytes } = db.query<{ bytes: number }, []>(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name IN ('event', 'event_user_id', 'event_time')`).get()!;
		const { events } = db.query<{ events: number }, []>(`SELECT count(*) AS events FROM event`).get()!;
		return { bytes, events };
	} catch {
		return null; // a SQLite without the dbstat table
	} finally {
		db.close();
	}
}

export async function benchEvents(ctx: EventsBenchContext): Promise<void> {
	// ---- the code rows again without events, then with them, each on a fresh process, so that the
	// pair compares like with like (the first rows ran after the argon2id rows)
	ctx.progress("Holm: the code rows with --event-retention 0, then with events again");
	let url = await ctx.restartHolm(["--event-retention", "0"]);
	const without = await codeRows(ctx, url, "`--event-retention 0`");
	url = await ctx.restartHolm([]);
	const withEvents = await codeRows(ctx, url, "events stored (again, after the row above)");
	const share = (on: WrkResult | null, off: WrkResult | null) =>
		on === null || off === null ? "—" : `${number((on.requestsPerSecond / off.requestsPerSecond) * 100)} %`;
	ctx.report.notes.push(
		`Events: the reset-request and wrong-code rows, each on a fresh process, with \`--event-retention 0\` and then with events stored (the default): with events they reach ${share(withEvents.resets, without.resets)} and ${share(withEvents.wrongCodes, without.wrongCodes)} of the rate without (the first rows of the table, also with events: ${share(ctx.withEvents.resets, without.resets)} and ${share(ctx.withEvents.wrongCodes, without.wrongCodes)}). A reset request stores an event only when it blocks a user (the 3rd in 15 minutes); the 5th wrong code of a request stores \`request_deleted_after_incorrect_codes\` in the transaction that deletes the request.`,
	);

	// ---- a page of the feed
	ctx.progress("Holm: GET /events");
	url = await ctx.restartHolm([]);
	ctx.addRow("`GET /events?limit=100` (a page of 100)", ctx.read.connections, await ctx.wrk({ ...ctx.read, url: `${url}/events?limit=100`, lua: "" }), ["200"], "get");

	// ---- webhook delivery to a receiver in this process
	// The receiver refuses (503) while the events are made, so they wait in the queue; then it
	// accepts, and the queue drains once their retry (5 s) is due: the rate of that drain is the
	// delivery throughput, not the rate at which the API made events.
	ctx.progress("Holm: webhook delivery throughput");
	let accepting = false;
	let received = 0;
	let first = 0;
	let last = 0;
	const receiver = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		async fetch(request) {
			await request.arrayBuffer();
			if (!accepting) return new Response(null, { status: 503 });
			const now = performance.now();
			if (received === 0) first = now;
			last = now;
			received++;
			return new Response(null, { status: 204 });
		},
	});
	try {
		const secretFile = join(ctx.work, "webhook-secret");
		writeFileSync(secretFile, `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}\n`, { mode: 0o600 });
		url = await ctx.restartHolm(["--webhook-url", `http://127.0.0.1:${receiver.port}/`, "--webhook-secret-file", secretFile]);
		const made = ctx.addRow(
			"`POST /users/{id}/regenerate-recovery-code` with a webhook (an event each)",
			ctx.read.connections,
			await ctx.wrk({ ...ctx.read, url, idsFile: ctx.idsFile, lua: `function makeRequest(i) return wrk.format("POST", ${userPath("/regenerate-recovery-code")}, nil, "{}") end` }),
			["200"],
			"post",
		);
		const expected = made.answers["200"] ?? 0;
		accepting = true;
		const deadline = performance.now() + 120_000;
		while (received < expected && performance.now() < deadline) await Bun.sleep(100);
		const seconds = (last - first) / 1000;
		const perSecond = received / Math.max(seconds, 0.001);
		ctx.report.rows.push({
			scenario: "webhook delivery to a local receiver (`Bun.serve`, this process)",
			connections: "—",
			rate: `${rate(perSecond)} events/s`,
			p50: "—",
			p99: "—",
			answers: received >= expected ? "0" : `${number(expected - received)} not delivered within 120 s`,
			floor: "—",
		});
		if (received < expected) ctx.report.problems.push({ scenario: "webhook delivery", detail: `${number(expected - received)} of ${number(expected)} events not delivered within 120 s` });
		ctx.report.notes.push(
			`Webhooks: ${number(expected)} events (one per regenerated recovery code, ${rate(made.requestsPerSecond)}/s) were made while the receiver answered 503, so they waited in the database queue for their first retry; once it accepted, ${number(received)} reached it, signed, from the first delivery to the last in ${number(seconds, 1)} s: ${rate(perSecond)} events/s.`,
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
