// Finds the row of src/routes.ts a request names, by its method and path: the router of the API.
// Hono's router and its per-request context and middleware chain cost about a third of a
// `GET /users/{id}` on a loaded machine (docs/benchmarks.md, "The hot path"), for a table of a few
// dozen rows whose patterns are literal segments and `:name` parameters only. The rows are matched
// in the order of src/routes.ts, as Hono matched them: `POST /sessions/validate` is its own row,
// and a GET of `/sessions/validate` is the row of `GET /sessions/:session_id`. Hono's trie router,
// used on its own, was tried in its place: it cost about a microsecond more per answer
// (docs/decisions.md, "The request path").
import type { Feature, Route } from "./route.ts";

/** A segment of a pattern: a literal, or a parameter's name. */
type Segment = { literal: string } | { param: string };

interface CompiledPath {
	/** The pattern as src/routes.ts writes it: the route label of metrics and the request line. */
	pattern: string;
	segments: Segment[];
	/** Its rows, in the order of src/routes.ts. */
	rows: Route[];
	/** Its first row of each method (as a search of `rows` in order would find it). */
	byMethod: Map<string, Route>;
	/** The feature switch its rows belong to (every method of a path belongs to the same one). */
	feature: Feature | undefined;
	/** The methods it answers, for the Allow header of a 405 (HEAD beside GET). */
	allow: string;
}

export type Match =
	/** A row answers the request (HEAD is answered by the GET row). */
	| { kind: "row"; path: CompiledPath; row: Route; params: Record<string, string> }
	/** The path is one of the API's, but not with this method. */
	| { kind: "method-not-allowed"; path: CompiledPath }
	| { kind: "none" };

function compile(pattern: string, rows: Route[]): CompiledPath {
	const segments: Segment[] = pattern
		.split("/")
		.slice(1)
		.map((part) => (part.startsWith(":") ? { param: part.slice(1) } : { literal: part }));
	const feature = rows[0]?.feature;
	if (rows.some((row) => row.feature !== feature)) throw new Error(`routes: every method of ${pattern} belongs to one feature switch`);
	const methods: string[] = rows.map((row) => row.method);
	if (methods.includes("GET")) methods.push("HEAD");
	const byMethod = new Map<string, Route>();
	for (const row of rows) if (!byMethod.has(row.method)) byMethod.set(row.method, row);
	return { pattern, segments, rows, byMethod, feature, allow: [...new Set(methods)].sort().join(", ") };
}

/** The path's parameters when `parts` (the request path split at "/") fits it, else null. */
function fit(path: CompiledPath, parts: string[]): Record<string, string> | null {
	if (parts.length !== path.segments.length + 1) return null;
	let params: Record<string, string> | null = null;
	for (let i = 0; i < path.segments.length; i++) {
		const segment = path.segments[i]!;
		const part = parts[i + 1]!;
		if ("literal" in segment) {
			if (part !== segment.literal) return null;
		} else {
			if (part === "") return null;
			(params ??= {})[segment.param] = part;
		}
	}
	return params ?? {};
}

export interface Router {
	match(method: string, path: string): Match;
}

export function createRouter(routes: readonly Route[]): Router {
	const byPattern = new Map<string, Route[]>();
	for (const row of routes) byPattern.set(row.path, [...(byPattern.get(row.path) ?? []), row]);
	const paths = [...byPattern].map(([pattern, rows]) => compile(pattern, rows));
	// Paths without parameters are found by one lookup; the others among those of the same number
	// of segments and the same first one (every path of the API starts with a literal).
	const literal = new Map<string, CompiledPath>();
	// By first segment, then by the number of parts of the path split at "/": no key is built
	// for a request (a string made and hashed for each one).
	const candidates = new Map<string, CompiledPath[][]>();
	for (const path of paths) {
		if (path.segments.every((segment) => "literal" in segment)) literal.set(path.pattern, path);
		const first = path.segments[0];
		if (first === undefined || !("literal" in first)) throw new Error(`routes: ${path.pattern} must start with a literal segment`);
		let byCount = candidates.get(first.literal);
		if (byCount === undefined) candidates.set(first.literal, (byCount = []));
		(byCount[path.segments.length + 1] ??= []).push(path);
	}
	return {
		match(method, requestPath) {
			const wanted = method === "HEAD" ? "GET" : method;
			const exact = literal.get(requestPath);
			if (exact !== undefined) {
				const row = exact.byMethod.get(wanted);
				if (row !== undefined) return { kind: "row", path: exact, row, params: {} };
			}
			const parts = requestPath.split("/");
			let allowed: CompiledPath | null = null;
			for (const path of candidates.get(parts[1] ?? "")?.[parts.length] ?? []) {
				const params = fit(path, parts);
				if (params === null) continue;
				const row = path.byMethod.get(wanted);
				if (row !== undefined) return { kind: "row", path, row, params };
				allowed ??= path;
			}
			return allowed === null ? { kind: "none" } : { kind: "method-not-allowed", path: allowed };
		},
	};
}
