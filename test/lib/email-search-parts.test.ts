// Which parts of an email query the trigram index is asked for on PostgreSQL
// (src/stores/postgres/email-search.ts): runs of letters and digits whose trigrams are uncommon.
import { expect, test } from "bun:test";
import { uncommonParts } from "../../src/stores/postgres/email-search.ts";

test("common trigrams are left out, and what is left is split where they were", () => {
	const common = new Set(["see", "eed", "exa", "xam", "amp", "mpl", "ple", "com"]);
	expect(uncommonParts("seed999999@", common)).toEqual(["ed999999"]);
	expect(uncommonParts("seed12@example.com", common)).toEqual(["ed12"]);
	expect(uncommonParts("alice.smith@example.com", common)).toEqual(["alice", "smith"]);
	expect(uncommonParts("zexampz", common)).toEqual(["zex", "mpz"]);
});

test("a query of common trigrams only, or too short for one, gives no part", () => {
	const common = new Set(["exa", "xam", "amp", "mpl", "ple"]);
	expect(uncommonParts("example", common)).toEqual([]);
	expect(uncommonParts("ab@c.d", common)).toEqual([]);
	expect(uncommonParts("%_*[x]", common)).toEqual([]);
});

test("at most four parts, the longest", () => {
	expect(uncommonParts("abc.defg.hijkl.mnopqr.stuvwxy", new Set())).toEqual(["stuvwxy", "mnopqr", "hijkl", "defg"]);
});
