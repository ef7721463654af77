// docs/api.md, rendered from the OpenAPI document (npm run docs:api): each tag a section, each
// model under the tag that first answers it, each operation with its body's fields, an example
// call, its answer and its errors. The words are the document's, written once beside each endpoint
// (its handlers.ts) and schema (its schemas.ts); only the general rules (docs/api-intro.md) are
// written by hand. test/openapi/api-docs.test.ts fails when docs/api.md is not what this renders.

type Json = Record<string, any>;

const COMPONENT_SCHEMA = "#/components/schemas/";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The statuses every endpoint (or every POST, every secured one...) answers with the shared
 *  response: one "common" row stands for them (docs/errors.md explains it). */
const COMMON = ["NOT_AUTHENTICATED", "UNSUPPORTED_MEDIA_TYPE", "NOT_ACCEPTABLE", "PAYLOAD_TOO_LARGE", "UNKNOWN_ERROR", "UNAVAILABLE"];

interface Operation {
	method: string;
	path: string;
	operation: Json;
}

/** The anchor GitHub gives a heading. */
export function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, "")
		.replace(/\s/g, "-");
}

/** `PasswordResetRequest` reads "Password reset request"; TOTP, API and ID keep their capitals. */
function modelHeading(name: string): string {
	const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(" ");
	const acronyms: Record<string, string> = { Totp: "TOTP", Api: "API", Open: "Open" };
	return words
		.map((word, index) => acronyms[word] ?? (index === 0 ? word : word.toLowerCase()))
		.join(" ")
		.replace("Open API", "OpenAPI");
}

function refName(schema: Json | undefined): string | undefined {
	const ref = schema?.$ref;
	return typeof ref === "string" && ref.startsWith(COMPONENT_SCHEMA) ? ref.slice(COMPONENT_SCHEMA.length) : undefined;
}

/** A `#/...` reference's target. */
function resolve(doc: Json, value: Json): Json {
	if (typeof value?.$ref !== "string") return value;
	return (value.$ref as string)
		.slice(2)
		.split("/")
		.reduce((node: Json, segment) => node[segment.replaceAll("~1", "/").replaceAll("~0", "~")], doc);
}

/** Text that goes in a table cell: one line, pipes escaped. */
function cell(text: string): string {
	return text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

/** The schema without its `null` alternative: in a body, null in an optional field means absent. */
function withoutNull(schema: Json): { schema: Json; nullable: boolean } {
	if (Array.isArray(schema.type) && schema.type.includes("null")) {
		const types = schema.type.filter((type: string) => type !== "null");
		return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
	}
	if (Array.isArray(schema.anyOf)) {
		const others = schema.anyOf.filter((option: Json) => option.type !== "null");
		if (others.length < schema.anyOf.length) {
			const { anyOf: _, ...rest } = schema;
			return { schema: others.length === 1 ? { ...others[0], ...rest } : { ...rest, anyOf: others }, nullable: true };
		}
	}
	return { schema, nullable: false };
}

/** "string", "array of [Passkey](#passkey)", "integer or null"... */
function typeOf(schema: Json, headings: Map<string, string>): string {
	const name = refName(schema);
	if (name !== undefined) return `[${modelHeading(name)}](#${headings.get(name) ?? slug(modelHeading(name))})`;
	const { schema: bare, nullable } = withoutNull(schema);
	const orNull = nullable ? " or null" : "";
	if (bare !== schema) return typeOf(bare, headings) + orNull;
	if (Array.isArray(schema.anyOf)) {
		const types = [...new Set(schema.anyOf.map((option: Json) => typeOf(option, headings)))];
		return types.join(" or ");
	}
	if (schema.type === "array") return `array of ${schema.items?.anyOf !== undefined && schema.items.type === undefined ? "objects" : plural(typeOf(schema.items ?? {}, headings))}`;
	if (Array.isArray(schema.type)) return schema.type.join(" or ");
	if (schema.const !== undefined) return typeof schema.const === "number" ? "number" : "string";
	return schema.type ?? "any";
}

function plural(type: string): string {
	if (type.startsWith("[")) return type;
	return { string: "strings", integer: "integers", number: "numbers", boolean: "booleans", object: "objects" }[type] ?? type;
}

/** What the schema allows beyond its type, in words: lengths, ranges, values, pattern, default. */
function rules(schema: Json): string[] {
	const { schema: bare } = withoutNull(schema);
	const found: string[] = [];
	if (Array.isArray(bare.anyOf) && bare.anyOf.every((option: Json) => option.const !== undefined)) {
		found.push(`One of ${bare.anyOf.map((option: Json) => `\`${JSON.stringify(option.const)}\``).join(", ")}.`);
	}
	if (bare.const !== undefined) found.push(`Always \`${JSON.stringify(bare.const)}\`.`);
	if (Array.isArray(bare.enum)) found.push(`One of ${bare.enum.map((value: unknown) => `\`${String(value)}\``).join(", ")}.`);
	const { minLength, maxLength, minimum, maximum, minItems, maxItems } = bare;
	if (minLength !== undefined && minLength === maxLength) found.push(`Exactly ${minLength} characters.`);
	else if (minLength !== undefined && maxLength !== undefined) found.push(`${minLength} to ${maxLength} characters.`);
	else if (maxLength !== undefined) found.push(`Up to ${maxLength} characters.`);
	else if (minLength !== undefined) found.push(`At least ${minLength} characters.`);
	if (minimum !== undefined && maximum !== undefined && maximum !== Number.MAX_SAFE_INTEGER) found.push(`${minimum} to ${maximum}.`);
	else if (minimum !== undefined && minimum !== 0) found.push(`At least ${minimum}.`);
	else if (maximum !== undefined) found.push(`At most ${maximum}.`);
	if (maxItems !== undefined) found.push(`At most ${maxItems} items.`);
	if (minItems !== undefined) found.push(`At least ${minItems} items.`);
	if (bare.pattern !== undefined) found.push(`Matches \`${bare.pattern}\`.`);
	if (bare.format !== undefined) found.push(`Format \`${bare.format}\`.`);
	if (bare.default !== undefined) found.push(`Default \`${JSON.stringify(bare.default)}\`.`);
	const description: string = schema.description ?? bare.description ?? "";
	if ((bare.deprecated === true || schema.deprecated === true) && !description.startsWith("Deprecated")) found.unshift("**Deprecated.**");
	return found;
}

