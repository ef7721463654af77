// An endpoint: its handler, the error codes it answers, and its documentation (the OpenAPI
// operation), declared together in the feature's handlers.ts. A row of src/routes.ts puts it at a
// method and path, with what applies to it there (body limit, feature switch, limits).
import type { z } from "zod";
import type { AppContext } from "../context.ts";
import { fail, type ErrorCode, type Failure } from "../errors.ts";
import { parseBody } from "./body.ts";
import type { RequestContext } from "./request-context.ts";
import { answerWith, noContentOr } from "./responses.ts";

/** The tags of the OpenAPI document, in its order; each is described by the feature that opens it
 *  (describeTag in src/openapi/names.ts). */
export const TAG_NAMES = ["Users", "Passwords", "Password reset", "Email sign-in", "Email verification", "Email update", "Two-factor authentication", "Passkeys", "Identity providers", "Sessions", "Events", "Service"] as const;

type Tag = (typeof TAG_NAMES)[number];

/** A model of the document: a schema named where it is declared (src/openapi/names.ts). */
type Model = z.ZodType;

export type Success =
	| { status: 204; description: string }
	| { status: 200; description: string; model: Model; list?: true; pagination?: true }
	/** A body that is not JSON (GET /metrics). */
	| { status: 200; description: string; mediaType: string };

/** A success that answers one value in a wire shape: its model is the shape's schema. */
interface ShapedSuccess<T> {
	status: 200;
	description: string;
	model: Model;
	shape: { json(value: T): unknown };
}

/** The success of nothing to return (204). */
interface EmptySuccess {
	status: 204;
	description: string;
}

/** What the OpenAPI document says of an endpoint, besides its method, path and errors. */
interface Documentation {
	operationId: string;
	summary: string;
	description?: string;
	tag: Tag;
	/** The schema the body is parsed with, which the document shows. */
	body?: z.ZodType;
	query?: z.ZodObject;
	success: Success;
	/** What a code means at this endpoint, where it says more than the code's meaning everywhere
	 *  (when it is answered here, what is left as it was): the document's error answers say it. */
	errorsWhen?: Partial<Record<ErrorCode, string>>;
	/** Answers other than errors and the success (GET /health's 503). */
	otherResponses?: readonly { status: number; description: string; model: Model; example: unknown }[];
	/** The example of the request body and of the success answer that the document (and docs/api.md)
	 *  shows; the lint in test/openapi/openapi.test.ts checks each against its schema. */
	examples?: { request?: unknown; answer?: unknown };
}

/** A handler answers a success, or returns a failure (an action's, or its own 404 and 400). */
export type Answer<Code extends ErrorCode> = Response | Failure<Code>;

export type C = RequestContext;

export interface Endpoint<Code extends ErrorCode = ErrorCode> extends Documentation {
	/** Every code the handler itself can answer (its own 404 and 400, then its action's declared
	 *  codes), in the order the document lists them; the codes the pipeline adds (secret, feature
	 *  switch, media types, body size, faults) come from the row (documentedErrors). */
	errors: readonly Code[];
	handle(c: C): Promise<Answer<Code>> | Answer<Code>;
}

/** Loads the resource the path names (`pathUser`: the user of `:user_id`), or null for NOT_FOUND. */
export type PathResource<R> = (c: C) => Promise<R | null>;

/** The `session_id` a credential change keeps signed in: where the call names it (its body, or its
 *  query: a DELETE has no body), and the guard that it is a live session of the user, which the
 *  sessions feature provides (features/sessions/kept-session.ts). */
export interface KeptSession {
	in: "body" | "query";
	isWrong(ctx: AppContext, userId: string, sessionId: string): Promise<boolean>;
}

/** What the endpoint's own pipeline hands its handler: the path's resource when it declares
 *  `resource`, the body parsed with its declared schema when it declares `body`, and the session
 *  to keep (a live session of the user, checked) when it declares `keep`, else null. */
