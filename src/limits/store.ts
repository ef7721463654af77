// Where limit state is kept: in this process's memory (memory-store.ts, for one instance on
// SQLite) or in PostgreSQL (src/stores/postgres/limits.ts, for any number of instances together).
// A store knows keys and states only; what they mean is the policy's (policy.ts).
import type { LimitResult, LimitRule } from "../lib/rate-limit.ts";

export interface LimitKey<S = any> {
	rule: LimitRule<S>;
	key: string;
}

/** The decision over the current states of some keys: the result, and their states after it
 *  (undefined drops a key's state). States are in the order of the keys. */
type LimitDecision = (states: any[], now: number) => { result: LimitResult; states: any[] };

export interface LimitStore {
	/** Reads the states of `keys`, applies `decide`, and keeps what it returns, as one atomic step:
	 *  no other update of these keys comes in between, whichever instance makes it. The store
	 *  passes `decide` its time, from the clock it was built with: this instance's in memory, the
	 *  database's on PostgreSQL (one for every instance). */
	update(keys: LimitKey[], decide: LimitDecision): Promise<LimitResult>;
	/** The states of `keys` as they stand (undefined for a key with none), and the store's time: a
	 *  look that locks, waits for and writes nothing, so it cannot queue behind updates of the same
	 *  keys. What it reads may be changed the next moment: it decides nothing. */
	read(keys: LimitKey[]): Promise<{ states: any[]; now: number }>;
}