function described(schema: Json): string {
	return [schema.description ?? withoutNull(schema).schema.description, ...rules(schema)].filter((part) => part !== undefined).join(" ");
}

/** The object schema's fields, nested objects flattened (`options.rp.id`, `events[].type`);
 *  arrays of objects that carry a title get a table of their own (see nestedTables). */
function fields(schema: Json, prefix = ""): { name: string; schema: Json; required: boolean }[] {
	const rows: { name: string; schema: Json; required: boolean }[] = [];
	const required: string[] = schema.required ?? [];
	for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
		const full = `${prefix}${name}`;
		rows.push({ name: full, schema: property, required: required.includes(name) });
		const bare = withoutNull(property).schema;
		if (bare.type === "object" && bare.properties !== undefined) rows.push(...fields(bare, `${full}.`));
		if (bare.type === "array" && bare.items?.type === "object" && bare.items.title === undefined) rows.push(...fields(bare.items, `${full}[].`));
	}
	return rows;
}

/** Arrays of objects whose items carry a title, anywhere in the schema: each gets a table. */
function nestedTables(schema: Json, found: { title: string; path: string; schema: Json }[] = [], path = ""): { title: string; path: string; schema: Json }[] {
	for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
		const bare = withoutNull(property).schema;
		const items = bare.type === "array" ? bare.items : undefined;
		if (items?.type === "object") {
			if (items.title !== undefined) found.push({ title: items.title, path: `${path}${name}`, schema: items });
			nestedTables(items, found, `${path}${name}[].`);
		} else if (bare.type === "object") nestedTables(bare, found, `${path}${name}.`);
	}
	return found;
}

function fieldTable(schema: Json, headings: Map<string, string>, withRequired: boolean): string {
	const rows = fields(schema);
	if (rows.length === 0) return "";
	const head = withRequired ? "| Field | Type | Required | Rules |\n|---|---|---|---|" : "| Field | Type | Meaning |\n|---|---|---|";
	const lines = rows.map(({ name, schema: property, required }) =>
		withRequired
			? `| \`${name}\` | ${cell(typeOf(withoutNull(property).schema, headings))} | ${required ? "yes" : "no"} | ${cell(described(property))} |`
			: `| \`${name}\` | ${cell(typeOf(property, headings))} | ${cell(described(property))} |`,
	);
	return `${head}\n${lines.join("\n")}`;
}

function json(value: unknown): string {
	return "```json\n" + JSON.stringify(value, null, 2) + "\n```";
}

