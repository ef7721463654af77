// At most COUNT events per key in any sliding window (API.md section 4: reset, verification, update
// and code requests), over plain state as rate-limit.ts's rules are. Up to WINDOW_RUNS events per
// window each event's time is kept and the window is exact, as the contract's figures need. An
// operator may set COUNT up to a million: kept the same way, one key's state would be a million
// times, in memory and as JSON written to PostgreSQL on every request. Past WINDOW_RUNS the events
// are counted in runs instead, so a state is at most about WINDOW_RUNS pairs whatever COUNT is.
import { ALLOWED, type LimitResult, type LimitRule } from "./rate-limit.ts";

/** Past this COUNT, events are counted in runs, each 1/WINDOW_RUNS of the window long. */
const WINDOW_RUNS = 64;

/** Events counted together: [end, count]. Each event of a run is taken to have happened at `end`
 *  (no earlier than it did), so it leaves the window no sooner than it really would. */
type WindowRun = [end: number, count: number];

/** The times of the events in the window, oldest first (a rule of at most WINDOW_RUNS); or, for a
 *  larger one, its runs, oldest first. Each rule reads the other's form too (COUNT changed across a
 *  restart on PostgreSQL), erring towards refusing. */
type WindowState = number[] | { runs: WindowRun[] };

export interface SlidingWindowRule extends LimitRule<WindowState> {
	readonly max: number;
	readonly windowMs: number;
	check(state: WindowState | undefined, now: number): LimitResult;
	take(state: WindowState | undefined, now: number): WindowState;
}

/** The rule for `max` events per `windowMs`: exact up to WINDOW_RUNS, counted in runs beyond. */
export function slidingWindow(name: string, max: number, windowMs: number): SlidingWindowRule {
	return max <= WINDOW_RUNS ? new SlidingWindow(name, max, windowMs) : new CountedWindow(name, max, windowMs);
}

/** Every event's time, oldest first: runs spread out, at most `max` of them (older ones cannot
 *  matter: `max` newer events decide every answer). */
function timesOf(state: WindowState, max: number): number[] {
	if (Array.isArray(state)) return state;
	const times = state.runs.flatMap(([end, count]) => Array<number>(Math.min(count, max)).fill(end));
	return times.slice(-max);
}

/** At most `max` events per key in any sliding window of `windowMs`, each event's time kept. */
export class SlidingWindow implements SlidingWindowRule {
	constructor(
		readonly name: string,
		readonly max: number,
		readonly windowMs: number,
	) {}

	/** Index of the first event still inside the window (events are oldest first). */
	#firstRecent(state: number[], now: number): number {
		let first = 0;
		while (first < state.length && now - state[first]! >= this.windowMs) first++;
		return first;
	}

	check(state: WindowState | undefined, now: number): LimitResult {
		if (state === undefined) return ALLOWED;
		const times = timesOf(state, this.max);
		const recent = times.length - this.#firstRecent(times, now);
		if (recent < this.max) return ALLOWED;
		return { allowed: false, retryAfterMs: times[times.length - this.max]! + this.windowMs - now, limit: this.name };
	}

	take(state: WindowState | undefined, now: number): number[] {
		if (state === undefined) return [now];
		const times = timesOf(state, this.max);
		times.splice(0, this.#firstRecent(times, now));
		times.push(now);
		return times;
	}

	blockedUntil(state: WindowState): number {
		const times = timesOf(state, this.max);
		return times.length >= this.max ? times[times.length - this.max]! + this.windowMs : 0;
	}

	expiresAt(state: WindowState): number {
		const times = timesOf(state, this.max);
		return (times[times.length - 1] ?? 0) + this.windowMs;
	}
}

/**
 * At most `max` events per key in any sliding window of `windowMs`, for a `max` above WINDOW_RUNS:
 * events are counted in runs of at most `windowMs / WINDOW_RUNS`, so a key holds at most about
 * WINDOW_RUNS + 1 runs and every step walks no more. Each event counts until the end of its run
 * has left the window: never more than `max` in any window, and a refusal lasts at most one run
 * longer than an exact window's would.
 */
class CountedWindow implements SlidingWindowRule {
	readonly runMs: number;

	constructor(
		readonly name: string,
		readonly max: number,
		readonly windowMs: number,
	) {
		this.runMs = Math.ceil(windowMs / WINDOW_RUNS);
	}

	#runsOf(state: WindowState): WindowRun[] {
		return Array.isArray(state) ? state.map((time): WindowRun => [time, 1]) : state.runs;
	}

	/** Index of the first run still inside the window (runs are oldest first). */
	#firstRecent(runs: WindowRun[], now: number): number {
		let first = 0;
		while (first < runs.length && now - runs[first]![0] >= this.windowMs) first++;
		return first;
	}

	check(state: WindowState | undefined, now: number): LimitResult {
		if (state === undefined) return ALLOWED;
		const runs = this.#runsOf(state);
		const first = this.#firstRecent(runs, now);
		let recent = 0;
		for (let i = first; i < runs.length; i++) recent += runs[i]![1];
		if (recent < this.max) return ALLOWED;
		// The oldest runs leave first: the call succeeds once enough of them have left.
		for (let i = first; i < runs.length; i++) {
			recent -= runs[i]![1];
			if (recent < this.max) return { allowed: false, retryAfterMs: runs[i]![0] + this.windowMs - now, limit: this.name };
		}
		return ALLOWED; // not reached: the last run leaves with recent at 0
	}

	take(state: WindowState | undefined, now: number): { runs: WindowRun[] } {
		const runs = state === undefined ? [] : this.#runsOf(state);
		runs.splice(0, this.#firstRecent(runs, now));
		const last = runs[runs.length - 1];
		if (last !== undefined && now <= last[0]) last[1] += 1;
		else runs.push([now + this.runMs, 1]);
		// Kept in memory, an object state is updated in place (its runs array above).
		return state !== undefined && !Array.isArray(state) ? state : { runs };
	}

	blockedUntil(state: WindowState): number {
		const runs = this.#runsOf(state);
		let newer = 0;
		for (let i = runs.length - 1; i >= 0; i--) {
			newer += runs[i]![1];
			if (newer >= this.max) return runs[i]![0] + this.windowMs;
		}
		return 0;
	}

	expiresAt(state: WindowState): number {
		const runs = this.#runsOf(state);
		return (runs[runs.length - 1]?.[0] ?? 0) + this.windowMs;
	}
}
