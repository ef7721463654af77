// wrk (https://github.com/wg/wrk, Debian package `wrk`) as the load generator of bench/run.ts.
// Each scenario is a Lua script generated into a temporary directory: a common prelude that counts
// the answers by status and error code, the scenario's own part (a static request, or
// `makeRequest(i)` for bodies and paths that change per request), and a `done` function that
// prints the results as one JSON line, so nothing depends on the layout of wrk's own report.
import { availableParallelism } from "node:os";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export const WRK_MISSING = [
	"bench: wrk is not installed, and every HTTP figure comes from it.",
	"  Debian/Ubuntu: apt-get update && apt-get install -y wrk",
	"  macOS:         brew install wrk",
	"  elsewhere:     build https://github.com/wg/wrk and put it on PATH",
].join("\n");

/** `taskset -c 1` before wrk on a machine with 2 cores or more, so that the load generator keeps
 *  to one core instead of wandering; the server processes are not pinned (Holm hashes on every core). */
export function wrkPinning(): { prefix: string[]; note: string } {
	const taskset = Bun.which("taskset");
	if (taskset !== null && availableParallelism() >= 2) {
		return { prefix: [taskset, "-c", "1"], note: "wrk pinned to core 1 with `taskset -c 1`; the servers are not pinned, so they share that core with wrk" };
	}
	return { prefix: [], note: taskset === null ? "wrk not pinned (no taskset on this machine)" : "wrk not pinned (one core)" };
}

export interface WrkScenario {
	/** The URL wrk connects to; its path is the request path of a static script. */
	url: string;
	/** Lua run after the prelude: sets wrk.method/wrk.body, or defines makeRequest(i), where i
	 *  counts from 0 across all threads and never repeats. It may set SERVED, COLLECT, LIMIT. */
	lua: string;
	connections: number;
	threads: number;
	seconds: number;
	/** Answers slower than this are counted as timeouts and left out of the latencies. */
	timeoutSeconds: number;
	/** Secret sent as Authorization on every request. */
	secret: string;
	/** Users' ids, one per line, loaded as `ids` (and `N`) in every thread. */
	idsFile?: string;
	/** With a LIMIT in the script: stop wrk once every thread has made that many requests
	 *  (`seconds` is then only a cap). */
	untilLimit?: boolean;
}

export interface WrkResult {
	requests: number;
	seconds: number;
	requestsPerSecond: number;
	/** Microseconds. */
	latency: { p50: number; p90: number; p99: number; p999: number; max: number; mean: number };
	/** p99 of the answers whose status is in SERVED, when the rest (refusals) are the slowest. */
	servedP99: number | null;
	errors: { connect: number; read: number; write: number; timeout: number; status: number };
	/** "200", "400 INCORRECT_PASSWORD", ... → count. */
	answers: Record<string, number>;
	/** untilLimit: seconds from start until every thread had made its LIMIT of requests. */
	secondsToLimit: number | null;
}

const PRELUDE = String.raw`
local threadList = {}
local nextTid = 0
function setup(thread)
	thread:set("tid", nextTid)
	nextTid = nextTid + 1
	threadList[#threadList + 1] = thread
end

function init(args)
	if IDS_FILE then
		ids = {}
		for line in io.lines(IDS_FILE) do ids[#ids + 1] = line end
		N = #ids
	end
end

answers = {}
collected = {}
function response(status, headers, body)
	local key = tostring(status)
	if status >= 400 then
		local code = string.match(body, '"error":"([%u_]+)"')
		if code then key = key .. " " .. code end
	end
	answers[key] = (answers[key] or 0) + 1
	-- COLLECT: keep the id of each object created (its JSON starts with "id").
	if COLLECT and status == 200 then
		local id = string.match(body, '^{"id":"(%w+)"')
		if id then collected[#collected + 1] = id end
	end
end
`;