/** The call with curl: the path with its parameters' examples, and the example body. */
function curl(doc: Json, { method, path, operation }: Operation): string {
	const url = path.replace(/\{(\w+)\}/g, (_, name: string) => resolve(doc, { $ref: `#/components/parameters/${name}` })?.example ?? name);
	const secured = operation.security === undefined || operation.security.length > 0;
	const parts = [`curl -s${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "$HOLM${url}"`];
	if (secured) parts.push(`-H "Authorization: $SECRET"`);
	const example = operation.requestBody?.content?.["application/json"]?.example;
	if (example !== undefined && Object.keys(example).length > 0) {
		parts.push(`-H "Content-Type: application/json"`);
		parts.push(`-d '${JSON.stringify(example).replaceAll("'", "'\\''")}'`);
	}
	return "```sh\n" + parts.join(" \\\n  ") + "\n```";
}

/** Each code a response answers, and what it means there. */
function codesOf(response: Json): { code: string; when: string }[] {
	const codes: string[] = response.content?.["application/json"]?.schema?.properties?.error?.enum ?? [];
	if (codes.length === 1) return [{ code: codes[0]!, when: response.description }];
	const lines = new Map<string, string>();
	for (const match of (response.description as string).matchAll(/^- `(\w+)`: (.*)$/gm)) lines.set(match[1]!, match[2]!);
	return codes.map((code) => ({ code, when: lines.get(code) ?? "" }));
}

function errorTable(doc: Json, operation: Json): string {
	const common: string[] = [];
	const rows: string[] = [];
	for (const [status, reference] of Object.entries(operation.responses as Record<string, Json>)) {
		if (Number(status) < 400) continue;
		const response = resolve(doc, reference);
		const codes = codesOf(response);
		if (codes.length === 0) continue;
		const shared = reference.$ref !== undefined;
		if (shared && codes.length === 1 && COMMON.includes(codes[0]!.code)) {
			common.push(status);
			continue;
		}
		for (const { code, when } of codes) rows.push(`| ${status} | \`${code}\` | ${cell(when)} |`);
	}
	const commonRow = common.length === 0 ? [] : [`| — | common | [${common.join(", ")}](errors.md#errors-every-endpoint-can-answer) |`];
	return ["| Status | error | When |", "|---|---|---|", ...commonRow, ...rows].join("\n");
}

function successes(doc: Json, operation: Json, headings: Map<string, string>): string[] {
	const parts: string[] = [];
	for (const [status, reference] of Object.entries(operation.responses as Record<string, Json>)) {
		if (Number(status) >= 400 && !(resolve(doc, reference).content?.["application/json"]?.schema?.$ref !== undefined)) continue;
		const response = resolve(doc, reference);
		const [mediaType, media] = (Object.entries(response.content ?? {})[0] ?? []) as [string | undefined, Json | undefined];
		let what = "";
		if (media !== undefined && mediaType === "application/json") what = ` ${answerType(media.schema, headings)}:`;
		if (media !== undefined && mediaType !== "application/json") what = ` \`${mediaType}\`:`;
		parts.push(`Response \`${status}\`${what === "" ? ":" : `,${what}`} ${response.description}${status === "204" ? " No body." : ""}`);
		const headers = Object.entries((response.headers ?? {}) as Record<string, Json>);
		if (headers.length > 0) {
			const lines = headers.map(([name, header]) => `| \`${name}\` | ${cell(resolve(doc, header).description)} |`);
			parts.push(["| Header | Meaning |", "|---|---|", ...lines].join("\n"));
		}
		if (media?.example !== undefined) parts.push(typeof media.example === "string" ? "```\n" + media.example + "```" : json(media.example));
	}
	return parts;
}

function answerType(schema: Json, headings: Map<string, string>): string {
	const name = refName(schema);
	if (name !== undefined) return `a ${typeOf(schema, headings)}`;
	if (schema.type === "array") return `an ${typeOf(schema, headings)}`;
	return typeOf(schema, headings);
}

function parameterTable(doc: Json, operation: Json): string {
	const query = ((operation.parameters ?? []) as Json[]).map((parameter) => resolve(doc, parameter)).filter((parameter) => parameter.in === "query");
	if (query.length === 0) return "";
	const lines = query.map(
		(parameter) => `| \`${parameter.name}\` | ${cell(typeOf(parameter.schema, new Map()))} | ${cell(described({ ...parameter.schema, description: parameter.description }))} |`,
	);
	return ["| Query parameter | Type | Rules |", "|---|---|---|", ...lines].join("\n");
}

