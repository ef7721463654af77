// Finds the row of src/routes.ts a request names, by its method and path: the router of the API.
// The paths are matched by Hono's trie router, used on its own (no Hono app, context or middleware
// chain: those cost about a third of a `GET /users/{id}`; docs/benchmarks.md, "The hot path"). It
// is the router Hono's SmartRouter settled on for these rows (the RegExpRouter refuses a literal
// path beside a pattern that covers it), so a path means what it meant when Hono routed it. The
// paths are registered in the order of src/routes.ts and the trie answers every path that fits in
// that order: `POST /sessions/validate` is its own row, and a GET of `/sessions/validate` is the
// row of `GET /sessions/:session_id`.
import { TrieRouter } from "hono/router/trie-router";
import type { Route } from "./route.ts";

interface CompiledPath {
	/** The pattern as src/routes.ts writes it: the route label of metrics and the request line. */
	pattern: string;
	/** Its rows, in the order of src/routes.ts. */
	rows: Route[];
	/** The methods it answers, for the Allow header of a 405 (HEAD beside GET). */
	allow: string;
}

export type Match =
	/** A row answers the request (HEAD is answered by the GET row). */
	| { kind: "row"; path: CompiledPath; row: Route; params: Readonly<Record<string, string>> }
	/** The path is one of the API's, but not with this method. */
	| { kind: "method-not-allowed"; path: CompiledPath }
	| { kind: "none" };

function compile(pattern: string, rows: Route[]): CompiledPath {
	const methods: string[] = rows.map((row) => row.method);
	if (methods.includes("GET")) methods.push("HEAD");
	return { pattern, rows, allow: [...new Set(methods)].sort().join(", ") };
}

export interface Router {
	match(method: string, path: string): Match;
	/** Every path pattern with its rows, in the order of src/routes.ts. */
	paths: readonly CompiledPath[];
}

export function createRouter(routes: readonly Route[]): Router {
	const byPattern = new Map<string, Route[]>();
	for (const row of routes) byPattern.set(row.path, [...(byPattern.get(row.path) ?? []), row]);
	const paths = [...byPattern].map(([pattern, rows]) => compile(pattern, rows));
	// Each path once, for every method: the method is chosen among the path's rows below, so that
	// a path the request fits without its method is known (405) with the same lookup.
	const trie = new TrieRouter<CompiledPath>();
	for (const path of paths) trie.add("ALL", path.pattern, path);
	return {
		paths,
		match(method, requestPath) {
			const wanted = method === "HEAD" ? "GET" : method;
			let allowed: CompiledPath | null = null;
			for (const [path, params] of trie.match(method, requestPath)[0]) {
				const row = path.rows.find((candidate) => candidate.method === wanted);
				if (row !== undefined) return { kind: "row", path, row, params: params as Readonly<Record<string, string>> };
				allowed ??= path;
			}
			return allowed === null ? { kind: "none" } : { kind: "method-not-allowed", path: allowed };
		},
	};
}
