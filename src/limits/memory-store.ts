// Limit state in this process's memory: the LimitStore of one instance on the embedded SQLite.
import { combineLimits, LimiterTable, type Clock, type LimitRule } from "../lib/rate-limit.ts";
import type { LimitStore } from "./store.ts";

const DEFAULT_LIMITER_CAPACITY = 100_000;

/** Each rule's keys in a bounded LimiterTable. Updates are synchronous, so no other update comes in
 *  between. `clock` (milliseconds) is this instance's. */
export function createMemoryLimitStore(capacity: number = DEFAULT_LIMITER_CAPACITY, clock: Clock = Date.now): LimitStore {
	const tables = new Map<string, LimiterTable<unknown>>();
	function tableOf(rule: LimitRule<any>): LimiterTable<unknown> {
		let table = tables.get(rule.name);
		if (table === undefined) {
			table = new LimiterTable<unknown>(capacity, (state) => rule.blockedUntil(state), `${rule.name}_capacity`);
			tables.set(rule.name, table);
		}
		return table;
	}
	return {
		async update(keys, decide) {
			const now = clock();
			const refused = combineLimits(...keys.map(({ rule, key }) => tableOf(rule).admitNewKey(key, now)));
			if (!refused.allowed) return refused;
			const states = keys.map(({ rule, key }) => tableOf(rule).get(key, now));
			const decision = decide(states, now);
			keys.forEach(({ rule, key }, i) => {
				const state = decision.states[i];
				if (state === undefined) tableOf(rule).delete(key);
				else tableOf(rule).set(key, state, now);
			});
			return decision.result;
		},
		async read(keys) {
			const now = clock();
			return { states: keys.map(({ rule, key }) => tables.get(rule.name)?.peek(key)), now };
		},
	};
}
