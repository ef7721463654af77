// The two series every request updates: a counter by route, method, status and error, and a
// latency histogram by route and method. Written here rather than through prom-client, whose
// labelled counter and histogram hash their labels on every update: a profile of GET /users/{id}
// showed prom-client at about 14% of the request's CPU. Here an update is a few Map lookups on keys
// that are already hashed (no label string is built per request), and a few additions; the text
// exposition format is written at scrape time. The label values are route patterns, methods,
// statuses and error codes: closed sets, so the maps stay small.

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Counted {
	labels: string;
	count: number;
}

interface Timed {
	labels: string;
	/** Observations per bucket (not cumulative); the last is +Inf. */
	buckets: number[];
	count: number;
	sum: number;
}

/** A label value in the text format: backslash, double quote and newline escaped. */
function labelValue(value: string): string {
	return value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
}

/** The series of one route and method: its latency histogram and its counts by status and error. */
interface RouteSeries {
	timed: Timed;
	/** By status, then by error code ("" on success). */
	counts: Map<number, Map<string, Counted>>;
}

export class RequestMetrics {
	// Keyed by route pattern, then method: both come from small closed sets (Hono's pattern strings
	// and the method names), so a lookup hashes no string built for it.
	readonly #routes = new Map<string, Map<string, RouteSeries>>();
	// In the order first seen, for the text format.
	readonly #counts: Counted[] = [];
	readonly #latencies: Timed[] = [];

	observe(route: string, method: string, status: number, error: string | null, seconds: number): void {
		let byMethod = this.#routes.get(route);
		if (byMethod === undefined) {
			byMethod = new Map();
			this.#routes.set(route, byMethod);
		}
		let series = byMethod.get(method);
		if (series === undefined) {
			const timed: Timed = { labels: `route="${labelValue(route)}",method="${labelValue(method)}"`, buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0), count: 0, sum: 0 };
			series = { timed, counts: new Map() };
			byMethod.set(method, series);
			this.#latencies.push(timed);
		}
		let byError = series.counts.get(status);
		if (byError === undefined) {
			byError = new Map();
			series.counts.set(status, byError);
		}
		const code = error ?? "";
		let counted = byError.get(code);
		if (counted === undefined) {
			counted = { labels: `${series.timed.labels},status="${status}",error="${labelValue(code)}"`, count: 0 };
			byError.set(code, counted);
			this.#counts.push(counted);
		}
		counted.count++;

		const timed = series.timed;
		let bucket = 0;
		while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
		timed.buckets[bucket]!++;
		timed.count++;
		timed.sum += seconds;
	}

	/** Both series in the Prometheus text format (version 0.0.4). */
	text(): string {
		const lines = [
			"# HELP holm_http_requests_total Requests answered, by route pattern, method, status and error code (\"\" on success).",
			"# TYPE holm_http_requests_total counter",
		];
		for (const { labels, count } of this.#counts) lines.push(`holm_http_requests_total{${labels}} ${count}`);
		lines.push(
			"# HELP holm_http_request_duration_seconds Time from a request's arrival to its answer, by route pattern and method.",
			"# TYPE holm_http_request_duration_seconds histogram",
		);
		for (const { labels, buckets, count, sum } of this.#latencies) {
			let cumulative = 0;
			LATENCY_BUCKETS.forEach((bound, i) => {
				cumulative += buckets[i]!;
				lines.push(`holm_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${cumulative}`);
			});
			lines.push(`holm_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${count}`);
			lines.push(`holm_http_request_duration_seconds_sum{${labels}} ${sum}`);
			lines.push(`holm_http_request_duration_seconds_count{${labels}} ${count}`);
		}
		return lines.join("\n") + "\n";
	}
}
