// What was wrong with a body answered INVALID_DATA, for its request's log line: the field (the
// path of the schema's first complaint, `password`, `passkeys[0].id`) and the problem (zod's
// message: "Too big: expected string to have <=127 characters"). The wire says only
// {"error":"INVALID_DATA"} (API.md section 1); the log is where a developer looks for which field.
//
// Never the value: it may be a password. zod's messages name the expected type, size or form,
// never the input (its `input` is never read here, and zod reports none unless asked); a refinement
// without a message of its own says only "Invalid input". The one message that would quote the
// request, an unknown key of a strict object, is replaced (no body schema is strict today).
import type { z } from "zod";

export interface InvalidData {
	/** Where in the body; null for the body as a whole (not JSON, not an object). */
	field: string | null;
	problem: string;
}

/** `["passkeys", 0, "id"]` → `passkeys[0].id`; null for the body itself. */
function fieldOf(path: readonly PropertyKey[]): string | null {
	let field = "";
	for (const part of path) field += typeof part === "number" ? `[${part}]` : field === "" ? String(part) : `.${String(part)}`;
	return field === "" ? null : field;
}

export function describeInvalidData(error: z.ZodError): InvalidData {
	const issue = error.issues[0];
	if (issue === undefined) return { field: null, problem: "the body does not fit its schema" };
	if (issue.code === "unrecognized_keys") return { field: fieldOf(issue.path), problem: "fields the body may not hold" };
	return { field: fieldOf(issue.path), problem: issue.message };
}

// Kept beside the request until its line is written (src/app.ts), and no longer: a WeakMap lets
// the request go with its answer. Only requests answered INVALID_DATA are ever put in.
const described = new WeakMap<Request, InvalidData>();

export function noteInvalidData(request: Request, detail: InvalidData): void {
	described.set(request, detail);
}

export function invalidDataOf(request: Request): InvalidData | undefined {
	return described.get(request);
}
