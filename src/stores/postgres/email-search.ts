// GET /users?email_query= on PostgreSQL, fast at a million users whatever the planner's statistics.
//
// pg_trgm's GIN index (schema step 6) answers `email LIKE '%…%'` by intersecting the posting lists
// of the pattern's trigrams, and it reads the whole list of each one: a trigram that nearly every
// email holds ("com", "exa", "ail", or "see" when every address starts "seed") costs hundreds of
// pages, whatever else the pattern says. Measured at 1,000,000 users: `%seed999999@%` read 676
// index pages in 5–17 ms; `%d999999%`, the same match without the common trigrams, 21 pages in
// 0.2 ms. So the index is asked only for the parts of the query made of uncommon trigrams, and
// `strpos` (which no index serves, so the planner cannot mix it into the index scan) keeps the
// exact matches. A query made of common trigrams only matches a large share of the users, and
// goes to the index whole. Which trigrams are common comes from a small sample of the emails (block
// sampling, about 2,000 rows, under a millisecond), taken again every ten minutes: not from
// ANALYZE, which a freshly seeded or imported table has not had.
import type { SQL } from "bun";
import type { Int8 } from "./events.ts";
import type { UserRow } from "./user-rows.ts";

/** Rows of the sample of emails. */
const SAMPLE_ROWS = 2000;
/** A trigram in more than this share of the sampled emails is left to the recheck: its posting
 *  list is a fifth of the table or more. (Block sampling sees runs of similar emails, signed up
 *  together, so a lower bar would call their shared digits common.) */
const COMMON_SHARE = 0.2;
/** How long a sample stands for the table. */
const SAMPLE_TTL_MS = 10 * 60_000;
/** Parts given to the index at most (each is one more LIKE). */
const MAX_PARTS = 4;

/** The trigrams pg_trgm takes from a run of ASCII letters and digits with wildcards on both sides:
 *  every three characters in a row. (Other characters split words, with padding rules this
 *  file does not need: parts are taken from inside such runs only.) */
function trigrams(word: string): string[] {
	const all: string[] = [];
	for (let i = 0; i + 3 <= word.length; i++) all.push(word.slice(i, i + 3));
	return all;
}

/** The parts of `query` to give the index: each longest run of its letters and digits whose
 *  trigrams are all uncommon, longest first. Empty when every trigram is common (the query then
 *  matches many users, and the index is asked for the whole query). */
export function uncommonParts(query: string, common: ReadonlySet<string>): string[] {
	const parts: string[] = [];
	for (const word of query.match(/[a-z0-9]{3,}/g) ?? []) {
		const windows = trigrams(word);
		let start = -1;
		for (let i = 0; i <= windows.length; i++) {
			const uncommon = i < windows.length && !common.has(windows[i]!);
			if (uncommon && start === -1) start = i;
			if (!uncommon && start !== -1) {
				parts.push(word.slice(start, i + 2));
				start = -1;
			}
		}
	}
	return parts.sort((a, b) => b.length - a.length).slice(0, MAX_PARTS);
}

/** The trigrams in more than COMMON_SHARE of a block sample of the emails. */
async function sampleCommonTrigrams(sql: SQL): Promise<Set<string>> {
	const [count] = await sql<{ n: Int8 }[]>`SELECT n FROM user_count`;
	const percent = Math.min(100, (SAMPLE_ROWS / Math.max(1, Number(count!.n))) * 100);
	const rows = await sql<{ email: string }[]>`SELECT email FROM "user" TABLESAMPLE SYSTEM (${percent}) WHERE email IS NOT NULL`;
	const seen = new Map<string, number>();
	for (const { email } of rows) {
		const own = new Set(email.match(/[a-z0-9]{3,}/g)?.flatMap(trigrams) ?? []);
		for (const trigram of own) seen.set(trigram, (seen.get(trigram) ?? 0) + 1);
	}
	const common = new Set<string>();
	for (const [trigram, count] of seen) if (count > COMMON_SHARE * rows.length) common.add(trigram);
	return common;
}

interface EmailMatches {
	/** The rows (`columns` of "user": userColumns) of one page of the users whose email contains
	 *  `emailQuery`, in `orderBy`, and the number of them, from one statement (one snapshot, one
	 *  round trip). */
	page(emailQuery: string, columns: string, orderBy: string, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }>;
}

/** A row of the page: a user's, or, past the last match, the one row of nulls that carries the count. */
type PageRow = { total: Int8 } & (UserRow | { id: null });

export function createEmailMatches(sql: SQL): EmailMatches {
	// The sample being taken or taken, so that searches arriving together wait for one sampling
	// rather than each taking its own; a sampling that failed is taken again by the next search.
	let sample: { common: Promise<Set<string>>; at: number } | null = null;
	function commonTrigrams(): Promise<Set<string>> {
		if (sample === null || performance.now() - sample.at > SAMPLE_TTL_MS) {
			const taking = { common: sampleCommonTrigrams(sql), at: performance.now() };
			taking.common.catch(() => {
				if (sample === taking) sample = null;
			});
			sample = taking;
		}
		return sample.common;
	}
	return {
		async page(emailQuery, columns, orderBy, limit, offset) {
			const parts = uncommonParts(emailQuery, await commonTrigrams());
			const literal = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
			const where =
				parts.length === 0 ? `email LIKE $3` : `${parts.map((_, i) => `email LIKE $${i + 4}`).join(" AND ")} AND strpos(email, $3) > 0`;
			const params = parts.length === 0 ? [limit, offset, literal(emailQuery)] : [limit, offset, emailQuery, ...parts.map(literal)];
			// MATERIALIZED: the matches are found once, through the index, then counted and sorted; left
			// to itself, the planner walked the sort key's index past every user to fill the count. The
			// page is at most `limit` ids, which the planner then looks up by primary key. The one-row
			// side carries the count when the page is past the last match.
			const rows = await sql.unsafe<PageRow[]>(
				`WITH matches AS MATERIALIZED (SELECT id, created_at FROM "user" WHERE ${where}),
					page AS MATERIALIZED (SELECT id FROM matches ORDER BY ${orderBy} LIMIT $1 OFFSET $2)
				SELECT (SELECT count(*) FROM matches) AS total, found.* FROM (SELECT) AS one
					LEFT JOIN LATERAL (SELECT ${columns} FROM "user" WHERE id IN (SELECT id FROM page)) AS found ON true
				ORDER BY ${orderBy}`,
				params,
			);
			const total = rows.length === 0 ? 0 : Number(rows[0]!.total);
			return { rows: rows.flatMap((row) => (row.id === null ? [] : [row])), total };
		},
	};
}
