// The two series every request updates: a counter by route, method, status and error, and a
// latency histogram by route and method. Written here rather than through prom-client, whose
// labelled counter and histogram hash their labels on every update: a profile of GET /users/{id}
// showed prom-client at about 14% of the request's CPU. Here an update is one Map lookup and a few
// additions; the text exposition format is written at scrape time. The label values are route
// patterns, methods, statuses and error codes: closed sets, so the maps stay small.

export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

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

export class RequestMetrics {
	readonly #counts = new Map<string, Counted>();
	readonly #latencies = new Map<string, Timed>();

	observe(route: string, method: string, status: number, error: string | null, seconds: number): void {
		const countKey = `${route} ${method} ${status} ${error}`;
		let counted = this.#counts.get(countKey);
		if (counted === undefined) {
			const labels = `route="${labelValue(route)}",method="${labelValue(method)}",status="${status}",error="${labelValue(error ?? "")}"`;
			counted = { labels, count: 0 };
			this.#counts.set(countKey, counted);
		}
		counted.count++;

		const timeKey = `${route} ${method}`;
		let timed = this.#latencies.get(timeKey);
		if (timed === undefined) {
			timed = { labels: `route="${labelValue(route)}",method="${labelValue(method)}"`, buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0), count: 0, sum: 0 };
			this.#latencies.set(timeKey, timed);
		}
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
		for (const { labels, count } of this.#counts.values()) lines.push(`holm_http_requests_total{${labels}} ${count}`);
		lines.push(
			"# HELP holm_http_request_duration_seconds Time from a request's arrival to its answer, by route pattern and method.",
			"# TYPE holm_http_request_duration_seconds histogram",
		);
		for (const { labels, buckets, count, sum } of this.#latencies.values()) {
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
