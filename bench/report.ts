// The Markdown that bench/run.ts prints: one table of throughput and latency, one of resources,
// and the notes that say how each figure was made. Answers that a scenario did not intend are
// collected as it goes and listed at the end, so that an error cannot hide inside a figure.
import type { WrkResult } from "./wrk.ts";

export const number = (n: number, digits = 0) => n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const rate = (n: number) => (n >= 100 ? number(n) : number(n, 1));
export const mb = (bytes: number) => `${number(bytes / 1e6, 1)} MB`;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Two modes in alternating rounds, each first in every other round (A B, B A, A B …), so that a
 *  machine that speeds up or slows down during the run weighs on both alike. */
export function alternating<T>(round: number, a: T, b: T): [T, T] {
	return round % 2 === 0 ? [a, b] : [b, a];
}

/** Rounds of one scenario as one result: their answers and time added up, the latencies those of
 *  the round whose rate is the median. */
export function combined(results: readonly WrkResult[]): WrkResult {
	const byRate = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
	const middle = byRate[Math.floor((byRate.length - 1) / 2)]!;
	const answers: Record<string, number> = {};
	const errors = { connect: 0, read: 0, write: 0, timeout: 0, status: 0 };
	for (const result of results) {
		for (const [key, count] of Object.entries(result.answers)) answers[key] = (answers[key] ?? 0) + count;
		for (const key of Object.keys(errors) as (keyof typeof errors)[]) errors[key] += result.errors[key];
	}
	const requests = results.reduce((sum, r) => sum + r.requests, 0);
	const seconds = results.reduce((sum, r) => sum + r.seconds, 0);
	return { ...middle, requests, seconds, requestsPerSecond: requests / seconds, answers, errors, secondsToLimit: null };
}

/** Microseconds, in the unit that reads best. */
export function duration(us: number): string {
	if (!Number.isFinite(us)) return "—";
	if (us < 10_000) return `${number(us / 1000, 2)} ms`;
	if (us < 100_000) return `${number(us / 1000, 1)} ms`;
	if (us < 10_000_000) return `${number(us / 1000)} ms`;
	return `${number(us / 1e6, 1)} s`;
}

export interface Row {
	scenario: string;
	connections: string;
	rate: string;
	p50: string;
	p99: string;
	answers: string;
	floor: string;
}

export interface Problem {
	scenario: string;
	detail: string;
}

export class Report {
	readonly rows: Row[] = [];
	/** name, value, how it was measured */
	readonly resources: [string, string, string][] = [];
	readonly notes: string[] = [];
	readonly problems: Problem[] = [];

	/** The cell for a run's non-2xx answers and socket errors, the intended ones marked as such;
	 *  the others are also kept as problems. */
	answers(scenario: string, result: WrkResult, intended: string[]): string {
		const items: string[] = [];
		let total = 0;
		for (const [key, count] of Object.entries(result.answers).sort((a, b) => b[1] - a[1])) {
			const isIntended = intended.includes(key);
			if (key.startsWith("2") && isIntended) continue;
			total += count;
			items.push(`${number(count)} × ${key}${isIntended ? " (intended)" : ""}`);
			if (!isIntended) this.problems.push({ scenario, detail: `${number(count)} × ${key}` });
		}
		const { connect, read, write, timeout } = result.errors;
		const socket = connect + read + write + timeout;
		if (socket > 0) {
			total += socket;
			const detail = `${number(socket)} socket errors (connect ${connect}, read ${read}, write ${write}, timeout ${timeout})`;
			items.push(detail);
			this.problems.push({ scenario, detail });
		}
		return total === 0 ? "0" : `${number(total)}: ${items.join(", ")}`;
	}

	render(title: string, machine: string[]): string {
		const out: string[] = [`### ${title}`, "", ...machine, ""];
		out.push("| scenario | connections | requests/s | p50 | p99 | non-2xx / errors | vs floor |", "|---|---|---|---|---|---|---|");
		for (const r of this.rows) out.push(`| ${r.scenario} | ${r.connections} | ${r.rate} | ${r.p50} | ${r.p99} | ${r.answers} | ${r.floor} |`);
		// BENCH_ONLY=hashing measures none.
		if (this.resources.length > 0) out.push("", "| resource | value | how |", "|---|---|---|");
		for (const [name, value, how] of this.resources) out.push(`| ${name} | ${value} | ${how} |`);
		out.push("", ...this.notes.map((n) => `- ${n}`));
		out.push("", this.problems.length === 0 ? "Unexpected answers: none." : "Unexpected answers:");
		for (const p of this.problems) out.push(`- ${p.scenario}: ${p.detail}`);
		return out.join("\n");
	}
}