interface Inputs<B extends z.ZodType, Parsed, R> {
	resource: R;
	body: [B] extends [never] ? undefined : unknown extends Parsed ? z.output<B> : Parsed;
	keep: string | null;
}

/** An endpoint before its feature names it: `endpoints()` adds the operationId (its key) and the tag. */
type Draft<Code extends ErrorCode = ErrorCode> = Omit<Endpoint<Code>, "operationId" | "tag">;

type Handle<Input, Code extends ErrorCode> = (c: C, input: Input) => Promise<Answer<Code>> | Answer<Code>;

/**
 * An endpoint: its documentation, the codes its handler answers, and the handler. The endpoint
 * checks what it declares before the handler runs, in the order of API.md section 1: the resource
 * the path names (`resource: pathUser`, the user of `:user_id`; else NOT_FOUND), then the body
 * (`body`: parsed with the documented schema, or `parseWith` where the document shows more than is
 * judged at once; else INVALID_DATA), then the session the call keeps (`keep`: its `session_id`
 * must be a live session of the resource's user, or of `keptBy`'s; else NOT_FOUND, before anything
 * else is judged). Those codes join the declared ones (`errors`, none when absent) at the head of
 * the list. The handler may only return failures of the codes it declares (the compiler checks that).
 */
export function endpoint<const Code extends ErrorCode = never, B extends z.ZodType = never, Parsed = unknown, R = undefined, T = unknown>(
	definition: Omit<Documentation, "operationId" | "tag"> & {
		body?: B;
		parseWith?: z.ZodType<Parsed>;
		resource?: PathResource<R>;
		keep?: KeptSession;
		/** Whose session `keep` must name when it is not the resource's (the user of a request in the body). */
		keptBy?: (c: C, input: NoInfer<Inputs<B, Parsed, R>>) => Promise<string>;
		errors?: readonly Code[];
	} & (
		| { handle: Handle<Inputs<B, Parsed, R>, NoInfer<Code>> }
		/** The common handler, written once here: call the action, answer its value in the wire shape
		 *  of the success (204 when there is none to return), or its failure. */
		| { act: (ctx: AppContext, input: Inputs<B, Parsed, R>, c: C) => Promise<{ ok: true; value: T } | Failure<NoInfer<Code>>>; success: ShapedSuccess<T> | EmptySuccess }
	),
): Draft<Code | "NOT_FOUND" | "INVALID_DATA"> {
	const { resource: load, parseWith, keep, keptBy = ownerOfResource, errors = [], ...rest } = definition;
	const { handle, documentation } = handlerOf(rest);
	const schema: z.ZodType | undefined = parseWith ?? definition.body;
	const own: ErrorCode[] = [];
	if (load !== undefined) own.push("NOT_FOUND");
	if (schema !== undefined) own.push("INVALID_DATA");
	if (keep !== undefined) own.push("NOT_FOUND");
	return {
		...documentation,
		errors: [...new Set([...own, ...errors])] as (Code | "NOT_FOUND" | "INVALID_DATA")[],
		async handle(c) {
			const input: { resource: unknown; body: unknown; keep: string | null } = { resource: undefined, body: undefined, keep: null };
			if (load !== undefined) {
				const found = await load(c);
				if (found === null) return fail("NOT_FOUND");
				input.resource = found;
			}
			if (schema !== undefined) {
				input.body = parseBody(c, schema);
				if (input.body === null) return fail("INVALID_DATA");
			}
			if (keep !== undefined) {
				const named = keep.in === "query" ? c.req.query("session_id") : (input.body as { session_id?: string }).session_id;
				if (named !== undefined && (await keep.isWrong(c.get("ctx"), await keptBy(c, input as Inputs<B, Parsed, R>), named))) return fail("NOT_FOUND");
				input.keep = named ?? null;
			}
			return handle(c, input as Inputs<B, Parsed, R>);
		},
	};
}