function operationSection(doc: Json, entry: Operation, headings: Map<string, string>): string {
	const { method, path, operation } = entry;
	const parts = [`### ${operation.summary}`, `\`${method.toUpperCase()} ${path}\`${operation.security?.length === 0 ? " (no secret)" : ""}`];
	if (operation.description !== undefined) parts.push(operation.description);
	const parameters = parameterTable(doc, operation);
	if (parameters !== "") parts.push(parameters);
	const body = operation.requestBody;
	if (body !== undefined) {
		const name = refName(body.content["application/json"].schema)!;
		const schema = doc.components.schemas[name];
		parts.push(`Body: ${body.description}${schema.description === undefined ? "" : ` ${schema.description}`}`);
		const table = fieldTable(schema, headings, true);
		if (table !== "") parts.push(table);
		for (const nested of nestedTables(schema)) {
			parts.push(`#### ${nested.title}`, `Each item of \`${nested.path}\`${nested.schema.description === undefined ? "." : `: ${nested.schema.description}`}`);
			parts.push(fieldTable(nested.schema, headings, true));
		}
	}
	parts.push(curl(doc, entry));
	parts.push(...successes(doc, operation, headings));
	parts.push(errorTable(doc, operation));
	return parts.join("\n\n");
}

function modelSection(name: string, schema: Json, example: unknown, headings: Map<string, string>): string {
	const parts = [`### ${modelHeading(name)}`];
	if (schema.description !== undefined) parts.push(schema.description);
	if (example !== undefined) parts.push(json(example));
	const table = fieldTable(schema, headings, false);
	if (table !== "") parts.push(table);
	return parts.join("\n\n");
}

function operationsOf(doc: Json): Operation[] {
	return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
		Object.keys(item)
			.filter((method) => (METHODS as readonly string[]).includes(method))
			.map((method) => ({ method, path, operation: item[method] as Json })),
	);
}

/** The schemas an operation answers (its successes and other non-error answers), by $ref. */
function answeredModels(doc: Json, operation: Json): { name: string; example: unknown }[] {
	const found: { name: string; example: unknown }[] = [];
	for (const [status, reference] of Object.entries(operation.responses as Record<string, Json>)) {
		const media = resolve(doc, reference).content?.["application/json"];
		if (media === undefined || (Number(status) >= 400 && refName(media.schema) === undefined)) continue;
		const list = media.schema.type === "array";
		const name = refName(list ? media.schema.items : media.schema);
		if (name !== undefined) found.push({ name, example: list ? media.example?.[0] : media.example });
	}
	return found;
}

/** Component schemas a model refers to, recursively (Passkey inside PasskeySignIn...). */
function referenced(schema: unknown, found: string[] = []): string[] {
	if (schema === null || typeof schema !== "object") return found;
	const name = refName(schema as Json);
	if (name !== undefined) found.push(name);
	for (const value of Object.values(schema as Json)) referenced(value, found);
	return found;
}

/** docs/api.md: the hand-written intro, then each tag with its models and operations. */
export function apiMarkdown(doc: Json, intro: string): string {
	const operations = operationsOf(doc);
	const bodies = new Set(operations.flatMap(({ operation }) => (operation.requestBody ? [refName(operation.requestBody.content["application/json"].schema)!] : [])));
	// Each model goes under the tag of the first operation that answers it (or a model that holds it).
	const modelTag = new Map<string, { tag: string; example: unknown }>();
	for (const { operation } of operations) {
		for (const { name, example } of answeredModels(doc, operation)) {
			for (const inner of [name, ...referenced(doc.components.schemas[name])]) {
				if (bodies.has(inner) || modelTag.has(inner)) continue;
				modelTag.set(inner, { tag: operation.tags[0], example: inner === name ? example : undefined });
			}
		}
	}
	const headings = new Map([...modelTag.keys()].map((name) => [name, slug(modelHeading(name))]));
	const tags = doc.tags as { name: string; description: string }[];
	const toc = tags.map(({ name, description }) => `- [${name}](#${slug(name)}): ${firstSentence(description)}`);
	const sections = tags.map(({ name, description }) => {
		const models = [...modelTag].filter(([, where]) => where.tag === name).map(([model, { example }]) => modelSection(model, doc.components.schemas[model], example, headings));
		const endpoints = operations.filter(({ operation }) => operation.tags[0] === name).map((entry) => operationSection(doc, entry, headings));
		return [`## ${name}`, description, ...models, ...endpoints].join("\n\n");
	});
	const header = [
		"# API reference",
		"<!-- Generated by `npm run docs:api` from the OpenAPI document (GET /openapi.json) and docs/api-intro.md: edit those, not this file. -->",
		toc.join("\n"),
	].join("\n\n");
	return `${[header, intro.trim(), ...sections].join("\n\n---\n\n")}\n`;
}

function firstSentence(text: string): string {
	const end = text.search(/[.:](\s|$)/);
	return end === -1 ? text : text.slice(0, end + 1).replace(/:$/, ".");
}
