// GET /metrics: the Prometheus text format, read back with a real parser of that format, and the
// counters seen moving after requests.
import { expect, test } from "bun:test";
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";
import type { LeakCheckConfig } from "../../src/config.ts";
import { createMetrics } from "../../src/metrics.ts";
import packageJson from "../../package.json" with { type: "json" };
import handlers from "../../src/features/metrics/handlers.ts";
import { documentedErrorsOf } from "../support/documented-errors.ts";
import { createUser, recordingLogger, SECRET, serverForThisFile, startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";

const server = serverForThisFile();

let lastText = "";

async function scrape(from: TestServer = server): Promise<MetricFamily[]> {
	// As Prometheus sends it: a bearer token and its Accept header.
	const response = await from.fetch("/metrics", {
		headers: { Authorization: `Bearer ${SECRET}`, Accept: "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1" },
	});
	expect(response.status).toBe(200);
	expect(response.headers.get("Content-Type")).toContain("text/plain; version=0.0.4");
	lastText = await response.text();
	return parsePrometheusTextFormat(lastText);
}

/** The histogram's observations, summed over its series (this parser keeps no histogram labels). */
function observedRequests(text: string): number {
	let sum = 0;
	for (const match of text.matchAll(/^holm_http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm)) sum += Number(match[1]);
	return sum;
}

function family(families: MetricFamily[], name: string): MetricFamily {
	const found = families.find((f) => f.name === name);
	if (found === undefined) throw new Error(`no ${name} in /metrics`);
	return found;
}

/** The value of the sample whose labels include `labels`, or 0 when there is none yet. */
function value(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
	const sample = family(families, name).metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
	return sample?.value === undefined ? 0 : Number(sample.value);
}

test("needs the secret", async () => {
	expect((await server.fetch("/metrics")).status).toBe(401);
});

test("requests, errors, refusals, leak checks and hashing are counted; the database and memory are measured", async () => {
	const before = await scrape();
	const observedBefore = observedRequests(lastText);
	const user = await createUser(server);
	for (let i = 0; i < 6; i++) {
		await server.request("POST", `/users/${user.id}/verify-password`, { password: "wrong guess", client_ip: "192.0.2.90" });
	}
	await server.request("POST", "/users", { password: "password" }); // WEAK_PASSWORD
	await server.request("GET", `/users/${user.id}`);
	const after = await scrape();
	const observedAfter = observedRequests(lastText);

	const created = { route: "/users", method: "POST", status: "200", error: "" };
	expect(value(after, "holm_http_requests_total", created) - value(before, "holm_http_requests_total", created)).toBe(1);
	const wrong = { route: "/users/:user_id/verify-password", method: "POST", status: "400", error: "INCORRECT_PASSWORD" };
	expect(value(after, "holm_http_requests_total", wrong) - value(before, "holm_http_requests_total", wrong)).toBe(5);
	const refused = { route: "/users/:user_id/verify-password", method: "POST", status: "400", error: "TOO_MANY_REQUESTS" };
	expect(value(after, "holm_http_requests_total", refused)).toBe(1);
	// Route patterns only: no user id ever becomes a label.
	for (const sample of family(after, "holm_http_requests_total").metrics) expect(sample.labels?.route).not.toContain(user.id);

	expect(value(after, "holm_rate_limit_refusals_total", { limit: "incorrect_passwords_address" })).toBe(1);
	expect(value(after, "holm_leak_checks_total", { result: "weak" }) - value(before, "holm_leak_checks_total", { result: "weak" })).toBe(1);
	expect(value(after, "holm_leak_checks_total", { result: "passed" }) - value(before, "holm_leak_checks_total", { result: "passed" })).toBe(1);
	expect(family(after, "holm_http_request_duration_seconds").type).toBe("HISTOGRAM");
	// Every request between the two scrapes (and the first scrape) fell in the latency histogram.
	expect(observedAfter - observedBefore).toBe(1 + 1 + 6 + 1 + 1); // first scrape, user, 6 guesses, weak, get
	expect(family(after, "holm_password_hashing_duration_seconds").type).toBe("HISTOGRAM");
	expect(value(after, "holm_password_hashing_running")).toBeGreaterThanOrEqual(0);
	expect(value(after, "holm_password_hashing_waiting")).toBeGreaterThanOrEqual(0);
	expect(value(after, "holm_database_size_bytes")).toBeGreaterThan(0);
	expect(value(after, "holm_process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
});

test("a database that cannot say its size still leaves the other metrics readable", async () => {
	const metrics = createMetrics({
		database: "sqlite",
		databaseSize: () => Promise.reject(new Error("database is down")),
		hashingLoad: () => ({ running: 0, waiting: 0 }),
	});
	metrics.leakCheck("passed");
	const families = parsePrometheusTextFormat(await metrics.text());
	expect(value(families, "holm_leak_checks_total", { result: "passed" })).toBe(1);
	expect(value(families, "holm_database_size_bytes")).toBe(0); // never known: prom-client's initial 0
});

test("/metrics answers 200 while the database is down, and logs no secret", async () => {
	const recorded = recordingLogger();
	const down = await startTestServer({ log: recorded.log });
	try {
		await down.ctx.storage.close();
		const families = await scrape(down);
		expect(value(families, "holm_process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
		expect(recorded.entries().some(({ message }) => message.startsWith("cannot measure the database size"))).toBe(true);
		expect(recorded.lines.join("\n")).not.toContain(SECRET);
		expect(recorded.lines.join("\n")).not.toContain("postgres://");
	} finally {
		await down.stop();
	}
});

async function leakChecksCounted(leakCheck: Partial<LeakCheckConfig>): Promise<{ status: number; counts: Record<string, number> }> {
	const other = await startTestServer({ leakCheck });
	try {
		const status = (await other.request("POST", "/users", { password: STRONG_PASSWORD })).status;
		const families = await scrape(other);
		const counts: Record<string, number> = {};
		for (const sample of family(families, "holm_leak_checks_total").metrics) counts[sample.labels!.result!] = Number(sample.value);
		return { status, counts };
	} finally {
		await other.stop();
	}
}

test("an unreachable range API is counted as online_failure with --leak-fail closed, as with open", async () => {
	// Nothing listens on port 9: every online check fails at once.
	expect(await leakChecksCounted({ mode: "online", api: "http://127.0.0.1:9", fail: "closed" })).toEqual({ status: 500, counts: { online_failure: 1 } });
	expect(await leakChecksCounted({ mode: "online", api: "http://127.0.0.1:9", fail: "open" })).toEqual({
		status: 200,
		counts: { online_failure: 1, passed: 1 },
	});
});

test("with --leak-check off no leak check is counted, not even as passed", async () => {
	expect(await leakChecksCounted({ mode: "off" })).toEqual({ status: 200, counts: {} });
});

test("holm_build_info names the version, the Bun version and the database; the process's CPU time and start time are there", async () => {
	const families = await scrape();
	const info = family(families, "holm_build_info");
	expect(info.type).toBe("GAUGE");
	expect(info.metrics).toEqual([{ value: "1", labels: { version: packageJson.version, bun_version: Bun.version, database: server.store } }]);
	expect(family(families, "process_cpu_seconds_total").type).toBe("COUNTER");
	expect(value(families, "process_cpu_seconds_total")).toBeGreaterThan(0);
	const started = value(families, "process_start_time_seconds");
	expect(family(families, "process_start_time_seconds").type).toBe("GAUGE");
	// Wall-clock time (Prometheus compares it with its own), never the test's injected clock.
	expect(started).toBeGreaterThan(Date.now() / 1000 - 3600);
	expect(started).toBeLessThanOrEqual(Date.now() / 1000);
});

// GET /metrics answers only the pipeline's codes: an empty table.
documentedErrorsOf(handlers, () => server, () => ({ getMetrics: [] }));
