// An endpoint: its handler, the error codes it answers, and its documentation (the OpenAPI
// operation), declared together in the feature's handlers.ts. A row of src/routes.ts puts it at a
// method and path, with what applies to it there (body limit, feature switch, limits).
import type { z } from "zod";
import { fail, type ErrorCode, type Failure } from "../errors.ts";
import { REQUEST_BODIES, type BodyName, type ModelName } from "../openapi/components.ts";
import { parseBody } from "./body.ts";
import type { RequestContext } from "./request-context.ts";

/** The tags of the OpenAPI document, each with its description. */
export const TAGS = {
	Users: "Create, list, find, get, delete and import users.",
	Passwords: "Verify and update passwords; sign in with email and password.",
	"Password reset": "Create a request (its code goes to the user), verify the code, set the new password.",
	"Email sign-in":
		"Sign in with a code from the inbox: create a request for an email (known or not; the answer is the same), mail its code, " +
		"verify the code. A link in the mail must lead to a page that signs in only on a POST: mail scanners open links.",
	"Email verification": "Prove that the user receives mail at their address.",
	"Email update": "Move a user to a new address once they prove they receive mail there.",
	"Two-factor authentication": "TOTP credentials and the recovery code.",
	Passkeys:
		"WebAuthn registration and sign-in: Holm makes the options, the application's page hands them to navigator.credentials, " +
		"and the application backend relays the answer back. Every passkey endpoint answers NOT_ALLOWED while passkeys are off (no --passkey-rp-id).",
	Sessions: "Keep a signed-in user signed in: opaque tokens, validated in one read, ended in the same transaction as a credential change.",
	Events: "What happened to accounts: a feed to follow, one user's history, and lifting a user's blocks.",
	Service: "Health, this description, metrics.",
} as const;

export type Tag = keyof typeof TAGS;

export type Success =
	| { status: 204; description: string }
	| { status: 200; description: string; model: ModelName; list?: true; pagination?: true }
	/** A body that is not JSON (GET /metrics). */
	| { status: 200; description: string; mediaType: string };

/** What the OpenAPI document says of an endpoint, besides its method, path and errors. */
export interface Documentation {
	operationId: string;
	summary: string;
	description?: string;
	tag: Tag;
	body?: BodyName;
	query?: z.ZodObject;
	success: Success;
	/** Answers other than errors and the success (GET /health's 503). */
	otherResponses?: readonly { status: number; description: string; model: ModelName; example: unknown }[];
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

type Bodies = typeof REQUEST_BODIES;

/** Loads the resource the path names (`pathUser`: the user of `:user_id`), or null for NOT_FOUND. */
export type PathResource<R> = (c: C) => Promise<R | null>;

/** What the endpoint's own pipeline hands its handler: the path's resource when it declares
 *  `resource`, and the body parsed with its declared schema when it declares `body`. */
export interface Inputs<B extends BodyName, Parsed, R> {
	resource: R;
	body: [B] extends [never] ? undefined : unknown extends Parsed ? z.output<Bodies[B]> : Parsed;
}

/** An endpoint before its feature names it: `endpoints()` adds the operationId (its key) and the tag. */
export type Draft<Code extends ErrorCode = ErrorCode> = Omit<Endpoint<Code>, "operationId" | "tag">;

/**
 * An endpoint: its documentation, the codes its handler answers, and the handler. The endpoint
 * checks what it declares before the handler runs, in the order of API.md section 1: the resource
 * the path names (`resource: pathUser`, the user of `:user_id`; else NOT_FOUND), then the body
 * (`body`: parsed with the documented schema, or `parseWith` where the document shows more than is
 * judged at once; else INVALID_DATA). Those two codes join the declared ones (`errors`, none when
 * absent) at the head of the list. The handler may only return failures of the codes it declares
 * (the compiler checks that).
 */
export function endpoint<const Code extends ErrorCode = never, B extends BodyName = never, Parsed = unknown, R = undefined>(
	definition: Omit<Documentation, "operationId" | "tag"> & {
		body?: B;
		parseWith?: z.ZodType<Parsed>;
		resource?: PathResource<R>;
		errors?: readonly Code[];
		handle(c: C, input: Inputs<B, Parsed, R>): Promise<Answer<NoInfer<Code>>> | Answer<NoInfer<Code>>;
	},
): Draft<Code | "NOT_FOUND" | "INVALID_DATA"> {
	const { resource: load, parseWith, handle, errors = [], ...documentation } = definition;
	const schema: z.ZodType | undefined = parseWith ?? (definition.body === undefined ? undefined : REQUEST_BODIES[definition.body]);
	const own: ErrorCode[] = [];
	if (load !== undefined) own.push("NOT_FOUND");
	if (schema !== undefined) own.push("INVALID_DATA");
	return {
		...documentation,
		errors: [...new Set([...own, ...errors])] as (Code | "NOT_FOUND" | "INVALID_DATA")[],
		async handle(c) {
			let resource: R | undefined;
			if (load !== undefined) {
				const found = await load(c);
				if (found === null) return fail("NOT_FOUND");
				resource = found;
			}
			let body: unknown;
			if (schema !== undefined) {
				body = parseBody(c, schema);
				if (body === null) return fail("INVALID_DATA");
			}
			return handle(c, { resource, body } as Inputs<B, Parsed, R>);
		},
	};
}

/** A feature's endpoints under one tag, each named by its key (the OpenAPI operationId). */
export function endpoints<const Drafts extends Record<string, Draft>>(tag: Tag, drafts: Drafts): { [Name in keyof Drafts]: Drafts[Name] & { operationId: Name; tag: Tag } } {
	const named: Record<string, Endpoint> = {};
	for (const [operationId, draft] of Object.entries(drafts)) named[operationId] = { operationId, tag, ...draft };
	return named as { [Name in keyof Drafts]: Drafts[Name] & { operationId: Name; tag: Tag } };
}
