// The checks every hash form gets, from its golden vectors (published by the ecosystem that makes
// the form) and from hashes made at test time by a library of that ecosystem: the right password
// passes, a wrong one fails, a hash changed in one character fails, and a hash past its bounds is
// refused by parse (so it is never computed).
import { describe, expect, test } from "bun:test";
import { parsePasswordHash, type ParsedPasswordHash } from "../../src/password-hashes/index.ts";

export interface Vector {
	password: string;
	hash: string;
	/** Where the vector was published, or which library made it. */
	source: string;
}

export function parsed(hash: string): ParsedPasswordHash {
	const result = parsePasswordHash(hash);
	if ("error" in result) throw new Error(`${hash} did not parse: ${result.error}`);
	return result;
}

/** The hash with one character of its checksum (the last field) changed to another of the same alphabet. */
export function oneCharacterChanged(hash: string): string {
	const at = hash.length - 10;
	const replacement = hash[at] === "A" ? "B" : "A";
	return hash.slice(0, at) + replacement + hash.slice(at + 1);
}

export function checkVectors(form: string, vectors: () => Vector[] | Promise<Vector[]>): void {
	describe(`${form}: verifies its vectors`, () => {
		test("the right password passes, a wrong one and a changed hash fail", async () => {
			const list = await vectors();
			expect(list.length).toBeGreaterThan(0);
			for (const { password, hash, source } of list) {
				const hashForm = parsed(hash);
				expect({ source, form: hashForm.form }).toEqual({ source, form });
				expect({ source, right: await hashForm.verify(password) }).toEqual({ source, right: true });
				expect({ source, wrong: await hashForm.verify(password + "!") }).toEqual({ source, wrong: false });
				expect({ source, wrong: await hashForm.verify("x" + password) }).toEqual({ source, wrong: false });
				const changed = parsePasswordHash(oneCharacterChanged(hash));
				const changedVerifies = "error" in changed ? false : await changed.verify(password);
				expect({ source, changedVerifies }).toEqual({ source, changedVerifies: false });
			}
		});
	});
}

export function checkBounds(form: string, cases: { within: string[]; outside: string[] }): void {
	describe(`${form}: bounds`, () => {
		test("hashes at the bounds parse", () => {
			for (const hash of cases.within) expect({ hash, parsed: "error" in parsePasswordHash(hash) ? "refused" : "parsed" }).toEqual({ hash, parsed: "parsed" });
		});
		test("hashes past the bounds are refused as INVALID_PASSWORD_HASH", () => {
			for (const hash of cases.outside) expect({ hash, result: parsePasswordHash(hash) }).toEqual({ hash, result: { error: "INVALID_PASSWORD_HASH" } });
		});
	});
}
