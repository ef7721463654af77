// The component name of a schema in the OpenAPI document, declared where the schema is:
// `named("User", userAnswer)`. A name goes with the very instance the features nest and the
// endpoints carry, so the document (document.ts) finds each schema's name from the schema itself,
// and a model nested in another becomes a $ref to its component. This module imports nothing.
import type { z } from "zod";

const names = new Map<z.ZodType, string>();
const byName = new Map<string, z.ZodType>();

/** `schema` (a zod schema, or a wire shape: its `schema`) under the component name `name`; returns it unchanged. */
export function named<S extends z.ZodType | { schema: z.ZodType }>(name: string, schema: S): S {
	const target: z.ZodType = "_zod" in schema ? schema : schema.schema;
	const before = byName.get(name);
	if ((before !== undefined && before !== target) || (names.has(target) && names.get(target) !== name)) {
		throw new Error(`openapi: two schemas named ${name}, or one schema named twice`);
	}
	names.set(target, name);
	byName.set(name, target);
	return schema;
}

/** The component name of `schema`, or undefined when it has none. */
export function nameOf(schema: z.ZodType): string | undefined {
	return names.get(schema);
}

/** Every named schema, by name, in the order they were named. */
export function namedSchemas(): ReadonlyMap<string, z.ZodType> {
	return byName;
}

const tagDescriptions = new Map<string, string>();

/** The description of the OpenAPI tag `name`, given by the feature that opens that section of the API. */
export function describeTag(name: string, description: string): void {
	if (tagDescriptions.has(name)) throw new Error(`openapi: the tag ${name} is described twice`);
	tagDescriptions.set(name, description);
}

/** The description of the tag `name`; a tag nobody described cannot be documented. */
export function tagDescription(name: string): string {
	const description = tagDescriptions.get(name);
	if (description === undefined) throw new Error(`openapi: the tag ${name} has no description (describeTag in the feature that opens it)`);
	return description;
}
