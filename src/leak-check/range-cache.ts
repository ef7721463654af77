// A bounded cache of range API answers, least recently used first out, each kept for a limited time.

export class RangeCache<V> {
	// A Map iterates in insertion order; re-inserting on every hit keeps the least recently used first.
	private readonly entries = new Map<string, { value: V; expires: number }>();

	constructor(
		private readonly maxEntries: number,
		private readonly ttlMs: number,
		private readonly now: () => number = Date.now,
	) {}

	get(key: string): V | undefined {
		const entry = this.entries.get(key);
		if (entry === undefined) return undefined;
		this.entries.delete(key);
		if (entry.expires <= this.now()) return undefined;
		this.entries.set(key, entry);
		return entry.value;
	}

	set(key: string, value: V): void {
		this.entries.delete(key);
		this.entries.set(key, { value, expires: this.now() + this.ttlMs });
		while (this.entries.size > this.maxEntries) {
			const oldest = this.entries.keys().next();
			if (oldest.done) break;
			this.entries.delete(oldest.value);
		}
	}

	get size(): number {
		return this.entries.size;
	}
}
