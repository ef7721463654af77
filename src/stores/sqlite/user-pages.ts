// Pages of GET /users without an email filter, on SQLite.
//
// The API pages by number (page 2,500 of 20 is OFFSET 49,980), and OFFSET makes SQLite step over
// every row before the page: 1.3 ms for page 2,500 of 100,000 users, most of a request's cost. So
// the store keeps, per ordering, an anchor every ANCHOR_SPACING rows: the sort key of a row and
// how many rows sort before it. A deep page starts at the nearest anchor below it, through the
// index, and steps over fewer than a few ANCHOR_SPACING rows.
//
// Anchors are exact or unused. The user table's row count and a version that every insert and
// delete of a user moves are kept by triggers (user_count); anchors remember the version they
// describe. An insert or delete made through this store shifts the anchors after its key by one
// (new users sort last by created_at, so usually nothing moves); any other change of the version
// (or a change that was not seen) makes them be rebuilt at the next deep page. Descending pages
// are the mirror of ascending ones, counted from the total.
//
// Only one process writes the SQLite file (the data directory is locked), so the anchors cannot
// miss a change made elsewhere without the version telling.
import type { SnapshotReads, SnapshotStatement } from "./db/snapshot-reads.ts";

const ANCHOR_SPACING = 512;
/** A page further than this past its anchor rebuilds the anchors (inserts made the gap grow). */
const MAX_STEP = 4 * ANCHOR_SPACING;

export type UserOrder = "created_at" | "id";

interface SortKey {
	createdAt: number;
	id: string;
}

interface Anchor {
	key: SortKey;
	/** Rows that sort before `key`. */
	before: number;
}

interface Anchors {
	version: number;
	list: Anchor[];
}

/** a < b in the ordering. Ids are ASCII, so JavaScript's string order is SQLite's BINARY order. */
function sortsBefore(order: UserOrder, a: SortKey, b: SortKey): boolean {
	if (order === "id") return a.id < b.id;
	return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
}

interface PageStatements<Row> {
	/** ORDER BY the ordering, ascending: LIMIT +?, OFFSET +?. */
	fromStart: SnapshotStatement<Row, [number, number]>;
	/** The same, from the first row at or after a key (?1 created_at, ?2 id; the id ordering uses
	 *  only ?2): LIMIT +?3, OFFSET +?4. */
	fromKey: SnapshotStatement<Row, [number, string, number, number]>;
}

/** The rows of one ascending page and which ordering's anchors to use for it. */
export class UserPages<Row> {
	readonly #anchors = new Map<UserOrder, Anchors>();
	readonly #firstKey: Record<UserOrder, SnapshotStatement<{ created_at: number; id: string }, []>>;
	readonly #nextKey: Record<UserOrder, SnapshotStatement<{ created_at: number; id: string }, [number, string]>>;

	constructor(
		reads: SnapshotReads,
		readonly statements: Record<UserOrder, PageStatements<Row>>,
	) {
		this.#firstKey = {
			created_at: reads.prepare(`SELECT created_at, id FROM user ORDER BY created_at, id LIMIT 1`),
			id: reads.prepare(`SELECT created_at, id FROM user ORDER BY id LIMIT 1`),
		};
		this.#nextKey = {
			created_at: reads.prepare(
				`SELECT created_at, id FROM user WHERE (created_at, id) >= (?, ?) ORDER BY created_at, id LIMIT 1 OFFSET ${ANCHOR_SPACING}`,
			),
			id: reads.prepare(`SELECT created_at, id FROM user WHERE id >= ?2 ORDER BY id LIMIT 1 OFFSET ${ANCHOR_SPACING}`),
		};
	}

	/**
	 * `limit` rows from ascending position `offset` of `total`; `total` and `version` are
	 * user_count's, read in the same snapshot as the rows (a synchronous run of reads on the reader
	 * is one snapshot).
	 */
	ascending(order: UserOrder, limit: number, offset: number, count: { total: number; version: number }): Row[] {
		const statements = this.statements[order];
		if (offset >= count.total || limit <= 0) return [];
		if (offset < ANCHOR_SPACING) return statements.fromStart.all(limit, offset);
		let anchor = this.#anchorFor(order, offset, count.version);
		if (offset - anchor.before > MAX_STEP) {
			this.#anchors.delete(order);
			anchor = this.#anchorFor(order, offset, count.version);
		}
		return statements.fromKey.all(anchor.key.createdAt, anchor.key.id, limit, offset - anchor.before);
	}

	/** The same page counted from the other end, in descending order. */
	descending(order: UserOrder, limit: number, offset: number, count: { total: number; version: number }): Row[] {
		const end = count.total - offset;
		const start = Math.max(0, end - limit);
		return this.ascending(order, end - start, start, count).reverse();
	}

	/** Forgets every anchor: they are rebuilt at the next deep page. */
	forget(): void {
		this.#anchors.clear();
	}

	/** A user was inserted (through this store); `version` is user_count's after it. */
	inserted(key: SortKey, version: number): void {
		this.#shift(key, version, 1);
	}

	/** A user was deleted (through this store); `version` is user_count's after it. */
	deleted(key: SortKey, version: number): void {
		this.#shift(key, version, -1);
	}

	#shift(key: SortKey, version: number, by: 1 | -1): void {
		for (const [order, anchors] of this.#anchors) {
			if (anchors.version !== version - 1) {
				this.#anchors.delete(order);
				continue;
			}
			anchors.version = version;
			// Anchors are in order: only those after the key move, and new users sort last.
			for (let i = anchors.list.length - 1; i >= 0 && sortsBefore(order, key, anchors.list[i]!.key); i--) anchors.list[i]!.before += by;
		}
	}

	/** The last anchor at or before `offset`, the anchors rebuilt first if they are not current. */
	#anchorFor(order: UserOrder, offset: number, version: number): Anchor {
		let anchors = this.#anchors.get(order);
		if (anchors === undefined || anchors.version !== version) {
			anchors = { version, list: this.#build(order) };
			this.#anchors.set(order, anchors);
		}
		// Binary search for the last anchor with before <= offset (the first has before 0).
		let low = 0;
		let high = anchors.list.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if (anchors.list[middle]!.before <= offset) low = middle;
			else high = middle - 1;
		}
		return anchors.list[low] ?? { key: { createdAt: 0, id: "" }, before: 0 };
	}

	/** One walk of the index, ANCHOR_SPACING rows at a time. */
	#build(order: UserOrder): Anchor[] {
		const list: Anchor[] = [];
		let row = this.#firstKey[order].get();
		while (row !== null) {
			list.push({ key: { createdAt: row.created_at, id: row.id }, before: list.length * ANCHOR_SPACING });
			row = this.#nextKey[order].get(row.created_at, row.id);
		}
		return list;
	}
}
