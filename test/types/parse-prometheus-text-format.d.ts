// Types for parse-prometheus-text-format (a parser of the Prometheus text format, ported from the
// Prometheus Python client), which ships none.
declare module "parse-prometheus-text-format" {
	export interface Sample {
		value?: string;
		labels?: Record<string, string>;
		buckets?: Record<string, string>;
	}
	export interface MetricFamily {
		name: string;
		help: string;
		type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
		metrics: Sample[];
	}
	export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