const EPILOGUE = String.raw`
if makeRequest then
	local n = 0
	local reached = false
	function request()
		-- wrk calls this once more on thread 0 before the run, to check the request; that i is never sent.
		local i = n * THREADS + tid
		n = n + 1
		if LIMIT and i >= LIMIT then
			if not reached then
				reached = true
				io.write("BENCH_REACHED\n")
				io.stdout:flush()
			end
			return wrk.format("GET", "/health")
		end
		return makeRequest(i)
	end
end

function done(summary, latency, requests)
	local merged = {}
	local out = COLLECT and io.open(COLLECT, "w")
	for _, thread in ipairs(threadList) do
		for key, count in pairs(thread:get("answers")) do merged[key] = (merged[key] or 0) + count end
		if out then
			for _, id in ipairs(thread:get("collected")) do out:write(id, "\n") end
		end
	end
	if out then out:close() end
	local total, served, parts = 0, 0, {}
	for key, count in pairs(merged) do
		total = total + count
		if SERVED and SERVED[key] then served = served + count end
		parts[#parts + 1] = string.format('"%s":%d', key, count)
	end
	-- Refusals (503 after 5 s in the queue) are the slowest answers, so the served ones are the
	-- fastest served/total of the distribution.
	local servedP99 = "null"
	if SERVED and served > 0 then servedP99 = string.format("%.1f", latency:percentile(99 * served / total)) end
	local e = summary.errors
	io.write(string.format(
		'BENCH_JSON {"requests":%d,"duration_us":%d,"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d},' ..
		'"latency_us":{"p50":%.1f,"p90":%.1f,"p99":%.1f,"p999":%.1f,"max":%.1f,"mean":%.1f},"served_p99_us":%s,"answers":{%s}}\n',
		summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, e.status,
		latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9),
		latency.max, latency.mean, servedP99, table.concat(parts, ",")))
end
`;

function luaString(value: string): string {
	return JSON.stringify(value); // a JSON string of ASCII is a valid Lua string literal
}

let scriptCount = 0;

/** Runs one scenario; resolves when wrk has finished. */
export async function runWrk(scenario: WrkScenario, workDir: string, pinPrefix: string[]): Promise<WrkResult> {
	// wrk needs a connection for each thread.
	const threads = Math.min(scenario.threads, scenario.connections);
	const header = [
		`-- Generated by bench/wrk.ts.`,
		`THREADS = ${threads}`,
		`IDS_FILE = ${scenario.idsFile === undefined ? "nil" : luaString(scenario.idsFile)}`,
		`wrk.headers["Authorization"] = ${luaString(scenario.secret)}`,
		`wrk.headers["Content-Type"] = "application/json"`,
	].join("\n");
	const path = join(workDir, `scenario-${++scriptCount}.lua`);
	writeFileSync(path, `${header}\n${PRELUDE}\n${scenario.lua}\n${EPILOGUE}`);

	const command = [
		...pinPrefix,
		"wrk",
		`-t${threads}`,
		`-c${scenario.connections}`,
		`-d${scenario.seconds}s`,
		`--timeout`,
		`${scenario.timeoutSeconds}s`,
		"-s",
		path,
		scenario.url,
	];
	const started = performance.now();
	const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
	let stdout = "";
	let secondsToLimit: number | null = null;
	const decoder = new TextDecoder();
	for await (const chunk of child.stdout) {
		stdout += decoder.decode(chunk, { stream: true });
		if (scenario.untilLimit && secondsToLimit === null && stdout.split("BENCH_REACHED").length - 1 >= scenario.threads) {
			secondsToLimit = (performance.now() - started) / 1000;
			// The last requests are still in flight: let them be answered, then end the run. wrk
			// ends early on SIGINT and still reports.
			setTimeout(() => child.kill("SIGINT"), 500);
		}
	}
	const stderr = await new Response(child.stderr).text();
	const exitCode = await child.exited;
	const line = stdout.split("\n").find((l) => l.startsWith("BENCH_JSON "));
	if (exitCode !== 0 || line === undefined) {
		throw new Error(`wrk failed (exit ${exitCode}) on ${scenario.url}:\n${stderr}${stdout}`);
	}
	const raw = JSON.parse(line.slice("BENCH_JSON ".length)) as {
		requests: number;
		duration_us: number;
		errors: WrkResult["errors"];
		latency_us: WrkResult["latency"];
		served_p99_us: number | null;
		answers: Record<string, number>;
	};
	const seconds = raw.duration_us / 1e6;
	return {
		requests: raw.requests,
		seconds,
		requestsPerSecond: raw.requests / seconds,
		latency: raw.latency_us,
		servedP99: raw.served_p99_us,
		errors: raw.errors,
		answers: raw.answers,
		secondsToLimit,
	};
}
