// Under load, the answers of one turn of the event loop leave together, at its end.
//
// Each answer Holm sends wakes the caller's thread if it was waiting, and on the sender's side a
// wake-up is a cross-core interrupt, which on a virtual machine costs several microseconds of
// Holm's own CPU (perf: a fifth of a page of users' CPU was spent in the wake-up of `wrk`).
// Bun runs a request's handler and sends its answer before it reads the next request of the same
// turn, so under load the caller was woken once per answer: it read one answer, went back to
// sleep, and was woken again by the next. Sent together at the end of the turn, the answers of a
// busy turn wake it about once. A batch costs latency when few requests are in flight (the caller
// waits for the whole turn instead of getting its answer while Holm works on the next one), so an
// answer waits only when the turn before handled BUSY_TURN requests or more; at lower load every
// answer leaves as soon as it is ready, as before. (docs/decisions.md, "Answers leave together under
// load"; the measurements are in docs/benchmarks.md.)
//
// Since every answer of such a turn waits for its end, so can the turn's writes: the storage groups
// them (`TurnWrites`; on SQLite one transaction, src/stores/sqlite/db/turn-commits.ts) and commits
// them here, before the answers leave. When that commit fails, every request in flight then may
// have written in the lost turn, and is answered 500 instead of whatever its handler answered.

import { errorResponse } from "../errors.ts";

/** Requests in one turn from which the next turn's answers are held to its end. */
export const BUSY_TURN = 8;
/** While the server is quiet, one turn in about this many requests is counted: counting a turn
 *  takes an immediate callback of its own, which a quiet server need not pay on every request. A
 *  burst is seen within this many requests; while busy, every turn is counted. */
export const QUIET_SAMPLE = 16;

type Handler<Args extends unknown[]> = (request: Request, ...rest: Args) => Response | Promise<Response>;

/** The storage's side of a held turn: its writes commit together at its end, before its answers
 *  leave (SQLite: src/stores/sqlite/db/turn-commits.ts). */
export interface TurnWrites {
	/** This turn's answers are held: its writes may share one transaction until commit(). */
	group(): void;
	/** The turn ends: true when its writes are committed, false when they were lost. */
	commit(): boolean;
}

/** The answer of a request in flight when its turn's writes were lost: whatever it had done may not
 *  have been kept, so it says nothing did. */
function lostAnswer(): Response {
	return errorResponse("UNKNOWN_ERROR");
}

/** `fetch`, whose answers are held to the end of the turn while the server is busy, and whose
 *  turn's writes (`writes`) are committed before they leave. */
export function answersTogether<Args extends unknown[]>(fetch: Handler<Args>, writes: TurnWrites | null = null): (request: Request, ...rest: Args) => Promise<Response> {
	// Whether this turn's requests are being counted (its end is scheduled), how many began in it
	// so far, and how many began in the last turn counted.
	let counting = false;
	let thisTurn = 0;
	let lastTurn = 0;
	// Requests since the last counted turn, while quiet.
	let uncounted = 0;
	// The answers held this turn all wait for one promise, settled at its end: a promise each cost
	// a promise, a closure and a place in a list per answer (docs/benchmarks.md, "One promise a turn").
	let turnEnds: Promise<void> | null = null;
	let endHeld: (() => void) | null = null;
	// Whether this turn's writes are grouped, and how many turns' writes were lost so far.
	let grouped = false;
	let lost = 0;

	function endTurn(): void {
		counting = false;
		lastTurn = thisTurn;
		thisTurn = 0;
		if (grouped) {
			grouped = false;
			if (!writes!.commit()) lost++;
		}
		const release = endHeld;
		turnEnds = null;
		endHeld = null;
		release?.();
	}

	/** Counts this turn from now on: setImmediate runs once Bun has handled what its poll returned. */
	function countThisTurn(): void {
		counting = true;
		uncounted = 0;
		// Every answer ready from now until endTurn is held (lastTurn moves only there), so the
		// turn's writes can wait for it too.
		if (writes !== null && lastTurn >= BUSY_TURN) {
			grouped = true;
			writes.group();
		}
		setImmediate(endTurn);
	}

	return async (request, ...rest) => {
		// Busy: every turn is counted, from its first request. Quiet: now and then.
		if (!counting && (lastTurn >= BUSY_TURN || ++uncounted >= QUIET_SAMPLE)) countThisTurn();
		if (counting) thisTurn++;
		// A request in flight when a turn's writes are lost may have written in that turn.
		const lostBefore = lost;
		const response = await fetch(request, ...rest);
		if (lastTurn < BUSY_TURN) return lost === lostBefore ? response : lostAnswer();
		if (!counting) countThisTurn(); // an answer that was ready only in a later turn
		await (turnEnds ??= new Promise<void>((resolve) => (endHeld = resolve)));
		return lost === lostBefore ? response : lostAnswer();
	};
}