/** The user a kept session must belong to by default: the path's (`resource: pathUser`). */
async function ownerOfResource(_c: C, input: { resource: unknown }): Promise<string> {
	return (input.resource as { id: string }).id;
}

/** The handler an endpoint declares, or the one its `act` and success make; and the rest, its documentation. */
function handlerOf<Input, Code extends ErrorCode>(
	declared: Omit<Documentation, "operationId" | "tag"> & (
		| { handle: Handle<Input, Code> }
		| { act: (ctx: AppContext, input: Input, c: C) => Promise<{ ok: true; value: unknown } | Failure<Code>>; success: ShapedSuccess<never> | EmptySuccess }
	),
): { handle: Handle<Input, Code>; documentation: Omit<Documentation, "operationId" | "tag"> } {
	if ("handle" in declared) {
		const { handle, ...documentation } = declared;
		return { handle, documentation };
	}
	const { act, ...documentation } = declared;
	const shape = "shape" in declared.success ? (declared.success.shape as { json(value: unknown): unknown }) : undefined;
	return {
		documentation,
		handle: async function answerAction(c, input) {
			const result = await act(c.get("ctx"), input, c);
			return shape === undefined ? noContentOr(result) : answerWith(result, shape);
		},
	};
}

/** The success of an endpoint that answers one value in the wire shape `shape`. */
export function returns<T>(shape: { json(value: T): unknown; schema: Model }, description: string): ShapedSuccess<T> {
	return { status: 200, description, model: shape.schema, shape };
}

/** An endpoint that answers the resource its path names (`resource`) in the wire shape `answer`:
 *  `says` describes it, `example` is the document's. */
export function answersResource<R>(definition: {
	summary: string;
	description?: string;
	answer: { json(value: R): unknown; schema: Model };
	says: string;
	resource: PathResource<R>;
	example: unknown;
}): Draft<"NOT_FOUND" | "INVALID_DATA"> {
	const { answer, says, example, ...rest } = definition;
	return endpoint({ ...rest, examples: { answer: example }, success: returns(answer, says), handle: (_c, { resource }) => Response.json(answer.json(resource)) });
}

/** An endpoint that answers what `list` finds for the resource its path names, each in the wire
 *  shape `answer`: `says` describes the list, `example` is one of its items in the document. */
export function answersList<R, T>(definition: {
	summary: string;
	description?: string;
	answer: { json(value: T): unknown; schema: Model };
	says: string;
	resource: PathResource<R>;
	example: unknown;
	list: (ctx: AppContext, resource: R) => Promise<readonly T[]>;
}): Draft<"NOT_FOUND" | "INVALID_DATA"> {
	const { answer, says, example, list, ...rest } = definition;
	return endpoint({
		...rest,
		examples: { answer: [example] },
		success: returnsList(answer, says),
		handle: async (c, { resource }) => Response.json((await list(c.get("ctx"), resource)).map(answer.json)),
	});
}

/** The success of an endpoint that answers a list of values in the wire shape `shape`. */
export function returnsList(shape: { schema: Model }, description: string): Success {
	return { status: 200, description, model: shape.schema, list: true };
}

/** The success of an endpoint that has nothing to return (204). */
export function returnsNothing(description: string): EmptySuccess {
	return { status: 204, description };
}

/** A feature's endpoints under one tag, each named by its key (the OpenAPI operationId). */
export function endpoints<const Drafts extends Record<string, Draft>>(tag: Tag, drafts: Drafts): { [Name in keyof Drafts]: Drafts[Name] & { operationId: Name; tag: Tag } } {
	const named: Record<string, Endpoint> = {};
	for (const [operationId, draft] of Object.entries(drafts)) named[operationId] = { operationId, tag, ...draft };
	return named as { [Name in keyof Drafts]: Drafts[Name] & { operationId: Name; tag: Tag } };
}
