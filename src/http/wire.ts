// The wire format of an answer, declared once: each field names its JSON Schema (zod, for the
// OpenAPI document) and where its value comes from. `schema` documents the answer; `json` makes
// it; the two cannot drift, since the value of each field is type-checked against its schema.
import { z } from "zod";

/** A field of an answer: its schema, and its value read from what the action returned. */
type Fields<Source, Shapes extends Record<string, z.ZodType>> = {
	[Name in keyof Shapes]: readonly [Shapes[Name], (source: Source) => z.output<Shapes[Name]>];
};

interface WireShape<Source, Shapes extends Record<string, z.ZodType>> {
	/** The answer's schema, for the OpenAPI document. */
	schema: z.ZodObject<Shapes>;
	/** The answer's JSON for one value: the declared literal where there is one, else `declared`. */
	json(source: Source): { [Name in keyof Shapes]: z.output<Shapes[Name]> };
	/** The answer made field by field from the declaration: what `json` must equal (tests hold the
	 *  literal of a hot shape to it). */
	declared(source: Source): { [Name in keyof Shapes]: z.output<Shapes[Name]> };
	/** The same answer with more fields, for a source that has more (a request and its code). */
	extend<Wider extends Source>(): <More extends Record<string, z.ZodType>>(fields: Fields<Wider, More>) => WireShape<Wider, Shapes & More>;
}

/**
 * `wireShape<User>()({ id: [identifier, (user) => user.id], … })`: one declaration per answer. A
 * shape on the hot path (the user of every read and validation) may also give `literal`, the same
 * answer written as one object literal: the compiler holds its fields to the declaration's types,
 * and test/features/users.test.ts holds its bytes, field order included, to `declared`. A
 * literal is the cheapest answer to make, since every read answers a user (docs/benchmarks.md).
 */
export function wireShape<Source>() {
	return function declare<Shapes extends Record<string, z.ZodType>>(
		fields: Fields<Source, Shapes>,
		literal?: (source: Source) => { [Name in keyof Shapes]: z.output<Shapes[Name]> },
	): WireShape<Source, Shapes> {
		const shape = shapeOf<Source, Shapes>(Object.entries(fields) as Entry<Source>[]);
		return literal === undefined ? shape : { ...shape, json: literal };
	};
}

type Entry<Source> = [string, readonly [z.ZodType, (source: Source) => unknown]];

function shapeOf<Source, Shapes extends Record<string, z.ZodType>>(entries: Entry<Source>[]): WireShape<Source, Shapes> {
	const schema = z.object(Object.fromEntries(entries.map(([name, [shape]]) => [name, shape]))) as z.ZodObject<Shapes>;
	// Every answer goes through json(): the names and readers in two arrays walked by index, so no
	// iterator or destructured pair is made per field of every answer.
	const names = entries.map(([name]) => name);
	const reads = entries.map(([, [, read]]) => read);
	function declared(source: Source) {
		const answer: Record<string, unknown> = {};
		for (let i = 0; i < names.length; i++) answer[names[i]!] = reads[i]!(source);
		return answer as { [Name in keyof Shapes]: z.output<Shapes[Name]> };
	}
	return {
		schema,
		json: declared,
		declared,
		extend<Wider extends Source>() {
			return function declareMore<More extends Record<string, z.ZodType>>(fields: Fields<Wider, More>): WireShape<Wider, Shapes & More> {
				return shapeOf<Wider, Shapes & More>([...(entries as Entry<Wider>[]), ...(Object.entries(fields) as Entry<Wider>[])]);
			};
		},
	};
}
