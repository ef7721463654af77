// What a handler sees of its request: the few parts of Hono's context the endpoints use (the raw
// request, its path parameters, headers and query, and the values the pipeline sets), made by
// src/app.ts's own dispatch of the rows. Paths and parameters are decoded with Hono's own helpers,
// so a request means what it meant when Hono routed it.
import { getQueryParam, getQueryParams, tryDecodeURIComponent } from "hono/utils/url";
import type { HonoEnv } from "./env.ts";

type Variables = HonoEnv["Variables"];

/** What a handler and the shared checks read of a request (`c`): Hono's context has it too, so the
 *  console (a Hono app of its own) shares the checks. */
export interface RequestContext {
	req: {
		readonly raw: Request;
		readonly path: string;
		readonly method: string;
		param(name: string): string | undefined;
		header(name: string): string | undefined;
		query(): Record<string, string>;
		query(name: string): string | undefined;
		queries(name: string): string[] | undefined;
	};
	get<Key extends keyof Variables>(key: Key): Variables[Key];
	set<Key extends keyof Variables>(key: Key, value: Variables[Key]): void;
}

/** The request as a handler reads it (`c.req`). */
export class RequestView {
	readonly raw: Request;
	/** The path, decoded as Hono decodes it (hono/utils/url getPath). */
	readonly path: string;
	readonly #params: Readonly<Record<string, string>>;
	// `raw.headers` is a call into Bun on each read; every request reads five or six headers
	// (the request id, the secret, both media types, the body's length and encoding), so the
	// object is fetched once, by src/app.ts, which reads the request id from it first.
	readonly #headers: Headers;

	constructor(raw: Request, headers: Headers, path: string, params: Readonly<Record<string, string>>) {
		this.raw = raw;
		this.#headers = headers;
		this.path = path;
		this.#params = params;
	}

	get method(): string {
		return this.raw.method;
	}

	/** A path parameter of the matched row, percent-decoded. */
	param(name: string): string | undefined {
		const value = this.#params[name];
		return value === undefined ? undefined : tryDecodeURIComponent(value);
	}

	header(name: string): string | undefined {
		return this.#headers.get(name) ?? undefined;
	}

	query(): Record<string, string>;
	query(name: string): string | undefined;
	query(name?: string): Record<string, string> | string | undefined {
		return getQueryParam(this.raw.url, name) as Record<string, string> | string | undefined;
	}

	queries(name: string): string[] | undefined {
		return getQueryParams(this.raw.url, name) as string[] | undefined;
	}
}

/** One request of the API on its way through the pipeline and its endpoint: `c` in every handler. */
export class PipelineContext implements RequestContext {
	readonly req: RequestView;
	readonly #values: Partial<Variables> = {};

	constructor(req: RequestView, ctx: Variables["ctx"]) {
		this.req = req;
		this.#values.ctx = ctx;
	}

	get<Key extends keyof Variables>(key: Key): Variables[Key] {
		return this.#values[key] as Variables[Key];
	}

	set<Key extends keyof Variables>(key: Key, value: Variables[Key]): void {
		this.#values[key] = value;
	}
}
