// Timing comparisons for the tests that an answer's time tells nothing. A loaded, shared machine
// makes single timings worthless, and blocks of one kind then the other let a burst of load land on
// one kind alone; so each round times one call of each kind back to back, in a random order, and the
// median of the rounds' differences is what the first kind costs more than the second.

/** The median of `values`. */
export function median(values: readonly number[]): number {
	const sorted = values.toSorted((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds `call` took. */
export async function timed(call: () => Promise<unknown>): Promise<number> {
	const start = Bun.nanoseconds();
	await call();
	return (Bun.nanoseconds() - start) / 1e6;
}

/** The median of `rounds` paired differences (ms) of `a` over `b`, and `a`'s median time: the
 *  bound a test allows is a share of that time. */
export async function pairedDifference(a: () => Promise<unknown>, b: () => Promise<unknown>, rounds: number): Promise<{ difference: number; typical: number }> {
	const times: number[] = [];
	const differences: number[] = [];
	for (let round = 0; round < rounds; round++) {
		const aFirst = Math.random() < 0.5;
		const first = await timed(aFirst ? a : b);
		const second = await timed(aFirst ? b : a);
		const [ta, tb] = aFirst ? [first, second] : [second, first];
		times.push(ta);
		differences.push(ta - tb);
	}
	return { difference: median(differences), typical: median(times) };
}

/**
 * Whether `a` and `b` take the same time, within `share` of a call's time: a real difference (a
 * database write more, a hash skipped) shows in every measurement, noise on a loaded machine in one
 * now and then, so the bound must hold in one of `attempts` measurements. The report names every
 * measurement, for the failure's message.
 */
export async function sameTime(
	a: () => Promise<unknown>,
	b: () => Promise<unknown>,
	options: { rounds: number; share: number; attempts?: number },
): Promise<{ same: boolean; report: string }> {
	const seen: string[] = [];
	for (let attempt = 0; attempt < (options.attempts ?? 3); attempt++) {
		const { difference, typical } = await pairedDifference(a, b, options.rounds);
		const allowed = options.share * typical;
		seen.push(`${difference >= 0 ? "+" : ""}${difference.toFixed(3)} ms (allowed ±${allowed.toFixed(3)} ms of ${typical.toFixed(3)} ms)`);
		if (Math.abs(difference) <= allowed) return { same: true, report: seen.join("; ") };
	}
	return { same: false, report: seen.join("; ") };
}
