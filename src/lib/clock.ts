// Time as the API counts it: whole Unix seconds. Every caller reads it from a clock it was given
// (the app context's `now`), so tests can move time.

/** Whole Unix seconds, the unit of every timestamp in the API. */
export function nowSeconds(clock: { now: () => number }): number {
	return Math.floor(clock.now() / 1000);
}
